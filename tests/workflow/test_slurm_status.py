"""The stop before a SLURM run that would hang (no accounting); the real cluster run is
tests/cluster/slurm.sh."""

from smalltrees_workflow.slurm_status import parse_config, seconds, status_query_problem

SCONTROL = """Configuration data as of 2026-11-27T08:00:00
AccountingStorageType   = accounting_storage/none
ClusterName             = smalltrees
MinJobAge               = 300 sec
"""


def config(**changes: str) -> dict[str, str]:
    return {**parse_config(SCONTROL), **changes}


def test_parse_config_reads_scontrol_lines():
    assert parse_config(SCONTROL)["AccountingStorageType"] == "accounting_storage/none"
    assert parse_config(SCONTROL)["MinJobAge"] == "300 sec"
    assert [seconds(v) for v in ("300 sec", "300", "1h", "2 hours", "soon")] == [
        300, 300, 3600, 7200, None]


def test_accounting_cluster_is_never_stopped():
    with_dbd = config(AccountingStorageType="accounting_storage/slurmdbd")
    assert status_query_problem(with_dbd, "sacct", 40, account_given=True) is None


def test_no_accounting_with_sacct_stops_and_says_what_to_do():
    problem = status_query_problem(config(), "sacct", 40, account_given=False)
    assert "sacct" in problem and "wait forever" in problem
    assert "--slurm-status-command squeue" in problem and "slurm_partition=" in problem


def test_no_accounting_with_an_account_stops():
    problem = status_query_problem(config(), "squeue", 10, account_given=True)
    assert "slurm_account" in problem and "sacct" not in problem.split("\n")[0]


def test_no_accounting_with_squeue_needs_min_job_age():
    assert status_query_problem(config(), "squeue", 10, account_given=False) is None
    assert status_query_problem(config(), "squeue", 100, account_given=False) is None
    short = status_query_problem(config(MinJobAge="20 sec"), "squeue", 10, account_given=False)
    assert "MinJobAge = 20 s" in short
