"""The workflow profile (profiles/default): a rate limit that wakes the scheduler rarely
without holding the finished run back long, and the cheap scheduler."""

import yaml
from snakemake.settings.types import MaxJobsPerTimespan
from workflow_helpers import ROOT, run

PROFILE = ROOT / "profiles" / "default" / "config.yaml"


def test_the_rate_limit_wakes_the_scheduler_rarely_but_starts_jobs_as_fast():
    limit = MaxJobsPerTimespan.parse_choice(
        yaml.safe_load(PROFILE.read_text())["max-jobs-per-timespan"])
    # the process waits for its last rescheduling timer (one timespan) after the work is done
    assert 5 <= limit.timespan <= 10
    assert limit.max_jobs / limit.timespan >= 100  # Snakemake's default: 100 per 1 s


def test_the_scheduler_is_the_greedy_one():
    assert yaml.safe_load(PROFILE.read_text())["scheduler"] == "greedy"


def test_snakemake_reads_the_workflow_profile():
    result = run(ROOT, "-n", "--cores", "2")
    assert "workflow specific profile profiles/default" in result.stdout + result.stderr
