"""Bagging (Breiman 1996): a plurality vote of one learner fitted on bootstrap samples.

Last, Maimon & Minkov (2002) quote bagged C4.5 from Domingos (1998) in Tables 3 and 4; this
learner lets the study run our own bagged C4.5 on the same folds, as an extra column.

The base learner is given either as a learner instance (its parameters are copied into a fresh
learner per bootstrap sample) or as a config entry ``{class: C45, params: {...}}`` as in
``config.yaml``, e.g. ``{class: Bagging, params: {base: {class: C45, params: {}},
n_estimators: 50, seed: 7}}``. Bootstrap samples come from ``numpy.random.default_rng(seed)``:
the same ``seed`` and data give the same ensemble.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

from smalltrees.learners.base import TreeClassifier
from smalltrees.learners.registry import learner_class
from smalltrees.learners.validation import check_labels, is_count


class Bagging(TreeClassifier):
    """Bootstrap aggregation of a base learner by plurality vote (Breiman 1996).

    Parameters
    ----------
    base : learner instance or mapping
        The base learner, or its config entry ``{"class": name, "params": {...}}`` (a class
        registered in :data:`~smalltrees.learners.registry.LEARNER_CLASSES`).
    n_estimators : int, default=50
        Number of bootstrap samples (each of the training set's size, drawn with replacement).
    seed : int, default=0
        Seed of the bootstrap draws.

    Attributes
    ----------
    classes_ : ndarray
        Sorted class labels of the training set.
    estimators_ : list
        The fitted base learners.

    Notes
    -----
    Each base learner sees only the classes of its sample; votes are counted over
    ``classes_`` and a tie goes to the first class.

    Examples
    --------
    >>> X = pd.DataFrame({"a": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0] * 3})
    >>> model = Bagging({"class": "C45", "params": {"min_cases": 1}}, 5, seed=1)
    >>> model.fit(X, ["n", "n", "n", "y", "y", "y"] * 3).predict(X.iloc[:3]).tolist()
    ['n', 'n', 'n']
    """

    def __init__(self, base: Any = None, n_estimators: int = 50, seed: int = 0):
        self.base = base
        self.n_estimators = n_estimators
        self.seed = seed

    def check_params(self) -> None:
        """Raise ``ValueError`` naming the first parameter with an invalid value (the base
        learner's own parameters included)."""
        if not is_count(self.n_estimators):
            raise ValueError(f"n_estimators must be an integer >= 1, got {self.n_estimators!r}")
        if not is_count(self.seed, minimum=0):
            raise ValueError(f"seed must be an integer >= 0, got {self.seed!r}")
        try:
            self._new_base().check_params()
        except (TypeError, ValueError, KeyError) as error:
            raise ValueError(f"base: {error}") from None

    def fit(self, X: pd.DataFrame, y) -> Bagging:
        """Fit ``n_estimators`` base learners on bootstrap samples of ``(X, y)``."""
        self.check_params()
        self._start_fit(X, y)
        labels = check_labels(y, len(X))
        rng = np.random.default_rng(self.seed)
        self.estimators_ = []
        for _ in range(self.n_estimators):
            rows = rng.integers(0, len(X), len(X))
            sample = X.iloc[rows].reset_index(drop=True)
            self.estimators_.append(self._new_base().fit(sample, labels[rows]))
        return self

    def predict(self, X: pd.DataFrame) -> np.ndarray:
        """The class most base learners predict (ties: the first class of ``classes_``)."""
        self._check_fitted()
        self.schema_.encode(X)  # the training columns and kinds, or a clear error
        votes = np.zeros((len(X), len(self.classes_)), dtype=np.int64)
        rows = np.arange(len(X))
        for estimator in self.estimators_:
            codes = np.searchsorted(self.classes_, estimator.predict(X))
            np.add.at(votes, (rows, codes), 1)
        return self.classes_[np.argmax(votes, axis=1)]

    def export_text(self) -> str:
        """A summary line: the ensemble is not one readable model."""
        self._check_fitted()
        return f"Bagging of {len(self.estimators_)} x {self._new_base()!r}"

    def _new_base(self):
        """A fresh, unfitted base learner."""
        if isinstance(self.base, Mapping):
            return learner_class(self.base["class"])(**self.base.get("params", {}))
        if isinstance(self.base, TreeClassifier):
            return type(self.base)(**self.base.get_params())
        raise ValueError(
            f"base must be a learner or a config entry {{class: ..., params: {{...}}}}, got "
            f"{self.base!r}"
        )

    def _is_fitted(self) -> bool:
        return hasattr(self, "estimators_")
