"""The split machinery of the greedy tree growers (C4.5, TopDown, AdaBoost, ID3).

Every greedy learner reads the attributes the same way, and here is that one way:

* :class:`Attributes`: the encoded training matrix laid out once per fit: the continuous
  attributes one row each, every row's cases sorted by value (:attr:`Attributes.order`), the
  distinct training values (where C4.5 places its thresholds), the categorical values as
  cells of one count table;
* :func:`restrict_order`: the sorted orders of a subset of the cases, from a superset's, so
  that no node sorts again;
* :func:`cuts`: the candidate cuts between consecutive sorted values;
* :func:`midpoint` and :meth:`Attributes.place_threshold`: where a cut's threshold goes (the
  midpoint also places T1/T2/T3's thresholds, :func:`smalltrees.learners.optimal.stumps.threshold`);
* :func:`category_counts`: the weight of the cases with each value of each categorical
  attribute, per class (or any other integer label), in one ``bincount``.

Thresholds are computed without overflow: the midpoint of ``1e308`` and ``1.5e308`` is
``1.25e308``, not ``inf`` (a threshold of ``inf`` would send every case down one branch, and
a grower splitting a node into itself would never stop).

References
----------
J. R. Quinlan (1993), *C4.5: Programs for Machine Learning*, Morgan Kaufmann, ch. 2 (binary
cuts of continuous attributes, thresholds placed on training values). Weka 3.6
``weka.classifiers.trees.j48.C45Split`` (the 1e-5 cut spacing, ``setSplitPoint``).
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from functools import cached_property
from numbers import Real

import numpy as np

#: Consecutive sorted values closer than this are not separated by a cut (Weka's C45Split).
CUT_SPACING = 1e-5
#: A threshold is moved to the largest training value not above the cut plus this (Weka's
#: ``Utils.smOrEq``, whose tolerance is ``Utils.SMALL``).
PLACEMENT_TOLERANCE = 1e-6


class Attributes:
    """The encoded attributes as the growers read them, laid out once per fit.

    Parameters
    ----------
    Z : ndarray of shape (n_samples, n_features)
        Encoded attributes: floats, category codes, ``NaN`` = unknown.
    n_values : ndarray of int
        Number of declared categories per attribute, 0 for continuous attributes.

    Every view is computed on first use: a learner pays only for the ones it reads.
    """

    def __init__(self, Z: np.ndarray, n_values: np.ndarray):
        self.Z, self.n_values = Z, n_values

    @cached_property
    def continuous(self) -> np.ndarray:
        """Indices of the continuous attributes."""
        return np.flatnonzero(self.n_values == 0)

    @cached_property
    def categorical(self) -> np.ndarray:
        """Indices of the categorical attributes."""
        return np.flatnonzero(self.n_values > 0)

    @cached_property
    def columns(self) -> np.ndarray:
        """``(n_continuous, n_samples)``: the continuous attributes, one row each (contiguous
        for gathering)."""
        return np.ascontiguousarray(self.Z[:, self.continuous].T)

    @cached_property
    def column_index(self) -> np.ndarray:
        """``(n_continuous, 1)``: row of each continuous attribute in :attr:`columns`."""
        return np.arange(self.continuous.size)[:, None]

    def sorted_positions(self, rows: np.ndarray) -> np.ndarray:
        """``(n_continuous, len(rows))``: positions into ``rows`` sorted by each continuous
        attribute (stable: ties keep the order of ``rows``), unknown values last."""
        return np.argsort(self.columns[:, rows], axis=1, kind="stable")

    @cached_property
    def order(self) -> np.ndarray:
        """:meth:`sorted_positions` of all cases: the cases sorted by each attribute."""
        return self.sorted_positions(np.arange(self.Z.shape[0]))

    def sorted_values(self, cases: np.ndarray) -> np.ndarray:
        """``(n_continuous, n)``: the values of ``cases`` (one row of cases per continuous
        attribute, e.g. :attr:`order`), attribute by attribute."""
        return self.columns[self.column_index, cases]

    @cached_property
    def training_values(self) -> dict[int, list[float]]:
        """Sorted distinct known training values of each continuous attribute, by index (as
        Python floats: :meth:`place_threshold` bisects them, which costs less than a NumPy
        call)."""
        return {int(j): np.unique(column[~np.isnan(column)]).tolist()
                for j, column in zip(self.continuous, self.columns, strict=True)}

    def place_threshold(self, feature: int, cut: float) -> float:
        """Move a cut of continuous attribute ``feature`` to the largest training value not
        above it (J48's ``setSplitPoint``).

        The values are those of all training cases, not only those at the node, so the
        threshold printed is a value that occurs in the data (Quinlan 1993, ch. 2). "Not
        above" allows :data:`PLACEMENT_TOLERANCE`; a value equal to the cut always counts,
        also where the tolerance is below the spacing of floats (values beyond ~1e10).
        """
        values = self.training_values[feature]
        index = max(bisect_left(values, cut + PLACEMENT_TOLERANCE), bisect_right(values, cut))
        return values[index - 1]

    @cached_property
    def width(self) -> int:
        """Largest number of declared categories of a categorical attribute (at least 1)."""
        return int(max(self.n_values.max(initial=0), 1))

    @cached_property
    def category_cells(self) -> np.ndarray:
        """``(n_samples, n_categorical)``: each case's (attribute, value) cell.

        Cell ``t * width + v`` is value code ``v`` of the ``t``-th categorical attribute; an
        unknown value goes to the extra cell ``n_categorical * width``, which
        :func:`category_counts` discards.
        """
        cells = self.Z[:, self.categorical] + np.arange(self.categorical.size) * self.width
        cells[np.isnan(cells)] = self.categorical.size * self.width  # unknown values
        return cells.astype(np.int64)


def restrict_order(order: np.ndarray, positions: np.ndarray, n: int) -> np.ndarray:
    """Sorted orders of the cases at ``positions`` of ``n`` cases sorted as ``order``.

    ``order`` is ``(n_continuous, n)`` (positions into the ``n`` cases, as
    :meth:`Attributes.sorted_positions` gives); the result is ``(n_continuous,
    len(positions))``, positions into ``positions``. Cases keep their relative order, so ties
    come in the order a stable sort of the subset would give if ``positions`` is increasing.
    """
    renumber = np.full(n, -1)
    renumber[positions] = np.arange(positions.size)
    kept = renumber[order]
    return kept[kept >= 0].reshape(order.shape[0], positions.size)


def cuts(values: np.ndarray, spacing: float = CUT_SPACING) -> np.ndarray:
    """``values[..., i] + spacing < values[..., i + 1]``: where a cut lies between consecutive
    sorted values (C4.5: more than :data:`CUT_SPACING` apart; ``spacing=0``: any two distinct
    values). A comparison with an unknown value (``NaN``) is false: no cut."""
    return values[..., :-1] + spacing < values[..., 1:]


def midpoint(low: np.ndarray | float, high: np.ndarray | float) -> np.ndarray | float:
    """The threshold between consecutive distinct values ``low < high``: their midpoint.

    Always finite and ``low <= midpoint < high``, so that ``x <= midpoint`` separates the
    two: ``(low + high) / 2`` where that is finite (on ordinary data, the same bits as ever),
    ``low / 2 + high / 2`` where the sum overflows (``1e308`` and ``1.5e308``), and ``low``
    where the midpoint rounds to ``high`` (consecutive floats). Elementwise on arrays.

    Examples
    --------
    >>> float(midpoint(1.0, 2.0)), float(midpoint(1e308, 1.5e308))
    (1.5, 1.25e+308)
    """
    if isinstance(low, Real) and isinstance(high, Real):  # two numbers: the same operations
        low, high = float(low), float(high)  # in Python floats, without numpy's call costs
        mid = (low + high) / 2
        if math.isinf(mid):
            mid = low / 2 + high / 2
        return mid if mid < high else low
    low, high = np.asarray(low, dtype=float), np.asarray(high, dtype=float)
    with np.errstate(over="ignore", invalid="ignore"):
        mid = (low + high) / 2
    mid = np.where(np.isinf(mid), low / 2 + high / 2, mid)
    mid = np.where(mid < high, mid, low)
    return float(mid) if mid.ndim == 0 else mid


def category_counts(attributes: Attributes, rows: np.ndarray, labels: np.ndarray,
                    n_labels: int, weights: np.ndarray | None = None) -> np.ndarray:
    """``(n_labels, n_categorical, width)``: the weight of the cases ``rows`` with each label
    and each value of each categorical attribute, in one ``bincount``.

    ``labels`` (one integer in ``[0, n_labels)`` per case of ``rows``) is usually the class;
    C4.5 folds the node into it to count several nodes at once. Without ``weights`` every
    case counts 1 (integer counts). Cases with an unknown value are left out. Each cell adds
    its cases' weights in the order of ``rows``.
    """
    return count_category_bins(attributes, category_bins(attributes, rows, labels, n_labels),
                               n_labels, weights)


def category_bins(attributes: Attributes, rows: np.ndarray, labels: np.ndarray,
                  n_labels: int) -> np.ndarray:
    """The ``bincount`` bin of each (case of ``rows``, categorical attribute) for
    :func:`category_counts`: computing them costs about three times the count itself, so a
    caller that counts the same cases under many weightings (AdaBoost's rounds) keeps them."""
    return (labels[:, None] * _category_cells(attributes)
            + attributes.category_cells[rows]).ravel()


def count_category_bins(attributes: Attributes, bins: np.ndarray, n_labels: int,
                        weights: np.ndarray | None = None) -> np.ndarray:
    """:func:`category_counts` of the cases whose :func:`category_bins` are ``bins``, weighted
    by ``weights`` (one per case) or counted."""
    n_columns, n_cells = attributes.categorical.size, _category_cells(attributes)
    size = n_labels * n_cells
    if weights is None:
        counts = np.bincount(bins, minlength=size)
    else:
        counts = np.bincount(bins, weights=np.repeat(weights, n_columns), minlength=size)
    return counts.reshape(n_labels, n_cells)[:, :-1].reshape(
        n_labels, n_columns, attributes.width)


def _category_cells(attributes: Attributes) -> int:
    """Cells per label in :func:`category_counts`: one per (categorical attribute, value), and a
    last one that takes the unknown values."""
    return attributes.categorical.size * attributes.width + 1
