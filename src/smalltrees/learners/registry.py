"""The learners the workflow can name in config.yaml (``learners.<name>.class``).

Classes are imported on first use, so that the data steps of the workflow do not import every
learner.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping

LEARNER_CLASSES = {
    "T1": "smalltrees.learners.small.estimators:T1",
    "T2": "smalltrees.learners.small.estimators:T2",
    "C45": "smalltrees.learners.c45.estimator:C45",
    "IFN": "smalltrees.learners.ifn.estimator:IFN",
    "Bagging": "smalltrees.learners.bagging:Bagging",
    "ID3": "smalltrees.learners.id3.estimator:ID3",
    "TopDown": "smalltrees.learners.topdown.estimator:TopDown",
    "AdaBoost": "smalltrees.learners.adaboost:AdaBoost",
}


def learner_class(name: str) -> type:
    """The learner class registered as ``name``."""
    if name not in LEARNER_CLASSES:
        raise ValueError(
            f"unknown learner class {name!r}; expected one of {sorted(LEARNER_CLASSES)}"
        )
    module, attribute = LEARNER_CLASSES[name].split(":")
    return getattr(importlib.import_module(module), attribute)


def make_learner(entry: Mapping):
    """A fresh learner from a config entry ``{class: ..., params: {...}}``."""
    return learner_class(entry["class"])(**entry.get("params", {}))
