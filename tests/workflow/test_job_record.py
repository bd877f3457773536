"""A compute job's record (``smalltrees_workflow.job_record``): the columns of Snakemake's
``benchmark:`` files, measured by the process that runs the job; and the end of a run, whose
scheduling timers are cancelled (``smalltrees_workflow.scheduler_timers``)."""

import resource
import threading
import time
from types import SimpleNamespace

import pytest

from smalltrees_workflow.job_record import COLUMNS, recorded
from smalltrees_workflow.scheduler_timers import cancel_scheduling_timers


def a_job(tmp_path, benchmark=True):
    log = SimpleNamespace(benchmark=str(tmp_path / "job.tsv")) if benchmark else SimpleNamespace()
    return SimpleNamespace(log=log, rule="a_fit", wildcards=SimpleNamespace(study="auer95"))


def busy(seconds: float) -> None:
    """Spend ``seconds`` of this process's CPU."""
    start = time.process_time()
    while time.process_time() - start < seconds:
        sum(range(1000))


def test_a_job_is_measured_by_its_process_in_benchmark_columns(tmp_path, monkeypatch):
    cpu = tmp_path / "cpu.jsonl"
    monkeypatch.setenv("SMALLTREES_JOB_CPU", str(cpu))
    with recorded(a_job(tmp_path)):
        busy(0.3)
    header, row = (tmp_path / "job.tsv").read_text().splitlines()
    assert tuple(header.split("\t")) == COLUMNS
    measured = dict(zip(COLUMNS, row.split("\t"), strict=True))
    assert 0.3 <= float(measured["cpu_time"]) <= float(measured["s"]) + 0.05
    assert measured["h:m:s"] == "0:00:00"
    assert float(measured["max_rss"]) == pytest.approx(
        resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, rel=0.05)
    assert [measured[name] for name in ("max_vms", "max_uss", "max_pss")] == ["NA"] * 3
    assert 50 <= float(measured["mean_load"]) <= 101
    assert '"rule": "a_fit", "study": "auer95"' in cpu.read_text()


def test_a_job_without_a_benchmark_log_or_that_fails_leaves_no_record(tmp_path, monkeypatch):
    monkeypatch.delenv("SMALLTREES_JOB_CPU", raising=False)
    with recorded(a_job(tmp_path, benchmark=False)):
        pass
    assert not list(tmp_path.iterdir())
    with pytest.raises(ValueError), recorded(a_job(tmp_path)):
        raise ValueError("bad value")
    assert not (tmp_path / "job.tsv").exists()


def test_pending_scheduling_timers_are_cancelled_so_the_process_can_exit():
    fired = []
    timer = threading.Timer(60, fired.append, args=[True])
    timer.start()
    assert cancel_scheduling_timers() >= 1
    timer.join(timeout=5)
    assert not timer.is_alive() and not fired
