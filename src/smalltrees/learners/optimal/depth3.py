"""The search of T3: the best tree of TREE(3, n, p, K) on a training set (Auer, Holte & Maass
1995, section 2, Theorem 3, algorithm Td for d = 3).

A tree of TREE(3) is a root test whose every edge ends in a tree of TREE(2) on the edge's items:
a categorical root has an edge per value plus "missing", a continuous root the edges
``gamma < t``, ``gamma >= t`` and "missing" (2 intervals above the last level, as T2's root).
So T3 is the best, over all root tests, of the sum over the root's edges of T2 on the edge's
items: T2 (:func:`~smalltrees.learners.optimal.depth2.two_level`) is exact, hence so is T3.

Most root tests are never completed. Each subtree T2 is asked only whether it can stay below
what its root test needs to beat the best tree so far (the ``bounds`` of
:func:`~smalltrees.learners.optimal.depth2.two_level_errors`), and the thresholds of a
continuous root are searched by branch and bound (:mod:`~smalltrees.learners.optimal.cuts`),
since T2's errors on the items below a threshold, like any optimal subtree's, grow with the
items and by at most one per item. The T2 problems of a round (both sides of one threshold of
every open interval of every root) are solved together.

Ties go to the simpler tree (TREE(2) before three levels), then to the root that comes first in
the columns, then to the smallest threshold; each subtree breaks its ties as T2 does.
"""

from __future__ import annotations

from functools import partial

import numpy as np

from smalltrees.learners.optimal.cuts import search_cuts
from smalltrees.learners.optimal.depth2 import (
    _candidates,
    best_two_level,
    two_level,
    two_level_errors,
    two_level_tree,
)
from smalltrees.learners.optimal.search import Encoded
from smalltrees.learners.optimal.sets import Sorted
from smalltrees.learners.optimal.stumps import majority_label, subset, threshold
from smalltrees.learners.optimal.tree import CategoricalSplit, IntervalSplit, Leaf


def three_level(enc: Encoded, *, K: int):
    """(errors, build) of the best tree of TREE(3) on ``enc``; ``build(default)`` makes it."""
    m = len(enc.y)
    srt = Sorted(enc)
    errors, guess = best_two_level(srt, K=K)
    build = two_level_tree(srt, guess, K=K)
    best = (np.array([errors]), np.array([-1]))
    span = m + 1
    if errors > 0 and srt.cat:
        best = _categorical_roots(srt, span, best, K=K)
    part_keys = None
    if best[0][0] > 0 or best[1][0] >= 0:
        best, part_keys = _continuous_roots(srt, span, best, guess, K=K)
    errors, key = int(best[0][0]), int(best[1][0])
    if key < 0:
        return errors, build
    gamma, position = divmod(key, span)
    if not enc.continuous[gamma]:
        edges = [np.flatnonzero(enc.codes[gamma] == v) for v in range(enc.n_values[gamma])]
        return errors, partial(_categorical_tree, enc, gamma, edges, K=K)
    i = srt.cont.index(gamma)
    order, size = srt.order[i], srt.n_present[i]
    values = enc.values[gamma][srt.sorted_ranks[i, :size]]
    cut = threshold(values[position - 1], values[position]) if position else float(values[0])
    parts = [order[:position], order[position:size], order[size:]]
    return errors, partial(_interval_tree, enc, gamma, cut, parts, part_keys, K=K)


def _categorical_roots(srt: Sorted, span: int, best, *, K: int):
    """The better of ``best`` and every categorical root, its edges' T2 problems solved
    together, each bounded by the errors the whole tree has to beat."""
    enc = srt.enc
    sizes = [enc.n_values[gamma] for gamma in srt.cat]
    edges = np.concatenate([enc.codes[gamma][None, :] == np.arange(b)[:, None]
                            for gamma, b in zip(srt.cat, sizes, strict=True)])
    bounds = np.full(len(edges), best[0][0] + 1)
    errors = two_level_errors(srt, edges, bounds, K=K)[0]
    totals = np.add.reduceat(errors, np.cumsum([0, *sizes[:-1]]))
    for gamma, total in zip(srt.cat, totals, strict=True):
        if total < best[0][0]:  # a later root wins only with fewer errors
            best = (np.array([total]), np.array([gamma * span]))
    return best


def _continuous_roots(srt: Sorted, span: int, best, guess: int, *, K: int):
    """Branch and bound over the thresholds of every continuous root, both sides of every
    threshold of a round solved as T2 problems together, with the bounds they need.

    The search starts from the tree with T2's root (key ``guess``) where that root is a
    continuous threshold: T2 on both of its sides is solved first, before any other root
    test, so that the incumbent the search prunes by is already close to the optimum (T3 on
    PA: 13,400 -> 11,500 evaluations, 5 errors against T2's 48 and the optimum's 2). The
    candidate only replaces the incumbent when it beats it as any candidate would (fewer
    errors, or as many and a smaller key), so the result is unchanged.

    Returns the winner (errors, key) and, if it is one of these thresholds, the keys of T2's
    trees on its three edges (below, above, missing; :func:`two_level_errors`' keys), kept
    from the evaluation that found it so that building the tree needs no T2 search again;
    else None."""
    m = len(srt.enc.y)
    cand = _candidates(srt, np.ones((1, m), dtype=bool))
    if cand is None:
        return best, None
    root, cut, at, first, problem, attr = cand
    positions = srt.position[attr]
    present = positions < srt.n_present[attr][:, None]
    # the "missing" edge's T2 problems; an edge without items errs nowhere (key -1), as T2
    # finds, so only the roots some item misses are solved (none on IR: 0.4 of 20 CPU-ms)
    missing = np.zeros(len(attr), dtype=np.int64)
    missing_keys = np.full(len(attr), -1, dtype=np.int64)
    lost = np.flatnonzero(~present.all(axis=1))
    if len(lost):
        missing[lost], missing_keys[lost] = two_level_errors(
            srt, ~present[lost], np.full(len(lost), m + 1), K=K)
    found = np.full((2, len(cut)), -1, dtype=np.int64)  # T2's keys where solved exactly

    def evaluate(index, limits, low_left, low_right):
        r = root[index]
        below = positions[r] < at[index, None]
        above = present[r] & ~below
        bounds = np.concatenate([limits - low_right, limits - low_left])
        errors, sides = _bounded(srt, np.concatenate([below, above]), bounds, K=K)
        left = np.maximum(low_left, errors[: len(index)])
        right = np.maximum(low_right, errors[len(index):])
        exact = left + right < limits  # then both sides are below their bounds
        found[:, index[exact]] = sides.reshape(2, -1)[:, exact]
        return left, right, exact

    keys = np.array(srt.cont)[attr][root] * span + cut
    best = _seeded(best, np.flatnonzero(keys == guess), keys, missing[root], evaluate)
    best = search_cuts(root, cut, keys, missing, problem, first, evaluate, *best)
    won = np.flatnonzero(keys == best[1][0])
    if not len(won):
        return best, None
    return best, (*found[:, won[0]], missing_keys[root[won[0]]])


def _seeded(best, seed: np.ndarray, keys: np.ndarray, missing: np.ndarray, evaluate):
    """The incumbent ``best`` or the candidate ``seed`` (none or one index), whichever wins
    (fewer errors, or as many and a smaller key); the seed's sides are solved only below the
    bound the search would give them. ``missing`` is per candidate."""
    if not len(seed):
        return best
    limits = best[0] + (keys[seed] < best[1]) - missing[seed]
    zero = np.zeros(1, dtype=np.int64)
    left, right, exact = evaluate(seed, limits, zero, zero)
    return (left + right + missing[seed], keys[seed]) if exact[0] else best


def _bounded(srt: Sorted, sets: np.ndarray, bounds: np.ndarray, *, K: int):
    """T2's errors on each set where below its bound, else the bound (nothing is solved for a
    bound <= 0), and the winner's key where below it (see :func:`two_level_errors`)."""
    errors = np.minimum(bounds, 0)
    keys = np.full(len(sets), -1, dtype=np.int64)
    solve = bounds > 0
    errors[solve], keys[solve] = two_level_errors(srt, sets[solve], bounds[solve], K=K)
    return errors, keys


def _subtree(enc: Encoded, rows: np.ndarray, default: int, key: int | None = None, *,
             K: int):
    """T2's tree on ``rows`` (a leaf of class ``default`` if there are none); with ``key``
    (the winner's key of :func:`two_level_errors` on these rows among all ``m`` items) it is
    built without searching again."""
    label = majority_label(enc, rows, default)
    if len(rows) == 0:
        return Leaf(label)
    if key is None:
        return two_level(subset(enc, rows), K=K)[1](label)
    if key >= 0:  # the same root and prefix, numbered among the rows' own items
        beta, position = divmod(key, len(enc.y) + 1)
        key = beta * (len(rows) + 1) + position
    return two_level_tree(Sorted(subset(enc, rows)), key, K=K)(label)


def _categorical_tree(enc: Encoded, gamma: int, edges: list, default: int, *, K: int):
    children = [_subtree(enc, rows, default, K=K) for rows in edges]
    return CategoricalSplit(gamma, tuple(children[:-1]), children[-1], default)


def _interval_tree(enc: Encoded, gamma: int, cut: float, parts: list, part_keys, default: int,
                   *, K: int):
    keys = [None] * len(parts) if part_keys is None else part_keys
    nodes = [_subtree(enc, rows, default, key, K=K)
             for rows, key in zip(parts, keys, strict=True)]
    return IntervalSplit(gamma, (cut,), tuple(nodes[:2]), nodes[2])
