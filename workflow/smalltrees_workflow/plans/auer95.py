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
            + (section4_outputs(config) if "curves" in config["auer95"] else [])
            + [f"results/auer95/cells/{key}.csv" for key in cells(config)])


def cells(config: Mapping) -> dict[str, tuple[str, str]]:
    """The study's cells files by key (the file ``results/auer95/cells/<key>.csv``): the
    scorecard's title of each and the view it is shown in. Readings (the C4.5 hypotheses,
    section 4's protocol choices) come after the tables they explain."""
    parts = {
        "table1": ("Table 1: datasets", "results/tables/auer95_table1.html"),
        "sky2": ("Sky2: the best 2-level tree on all data (Table 2)",
                 "results/tables/auer95_sky.html"),
        "table2": ("Table 2: T2 vs C4.5, 9 x 25-fold cross-validation",
                   "results/tables/auer95_table2.html"),
    }
    if "c45_readings" in config["auer95"]:
        parts["table2_readings"] = ("Table 2: readings of C4.5's complexity measures",
                                    "results/tables/auer95_c45_readings.html")
    if "curves" in config["auer95"]:
        parts["factors"] = ("Section 4: predicted T2/T1 factors (Theorem 4)",
                            "results/tables/auer95_vc_factors.html")
        parts["claims"] = ("Section 4: claims on the learning curves (Figure 1)",
                           "results/tables/auer95_learning_curves.html")
        if "sensitivity" in config["auer95"]["curves"]:
            parts["section4_readings"] = (
                "Section 4: the failed verdicts under other protocol choices",
                "results/tables/auer95_section4_sensitivity.html")
    return parts


def c45_readings_outputs(config: Mapping) -> list[str]:
    """With an ``auer95.c45_readings`` section: the table of hypotheses about Table 2's C4.5."""
    if "c45_readings" not in config["auer95"]:
        return []
    return [f"results/tables/auer95_c45_readings.{ext}" for ext in ("csv", "md")]


def c45_refit_files(config: Mapping) -> list[str]:
    """The per-fold results of each learner the C4.5 readings refit, one file per dataset (so
    that a new dataset refits on that dataset only)."""
    readings = config["auer95"].get("c45_readings", {})
    return [f"results/auer95/c45_readings/{code}/{learner}.csv"
            for learner in readings.get("refit", []) for code in config["auer95"]["datasets"]]


def c45_reading_folds(config: Mapping) -> list[str]:
    """The per-fold results the C4.5 readings read, per learner of its hypotheses and dataset:
    the refitted learner's own file, else the Table 2 CV's file (no refit)."""
    readings = config["auer95"].get("c45_readings", {})
    refit = readings.get("refit", [])
    return [f"results/auer95/c45_readings/{code}/{learner}.csv" if learner in refit else
            f"results/auer95/cv/{code}/{learner}.csv"
            for learner in dict.fromkeys(h["learner"] for h in readings.get("hypotheses", []))
            for code in config["auer95"]["datasets"]]


def datasets(config: Mapping) -> list[str]:
    """The datasets the study reads (the curves' are among them)."""
    return list(config["auer95"]["datasets"])


def intermediates(config: Mapping) -> list[str]:
    """The per-job results the tables are built from (the CV folds, the Sky1-3 values, the curve
    draws, the refits of the C4.5 readings): targets of ``rule all`` too, so that a deleted one
    is recreated (and what depends on it redone) rather than silently missing."""
    auer95 = config["auer95"]
    files = [f"results/auer95/cv/{code}/{learner}.csv" for code in auer95["datasets"]
             for learner in auer95["cv"]["learners"]]
    files += [f"results/auer95/{sky}/{code}.json" for sky in ("sky", "sky3")
              for code in auer95["datasets"]]
    files += curve_files(config) + sensitivity_draw_files(config) if "curves" in auer95 else []
    return files + c45_refit_files(config)


def section4_outputs(config: Mapping) -> list[str]:
    """Section 4: the predicted factors, the learning curves, Figure 1, all datasets and, with
    ``curves.sensitivity``, the sensitivity of its failed verdicts."""
    tables = [f"results/tables/auer95_{name}.{ext}" for name in ("vc_factors", "learning_curves")
              for ext in ("csv", "md")]
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


def sensitivity_datasets(config: Mapping) -> list[str]:
    """The datasets of section 4's failed verdicts (CR, SE) among those with curves, when
    ``curves.sensitivity`` is configured."""
    curves = config["auer95"]["curves"]
    if "sensitivity" not in curves:
        return []
    return [code for code in ("CR", "SE") if code in curve_datasets(config)]


def sensitivity_draws(config: Mapping, level: str) -> int:
    """The draws per size the sensitivity needs of a ``level`` curve beyond the stored ones
    (the largest of ``curves.sensitivity.draws``), 0 when the stored ones suffice."""
    curves = config["auer95"]["curves"]
    wanted = max(curves["sensitivity"]["draws"])
    return wanted if wanted > curve_repetitions(curves, level) else 0


def sensitivity_draw_files(config: Mapping) -> list[str]:
    """The curve draws with more draws per size than stored, for the sensitivity's "draws per
    size" choice (one file per dataset and depth that needs them)."""
    return [f"results/auer95/curves_more/{code}/{level}.csv"
            for code in sensitivity_datasets(config)
            for level in config["auer95"]["curves"]["levels"]
            if sensitivity_draws(config, level)]


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
    learner entry of the level (``"learner"``), its draws per size (``"repetitions"``; the
    sensitivity's larger count with ``"more"``) or the dataset's sizes (``"grid"``)."""

    def param(wildcards):
        curves = config["auer95"]["curves"]
        if what == "learner":
            return config["learners"][curves["levels"][wildcards.level]]
        if what == "repetitions":
            return curve_repetitions(curves, wildcards.level)
        if what == "more":
            return sensitivity_draws(config, wildcards.level)
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
