"""Reruns touch only what changed (issue 20, section 4): each job's code digest (a param) comes
from the import graph, and its other params are only the config keys it uses.

The end-to-end tests edit one file or one config key of a finished tiny run (the session's
``tiny_run``) and read the job list of a dry run; every edit is undone (content and mtime)
before the next test."""

import os
from contextlib import contextmanager
from pathlib import Path

import pytest
import yaml
from workflow_helpers import ROOT, planned_jobs

from smalltrees.learners.registry import LEARNER_CLASSES
from smalltrees_workflow.job_code import ImportGraph, JobCode, learner_modules

FITTING_RULES = {"cross_validate", "last02_stability", "auer95_curve"}
"""The rules whose jobs fit a learner named by the ``{learner}`` or ``{level}`` wildcard
(``last02_network`` fits every IFN learner of its ``{dataset}``)."""


def learner_module(name: str) -> str:
    """The source file (relative to the project) of a registered learner class."""
    module = LEARNER_CLASSES[name].partition(":")[0]
    return "src/" + module.replace(".", "/") + ".py"


@contextmanager
def edited(path: Path, change):
    """``path`` rewritten by ``change(text)`` inside the block, then restored with its old
    modification time (so that Snakemake sees it unchanged again)."""
    text, stat = path.read_text(), path.stat()
    path.write_text(change(text))
    try:
        yield
    finally:
        path.write_text(text)
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))


def dry_run(tiny_run, *extra: str) -> list[tuple[str, dict]]:
    work, args = tiny_run
    return planned_jobs(work, *args, *extra)


def fitted(jobs, learners_of_class: set[str]) -> set[tuple[str, str]]:
    """(rule, learner) of the planned jobs that fit one of ``learners_of_class``."""
    return {(rule, wc.get("learner", wc.get("level"))) for rule, wc in jobs
            if rule in FITTING_RULES and wc.get("learner", wc.get("level")) in learners_of_class}


def tiny_learner_classes() -> dict[str, str]:
    """Configured learner name -> class, in the tiny run's config."""
    learners = yaml.safe_load((ROOT / "config.yaml").read_text())["learners"]
    return {name: entry["class"] for name, entry in learners.items()}


def test_the_finished_tiny_run_plans_nothing(tiny_run):
    assert dry_run(tiny_run) == []


def test_editing_the_ifn_module_reruns_only_the_ifn_jobs(tiny_run):
    work, _ = tiny_run
    classes = tiny_learner_classes()
    ifn = {name for name, cls in classes.items() if cls == "IFN"}
    with edited(work / learner_module("IFN"), lambda text: text + "# an edit\n"):
        jobs = dry_run(tiny_run)
    rules = {rule for rule, _ in jobs}
    fits = {learner for _, learner in fitted(jobs, set(classes))}
    assert fits == ifn  # no T2, C45 or bagged-C45 job
    assert {"last02_network", "last02_stability", "last02_table3", "last02_table4"} <= rules
    assert not any(rule.startswith(("auer95", "dkm96", "yildiz15")) for rule in rules)
    # IFN's cross-validation runs in its stability jobs (one fit per fold serves both)
    assert "cross_validate" not in rules


def test_touching_a_module_without_changing_it_reruns_nothing(tiny_run):
    work, _ = tiny_run
    with edited(work / learner_module("T2"), lambda text: text):  # a newer time, same text
        assert dry_run(tiny_run) == []


def test_editing_the_t2_module_reruns_only_the_t2_jobs(tiny_run):
    work, _ = tiny_run
    with edited(work / learner_module("T2"), lambda text: text + "# an edit\n"):
        jobs = dry_run(tiny_run)
    rules = {rule for rule, _ in jobs}
    # T1 and T2 share their module, so the T1 learning curves rerun too
    same_module = {name for name, cls in tiny_learner_classes().items()
                   if learner_module(cls) == learner_module("T2")}
    fits = {learner for _, learner in fitted(jobs, set(tiny_learner_classes()))}
    assert "T2" in fits and fits <= same_module  # no C4.5, IFN or bagged-C4.5 job
    assert {"auer95_sky_dataset", "auer95_table2"} <= rules
    assert not any(rule.startswith(("last02", "dkm96", "yildiz15")) for rule in rules)


def extra_config(tmp_path: Path, settings: dict) -> list[str]:
    """Snakemake arguments adding a config file with ``settings`` after the tiny one."""
    path = tmp_path / "extra.yaml"
    path.write_text(yaml.safe_dump(settings))
    return [str(path)]


def with_config(tiny_run, tmp_path, settings):
    work, args = tiny_run
    i = args.index("--configfile")
    args = [*args[: i + 2], *extra_config(tmp_path, settings), *args[i + 2:]]
    return planned_jobs(work, *args)


def test_yildiz15_alpha_reruns_the_tables_not_the_folds(tiny_run, tmp_path):
    jobs = with_config(tiny_run, tmp_path, {"yildiz15": {"alpha": 0.1}})
    rules = {rule for rule, _ in jobs}
    assert {"yildiz15_tables", "yildiz15_claims"} <= rules
    assert not rules & {"yildiz15_folds", "yildiz15_table1", "cross_validate"}


def test_adding_a_yildiz15_dataset_runs_its_folds_only(tiny_run, tmp_path):
    tiny = yaml.safe_load((ROOT / "tests" / "config" / "tiny.yaml").read_text())
    datasets = [*tiny["yildiz15"]["datasets"], "IR"]  # IR: processed by the tiny run
    jobs = with_config(tiny_run, tmp_path, {"yildiz15": {"datasets": datasets}})
    folds = [wc["dataset"] for rule, wc in jobs if rule == "yildiz15_folds"]
    assert folds == ["IR"]  # the readings' folds of IR are written by the same job
    assert not {rule for rule, _ in jobs} & {"parse_dataset", "cross_validate", "yildiz15_vc"}


def test_adding_a_last02_dataset_runs_its_networks_and_stability_jobs_only(tiny_run, tmp_path):
    tiny = yaml.safe_load((ROOT / "tests" / "config" / "tiny.yaml").read_text())
    datasets = [*tiny["last02"]["datasets"], "LA"]  # LA: processed by the tiny run
    jobs = with_config(tiny_run, tmp_path, {"last02": {"datasets": datasets}})
    networks = [wc["dataset"] for rule, wc in jobs if rule == "last02_network"]
    assert networks == ["LA"]  # one job writes the networks of every IFN learner of LA
    fits = {(rule, wc["dataset"]) for rule, wc in jobs if rule in FITTING_RULES}
    assert {dataset for _, dataset in fits} == {"LA"}
    assert "parse_dataset" not in {rule for rule, _ in jobs}


def test_last02_stability_alpha_reruns_table4_not_the_stability_jobs(tiny_run, tmp_path):
    jobs = with_config(tiny_run, tmp_path, {"last02": {"stability": {"alpha": 0.05}}})
    rules = {rule for rule, _ in jobs}
    assert "last02_table4" in rules
    assert not rules & {"last02_stability", "last02_network", "cross_validate", "last02_table3"}


def test_a_yildiz15_claim_threshold_reruns_the_claims_table_only(tiny_run):
    work, _ = tiny_run
    claims = work / "data/paper/yildiz15/claims.csv"
    with edited(claims, lambda text: text.replace("Friedman's test rejects",
                                                  "Friedman's test (edited) rejects")):
        jobs = dry_run(tiny_run)
    rules = {rule for rule, _ in jobs}
    assert {"yildiz15_claims", "yildiz15_vc_claims"} <= rules
    assert rules <= {"yildiz15_claims", "yildiz15_claims_readings", "yildiz15_vc_claims",
                     "scorecard", "paper_figure", "table_html", "all"}


# -- the import graph itself, on a small package --


def write_package(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_the_import_graph_follows_relative_lazy_and_package_imports(tmp_path):
    write_package(tmp_path / "pkg", {
        "__init__.py": "from pkg.registry import NAMES\n",
        "registry.py": "NAMES = {}\n",
        "a.py": "from . import b\nfrom .sub import c\n",
        "b.py": "def later():\n    from pkg.sub.d import thing\n    return thing\n",
        "sub/__init__.py": "",
        "sub/c.py": "import json\n",
        "sub/d.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pkg.e\n"
                    "thing = 1\n",
        "e.py": "",
        "lazy.py": "from pkg import Model\n",
        "model.py": "",
    })
    graph = ImportGraph({"pkg": tmp_path / "pkg"}, aliases={"pkg.Model": "pkg.model"})
    files = graph.files(["pkg.a"], tmp_path)
    assert files == sorted(f"pkg/{name}" for name in (
        "__init__.py", "registry.py", "a.py", "b.py", "sub/__init__.py", "sub/c.py",
        "sub/d.py"))  # not e.py: imported for type checking only
    assert "pkg/model.py" in graph.files(["pkg.lazy"], tmp_path)


@pytest.mark.parametrize("params", [
    {"base": {"class": "C45", "params": {}}, "n_estimators": 5, "seed": 7},
    {"estimator": {"class": "C45", "params": {}}, "n_estimators": 5, "random_state": 7},
    {"estimator": "C45", "n_estimators": 5},
])
def test_bagging_brings_its_base_learners_modules(params):
    modules = learner_modules({"class": "Bagging", "params": params}, LEARNER_CLASSES)
    assert modules == {LEARNER_CLASSES[name].partition(":")[0] for name in ("Bagging", "C45")}


@pytest.mark.parametrize("learners", ["none", "entry", "function"])
def test_the_code_digest_is_read_only_for_the_jobs_built(learners):
    """``CODE.of`` gives a params function (a job's own Snakemake, one per cluster job, builds
    one job and reads only its script's imports), whose digest is that of ``files``."""
    entry = {"class": "Bagging", "params": {"estimator": "C45"}}
    given = {"none": None, "entry": entry, "function": lambda wildcards: entry}[learners]
    code = JobCode(ROOT, LEARNER_CLASSES)
    declared = code.of("cross_validate.py", given)
    assert callable(declared)
    assert code.graph.imports.cache_info().currsize == 0  # no source read yet
    learner = None if given is None else entry
    assert declared({}) == code.digest("cross_validate.py", learner)
    files = code.files("cross_validate.py", learner)
    c45 = "src/" + LEARNER_CLASSES["C45"].partition(":")[0].replace(".", "/")
    assert any(f.startswith(c45) for f in files) == (given is not None)
    assert (declared({}) == code.digest("cross_validate.py")) == (given is None)


def test_the_code_digest_follows_the_contents_of_the_files_a_job_runs(tmp_path, monkeypatch):
    """A job's digest changes with the contents of a module it imports (or of its script), not
    with a module it does not import, nor with a file's modification time."""
    write_package(tmp_path / "src" / "smalltrees", {
        "__init__.py": "", "used.py": "X = 1\n", "unused.py": "Y = 1\n"})
    write_package(tmp_path / "workflow", {
        "smalltrees_workflow/__init__.py": "",
        "scripts/job.py": "from smalltrees.used import X\n"})
    monkeypatch.chdir(tmp_path)

    def digest():
        return JobCode(tmp_path, {}).digest("job.py")

    first = digest()
    assert first.startswith("sha256:") and len(first) == len("sha256:") + 64
    assert JobCode(tmp_path, {}).files("job.py") == [
        "src/smalltrees/__init__.py", "src/smalltrees/used.py", "workflow/scripts/job.py"]
    os.utime(tmp_path / "src" / "smalltrees" / "used.py", (1, 1))
    (tmp_path / "src" / "smalltrees" / "unused.py").write_text("Y = 2\n")
    assert digest() == first
    for path in ("src/smalltrees/used.py", "workflow/scripts/job.py"):
        original = (tmp_path / path).read_text()
        (tmp_path / path).write_text(original + "# an edit\n")
        assert digest() != first, path
        (tmp_path / path).write_text(original)
        assert digest() == first
