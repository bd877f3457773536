"""Local jobs run their scripts in Snakemake's own process (``smalltrees_workflow.in_process``):
which rules do, that the profile makes Snakemake run them in its threads, and that such a job
gets what a ``script:`` job gets: its ``snakemake`` object, its log, its own warnings, and a
failure that fails the job."""

import re
import threading

import pytest
import yaml
from snakemake.io import InputFiles, Log, OutputFiles, Params, Wildcards
from workflow_helpers import ROOT, local_rules

from smalltrees_workflow import in_process


def rule_bodies() -> dict[str, str]:
    """Each rule's text in ``workflow/rules/*.smk``, by name."""
    text = "\n".join(p.read_text() for p in sorted((ROOT / "workflow" / "rules").glob("*.smk")))
    return dict(re.findall(r"^rule (\w+):\n(.*?)(?=^\S|\Z)", text, re.MULTILINE | re.DOTALL))


def test_local_rules_run_their_script_in_process_and_list_it_as_code():
    bodies = rule_bodies()
    for name in local_rules() - {"all"}:
        body = bodies[name]
        ran = re.search(r'run:\n\s+run_script\(\s*"([^"]+)"', body)
        assert ran, f"{name}: a local rule runs its script with run_script"
        assert f'code=CODE.in_process("{ran.group(1)}")' in body, name
        assert "script:" not in body and "conda:" not in body, name


def test_rules_that_run_on_the_cluster_start_their_own_interpreter():
    for name, body in rule_bodies().items():
        if name not in local_rules():
            assert "script:" in body and "run:" not in body, name


def test_the_workflow_profile_runs_run_blocks_in_snakemakes_threads():
    profile = yaml.safe_load((ROOT / "profiles" / "default" / "config.yaml").read_text())
    assert profile["force-use-threads"] is True


@pytest.fixture
def scripts(tmp_path, monkeypatch):
    """A scripts folder of our own, with a module whose warning comes from the same line in
    every job (so that Python's once-per-place registry would hide it after the first)."""
    monkeypatch.setattr(in_process, "SCRIPTS", tmp_path)
    (tmp_path / "warner.py").write_text("import warnings\n\n\ndef warn():\n"
                                        "    warnings.warn('odd data')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    (tmp_path / "job.py").write_text(
        "from pathlib import Path\n"
        "import warner\n"
        "from smalltrees_workflow import in_process\n"
        "from smalltrees_workflow.logs import job_log\n"
        "with job_log(snakemake) as log:\n"
        "    log.info('rule %s, job %s', snakemake.rule, snakemake.wildcards.dataset)\n"
        "    warner.warn()\n"
        "    if snakemake.params.fail:\n"
        "        raise ValueError('bad value in ' + snakemake.input[0])\n"
        "    Path(snakemake.output[0]).write_text(\n"
        "        f\"{snakemake.wildcards.dataset} {in_process._ONE_AT_A_TIME.locked()}\")\n")
    return tmp_path


def run_job(folder, name, fail=False):
    log, out = folder / f"{name}.log", folder / f"{name}.out"
    in_process.run_script("job.py", "a_rule", InputFiles(["in.csv"]), OutputFiles([str(out)]),
                          Params(fromdict={"fail": fail}), Wildcards(fromdict={"dataset": name}),
                          Log([str(log)]), {})
    return out, log


def test_a_script_runs_with_its_job_one_at_a_time_and_warnings_in_every_log(scripts):
    for name in ("IR", "PI"):
        out, log = run_job(scripts, name)
        assert out.read_text() == f"{name} True"
        text = log.read_text()
        assert f"rule a_rule, job {name}" in text and "UserWarning: odd data" in text, (name, text)
    assert not in_process._ONE_AT_A_TIME.locked()


def test_a_failing_script_fails_the_job_with_its_traceback_in_the_log(scripts):
    with pytest.raises(ValueError, match="bad value in in.csv"):
        run_job(scripts, "HE", fail=True)
    assert "ValueError: bad value in in.csv" in (scripts / "HE.log").read_text()
    assert not (scripts / "HE.out").exists()
    assert not in_process._ONE_AT_A_TIME.locked()  # the next job can run


def test_jobs_in_two_threads_do_not_mix_their_logs(scripts):
    threads = [threading.Thread(target=run_job, args=(scripts, name)) for name in ("A", "B")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for name, other in (("A", "B"), ("B", "A")):
        assert (scripts / f"{name}.out").read_text() == f"{name} True"
        assert "odd data" in (scripts / f"{name}.log").read_text()
        assert f"job {other}" not in (scripts / f"{name}.log").read_text()
