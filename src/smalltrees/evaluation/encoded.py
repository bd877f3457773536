"""One dataset encoded once, for the many fits of one job on subsets of its rows.

A cross-validation job fits 225 models on folds of one dataset, a learning-curve job up to
950 on random draws. Slicing the frame and encoding each slice again (pandas' column-by-column
take, one ``Schema`` per fit) cost more than the fit itself on the small draws and the
categorical datasets. Rows of a frame encode to the rows of the frame's encoding, so
:class:`EncodedData` encodes the whole frame once and fits a learner that can fit on encoded
rows (``_fit_encoded`` and ``_predict_encoded``: T1, T2, T3, C4.5, IFN, bagging) through
:meth:`~smalltrees.learners.base.TreeClassifier._fit_rows`, with the same schema, classes,
model and predictions as ``fit``/``predict`` on the frame's rows; any other learner gets the
frame rows themselves. :meth:`EncodedData.fit_all` fits several learners on the same rows,
growing once the tree of C4.5 learners that differ only in pruning.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from smalltrees.learners.encoding import Schema
from smalltrees.learners.validation import check_labels


@dataclass(frozen=True)
class EncodedData:
    """A frame ``X``, its labels ``y`` (checked once) and its encoding ``Z`` in ``schema``."""

    X: pd.DataFrame
    y: np.ndarray
    schema: Schema
    Z: np.ndarray

    @classmethod
    def of(cls, X: pd.DataFrame, y) -> EncodedData:
        """Check and encode ``(X, y)`` as ``fit`` would."""
        schema, Z = Schema.fit(X)
        return cls(X, check_labels(y, len(Z)), schema, Z)

    def fit(self, learner, rows: np.ndarray):
        """``learner`` fitted on ``rows`` (an index or a boolean mask of the rows)."""
        if fits_encoded(learner):
            return learner._fit_rows(self.schema, self.Z[rows], self.y[rows])
        return learner.fit(self.rows(rows), self.y[rows])

    def fit_all(self, learners: Sequence, rows: np.ndarray) -> list:
        """Every learner fitted on ``rows``, each as :meth:`fit` fits it, in their order; C4.5
        learners that differ only in pruning (equal ``_growth_key``) grow their tree once
        (:func:`smalltrees.learners.c45.prunings.fit_rows_prunings`)."""
        groups: dict[object, list[int]] = {}
        for index, learner in enumerate(learners):
            key = growth_key(learner) if fits_encoded(learner) else None
            groups.setdefault(("alone", index) if key is None else key, []).append(index)
        fitted = list(learners)
        for members in groups.values():
            group = [learners[index] for index in members]
            if len(group) == 1:
                models = [self.fit(group[0], rows)]
            else:
                models = type(group[0])._fit_rows_prunings(group, self.schema, self.Z[rows],
                                                           self.y[rows])
            for index, model in zip(members, models, strict=True):
                fitted[index] = model
        return fitted

    def predict(self, learner, rows: np.ndarray) -> np.ndarray:
        """The fitted ``learner``'s predictions for ``rows``."""
        if fits_encoded(learner):
            return learner._predict_encoded(self.Z[rows])
        return learner.predict(self.rows(rows))

    def complexity(self, learner, rows: np.ndarray) -> dict[str, float]:
        """The fitted ``learner``'s ``complexity`` measures on test ``rows``."""
        if hasattr(learner, "_complexity_encoded"):
            return learner._complexity_encoded(self.Z[rows])
        return learner.complexity(self.rows(rows))

    def rows(self, rows: np.ndarray) -> pd.DataFrame:
        """The frame's ``rows``, indexed from 0."""
        return self.X.iloc[rows].reset_index(drop=True)


def growth_key(learner):
    """What decides the tree ``learner`` grows on given data, if it can share its growth
    with other learners (C4.5: all but its pruning parameters), else ``None``."""
    return getattr(learner, "_growth_key", lambda: None)()


def fits_encoded(learner) -> bool:
    """Whether ``learner`` (one of ours; any other estimator is taken as it is) fits and
    predicts encoded rows."""
    return bool(getattr(learner, "_fits_encoded", lambda: False)())
