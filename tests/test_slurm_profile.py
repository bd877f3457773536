"""The SLURM profile: a dry run through it, and resource names the plugin knows."""

import importlib.util
import re
from pathlib import Path

import pytest
import yaml
from workflow_helpers import ROOT, run

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
    rules = set(re.findall(r"^rule (\w+):", "\n".join(
        p.read_text() for p in (ROOT / "workflow" / "rules").glob("*.smk")), re.MULTILINE))
    assert set(profile["set-resources"]) <= rules


def test_dry_run_through_the_profile():
    if importlib.util.find_spec("snakemake_executor_plugin_slurm") is None:
        pytest.skip("snakemake-executor-plugin-slurm is not installed (pip install -e '.[slurm]')")
    result = run(ROOT, "--profile", str(PROFILE.parent), "-n", "--default-resources",
                 "slurm_account=test", "slurm_partition=test", check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "cross_validate" in result.stdout
