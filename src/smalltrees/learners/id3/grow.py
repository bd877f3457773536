"""Growing an ID3 tree (CS181 lecture 6, sections 5-6; Quinlan 1986), with binary cuts for
continuous attributes as in Yildiz (2015)'s C4.5-style grower.

ID3(D, X): a node whose examples share one class is a leaf of that class; with no attribute
left, or when the best information gain is 0 (the rule added in section 6), it is a leaf of the
majority class. Otherwise it tests the attribute of highest gain, with one branch per declared
value of a categorical attribute (removed from X below it) and two branches, ``x <= t`` and
``x > t``, for a continuous one (which stays available; ``t`` is the midpoint between the two
consecutive distinct values of the best cut). A branch no example reaches is a leaf labelled
with the parent's majority: the lecture's pseudo-code writes ``Label(T)``, a typo for the
child's label ``Label(T_x)``, which is what we do. Ties of gain go to the first attribute in
column order, then to the first cut in sorted order; gains within :data:`GAIN_TOLERANCE` of 0
count as 0.

The work at a node is a fixed number of whole-array operations: the gains of all categorical
attributes come from one ``bincount`` over (attribute, value, class), those of every cut of
every continuous attribute from one cumulative sum over the sorted class indicators.

References
----------
CS181 lecture 6 (Decision trees, ID3), sections 5-6. J. R. Quinlan (1986), "Induction of
decision trees", *Machine Learning* 1. O. T. Yildiz (2015), "VC-dimension of univariate decision
trees", *IEEE TNNLS* 26(2), section V-B; the author's ISELL toolkit (``create_c45children``) for
the midpoint thresholds and information gain on continuous data.
"""

from __future__ import annotations

import numpy as np

from smalltrees.learners.criteria import entropy
from smalltrees.learners.id3.tree import FlatTree

#: Gains (bits per example) at most this are 0: the node stops (lecture, section 6).
GAIN_TOLERANCE = 1e-12


def grow(Z: np.ndarray, y: np.ndarray, n_classes: int, n_values: np.ndarray) -> FlatTree:
    """Grow an ID3 tree on the encoded matrix ``Z`` (no missing values) and class codes ``y``.

    ``n_values`` gives each attribute's number of declared categories, 0 for a continuous one.
    """
    categorical = np.flatnonzero(n_values > 0)
    continuous = np.flatnonzero(n_values == 0)
    max_values = int(max(n_values.max(initial=0), 1))
    feature, threshold, children, parent, counts, label = [], [], [], [], [], []

    def new_node(rows: np.ndarray, up: int, fallback: int) -> int:
        dist = np.bincount(y[rows], minlength=n_classes)
        feature.append(-1)
        threshold.append(np.nan)
        children.append(np.empty(0, dtype=np.int64))
        parent.append(up)
        counts.append(dist)
        label.append(int(np.argmax(dist)) if rows.size else fallback)
        return len(feature) - 1

    stack = [(new_node(np.arange(len(y)), -1, 0), np.arange(len(y)),
              np.ones(categorical.size, dtype=bool))]
    while stack:
        node, rows, available = stack.pop()
        dist = counts[node]
        if rows.size == 0 or np.count_nonzero(dist) <= 1:
            continue
        gains = np.full(Z.shape[1], -np.inf)
        cuts = np.full(Z.shape[1], np.nan)
        parent_entropy = float(entropy(dist))
        if categorical.size:
            gains[categorical] = _categorical_gains(Z[rows][:, categorical], y[rows], n_classes,
                                                    max_values, parent_entropy, available)
        if continuous.size:
            gains[continuous], cuts[continuous] = _continuous_gains(
                Z[rows][:, continuous], y[rows], n_classes, parent_entropy)
        best = int(np.argmax(gains))
        if not gains[best] > GAIN_TOLERANCE:
            continue
        feature[node], threshold[node] = best, cuts[best]
        values = Z[rows, best]
        if np.isnan(cuts[best]):
            branch, n_branches = values.astype(np.int64), int(n_values[best])
            below = available.copy()
            below[np.searchsorted(categorical, best)] = False
        else:
            branch, n_branches, below = (values > cuts[best]).astype(np.int64), 2, available
        kids = []
        for b in range(n_branches):
            part = rows[branch == b]
            kids.append(new_node(part, node, label[node]))
            stack.append((kids[-1], part, below))
        children[node] = np.array(kids, dtype=np.int64)
    return FlatTree(
        feature=np.array(feature, dtype=np.int64),
        threshold=np.array(threshold, dtype=float),
        children=tuple(children),
        parent=np.array(parent, dtype=np.int64),
        counts=np.array(counts, dtype=np.int64).reshape(len(feature), n_classes),
        label=np.array(label, dtype=np.int64),
    )


def _categorical_gains(codes: np.ndarray, y: np.ndarray, n_classes: int, max_values: int,
                       parent_entropy: float, available: np.ndarray) -> np.ndarray:
    """Information gain (bits per example) of each categorical attribute; ``-inf`` for those
    already tested above the node."""
    n, m = codes.shape
    cells = ((np.arange(m) * max_values + codes.astype(np.int64)) * n_classes + y[:, None])
    table = np.bincount(cells.ravel(), minlength=m * max_values * n_classes)
    table = table.reshape(m, max_values, n_classes)
    remainder = entropy(table).sum(axis=1)
    return np.where(available, (parent_entropy - remainder) / n, -np.inf)


def _continuous_gains(values: np.ndarray, y: np.ndarray, n_classes: int,
                      parent_entropy: float) -> tuple[np.ndarray, np.ndarray]:
    """Best information gain and its midpoint threshold for each continuous attribute
    (``-inf`` and ``NaN`` for an attribute with a single value at the node)."""
    n, m = values.shape
    order = np.argsort(values, axis=0, kind="stable")
    ordered = np.take_along_axis(values, order, axis=0)
    left = np.cumsum(np.eye(n_classes, dtype=np.int64)[y[order]], axis=0)[:-1]  # (n-1, m, k)
    right = np.bincount(y, minlength=n_classes) - left
    remainder = entropy(left) + entropy(right)
    gain = (parent_entropy - remainder) / n
    gain = np.where(ordered[1:] > ordered[:-1], gain, -np.inf)
    best = np.argmax(gain, axis=0)
    best_gain = gain[best, np.arange(m)]
    low, high = ordered[best, np.arange(m)], ordered[best + 1, np.arange(m)]
    middle = (low + high) / 2
    cut = np.where(middle < high, middle, low)
    return best_gain, np.where(np.isfinite(best_gain), cut, np.nan)
