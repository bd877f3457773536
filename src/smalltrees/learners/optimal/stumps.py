"""Building the nodes of T1, T2 and T3: the best stump on given items, thresholds, majorities.

A *stump* is a node of the last level of a tree of TREE(d, n, p, K): a leaf, a categorical
attribute with one edge per value plus "missing", or a continuous attribute with at most K
intervals plus "missing", every edge ending in a leaf (Auer et al. 1995, section 2).
"""

from __future__ import annotations

import numpy as np

from smalltrees.learners.optimal.intervals import best_labels
from smalltrees.learners.optimal.search import Encoded
from smalltrees.learners.optimal.tree import CategoricalSplit, IntervalSplit, Leaf
from smalltrees.learners.splits import midpoint


def stump(enc: Encoded, attr: int, rows: np.ndarray, default: int, *, K: int):
    """The best stump on ``rows`` querying ``attr`` (a leaf if ``attr`` is -1)."""
    if attr < 0:
        return Leaf(default)
    codes, y = enc.codes[attr][rows], enc.y[rows]
    if not enc.continuous[attr]:
        counts = np.bincount(codes * enc.p + y, minlength=enc.n_values[attr] * enc.p)
        counts = counts.reshape(-1, enc.p)
        leaves = [Leaf(int(c.argmax()) if c.any() else default) for c in counts]
        return CategoricalSplit(attr, tuple(leaves[:-1]), leaves[-1], default)
    present = codes >= 0
    missing_counts = np.bincount(y[~present], minlength=enc.p)
    missing = Leaf(int(missing_counts.argmax()) if missing_counts.any() else default)
    if not present.any():
        return IntervalSplit(attr, (), (Leaf(default),), missing)
    values = enc.values[attr]
    # the class counts of every value (codes are dense ranks), then of the rows' own blocks
    counts = np.bincount(codes[present] * enc.p + y[present], minlength=len(values) * enc.p)
    counts = counts.reshape(-1, enc.p)
    blocks = np.flatnonzero(counts.any(axis=1))
    labels = best_labels(counts[blocks], K=K)
    cuts = np.flatnonzero(labels[1:] != labels[:-1])
    thresholds = tuple(threshold(values[blocks[i]], values[blocks[i + 1]]) for i in cuts)
    leaves = tuple(Leaf(int(labels[i])) for i in np.concatenate(([0], cuts + 1)))
    return IntervalSplit(attr, thresholds, leaves, missing)


def threshold(lo: float, hi: float) -> float:
    """A cut between consecutive distinct values: their midpoint (the greedy learners' one
    rule, without overflow: :func:`~smalltrees.learners.splits.midpoint`), or ``hi`` where the
    midpoint is not above ``lo``, as intervals are closed on the left."""
    mid = midpoint(lo, hi)
    return float(mid) if mid > lo else float(hi)


def majority_label(enc: Encoded, rows: np.ndarray, default: int = 0) -> int:
    """The most frequent class of ``rows`` (the first on ties), ``default`` if there are none."""
    counts = np.bincount(enc.y[rows], minlength=enc.p)
    return int(counts.argmax()) if len(rows) else default


def subset(enc: Encoded, rows: np.ndarray) -> Encoded:
    """The items ``rows`` as a training set of their own (codes and values kept)."""
    return Encoded(y=enc.y[rows], p=enc.p, continuous=enc.continuous,
                   codes=[codes[rows] for codes in enc.codes], values=enc.values)
