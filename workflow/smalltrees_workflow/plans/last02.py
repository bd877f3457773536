"""What the last02 study produces and the config checks it needs.

The rules in ``workflow/rules/last02.smk`` take their file lists from here (Snakemake's lint
forbids functions in rule files).
"""

from __future__ import annotations

from collections.abc import Mapping

from smalltrees_workflow.config import ConfigError, Parsed, check_folds, check_names

IFN_CLASS = "IFN"

def outputs(config: Mapping) -> list[str]:
    """Last, Maimon & Minkov (2002) section 3: Tables 3 and 4, the claims, the figure, and
    Table 4's stability under every reading of eq. 4 (table and figure)."""
    return [
        "results/tables/last02_table3.csv",
        "results/tables/last02_table3.md",
        "results/tables/last02_table4.csv",
        "results/tables/last02_table4.md",
        "results/tables/last02_claims.csv",
        "results/tables/last02_claims.md",
        "figures/last02_size_stability.png",
        "figures/last02_size_stability.pdf",
        "results/tables/last02_stability_readings.csv",
        "results/tables/last02_stability_readings.md",
        "figures/last02_stability_readings.png",
    ]


def datasets(config: Mapping) -> list[str]:
    """The datasets the study reads."""
    return list(config["last02"]["datasets"])


def intermediates(config: Mapping) -> list[str]:
    """The per-job results the tables are built from (CV folds, networks, stability): targets
    of ``rule all`` too, so that a deleted one is recreated."""
    last02 = config["last02"]
    cv = [f"results/last02/cv/{code}/{learner}.csv" for code in last02["datasets"]
          for learner in last02["cv"]["learners"]]
    return (cv + network_files(config) + stability_files(config)
            + stability_files(config, "sizes.csv") + stability_files(config, "readings.csv")
            + stability_files(config, "reading_runs.csv"))


def cells(config: Mapping) -> dict[str, tuple[str, str]]:
    """Every cells file of the study (``results/last02/cells/<key>.csv``): key -> (title on
    the scorecard, the view it is shown in). The ``*_readings`` files hold the readings of the
    default IFN cells: the other IFN learners (Tables 3 and 4) and the other readings of eq. 4
    (Table 4's stability)."""
    return {
        "table3": ("Table 3: datasets and predictive accuracy",
                   "results/tables/last02_table3.html"),
        "table3_readings": ("Table 3: IFN readings (split test)",
                            "results/tables/last02_table3.html"),
        "table4": ("Table 4: output size and stability", "results/tables/last02_table4.html"),
        "table4_readings": ("Table 4: IFN readings (split test)",
                            "results/tables/last02_table4.html"),
        "table4_stability_readings": ("Table 4: stability under each reading of eq. 4",
                                      "results/tables/last02_stability_readings.html"),
        "claims": ("Claims of section 3", "results/tables/last02_claims.html"),
    }


def check_data(config: Mapping, parsed: Mapping[str, Parsed]) -> None:
    """The CV's folds (shared by the stability jobs) fit every parsed dataset of the study."""
    for code in config["last02"]["datasets"]:
        check_folds("last02.cv.folds", config["last02"]["cv"]["folds"], parsed.get(code))


def check_config(config: Mapping, registry: Mapping, classes: Mapping[str, str]) -> None:
    """Datasets in the registry; CV learners configured; ``ifn`` names IFN learners of the CV;
    the stability learners are CV learners (their models are the CV's)."""
    last02 = config["last02"]
    check_names("last02.datasets", last02["datasets"], registry, "dataset")
    cv_learners = last02["cv"]["learners"]
    check_names("last02.cv.learners", cv_learners, classes, "learner")
    check_names("last02.ifn", last02["ifn"], cv_learners, "learner of last02.cv.learners")
    for name in last02["ifn"]:
        if classes[name] != IFN_CLASS:
            raise ConfigError(f"last02.ifn: learner {name!r} has class {classes[name]!r}; the "
                              f"paper's IFN columns need a learner of class {IFN_CLASS!r}")
    check_names("last02.stability.learners", last02["stability"]["learners"], cv_learners,
                "learner of last02.cv.learners")
    missing = [name for name in last02["ifn"] if name not in last02["stability"]["learners"]]
    if missing:
        raise ConfigError(f"last02.stability.learners: {missing} of last02.ifn are missing; "
                          "Table 4 needs the stability of every IFN learner")


def cv_stream(config: Mapping) -> str:
    """The random stream of the study's folds (the CV's), shared by the stability job."""
    return config["last02"]["cv"].get("stream", "last02")


def stability_files(config: Mapping, suffix: str = "csv") -> list[str]:
    """The stability job outputs of every (dataset, stability learner)."""
    last02 = config["last02"]
    return [f"results/last02/stability/{code}/{learner}.{suffix}"
            for code in last02["datasets"] for learner in last02["stability"]["learners"]]


def network_files(config: Mapping) -> list[str]:
    """The whole-data network of every (dataset, IFN learner)."""
    last02 = config["last02"]
    return [f"results/last02/network/{code}/{learner}.json"
            for code in last02["datasets"] for learner in last02["ifn"]]


STABILITY_OPTIONS = ("instances", "generator", "pairing", "stream")
"""The keys of ``last02.stability`` that one stability job's results depend on."""


def stability_options(config: Mapping) -> dict:
    """The params of a stability job: the options of its examples and pairing only (not the
    ``alpha`` of Table 4's test, nor the list of learners)."""
    section = config["last02"]["stability"]
    return {key: section[key] for key in STABILITY_OPTIONS if key in section}
