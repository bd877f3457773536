"""Run the Snakemake workflow in a scratch copy of the project."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
SNAKEMAKE = [sys.executable, "-m", "snakemake"]


def scratch_project(tmp_path: Path, config: dict | None = None) -> Path:
    """Copy the workflow (with its profile), the package sources its rules declare as inputs,
    the dataset sheet and the paper numbers (not data or results) into ``tmp_path``;
    optionally replace config."""
    work = tmp_path / "project"
    work.mkdir(parents=True)
    shutil.copy(ROOT / "Snakefile", work)
    shutil.copy(ROOT / "environment.yml", work)
    shutil.copytree(ROOT / "workflow", work / "workflow")
    shutil.copytree(ROOT / "profiles" / "default", work / "profiles" / "default")
    shutil.copytree(ROOT / "src", work / "src", ignore=shutil.ignore_patterns("__pycache__",
                                                                               "*.egg-info"))
    shutil.copytree(ROOT / "data" / "paper", work / "data" / "paper")
    shutil.copy(ROOT / "data" / "datasets.yaml", work / "data")
    if config is None:
        shutil.copy(ROOT / "config.yaml", work)
    else:
        (work / "config.yaml").write_text(yaml.safe_dump(config, sort_keys=False))
    return work


def copy_run(finished: Path, tmp_path: Path) -> Path:
    """A copy of a finished run in ``tmp_path / "project"``, timestamps and Snakemake's
    metadata kept, so that Snakemake sees it as finished too: a test that edits a run, or adds
    to it, pays only for the jobs its change makes."""
    return Path(shutil.copytree(finished, tmp_path / "project", symlinks=True))


def base_config() -> dict:
    """The repository's config.yaml, with an empty ``datasets:`` section to add entries to."""
    return {"datasets": {}, **yaml.safe_load((ROOT / "config.yaml").read_text())}


def registry_entry(code: str) -> dict:
    """A dataset's entry in the repository's dataset sheet."""
    return yaml.safe_load((ROOT / "data" / "datasets.yaml").read_text())["datasets"][code]


def run(work: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    """Run snakemake in ``work``; on failure (when ``check``) show its output."""
    result = subprocess.run([*SNAKEMAKE, "--directory", str(work), "--snakefile",
                             str(work / "Snakefile"), *args],
                            capture_output=True, text=True, cwd=work)
    if check and result.returncode != 0:
        raise AssertionError(f"snakemake failed:\n{result.stdout}\n{result.stderr}")
    return result


def planned_jobs(work: Path, *args: str) -> list[tuple[str, dict[str, str]]]:
    """The jobs a dry run (``snakemake -n``) in ``work`` plans: (rule, wildcards) each."""
    result = run(work, "--dry-run", *args)
    jobs: list[tuple[str, dict[str, str]]] = []
    for line in result.stdout.splitlines():
        if line.startswith(("rule ", "localrule ")) and line.endswith(":"):
            jobs.append((line.split()[1][:-1], {}))
        elif line.startswith("    wildcards: ") and jobs:
            jobs[-1][1].update(item.split("=", 1)
                               for item in line[len("    wildcards: "):].split(", "))
    return jobs


def local_rules() -> set[str]:
    """The rules the Snakefile's ``localrules:`` runs in Snakemake's own process on a cluster."""
    block = re.search(r"^localrules:\n((?:    \w+,\n)+)", (ROOT / "Snakefile").read_text(),
                      re.MULTILINE)
    return set(re.findall(r"\w+", block.group(1)))


def rule_bodies() -> dict[str, str]:
    """Each rule's text in ``workflow/rules/*.smk``, by name."""
    bodies, current, indent = {}, None, 0
    for path in sorted((ROOT / "workflow" / "rules").glob("*.smk")):
        for line in path.read_text().splitlines():
            rule = re.match(r"( *)rule (\w+):", line)
            if rule:  # a rule, at any indentation (some are inside an `if`)
                current, indent = rule.group(2), len(rule.group(1))
                bodies[current] = ""
            elif current and line.strip() and len(line) - len(line.lstrip()) <= indent:
                current = None  # back at the rule's indentation or outside it
            elif current:
                bodies[current] += line + "\n"
    return bodies
