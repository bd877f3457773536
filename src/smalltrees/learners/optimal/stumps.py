"""Building the nodes of T1, T2 and T3: the best stump on given items, thresholds, majorities.

A *stump* is a node of the last level of a tree of TREE(d, n, p, K): a leaf, a categorical
attribute with one edge per value plus "missing", or a continuous attribute with at most K
intervals plus "missing", every edge ending in a leaf (Auer et al. 1995, section 2).
"""

from __future__ import annotations

import numpy as np

from smalltrees.learners.optimal.intervals import group_labels
from smalltrees.learners.optimal.search import Encoded
from smalltrees.learners.optimal.tree import CategoricalSplit, IntervalSplit, Leaf
from smalltrees.learners.splits import midpoint


def stump(enc: Encoded, attr: int, rows: np.ndarray, default: int, *, K: int):
    """The best stump on ``rows`` querying ``attr`` (a leaf if ``attr`` is -1)."""
    return stumps(enc, [(attr, rows, default)], K=K)[0]


def stumps(enc: Encoded, specs, *, K: int) -> list:
    """The best stumps of ``specs``, ``(attr, rows, default)`` each (as :func:`stump`), built
    together: the interval labellings of the continuous ones come from one call of
    :func:`~smalltrees.learners.optimal.intervals.group_labels` (the edges of a categorical
    root ask for one stump per value; one merge-sort tree over all of them costs the numpy
    steps of one)."""
    nodes, pending = [], []  # pending: (index, attr, blocks, missing leaf) of interval stumps
    parts = []
    for attr, rows, default in specs:
        if attr < 0:
            nodes.append(Leaf(default))
            continue
        codes, y = enc.codes[attr][rows], enc.y[rows]
        if not enc.continuous[attr]:
            counts = np.bincount(codes * enc.p + y, minlength=enc.n_values[attr] * enc.p)
            leaves = [Leaf(int(c.argmax()) if c.any() else default)
                      for c in counts.reshape(-1, enc.p)]
            nodes.append(CategoricalSplit(attr, tuple(leaves[:-1]), leaves[-1], default))
            continue
        present = codes >= 0
        missing_counts = np.bincount(y[~present], minlength=enc.p)
        missing = Leaf(int(missing_counts.argmax()) if missing_counts.any() else default)
        if not present.any():
            nodes.append(IntervalSplit(attr, (), (Leaf(default),), missing))
            continue
        # the class counts of every value (codes are dense ranks), then of the rows' own blocks
        counts = np.bincount(codes[present] * enc.p + y[present],
                             minlength=len(enc.values[attr]) * enc.p).reshape(-1, enc.p)
        blocks = np.flatnonzero(counts.any(axis=1))
        pending.append((len(nodes), attr, blocks, missing))
        parts.append(counts[blocks])
        nodes.append(None)
    if not pending:
        return nodes
    sizes = [len(blocks) for _, _, blocks, _ in pending]
    labelled = group_labels(np.concatenate(parts), np.repeat(np.arange(len(sizes)), sizes),
                            len(sizes), K=K)
    for (index, attr, blocks, missing), labels in zip(
            pending, np.split(labelled, np.cumsum(sizes)[:-1]), strict=True):
        values = enc.values[attr]
        cuts = np.flatnonzero(labels[1:] != labels[:-1])
        thresholds = tuple(threshold(values[blocks[i]], values[blocks[i + 1]]) for i in cuts)
        leaves = tuple(Leaf(int(labels[i])) for i in np.concatenate(([0], cuts + 1)))
        nodes[index] = IntervalSplit(attr, thresholds, leaves, missing)
    return nodes


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
