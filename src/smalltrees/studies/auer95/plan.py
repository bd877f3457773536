"""What the auer95 study produces and the config checks it needs (see :mod:`smalltrees.config`)."""

from __future__ import annotations

from collections.abc import Mapping

from smalltrees.config import ConfigError, check_names

HAS_SCORECARD = True
"""The study writes results/auer95/scorecard.csv (rule auer95_scorecard)."""

COMPARED_CLASSES = {"t2": "T2", "c45": "C45"}
"""The learner class each ``auer95.table2.compare`` role must have."""


def outputs(config: Mapping) -> list[str]:
    """Auer et al. (1995) section 3: Table 1, Sky1/Sky2, Table 2 and its figure."""
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
