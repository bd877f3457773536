"""Bagging (Breiman 1996): a plurality vote of one learner fitted on bootstrap samples.

Last, Maimon & Minkov (2002) quote bagged C4.5 from Domingos (1998) in Tables 3 and 4; this
learner lets the study run our own bagged C4.5 on the same folds, as an extra column.

The base learner is a learner instance (``estimator``, as in scikit-learn's
``BaggingClassifier``); a fresh copy with its parameters is fitted per bootstrap sample. In the
config it is a nested learner entry, which :func:`~smalltrees.learners.registry.make_learner`
builds: ``{class: Bagging, params: {estimator: {class: C45, params: {}}, n_estimators: 50,
random_state: 7}}``. Bootstrap samples come from ``numpy.random.default_rng(random_state)``:
the same ``random_state`` and data give the same ensemble.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from smalltrees.learners.base import TreeClassifier
from smalltrees.learners.c45.estimator import C45
from smalltrees.learners.tree.forest import forest_codes, stack
from smalltrees.learners.validation import is_count


class Bagging(TreeClassifier):
    """Bootstrap aggregation of a base learner by plurality vote (Breiman 1996).

    Parameters
    ----------
    estimator : learner or None, default=None
        The base learner (its parameters are copied into a fresh learner per sample); None
        means ``C45()``, the bagged learner of Last et al. (2002).
    n_estimators : int, default=50
        Number of bootstrap samples (each of the training set's size, drawn with replacement).
    random_state : int, default=0
        Seed of the bootstrap draws (``numpy.random.default_rng``).

    Attributes
    ----------
    classes_ : ndarray
        Sorted class labels of the training set.
    n_features_in_ : int
    feature_names_in_ : ndarray of str
        The training frame's column names (only when they are all strings).
    estimators_ : list
        The fitted base learners.
    forest_ : Tree or None
        C4.5's trees as one forest, which predicts for all of them at once
        (:func:`~smalltrees.learners.tree.forest.stack`); None for another base learner.

    Notes
    -----
    Each base learner sees only the classes of its sample; votes are counted over
    ``classes_`` and a tie goes to the first class.

    Examples
    --------
    >>> X = pd.DataFrame({"a": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0] * 3})
    >>> model = Bagging(C45(min_cases=1), n_estimators=5, random_state=1)
    >>> model.fit(X, ["n", "n", "n", "y", "y", "y"] * 3).predict(X.iloc[:3]).tolist()
    ['n', 'n', 'n']
    """

    def __init__(self, estimator: TreeClassifier | None = None, n_estimators: int = 50,
                 random_state: int = 0):
        self.estimator = estimator
        self.n_estimators = n_estimators
        self.random_state = random_state

    def check_params(self) -> None:
        """Raise ``ValueError`` naming the first parameter with an invalid value (the base
        learner's own parameters included)."""
        if not is_count(self.n_estimators):
            raise ValueError(f"n_estimators must be an integer >= 1, got {self.n_estimators!r}")
        if not is_count(self.random_state, minimum=0):
            raise ValueError(f"random_state must be an integer >= 0, got {self.random_state!r}")
        try:
            self._new_estimator().check_params()
        except ValueError as error:
            raise ValueError(f"estimator: {error}") from None

    def fit(self, X, y) -> Bagging:
        """Fit ``n_estimators`` base learners on bootstrap samples of ``(X, y)``.

        ``X`` is encoded once: a base learner that can fit on encoded rows (C4.5, T2, ...) is
        given the sample's rows of the encoded matrix, with the ensemble's schema (the one its
        own ``fit`` would derive from the sample, whose columns and categories are ``X``'s),
        as distinct rows with case weights if it takes them (:meth:`_fit_encoded`); any other
        base learner is fitted on the sample itself.
        """
        self.check_params()
        Z, codes = self._start_fit(X, y)
        if self._fits_encoded():
            return self._fit_encoded(Z, codes)
        data = X if isinstance(X, pd.DataFrame) else Z
        labels = self.classes_[codes]
        self.forest_ = None
        self.estimators_ = [
            self._new_estimator().fit(data.iloc[rows].reset_index(drop=True) if data is X
                                      else data[rows], labels[rows])
            for rows in self._draws(len(Z))]
        return self

    def _fit_encoded(self, Z: np.ndarray, codes: np.ndarray) -> Bagging:
        """:meth:`fit` on ``Z``, already encoded in ``schema_``, with the codes of ``classes_``
        (see :meth:`~smalltrees.learners.base.TreeClassifier._fit_rows`), for a base learner
        that fits on encoded rows.

        A base learner that takes case weights (``_fits_weighted``: C4.5) is fitted on the
        sample's distinct rows (about 63% of them), each weighted by how often it was drawn:
        the model of the repeated rows, to the last bit, while no case weight is fractional.
        A sample with an unknown value is fitted on its repeated rows, as C4.5 splits such
        cases into fractional weights whose sums would round differently (docs/c45-case-weights.md).
        The weighted samples' C4.5 trees grow side by side (:meth:`_fit_counted`).
        """
        labels = self.classes_[codes]
        base = self._new_estimator()  # weighted: a C4.5, which grows its trees side by side
        weighted = base._fits_weighted() and hasattr(base, "_fit_sets_prunings")
        self.estimators_ = [None] * self.n_estimators
        counted: list[tuple[int, np.ndarray, np.ndarray]] = []  # (sample, rows, counts)
        for index, rows in enumerate(self._draws(len(Z))):
            distinct, counts = np.unique(rows, return_counts=True)
            if weighted and not np.isnan(Z[distinct]).any():
                counted.append((index, distinct, counts.astype(float)))
            else:
                self.estimators_[index] = self._new_estimator()._fit_rows(
                    self.schema_, Z[rows], labels[rows])
        if counted:
            self._fit_counted(Z, labels, counted)
        self.forest_ = stack([model.tree_ for model in self.estimators_],
                             [np.searchsorted(self.classes_, model.classes_)
                              for model in self.estimators_], Z.shape[1]) \
            if all(isinstance(model, C45) for model in self.estimators_) else None
        return self

    def _fit_counted(self, Z: np.ndarray, labels: np.ndarray,
                     counted: list[tuple[int, np.ndarray, np.ndarray]]) -> None:
        """Fit the samples given as ``(index, distinct rows, counts)`` on their distinct rows
        with their counts as case weights, into ``estimators_[index]``: each the model
        ``_fit_rows`` gives, the samples' trees grown side by side (C4.5's
        ``_fit_sets_prunings``)."""
        models = [[self._new_estimator()] for _ in counted]
        models = models[0][0]._fit_sets_prunings(
            models, self.schema_, Z, labels, [rows for _, rows, _ in counted],
            [counts for *_, counts in counted])
        for (model,), (index, _, _) in zip(models, counted, strict=True):
            self.estimators_[index] = model

    def _draws(self, n: int) -> list[np.ndarray]:
        """The rows of each bootstrap sample."""
        rng = np.random.default_rng(self.random_state)
        return [rng.integers(0, n, n) for _ in range(self.n_estimators)]

    def _fits_encoded(self) -> bool:
        estimator = C45() if self.estimator is None else self.estimator
        return isinstance(estimator, TreeClassifier) and estimator._fits_encoded()

    def predict(self, X) -> np.ndarray:
        """The class most base learners predict (ties: the first class of ``classes_``)."""
        votes = self._votes(X)
        return self.classes_[np.argmax(votes, axis=1)]

    def predict_proba(self, X) -> np.ndarray:
        """The share of the base learners voting for each class (columns as ``classes_``)."""
        return self._votes(X) / len(self.estimators_)

    def export_text(self) -> str:
        """A summary line: the ensemble is not one readable model."""
        self._check_fitted()
        return f"Bagging of {len(self.estimators_)} x {self._new_estimator()!r}"

    def _predict_encoded(self, Z: np.ndarray) -> np.ndarray:
        """:meth:`predict` of rows already encoded by :meth:`_encode_for_prediction`."""
        return self.classes_[np.argmax(self._encoded_votes(Z), axis=1)]

    def _votes(self, X) -> np.ndarray:
        """``(n, n_classes)``: how many base learners predict each class for each row."""
        if self._fits_encoded():
            return self._encoded_votes(self._encode_for_prediction(X))
        Z = self._encode(X)  # the training columns and kinds, or a clear error
        votes = np.zeros((len(Z), len(self.classes_)), dtype=np.int64)
        for estimator in self.estimators_:
            _add_votes(votes, self.classes_, estimator.predict(X))
        return votes

    def _encoded_votes(self, Z: np.ndarray) -> np.ndarray:
        """:meth:`_votes` of rows encoded in ``schema_``; C4.5's trees all at once, as one
        forest (:mod:`~smalltrees.learners.tree.forest`)."""
        n, k = len(Z), len(self.classes_)
        if self.forest_ is not None:
            codes = forest_codes(self.forest_, len(self.estimators_), Z)
            return np.bincount((np.arange(n) * k + codes).ravel(),
                               minlength=n * k).reshape(n, k).astype(np.int64, copy=False)
        votes = np.zeros((n, k), dtype=np.int64)
        for estimator in self.estimators_:
            _add_votes(votes, self.classes_, estimator._predict_encoded(Z))
        return votes

    def _encode_for_prediction(self, X) -> np.ndarray:
        """``X`` as the base learners read it (their encoding of an unknown category)."""
        self._check_fitted()
        return self.estimators_[0]._encode_for_prediction(X)

    def _new_estimator(self) -> TreeClassifier:
        """A fresh, unfitted base learner."""
        if self.estimator is None:
            return C45()
        if not isinstance(self.estimator, TreeClassifier):
            raise ValueError(
                f"estimator must be a learner (e.g. C45()) or None, got {self.estimator!r}; in "
                "the config, a learner entry {class: ..., params: {...}}")
        return fresh(self.estimator)

    def _allows_nan(self) -> bool:
        return self._new_estimator()._allows_nan()

    def _binary_only(self) -> bool:
        return self._new_estimator()._binary_only()

    def _is_fitted(self) -> bool:
        return hasattr(self, "estimators_")


def _add_votes(votes: np.ndarray, classes: np.ndarray, predicted: np.ndarray) -> None:
    np.add.at(votes, (np.arange(len(votes)), np.searchsorted(classes, predicted)), 1)


def fresh(learner: TreeClassifier) -> TreeClassifier:
    """An unfitted copy of ``learner`` with the same parameters (nested learners copied too)."""
    params = learner.get_params(deep=False)
    return type(learner)(**{name: fresh(value) if isinstance(value, TreeClassifier) else value
                            for name, value in params.items()})
