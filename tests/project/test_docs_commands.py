"""Every shell command in README.md and docs/*.md is run as written, by CI or here (issue 35).

The commands are the lines of the fenced ``bash`` blocks (a trailing ``# comment`` dropped,
``\\``-continued lines joined). Each must be listed in RUN_BY with where it runs:

- ``ci``: a line of ``.ci/run``, as written;
- ``cluster``: ``tests/cluster/slurm.sh`` reads it from README.md (``command_words``) and runs it;
- ``dry run``: needs the internet (the UCI archive), so it is run here with ``-n`` appended;
- ``benchmark``: prints numbers and takes minutes to hours or a peer (Weka, ConTree), so it is
  no test; here it must start and print its usage (``--help``).
A new command in the documentation fails here until it is given a place.
"""

import re
import shlex
import subprocess
import sys

import pytest
from workflow_helpers import ROOT, run, scratch_project

DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
RUN_BY = {
    "python3 -m venv .venv && source .venv/bin/activate": "ci",
    'pip install -e ".[dev]"': "ci",
    'pip install -e ".[slurm]"': "ci",
    "SMALLTREES_MIRROR=../shared/uci-mirror python -m pytest -q": "ci",
    "snakemake --cores 2 --config mirrors='[\"../shared/uci-mirror\"]'": "ci",
    'snakemake --cores 2 --config mirrors="[\\"$SMALLTREES_MIRROR\\"]"': "ci",
    "snakemake --report report.zip": "ci",
    "snakemake --cores 2": "dry run",
    "snakemake --cores 2 --configfile tests/config/tiny.yaml "
    "--config mirrors='[\"../shared/uci-mirror\"]'": "cluster",
    "snakemake --profile profiles/slurm --default-resources slurm_account=MYACCOUNT "
    "slurm_partition=MYPARTITION runtime=15 mem_mb=1000 cpus_per_task=1": "cluster",
    "snakemake --profile profiles/slurm --slurm-status-command squeue --default-resources "
    "slurm_partition=MYPARTITION runtime=15 mem_mb=1000 cpus_per_task=1": "cluster",
    "python benchmarks/workflow_wall_time.py --before main --after HEAD": "benchmark",
    "python benchmarks/t2_speed.py": "benchmark",
    "python benchmarks/c45_vs_j48.py": "benchmark",
    "python benchmarks/c45_speed.py --cpu": "benchmark",
    "python benchmarks/optimal_vs_contree.py": "benchmark",
    "python benchmarks/tie_rule_cost.py": "benchmark",
    "python benchmarks/ifn_readings.py [--port /path/to/scikit-multiflow-IFN]": "benchmark",
}


def documented_commands() -> dict[str, str]:
    """{command: the document it is first in}, from the fenced bash blocks."""
    found: dict[str, str] = {}
    for path in DOCUMENTS:
        for block in re.findall(r"```bash\n(.*?)```", path.read_text(), re.DOTALL):
            for line in block.replace("\\\n", " ").splitlines():
                command = " ".join(re.sub(r"\s+#.*$", "", line).split())
                if command:
                    found.setdefault(command, path.name)
    return found


def test_every_documented_command_has_a_place():
    documented = documented_commands()
    assert set(documented) == set(RUN_BY), (
        f"not placed: {set(documented) - set(RUN_BY)}; no longer documented: "
        f"{set(RUN_BY) - set(documented)}")


def test_ci_runs_its_commands_as_written():
    lines = {line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()}
    missing = [c for c, where in RUN_BY.items() if where == "ci" and c not in lines]
    assert not missing, missing


def test_the_cluster_test_runs_its_commands_from_the_readme():
    script = (ROOT / "tests" / "cluster" / "slurm.sh").read_text()
    prefixes = [p.replace("$TINY", "tests/config/tiny.yaml") for p in re.findall(
        r'^command_words \w+ "[^"]+" \\?\n?\s*"([^"]+)"', script, re.MULTILINE)]
    readme = documented_commands()
    for command in (c for c, where in RUN_BY.items() if where == "cluster"):
        assert readme[command] == "README.md"
        assert [p for p in prefixes if command.startswith(p)], (command, prefixes)


def test_online_commands_dry_run(tmp_path):
    work = scratch_project(tmp_path)
    for command in (c for c, where in RUN_BY.items() if where == "dry run"):
        words = shlex.split(command)
        assert words[0] == "snakemake"
        result = run(work, *words[1:], "-n")
        assert "Job stats" in result.stdout, result.stdout


@pytest.mark.parametrize("command", [c for c, w in RUN_BY.items() if w == "benchmark"])
def test_benchmarks_start(command):
    script = ROOT / shlex.split(command)[1]
    result = subprocess.run([sys.executable, str(script), "--help"], capture_output=True,
                            text=True, cwd=ROOT, timeout=120)
    assert result.returncode == 0 and "usage" in result.stdout.lower(), result.stderr


def test_documents_link_to_files_that_exist():
    for path in DOCUMENTS:
        for target in re.findall(r"\]\(([^)#:]+)\)", path.read_text()):
            assert (path.parent / target).exists(), (path.name, target)
