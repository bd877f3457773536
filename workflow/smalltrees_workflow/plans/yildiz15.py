"""What the yildiz15 study produces and the config checks it needs.

The rules in ``workflow/rules/yildiz15.smk`` take their file lists from here (Snakemake's lint
forbids functions in rule files).
"""

from __future__ import annotations

from collections.abc import Mapping

from smalltrees_workflow.config import ConfigError, check_names

TABLES = ("table1", "table2", "table3", "table4", "claims", "vc")
FIGURES = ("cd_error", "cd_nodes", "fig10", "fig11")


def outputs(config: Mapping) -> list[str]:
    """Yildiz (2015): Tables I-IV, the claims, the CD diagrams of Tables II-III, and Figures
    10-11 with their table (LB and exact VC-dimension)."""
    return ([f"results/tables/yildiz15_{t}.{ext}" for t in TABLES for ext in ("csv", "md")]
            + [f"figures/yildiz15_{f}.png" for f in FIGURES])


def datasets(config: Mapping) -> list[str]:
    """The datasets the study reads."""
    return list(config["yildiz15"]["datasets"])


def intermediates(config: Mapping) -> list[str]:
    """The per-dataset folds the tables are built from, the ranks and the study's scorecard:
    targets of ``rule all`` too, so that a deleted one is recreated."""
    return fold_files(config) + ["results/yildiz15/ranks.csv", "results/yildiz15/scorecard.csv"]


def check_config(config: Mapping, registry: Mapping, classes: Mapping[str, str]) -> None:
    """Datasets in the registry, at least two of them (the rank tests), no duplicates; a known
    (a1, a2) selection."""
    section = config["yildiz15"]
    datasets = section["datasets"]
    check_names("yildiz15.datasets", datasets, registry, "dataset")
    duplicates = sorted({d for d in datasets if datasets.count(d) > 1})
    if duplicates:
        raise ConfigError(f"yildiz15.datasets: {duplicates} listed more than once")
    selection = section["pruning"].get("selection", "fold")
    if selection not in CHOSEN:
        raise ConfigError(f"yildiz15.pruning.selection: {selection!r} is not one of "
                          f"{list(CHOSEN)}")
    if len(datasets) < 2:
        raise ConfigError(f"yildiz15.datasets: {datasets} has {len(datasets)} dataset; "
                          "Friedman's and Nemenyi's tests need at least 2")


def fold_files(config: Mapping) -> list[str]:
    """The per-fold results of every dataset of the study, in config order."""
    return [f"results/yildiz15/folds/{code}.csv" for code in config["yildiz15"]["datasets"]]


def settings_text(config: Mapping) -> str:
    """The protocol and pruning options, one line, for the tables' headers."""
    section = config["yildiz15"]
    pruning = section["pruning"]
    grid = pruning["grid"]
    return (f"{len(section['datasets'])} datasets; test third {section['test_fraction']:.4g}, "
            f"{section['repetitions']} x 2-fold CV on the rest; ID3 grown to the lecture's "
            f"stopping rules; pruning {pruning['order']}, CvPrune ties {pruning['ties']}, "
            f"nu {pruning['confidence']}, LB features {pruning['lb_features']}; a1 step "
            f"{grid['a1_step']} to {grid['a1_max']}, a2 step {grid['a2_step']} to "
            f"{grid['a2_max']}, chosen {CHOSEN[pruning.get('selection', 'fold')]}; seed "
            f"{config['seed']}")


CHOSEN = {"fold": "per fold on the validation half",
          "dataset": "per dataset on the validation halves"}
"""How the SRM methods' (a1, a2) is chosen, by ``yildiz15.pruning.selection``."""


FOLD_SETTINGS = ("test_fraction", "repetitions", "stream", "pruning")
"""The keys of the ``yildiz15`` section that one dataset's folds depend on (what
:func:`smalltrees.studies.yildiz15.protocol.run_dataset` reads)."""


def fold_settings(config: Mapping) -> dict:
    """The params of a folds job: only the settings its results depend on, so that adding a
    dataset or changing ``alpha`` does not rerun the folds of the other datasets."""
    section = config["yildiz15"]
    return {key: section[key] for key in FOLD_SETTINGS if key in section}
