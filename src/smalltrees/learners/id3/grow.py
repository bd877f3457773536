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

from smalltrees.learners.base import leaf_distributions
from smalltrees.learners.criteria import entropy
from smalltrees.learners.splits import Attributes, category_counts, cuts, midpoint, restrict_order
from smalltrees.learners.tree.structure import Tree, build

#: Gains (bits per example) at most this are 0: the node stops (lecture, section 6).
GAIN_TOLERANCE = 1e-12


def grow(Z: np.ndarray, y: np.ndarray, n_classes: int, n_values: np.ndarray) -> Tree:
    """Grow an ID3 tree on the encoded matrix ``Z`` (no missing values) and class codes ``y``.

    Nodes are numbered as they are made, a parent before its children; a node predicts its
    label, with the training distribution of its nearest ancestor that examples reached
    (:func:`~smalltrees.learners.base.leaf_distributions`).

    ``n_values`` gives each attribute's number of declared categories, 0 for a continuous one.
    The continuous attributes are sorted once; a node hands its cases' sorted orders down to
    its branches (:func:`~smalltrees.learners.splits.restrict_order`).
    """
    attributes = Attributes(Z, n_values)
    categorical, continuous = attributes.categorical, attributes.continuous
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

    everything = np.arange(len(y))
    stack = [(new_node(everything, -1, 0), everything, attributes.order,
              np.ones(categorical.size, dtype=bool))]
    while stack:
        node, rows, order, available = stack.pop()
        dist = counts[node]
        if rows.size == 0 or np.count_nonzero(dist) <= 1:
            continue
        gains = np.full(Z.shape[1], -np.inf)
        cuts_at = np.full(Z.shape[1], np.nan)
        parent_entropy = float(entropy(dist))
        if categorical.size:
            gains[categorical] = _categorical_gains(attributes, rows, y, n_classes,
                                                    parent_entropy, available)
        if continuous.size:
            gains[continuous], cuts_at[continuous] = _continuous_gains(
                attributes, rows[order], y, n_classes, parent_entropy)
        best = int(np.argmax(gains))
        if not gains[best] > GAIN_TOLERANCE:
            continue
        feature[node], threshold[node] = best, cuts_at[best]
        values = Z[rows, best]
        if np.isnan(cuts_at[best]):
            branch, n_branches = values.astype(np.int64), int(n_values[best])
            below = available.copy()
            below[np.searchsorted(categorical, best)] = False
        else:
            branch, n_branches, below = (values > cuts_at[best]).astype(np.int64), 2, available
        kids = []
        for b in range(n_branches):
            positions = np.flatnonzero(branch == b)
            part = rows[positions]
            kids.append(new_node(part, node, label[node]))
            stack.append((kids[-1], part, restrict_order(order, positions, rows.size), below))
        children[node] = np.array(kids, dtype=np.int64)
    counts = np.array(counts, dtype=np.int64).reshape(len(feature), n_classes)
    proba = leaf_distributions(counts, np.array(parent, dtype=np.int64))
    return build([{"feature": j, "branches": kids, "counts": dist, "proba": p, "label": c,
                   **({} if np.isnan(t) else {"thresholds": [t]})}
                  for j, t, kids, dist, p, c in zip(feature, threshold, children, counts, proba,
                                                    label, strict=True)], n_classes)


def _categorical_gains(attributes: Attributes, rows: np.ndarray, y: np.ndarray,
                       n_classes: int, parent_entropy: float,
                       available: np.ndarray) -> np.ndarray:
    """Information gain (bits per example) of each categorical attribute at the cases
    ``rows``; ``-inf`` for those already tested above the node."""
    table = category_counts(attributes, rows, y[rows], n_classes)  # (class, attribute, value)
    remainder = entropy(np.ascontiguousarray(np.moveaxis(table, 0, -1))).sum(axis=1)
    return np.where(available, (parent_entropy - remainder) / rows.size, -np.inf)


def _continuous_gains(attributes: Attributes, cases: np.ndarray, y: np.ndarray,
                      n_classes: int, parent_entropy: float) -> tuple[np.ndarray, np.ndarray]:
    """Best information gain and its midpoint threshold for each continuous attribute
    (``-inf`` and ``NaN`` for an attribute with a single value at the node).

    ``cases`` are the node's cases sorted by each attribute, one row per attribute.
    """
    m, n = cases.shape
    ordered = attributes.sorted_values(cases)
    left = np.cumsum(np.eye(n_classes, dtype=np.int64)[y[cases]], axis=1)[:, :-1]  # (m, n-1, k)
    right = np.bincount(y[cases[0]], minlength=n_classes) - left
    remainder = entropy(left) + entropy(right)
    gain = (parent_entropy - remainder) / n
    gain = np.where(cuts(ordered, spacing=0.0), gain, -np.inf)
    best = np.argmax(gain, axis=1)
    best_gain = gain[np.arange(m), best]
    cut = midpoint(ordered[np.arange(m), best], ordered[np.arange(m), best + 1])
    return best_gain, np.where(np.isfinite(best_gain), cut, np.nan)
