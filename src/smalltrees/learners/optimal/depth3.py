"""The search of T3: the best tree of TREE(3, n, p, K) on a training set (Auer, Holte & Maass
1995, section 2, Theorem 3, algorithm Td for d = 3).

A tree of TREE(3) is a root test whose every edge ends in a tree of TREE(2) on the edge's items:
a categorical root has an edge per value plus "missing", a continuous root the edges
``gamma < t``, ``gamma >= t`` and "missing" (2 intervals above the last level, as T2's root).
So T3 is the best, over all root tests, of the sum over the root's edges of T2 on the edge's
items: T2 (:func:`~smalltrees.learners.optimal.depth2.two_level`) is exact, hence so is T3.

Most root tests are never completed. Each subtree T2 is asked only whether it can stay below
what its root test needs to beat the best tree so far (T2's ``bound``), and the thresholds of a
continuous root are searched by branch and bound (:mod:`~smalltrees.learners.optimal.cuts`),
since T2's errors on the items below a threshold, like any optimal subtree's, grow with the
items and by at most one per item.

Ties go to the simpler tree (TREE(2) before three levels), then to the root that comes first in
the columns, then to the smallest threshold; each subtree breaks its ties as T2 does.
"""

from __future__ import annotations

from functools import partial

import numpy as np

from smalltrees.learners.optimal.cuts import search_cuts
from smalltrees.learners.optimal.depth2 import _best_single_cut, two_level
from smalltrees.learners.optimal.search import Encoded
from smalltrees.learners.optimal.sets import Sorted
from smalltrees.learners.optimal.stumps import majority_label, subset, threshold
from smalltrees.learners.optimal.tree import CategoricalSplit, IntervalSplit, Leaf


def three_level(enc: Encoded, K: int):
    """(errors, build) of the best tree of TREE(3) on ``enc``; ``build(default)`` makes it."""
    m = len(enc.y)
    srt = Sorted(enc)
    errors, build = two_level(enc, K, srt=srt)
    best = (errors, -1)
    span = m + 1
    for gamma in srt.cat:
        if best == (0, -1):
            break
        best = _categorical_root(enc, gamma, K, gamma * span, best)
    if best != (0, -1):
        best = _continuous_roots(srt, K, span, best)
    if best[1] < 0:
        return best[0], build
    gamma, position = divmod(best[1], span)
    if not enc.continuous[gamma]:
        edges = [np.flatnonzero(enc.codes[gamma] == v) for v in range(enc.n_values[gamma])]
        return best[0], partial(_categorical_tree, enc, gamma, edges, K)
    i = srt.cont.index(gamma)
    order, size = srt.order[i], srt.n_present[i]
    values = enc.values[gamma][srt.sorted_ranks[i, :size]]
    cut = threshold(values[position - 1], values[position]) if position else float(values[0])
    parts = [order[:position], order[position:size], order[size:]]
    return best[0], partial(_interval_tree, enc, gamma, cut, parts, K)


def subtree_errors(enc: Encoded, rows: np.ndarray, K: int, bound: int) -> int:
    """T2's errors on ``rows`` if below ``bound``, else ``bound`` (a lower bound of them)."""
    if bound <= 0:
        return bound
    if len(rows) == 0:
        return 0
    return two_level(subset(enc, rows), K, bound=bound)[0]


def _categorical_root(enc: Encoded, gamma: int, K: int, key: int, best: tuple[int, int]):
    """The better of ``best`` and the categorical root ``gamma`` (given its tie-break key)."""
    edges = [np.flatnonzero(enc.codes[gamma] == v) for v in range(enc.n_values[gamma])]
    limit = best[0] + (key < best[1])  # the root wins with fewer errors than this
    total = 0
    for rows in sorted(edges, key=len, reverse=True):  # the largest edges say the most first
        total += subtree_errors(enc, rows, K, limit - total)
        if total >= limit:
            return best
    return (total, key)


def _continuous_roots(srt: Sorted, K: int, span: int, best: tuple[int, int]):
    """Branch and bound over the thresholds of every continuous root, each threshold's two
    sides solved by T2 with the bound that its candidate needs."""
    enc = srt.enc
    usable = [i for i, s in enumerate(srt.n_present) if s > 0]
    if not usable:
        return best
    roots, cuts, firsts = [], [], []
    offset = 0
    for r, i in enumerate(usable):
        ranks = srt.sorted_ranks[i, : srt.n_present[i]]
        cut = np.flatnonzero(ranks[1:] != ranks[:-1]) + 1
        cut = cut if len(cut) else np.zeros(1, dtype=np.int64)
        roots.append(np.full(len(cut), r))
        cuts.append(cut)
        firsts.append(offset + _best_single_cut(srt, i, cut))
        offset += len(cut)
    root, cut = np.concatenate(roots), np.concatenate(cuts)
    columns = np.array([srt.cont[i] for i in usable])
    orders = [srt.order[i] for i in usable]
    sizes = srt.n_present[usable]
    no_bound = len(enc.y) + 1
    missing = np.array([subtree_errors(enc, order[size:], K, no_bound)
                        for order, size in zip(orders, sizes, strict=True)])

    def evaluate(index, limits, low_left, low_right):
        left, right = low_left.copy(), low_right.copy()
        for k, (r, j, limit) in enumerate(zip(root[index], cut[index], limits, strict=True)):
            sides = [(orders[r][:j], left), (orders[r][j: sizes[r]], right)]
            if len(sides[1][0]) > len(sides[0][0]):  # the larger side says the most first
                sides.reverse()
            (first, first_low), (second, second_low) = sides
            got = subtree_errors(enc, first, K, limit - second_low[k])
            first_low[k] = max(first_low[k], got)
            if got < limit - second_low[k]:
                second_low[k] = max(second_low[k], subtree_errors(enc, second, K, limit - got))
        return left, right, left + right < limits

    return search_cuts(root, cut, columns[root] * span + cut, missing, np.array(firsts),
                       evaluate, best)


def _subtree(enc: Encoded, rows: np.ndarray, K: int, default: int):
    """T2's tree on ``rows`` (a leaf of class ``default`` if there are none)."""
    label = majority_label(enc, rows, default)
    if len(rows) == 0:
        return Leaf(label)
    return two_level(subset(enc, rows), K)[1](label)


def _categorical_tree(enc: Encoded, gamma: int, edges: list, K: int, default: int):
    children = [_subtree(enc, rows, K, default) for rows in edges]
    return CategoricalSplit(gamma, tuple(children[:-1]), children[-1], default)


def _interval_tree(enc: Encoded, gamma: int, cut: float, parts: list, K: int, default: int):
    nodes = [_subtree(enc, rows, K, default) for rows in parts]
    return IntervalSplit(gamma, (cut,), tuple(nodes[:2]), nodes[2])
