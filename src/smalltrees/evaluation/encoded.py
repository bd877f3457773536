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
growing once the tree of C4.5 learners that differ only in pruning; :meth:`EncodedData.fit_sets`
fits them on several row sets, the C4.5 trees of all sets growing side by side.
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
        return self.fit_sets([learners], [rows])[0]

    def fit_sets(self, learner_sets: Sequence[Sequence], row_sets: Sequence[np.ndarray]
                 ) -> list[list]:
        """:meth:`fit_all` of each ``learner_sets[k]`` on ``row_sets[k]`` (cross-validation's
        training folds, a study's training sets): every learner fitted as :meth:`fit` fits it.
        The C4.5 learners with one ``_growth_key`` grow their trees on all the row sets side
        by side, once per row set for learners that differ only in pruning
        (:func:`smalltrees.learners.c45.prunings.fit_sets_prunings`)."""
        fitted = [list(learners) for learners in learner_sets]
        groups: dict[object, dict[int, list[int]]] = {}
        for k, learners in enumerate(learner_sets):
            for index, learner in enumerate(learners):
                key = growth_key(learner) if fits_encoded(learner) else None
                if key is None:
                    fitted[k][index] = self.fit(learner, row_sets[k])
                else:
                    groups.setdefault(key, {}).setdefault(k, []).append(index)
        for members in groups.values():
            sets = list(members)
            group = [[learner_sets[k][index] for index in members[k]] for k in sets]
            models = type(group[0][0])._fit_sets_prunings(
                group, self.schema, self.Z, self.y, [row_sets[k] for k in sets])
            for k, found in zip(sets, models, strict=True):
                for index, model in zip(members[k], found, strict=True):
                    fitted[k][index] = model
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
