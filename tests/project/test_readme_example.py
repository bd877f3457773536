"""The README's Python example runs as written, in a project whose workflow parsed its dataset
(``snakemake data/processed/SE.csv`` against the offline mirror)."""

import os
import re

from workflow_helpers import ROOT, run, scratch_project


def test_the_readme_python_example_runs(tmp_path, mirror, capsys):
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    assert len(blocks) == 1
    work = scratch_project(tmp_path)
    run(work, "--cores", "1", "data/processed/SE.csv", "--config", f"mirrors=['{mirror}']")
    here = os.getcwd()
    os.chdir(work)
    try:
        exec(compile(blocks[0], "README.md", "exec"), {})
    finally:
        os.chdir(here)
    printed = capsys.readouterr().out
    assert "|" in printed or "<=" in printed or "==" in printed, printed
