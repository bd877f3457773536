"""The one registry of learners: the names of ``from smalltrees import ...`` and of the config's
``learners.<name>.class``.

Classes are imported on first use, so that a workflow job that fits no learner (fetching,
parsing, tables, figures) does not pay for importing them all (scipy.stats alone takes about
2 s).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping

LEARNER_CLASSES = {
    "T1": "smalltrees.learners.optimal.estimators:T1",
    "T2": "smalltrees.learners.optimal.estimators:T2",
    "T3": "smalltrees.learners.optimal.estimators:T3",
    "C45": "smalltrees.learners.c45.estimator:C45",
    "IFN": "smalltrees.learners.ifn.estimator:IFN",
    "Bagging": "smalltrees.learners.bagging.estimator:Bagging",
    "ID3": "smalltrees.learners.id3.estimator:ID3",
    "TopDown": "smalltrees.learners.boosting.topdown:TopDown",
    "AdaBoost": "smalltrees.learners.boosting.adaboost:AdaBoost",
}
"""Public name -> ``module:attribute`` of every learner."""


def learner_class(name: str) -> type:
    """The learner class registered as ``name``."""
    if name not in LEARNER_CLASSES:
        raise ValueError(
            f"unknown learner class {name!r}; expected one of {sorted(LEARNER_CLASSES)}"
        )
    module, attribute = LEARNER_CLASSES[name].split(":")
    return getattr(importlib.import_module(module), attribute)


def make_learner(entry: Mapping):
    """A fresh learner from a config entry ``{class: ..., params: {...}}``.

    A parameter whose value is itself such an entry (a mapping with ``class``, e.g. Bagging's
    ``estimator``) becomes that learner. Raises ``ValueError`` naming an unknown class or
    parameter (``<parameter>: ...`` inside a nested entry).
    """
    cls = learner_class(entry["class"])
    params = dict(entry.get("params", {}))
    accepted = cls._param_names()
    unknown = sorted(set(params) - set(accepted))
    if unknown:
        raise ValueError(f"unknown parameter(s) {unknown} for {cls.__name__}; expected some of "
                         f"{accepted}")
    for name, value in params.items():
        if isinstance(value, Mapping) and "class" in value:
            try:
                params[name] = make_learner(value)
            except ValueError as error:
                raise ValueError(f"{name}: {error}") from None
    return cls(**params)
