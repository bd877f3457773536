"""The workflow profile (profiles/default): a rate limit that wakes the scheduler rarely
without holding the finished run back (the workflow's hooks cancel the pending timers), and the
cheap scheduler."""

import re

import yaml
from snakemake.settings.types import MaxJobsPerTimespan
from workflow_helpers import ROOT, local_rules, rule_bodies, run

PROFILE = ROOT / "profiles" / "default" / "config.yaml"


def test_the_rate_limit_wakes_the_scheduler_rarely_but_starts_jobs_as_fast():
    limit = MaxJobsPerTimespan.parse_choice(
        yaml.safe_load(PROFILE.read_text())["max-jobs-per-timespan"])
    assert limit.timespan >= 60  # one wake-up per chain a minute
    assert limit.max_jobs >= 1000  # more than the full run's 392 jobs in one timespan


def test_a_finished_run_cancels_its_rescheduling_timers_instead_of_waiting_for_them():
    snakefile = (ROOT / "Snakefile").read_text()
    for hook in ("onsuccess", "onerror"):  # onerror: also after Ctrl-C
        assert re.search(rf"^{hook}:\n    cancel_scheduling_timers\(\)$", snakefile, re.M), hook


def test_the_scheduler_is_the_greedy_one():
    assert yaml.safe_load(PROFILE.read_text())["scheduler"] == "greedy"


def test_snakemake_reads_the_workflow_profile():
    result = run(ROOT, "-n", "--cores", "2")
    assert "workflow specific profile profiles/default" in result.stdout + result.stderr


def test_local_jobs_go_before_the_fits_fetching_and_parsing_first():
    """The greedy scheduler ranks jobs of one priority by their inputs' size: without these
    priorities, local jobs (small inputs) waited for the fits to run out (docs/running.md)."""
    named = dict(re.findall(r"^([A-Z_]+) = (\d+)$",
                            (ROOT / "workflow" / "rules" / "common.smk").read_text(), re.M))
    priorities = {name: int(named.get(found.group(1), found.group(1)))
                  if (found := re.search(r"priority: (\w+)", body)) else 0
                  for name, body in rule_bodies().items()}
    local = local_rules() - {"all"}
    assert {priorities[name] for name in ("fetch_raw", "parse_dataset")} == {3}
    assert {priorities[name] for name in local - {"fetch_raw", "parse_dataset"}} == {2}
    assert max(priorities[name] for name in priorities.keys() - local - {"all"}) <= 1


def test_one_local_job_at_a_time_so_the_other_core_runs_a_fit():
    """Local jobs run one at a time behind a lock (``in_process.py``): a second one started
    beside it would hold a core's slot while waiting."""
    bodies = rule_bodies()
    assert all("in_process=1," in bodies[name] for name in local_rules() - {"all"})
    assert not any("in_process" in bodies[name] for name in bodies.keys() - local_rules())
    assert yaml.safe_load(PROFILE.read_text())["resources"] == ["in_process=1"]
