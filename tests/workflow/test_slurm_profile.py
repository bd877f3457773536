"""The SLURM profile: a dry run through it, and resource names the plugin knows."""

import importlib.util
import re
import shutil
from pathlib import Path

import pytest
import yaml
from workflow_helpers import ROOT, local_rules, run, scratch_project

PROFILE = ROOT / "profiles" / "slurm" / "config.yaml"
# resources Snakemake itself defines (every executor understands them)
SNAKEMAKE_RESOURCES = {"mem_mb", "mem_mib", "disk_mb", "disk_mib", "runtime", "tmpdir", "threads"}


def plugin_resource_names() -> set[str]:
    """The resource names the SLURM plugin reads, from its source (``resources.get("x")``)."""
    spec = importlib.util.find_spec("snakemake_executor_plugin_slurm")
    source = "\n".join(p.read_text() for p in Path(spec.origin).parent.glob("*.py"))
    return set(re.findall(r"resources(?:\.get\(|\[)\s*[\"']([a-z_]+)[\"']", source))


def profile_resource_names() -> set[str]:
    profile = yaml.safe_load(PROFILE.read_text())
    names = set(profile["default-resources"])
    for resources in profile.get("set-resources", {}).values():
        names |= set(resources)
    return names


def test_profile_resources_are_known_to_the_plugin():
    if importlib.util.find_spec("snakemake_executor_plugin_slurm") is None:
        pytest.skip("snakemake-executor-plugin-slurm is not installed (pip install -e '.[slurm]')")
    known = plugin_resource_names() | SNAKEMAKE_RESOURCES
    assert {"slurm_account", "slurm_partition", "cpus_per_task"} <= known  # the reading works
    assert profile_resource_names() <= known, profile_resource_names() - known


def test_profile_rules_exist():
    profile = yaml.safe_load(PROFILE.read_text())
    rules = set(re.findall(r"^\s*rule (\w+):", "\n".join(
        p.read_text() for p in (ROOT / "workflow" / "rules").glob("*.smk")), re.MULTILINE))
    assert set(profile["set-resources"]) <= rules


def test_dry_run_through_the_profile():
    if importlib.util.find_spec("snakemake_executor_plugin_slurm") is None:
        pytest.skip("snakemake-executor-plugin-slurm is not installed (pip install -e '.[slurm]')")
    result = run(ROOT, "--profile", str(PROFILE.parent), "-n", "--default-resources",
                 "slurm_account=test", "slurm_partition=test", check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "cross_validate" in result.stdout


def test_groups_are_the_profiles_and_name_rules_that_run_on_the_cluster():
    profile = yaml.safe_load(PROFILE.read_text())
    grouped = dict(entry.split("=") for entry in profile["groups"])
    rules = set(re.findall(r"^\s*rule (\w+):", "\n".join(
        p.read_text() for p in (ROOT / "workflow" / "rules").glob("*.smk")), re.MULTILINE))
    assert set(grouped) <= rules and not set(grouped) & local_rules()
    assert {"fetch_raw", "parse_optional_dataset"} <= local_rules() <= rules | {"all"}
    # every rule shares SLURM jobs with its stage or runs locally: none is submitted alone
    assert rules <= set(grouped) | local_rules(), rules - set(grouped) - local_rules()
    components = dict(entry.split("=") for entry in profile["group-components"])
    assert set(components) == set(grouped.values())
    # groups only in the cluster profile: a local run (no profile) has none and runs as before
    for path in [ROOT / "Snakefile", *(ROOT / "workflow" / "rules").glob("*.smk")]:
        assert not re.search(r"^\s+group:", path.read_text(), re.MULTILINE), path


def slurm_submissions(dry_run_output: str) -> list[str]:
    """What a dry run through the profile would submit to SLURM: one name per group job, and
    the rule of every job outside a group that is not a local rule."""
    jobs = re.findall(r"^(?:\[[^]]*\] )?(?:Group job (\w+) |rule (\w+):$)", dry_run_output,
                      re.MULTILINE)
    return [group or rule for group, rule in jobs if group or rule not in local_rules()]


def test_tiny_run_through_the_profile_is_a_few_slurm_jobs(tmp_path, mirror):
    """The tiny configuration, 127 jobs, is at most 30 SLURM jobs (issue 35), every one of them
    fits (what is built from the fits runs locally); the real cluster run
    (tests/cluster/slurm.sh) checks the count with sacct."""
    if importlib.util.find_spec("snakemake_executor_plugin_slurm") is None:
        pytest.skip("snakemake-executor-plugin-slurm is not installed (pip install -e '.[slurm]')")
    work = scratch_project(tmp_path)
    shutil.copytree(PROFILE.parent, work / "profiles" / "slurm")
    result = run(work, "--profile", "profiles/slurm", "-n", "--default-resources",
                 "slurm_account=test", "slurm_partition=test", "--configfile",
                 str(ROOT / "tests" / "config" / "tiny.yaml"), "--config",
                 f'mirrors=["{mirror}"]')
    submissions = slurm_submissions(result.stdout)
    assert set(submissions) == {"fit"}, submissions
    assert 0 < len(submissions) <= 30, submissions
