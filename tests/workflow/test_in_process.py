"""Jobs without an interpreter start of their own: local jobs run their scripts in Snakemake's
process (``smalltrees_workflow.in_process``), the others in worker processes that outlive them
(``smalltrees_workflow.workers``). Which rules do which, that the profile makes Snakemake run
them in its threads, and that such a job gets what a ``script:`` job gets: its ``snakemake``
object, its log, its own warnings, and a failure that fails the job."""

import json
import os
import re
import threading
from concurrent.futures.process import BrokenProcessPool
from types import SimpleNamespace

import pytest
import yaml
from workflow_helpers import ROOT, local_rules, rule_bodies

from smalltrees_workflow import in_process, workers

try:  # where a job's named lists are: snakemake.iocontainers since about 9.20
    from snakemake.iocontainers import InputFiles, Log, OutputFiles, Params, Wildcards
except ImportError:
    from snakemake.io import InputFiles, Log, OutputFiles, Params, Wildcards


def test_local_rules_run_in_process_the_others_in_workers_each_listing_its_script():
    for name, body in rule_bodies().items():
        if name == "all":
            continue
        runner = "run_script" if name in local_rules() else "run_in_worker"
        ran = re.search(rf'run:\n\s+{runner}\(\s*"([^"]+)"', body)
        assert ran, f"{name}: runs its script with {runner}"
        assert re.search(rf'code=CODE\.of\(\s*"{ran.group(1)}"', body), name
        assert "script:" not in body and "conda:" not in body, name


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


@pytest.fixture
def fresh_workers():
    """No workers left from another test (they keep the sys.path they started with)."""
    workers._pool = None
    yield
    if workers._pool is not None:
        workers._pool.shutdown()
        workers._pool = None


def run_worker_job(folder, name, local=True, **params):
    """Run ``work.py`` as a compute rule's job whose logs are ``<name>.log`` and, named
    ``benchmark``, ``<name>.tsv`` (as the rules declare them)."""
    log, out = folder / f"{name}.log", folder / f"{name}.out"
    logs = Log([str(log), str(folder / f"{name}.tsv")])
    logs._set_name("benchmark", 1)
    where = SimpleNamespace(remote_exec=not local, subprocess_exec=False, cores=2)
    workers.run_in_worker("work.py", "a_fit", InputFiles(["in.csv"]), OutputFiles([str(out)]),
                          Params(fromdict={"fail": False, "die": False, **params}),
                          Wildcards(fromdict={"dataset": name, "study": "s"}), logs, {}, where)
    return out, log


def job_record(folder, name) -> dict[str, str]:
    """The benchmark record a job wrote (``smalltrees_workflow.job_record``)."""
    header, row, *rest = (folder / f"{name}.tsv").read_text().splitlines()
    assert not rest
    return dict(zip(header.split("\t"), row.split("\t"), strict=True))


@pytest.fixture
def work_script(scripts):
    (scripts / "work.py").write_text(
        "import os\n"
        "from pathlib import Path\n"
        "from smalltrees_workflow.logs import job_log\n"
        "with job_log(snakemake) as log:\n"
        "    log.info('job %s', snakemake.wildcards.dataset)\n"
        "    if snakemake.params.die:\n"
        "        os._exit(3)\n"
        "    if snakemake.params.fail:\n"
        "        raise ValueError('bad value in ' + snakemake.input[0])\n"
        "    Path(snakemake.output[0]).write_text(str(os.getpid()))\n")
    return scripts


def test_a_job_that_fits_runs_in_a_worker_that_outlives_it(work_script, fresh_workers,
                                                          monkeypatch):
    record = work_script / "cpu.jsonl"
    monkeypatch.setenv("SMALLTREES_JOB_CPU", str(record))
    pids = {int(run_worker_job(work_script, name)[0].read_text()) for name in "ABCD"}
    assert os.getpid() not in pids and 1 <= len(pids) <= 2  # two workers, reused
    assert "job C" in (work_script / "C.log").read_text()
    rows = [json.loads(line) for line in record.read_text().splitlines()]
    assert [(row["rule"], row["study"]) for row in rows] == [("a_fit", "s")] * 4
    assert all(row["cpu"] >= 0 for row in rows)
    measured = job_record(work_script, "C")  # written by the worker, not by Snakemake
    assert float(measured["s"]) >= 0 and float(measured["max_rss"]) > 10  # MB: a Python
    assert measured["max_vms"] == "NA" and float(measured["cpu_time"]) >= 0


def test_a_cluster_jobs_own_snakemake_runs_it_in_its_process(work_script, fresh_workers):
    out, _ = run_worker_job(work_script, "E", local=False)
    assert int(out.read_text()) == os.getpid() and workers._pool is None
    assert float(job_record(work_script, "E")["cpu_time"]) >= 0


def test_a_failing_or_dying_job_fails_and_the_next_one_runs(work_script, fresh_workers):
    with pytest.raises(ValueError, match="bad value in in.csv"):
        run_worker_job(work_script, "F", fail=True)
    assert "ValueError: bad value in in.csv" in (work_script / "F.log").read_text()
    with pytest.raises(BrokenProcessPool):
        run_worker_job(work_script, "G", die=True)
    assert not (work_script / "F.out").exists() and not (work_script / "G.out").exists()
    assert not (work_script / "F.tsv").exists()  # no record of a failed job
    out, _ = run_worker_job(work_script, "H")
    assert out.exists()
