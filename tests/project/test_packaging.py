"""pyproject.toml and environment.yml declare the same Python and dependencies."""

import re
import tomllib

import yaml
from workflow_helpers import ROOT

# conda packages standing for a pip requirement: snakemake[reports] = snakemake-minimal + pygments
CONDA_NAMES = {"snakemake": ["snakemake-minimal", "pygments"]}


def split(requirement: str) -> tuple[str, str]:
    name, bound = re.match(r"([A-Za-z0-9_.-]+)(?:\[[^\]]*\])?\s*(.*)", requirement).groups()
    return name.lower(), bound.replace(" ", "")


def test_environment_yml_matches_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    conda = {}
    for entry in yaml.safe_load((ROOT / "environment.yml").read_text())["dependencies"]:
        if isinstance(entry, str):
            name, bound = split(entry)
            conda[name] = bound
    assert conda.pop("python") == project["requires-python"]
    wanted = {}
    # environment.yml is for users running the workflow: the library plus the workflow extra
    for requirement in project["dependencies"] + project["optional-dependencies"]["workflow"]:
        name, bound = split(requirement)
        for conda_name in CONDA_NAMES.get(name, [name]):
            wanted[conda_name] = bound if conda_name != "pygments" else ""
    conda.pop("pip")
    assert conda == wanted
