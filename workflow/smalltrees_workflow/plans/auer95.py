"""What the auer95 study produces and the config checks it needs."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from smalltrees_workflow.config import ConfigError, Parsed, check_folds, check_names

COMPARED_CLASSES = {"t2": "T2", "c45": "C45"}
"""The learner class each ``auer95.table2.compare`` role must have."""


LEVEL_CLASSES = {"T1": "T1", "T2": "T2"}
"""The learner class each ``auer95.curves.levels`` entry must have."""


def outputs(config: Mapping) -> list[str]:
    """Auer et al. (1995) section 3 (Table 1, Sky1/Sky2, Table 2 and its figure) and, with an
    ``auer95.curves`` section, section 4 (Figure 1, the factor and learning-curve tables)."""
    return (section3_outputs(config) + c45_readings_outputs(config)
            + (section4_outputs(config) if "curves" in config["auer95"] else []))


def c45_readings_outputs(config: Mapping) -> list[str]:
    """With an ``auer95.c45_readings`` section: the table of hypotheses about Table 2's C4.5."""
    if "c45_readings" not in config["auer95"]:
        return []
    return [f"results/tables/auer95_c45_readings.{ext}" for ext in ("csv", "md")]


def c45_refit_files(config: Mapping) -> list[str]:
    """The per-fold results of each learner the C4.5 readings refit (all datasets in one)."""
    readings = config["auer95"].get("c45_readings", {})
    return [f"results/auer95/c45_readings/{learner}.csv" for learner in readings.get("refit", [])]


def c45_reading_folds(config: Mapping) -> list[str]:
    """The per-fold results the C4.5 readings table reads, per learner of its hypotheses: the
    refitted learner's own file, else the Table 2 CV's file of every dataset (no refit)."""
    readings = config["auer95"].get("c45_readings", {})
    refit = readings.get("refit", [])
    files = []
    for learner in dict.fromkeys(h["learner"] for h in readings.get("hypotheses", [])):
        files += ([f"results/auer95/c45_readings/{learner}.csv"] if learner in refit else
                  [f"results/auer95/cv/{code}/{learner}.csv"
                   for code in config["auer95"]["datasets"]])
    return files


def datasets(config: Mapping) -> list[str]:
    """The datasets the study reads (the curves' are among them)."""
    return list(config["auer95"]["datasets"])


def intermediates(config: Mapping) -> list[str]:
    """The per-job results the tables are built from (the CV folds, the Sky1-3 values, the curve
    draws) and the study's scorecard: targets of ``rule all`` too, so that a deleted one is
    recreated (and what depends on it redone) rather than silently missing."""
    auer95 = config["auer95"]
    files = [f"results/auer95/cv/{code}/{learner}.csv" for code in auer95["datasets"]
             for learner in auer95["cv"]["learners"]]
    files += [f"results/auer95/{sky}/{code}.json" for sky in ("sky", "sky3")
              for code in auer95["datasets"]]
    files += curve_files(config) if "curves" in auer95 else []
    return files + c45_refit_files(config) + ["results/auer95/scorecard.csv"]


def section4_outputs(config: Mapping) -> list[str]:
    """Section 4: the predicted factors, the learning curves, Figure 1, all datasets and, with
    ``curves.sensitivity``, the sensitivity of its failed verdicts."""
    tables = [f"results/tables/auer95_{name}.{ext}" for name in ("vc_factors", "learning_curves")
              for ext in ("csv", "md")] + ["results/tables/auer95_section4_claims.csv"]
    if "sensitivity" in config["auer95"]["curves"]:
        tables += [f"results/tables/auer95_section4_sensitivity.{ext}" for ext in ("csv", "md")]
    figures = [f"figures/auer95_fig1.{ext}" for ext in ("png", "pdf")]
    if config["auer95"]["curves"].get("all_datasets", False):
        figures += [f"figures/auer95_curves_all.{ext}" for ext in ("png", "pdf")]
    return tables + figures


def curve_datasets(config: Mapping) -> list[str]:
    """The datasets with learning curves: the paper's (``curves.datasets``), then, with
    ``curves.all_datasets``, every other dataset of the study."""
    curves = config["auer95"]["curves"]
    extra = config["auer95"]["datasets"] if curves.get("all_datasets", False) else []
    return list(dict.fromkeys([*curves["datasets"], *extra]))


def curve_files(config: Mapping) -> list[str]:
    """The per-(dataset, depth) draw files of the learning curves."""
    return [f"results/auer95/curves/{code}/{level}.csv" for code in curve_datasets(config)
            for level in config["auer95"]["curves"]["levels"]]


def curve_grid(config: Mapping, code: str) -> list[int]:
    """The training-set sizes of ``code``: its own grid, else the default one."""
    curves = config["auer95"]["curves"]
    return list(curves["grid"].get(code, curves["default_grid"]))


def curve_repetitions(curves: Mapping, level: str) -> int:
    """The draws per size of the ``level`` curve: ``curves.repetitions``, one number for both
    depths or one per depth."""
    repetitions = curves["repetitions"]
    return repetitions[level] if isinstance(repetitions, Mapping) else repetitions


def curve_params(config: Mapping, what: str) -> Callable:
    """A params function of the ``{dataset}``/``{level}`` wildcards of a curve job: the
    learner entry of the level (``"learner"``), its draws per size (``"repetitions"``) or the
    dataset's sizes (``"grid"``)."""

    def param(wildcards):
        curves = config["auer95"]["curves"]
        if what == "learner":
            return config["learners"][curves["levels"][wildcards.level]]
        if what == "repetitions":
            return curve_repetitions(curves, wildcards.level)
        return curve_grid(config, wildcards.dataset)

    return param


def curve_protocol(config: Mapping) -> str:
    """The learning-curve protocol in words, for the table."""
    curves = config["auer95"]["curves"]
    draws = " and ".join(f"{curve_repetitions(curves, level)} ({level})"
                         for level in curves["levels"])
    return (f"{draws} training sets per size m drawn without replacement "
            f"(seed {config['seed']}, stream {curves.get('stream', 'auer95_curves')!r}), "
            "error on the held-out rest")


def section3_outputs(config: Mapping) -> list[str]:
    """Section 3: Table 1, Sky1/Sky2, Table 2 and its figure."""
    return [
        "results/tables/auer95_table1.csv",
        "results/tables/auer95_table1.md",
        "results/tables/auer95_sky.csv",
        "results/tables/auer95_sky.md",
        "results/tables/auer95_table2.csv",
        "results/tables/auer95_table2.md",
        "figures/auer95_table2.png",
        "figures/auer95_table2.pdf",
    ]


def check_config(config: Mapping, registry: Mapping, classes: Mapping[str, str]) -> None:
    """Datasets in the registry, CV learners configured, compare roles of the right class."""
    auer95 = config["auer95"]
    check_names("auer95.datasets", auer95["datasets"], registry, "dataset")
    cv = auer95["cv"]
    check_names("auer95.cv.learners", cv["learners"], classes, "learner")
    for role, name in auer95["table2"]["compare"].items():
        key = f"auer95.table2.compare.{role}"
        check_names(key, [name], cv["learners"], "learner of auer95.cv.learners")
        wanted = COMPARED_CLASSES[role]
        if classes[name] != wanted:
            raise ConfigError(
                f"{key}: learner {name!r} has class {classes[name]!r}; the paper's "
                f"{role} row needs a learner of class {wanted!r}"
            )
    if "curves" in auer95:
        check_curves(auer95, classes, registry)
    if "c45_readings" in auer95:
        check_c45_readings(auer95["c45_readings"], classes)


def check_c45_readings(readings: Mapping, classes: Mapping[str, str]) -> None:
    """Every hypothesis names a configured C45 learner; the baseline is one of them."""
    for i, hypothesis in enumerate(readings["hypotheses"]):
        key = f"auer95.c45_readings.hypotheses[{i}].learner"
        check_names(key, [hypothesis["learner"]], classes, "learner")
        if classes[hypothesis["learner"]] != "C45":
            raise ConfigError(f"{key}: learner {hypothesis['learner']!r} has class "
                              f"{classes[hypothesis['learner']]!r}; the readings need C45")
    check_names("auer95.c45_readings.refit", readings["refit"], classes, "learner")
    titles = [h["hypothesis"] for h in readings["hypotheses"]]
    check_names("auer95.c45_readings.baseline", [readings["baseline"]], titles,
                "hypothesis of auer95.c45_readings.hypotheses")


def check_data(config: Mapping, parsed: Mapping[str, Parsed]) -> None:
    """The CV's folds fit every parsed dataset of the study."""
    for code in config["auer95"]["datasets"]:
        check_folds("auer95.cv.folds", config["auer95"]["cv"]["folds"], parsed.get(code))


def check_curves(auer95: Mapping, classes: Mapping[str, str], registry: Mapping) -> None:
    """Section 4: T1/T2 levels of the right class, datasets of the study, grids of known
    datasets, R >= 2.

    A grid size >= a dataset's size is not an error here (the sizes are known only once the
    data are parsed, and the shared ``default_grid`` serves datasets of every size): the curve
    job drops it, logs it, and the curve table lists it."""
    curves = auer95["curves"]
    for level, name in curves["levels"].items():
        key = f"auer95.curves.levels.{level}"
        check_names(key, [name], classes, "learner")
        if classes[name] != LEVEL_CLASSES[level]:
            raise ConfigError(f"{key}: learner {name!r} has class {classes[name]!r}; the "
                              f"{level} curve needs a learner of class {LEVEL_CLASSES[level]!r}")
    check_names("auer95.curves.datasets", curves["datasets"], auer95["datasets"],
                "dataset of auer95.datasets")
    # a layered config (tests/config/tiny.yaml) keeps the grids of datasets it leaves out
    check_names("auer95.curves.grid", curves.get("grid", {}), registry, "dataset")
    for level in curves["levels"]:
        repetitions = curve_repetitions(curves, level)
        if repetitions < 2:
            key = ("auer95.curves.repetitions" if not isinstance(curves["repetitions"], Mapping)
                   else f"auer95.curves.repetitions.{level}")
            raise ConfigError(f"{key}: {repetitions}; the standard error of a curve point "
                              "needs at least 2 draws per size")
