"""Stop a SLURM run that would wait forever: job status on a cluster without accounting.

Snakemake's SLURM plugin (snakemake-executor-plugin-slurm 2.8) learns that a job has finished
from ``sacct`` by default. On a cluster whose slurm.conf says
``AccountingStorageType=accounting_storage/none`` (no slurmdbd) sacct fails ("Slurm accounting
storage is disabled"); the plugin logs that only at debug level and keeps every job running, so
the workflow hangs without a word (issue 35). There ``squeue`` works, for as long as the
controller keeps a finished job (``MinJobAge``, 300 s by default), which the plugin requires to
be at least three times its first status-check delay (else it falls back to sacct); and an
account (``slurm_account``) cannot be checked, so the plugin refuses it. The Snakefile's
``onstart`` handler, which runs once the jobs are known and before any is submitted, calls
:func:`check_slurm_status_queries` so that such a run stops at once, saying what to do.
"""

from __future__ import annotations

import re
import subprocess

NO_ACCOUNTING = "accounting_storage/none"
ADVICE = (
    "Run without an account and let Snakemake ask squeue, as README.md says under 'Run on a "
    "SLURM cluster':\n"
    "  snakemake --profile profiles/slurm --slurm-status-command squeue --default-resources "
    "slurm_partition=MYPARTITION runtime=15 mem_mb=1000 cpus_per_task=1"
)


def slurm_config() -> dict[str, str]:
    """The cluster's ``scontrol show config`` as {key: value}; {} where scontrol cannot answer."""
    try:
        result = subprocess.run(["scontrol", "show", "config"], capture_output=True, text=True,
                                timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return {}
    if result.returncode != 0:
        return {}
    return parse_config(result.stdout)


def parse_config(text: str) -> dict[str, str]:
    """``key = value`` lines (as ``scontrol show config`` prints them) as {key: value}."""
    pairs = (line.split("=", 1) for line in text.splitlines() if "=" in line)
    return {key.strip(): value.strip() for key, value in pairs}


def seconds(value: str) -> int | None:
    """A SLURM duration such as ``300 sec``, ``300`` or ``1h`` in seconds (None if unreadable)."""
    match = re.fullmatch(r"(\d+)\s*([a-zA-Z]*)", value.strip())
    if match is None:
        return None
    number, unit = int(match.group(1)), match.group(2).lower()
    return number * 3600 if unit in ("h", "hour", "hours") else number


def status_query_problem(config: dict[str, str], status_command: str | None,
                         first_check_seconds: int, account_given: bool) -> str | None:
    """Why the plugin could not follow its jobs on the cluster ``config`` describes, or None."""
    if config.get("AccountingStorageType") != NO_ACCOUNTING:
        return None
    problems = []
    if status_command != "squeue":
        problems.append(f"it would ask sacct ('--slurm-status-command {status_command}'), which "
                        "fails there, and wait forever")
    else:
        min_job_age = seconds(config.get("MinJobAge", "300"))
        if min_job_age is not None and min_job_age < 3 * first_check_seconds:
            problems.append(f"squeue forgets a finished job after MinJobAge = {min_job_age} s, "
                            f"less than 3 x the first status check's delay "
                            f"({first_check_seconds} s; set "
                            f"--slurm-init-seconds-before-status-checks lower)")
    if account_given:
        problems.append("a slurm_account cannot be checked without accounting")
    if not problems:
        return None
    return ("This SLURM cluster keeps no job accounting (AccountingStorageType="
            f"{NO_ACCOUNTING}): " + "; ".join(problems) + ".\n" + ADVICE)


def check_slurm_status_queries(workflow) -> None:
    """Raise, before any job is submitted, where the SLURM executor could not follow its jobs."""
    from snakemake_interface_common.exceptions import WorkflowError

    plugin = workflow.executor_plugin
    if plugin is None or plugin.name != "slurm" or workflow.dryrun:
        return
    settings = workflow.executor_settings
    defaults = workflow.resource_settings.default_resources
    # Snakemake <= 9.2x keeps the parsed defaults in `.parsed`; later releases' Resources is a
    # mapping itself
    names = getattr(defaults, "parsed", defaults) if defaults is not None else {}
    problem = status_query_problem(
        slurm_config(), getattr(settings, "status_command", None),
        getattr(settings, "init_seconds_before_status_checks", 40),
        account_given="slurm_account" in names)
    if problem:
        raise WorkflowError(problem)
