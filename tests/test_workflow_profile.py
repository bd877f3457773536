"""The workflow profile (profiles/default) and the cancelling of Snakemake's rescheduling timers."""

import threading

import yaml
from snakemake.settings.types import MaxJobsPerTimespan
from workflow_helpers import ROOT, run

from smalltrees_workflow.scheduling import cancel_rescheduling_timers

PROFILE = ROOT / "profiles" / "default" / "config.yaml"


def test_pending_timers_are_cancelled_and_other_threads_left_alone():
    fired, stop = threading.Event(), threading.Event()
    timer = threading.Timer(600, fired.set)
    worker = threading.Thread(target=stop.wait, daemon=True)
    timer.start()
    worker.start()
    try:
        assert cancel_rescheduling_timers() >= 1
        timer.join(10)
        assert not timer.is_alive() and not fired.is_set()
        assert worker.is_alive()
    finally:
        timer.cancel()
        stop.set()


def test_the_rate_limit_wakes_the_scheduler_rarely_but_starts_jobs_as_fast():
    limit = MaxJobsPerTimespan.parse_choice(
        yaml.safe_load(PROFILE.read_text())["max-jobs-per-timespan"])
    assert limit.timespan >= 10
    assert limit.max_jobs / limit.timespan >= 100  # Snakemake's default: 100 per 1 s


def test_snakemake_reads_the_workflow_profile():
    result = run(ROOT, "-n", "--cores", "2")
    assert "workflow specific profile profiles/default" in result.stdout + result.stderr
