"""Class weights of every test of C4.5's family at a set of cases, for a boolean target.

DKM (1996, section 4, footnote 1) give TopDown_F and AdaBoost_F "the same [splitting functions]
as C4.5": a binary threshold test on a continuous attribute, cut between two consecutive
distinct values, and a multi-way test with one branch per declared value of a categorical one.
Both learners judge a test by its branches' weights of positive and negative cases (counts for
TopDown, boosting weights for AdaBoost), and both get them here in a fixed number of whole-array
operations per call, whatever the number of attributes and cuts:

* continuous attributes: the cases in each attribute's sorted order (sorted once per fit), the
  positive and negative weights accumulated along it; a cut after position ``i`` is admissible
  when the next value is larger by more than C4.5's :data:`CUT_SPACING`;
* categorical attributes: one ``bincount`` over (attribute, value) cells per class.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from smalltrees.learners.c45.grow import place_threshold
from smalltrees.learners.c45.proposals import CUT_SPACING


class Attributes:
    """The encoded attributes as the sweeps read them, laid out once per fit.

    ``Z`` is the encoded matrix (no unknown values), ``n_values`` the number of declared values
    per attribute (0 = continuous). The continuous attributes are kept by row (``columns``),
    with each one's sorted order of all cases (``order``) and its distinct training values
    (``training_values``, where C4.5 places thresholds); the categorical ones as integer value
    codes (``codes``, ``width`` cells per attribute).
    """

    def __init__(self, Z: np.ndarray, n_values: np.ndarray):
        self.Z, self.n_values = Z, n_values
        self.continuous = np.flatnonzero(n_values == 0)
        self.categorical = np.flatnonzero(n_values > 0)
        self.columns = np.ascontiguousarray(Z[:, self.continuous].T)
        self.order = np.argsort(self.columns, axis=1, kind="stable")
        self.training_values = [np.unique(column) for column in self.columns]
        self.codes = Z[:, self.categorical].astype(np.int64)
        self.width = int(max(n_values.max(initial=0), 1))


@dataclass(frozen=True)
class Cuts:
    """Every cut of every continuous attribute at a set of cases.

    Arrays are ``(n_continuous, n_cases - 1)``: entry ``[a, i]`` is the cut after the
    ``i``-th smallest value of attribute ``a``. ``positives`` and ``negatives`` are the weights
    of the cases at or below the cut, ``admissible`` marks cuts between distinct values;
    ``total_positive`` and ``total_negative`` are the weights of all the cases.
    """

    positives: np.ndarray
    negatives: np.ndarray
    admissible: np.ndarray
    total_positive: float
    total_negative: float


def sorted_cases(order: np.ndarray, members: np.ndarray) -> np.ndarray:
    """``(n_continuous, n_members)``: the cases of ``members`` (a boolean mask over all cases)
    in each attribute's sorted order, from ``order``, the sorted order of all cases."""
    keep = members[order]
    return order[keep].reshape(order.shape[0], -1)


def cut_weights(attributes: Attributes, cases: np.ndarray, positive: np.ndarray,
                negative: np.ndarray) -> Cuts:
    """Positive and negative weights below every cut (see :class:`Cuts`).

    ``cases`` are the cases in each continuous attribute's sorted order (``attributes.order``
    or :func:`sorted_cases`); ``positive`` and ``negative`` the weight of each case (of all
    cases) as a positive and as a negative example.
    """
    columns = attributes.columns
    rows = np.arange(columns.shape[0])[:, None]
    values = columns[rows, cases]
    positives = np.cumsum(positive[cases], axis=1)
    negatives = np.cumsum(negative[cases], axis=1)
    admissible = values[:, :-1] + CUT_SPACING < values[:, 1:]
    total_positive = float(positives[0, -1]) if cases.size else 0.0
    total_negative = float(negatives[0, -1]) if cases.size else 0.0
    return Cuts(positives[:, :-1], negatives[:, :-1], admissible, total_positive,
                total_negative)


def cut_threshold(attributes: Attributes, cases: np.ndarray, attribute: int,
                  position: int) -> float:
    """The threshold of the cut after ``position`` of continuous ``attribute``, placed as C4.5
    does: the midpoint of the two values, moved to the largest training value not above it
    (:func:`~smalltrees.learners.c45.grow.place_threshold`), so that ``x <= threshold`` is the
    lower branch."""
    column = attributes.columns[attribute]
    low = column[cases[attribute, position]]
    high = column[cases[attribute, position + 1]]
    cut = (low + high) / 2
    return place_threshold(attributes.training_values[attribute], low if cut == high else cut)


def category_weights(codes: np.ndarray, n_values: int, positive: np.ndarray,
                     negative: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(positives, negatives)``, each ``(n_categorical, n_values)``: the weights of the cases
    with each value of each categorical attribute.

    ``codes`` is ``(n_cases, n_categorical)`` of value codes (no unknown values);
    ``positive`` and ``negative`` the weights of those cases.
    """
    n_cases, n_columns = codes.shape
    cells = (np.arange(n_columns) * n_values + codes).ravel()
    size = n_columns * n_values
    found = [np.bincount(cells, weights=np.repeat(w, n_columns), minlength=size)
             .reshape(n_columns, n_values) for w in (positive, negative)]
    return found[0], found[1]
