"""Branch and bound over the thresholds of continuous root attributes.

A tree whose root splits a continuous attribute at a threshold makes ``L(j) + R(j) + M`` errors:
the best subtree on the ``j`` items below the threshold (in the attribute's order), on the items
above it, and on the items missing the attribute. Both optima are monotone in their item sets,
and one item changes them by at most one:

* ``L(i) <= L(j) <= L(i) + (j - i)`` and ``R(j) <= R(i) <= R(j) + (j - i)`` for ``i <= j``.

So the thresholds between two evaluated ones ``a < j < b`` make at least
``max(L(a), L(b) - (b - j)) + max(R(b), R(a) - (j - a)) + M`` errors, and need no evaluation
when that cannot beat the best tree found so far: the *subinterval* and *neighbourhood* bounds of
ConTree (Brita, van der Linden & Demirovic 2025), which bisects the thresholds the same way.
Every root attribute of every problem (T3 solves many T2 problems at once) is searched at once,
one threshold per open interval per round, so each round is one batch of evaluations.

Ties follow the search order: every candidate has a *key* (its rank in the order of the
exhaustive search); a candidate beats the incumbent with fewer errors, or with as many errors
and a smaller key. A candidate is pruned only when its bound shows it cannot do that, so the
result is the tree the exhaustive search returns.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np


def search_cuts(root: np.ndarray, cut: np.ndarray, key: np.ndarray, missing: np.ndarray,
                problem: np.ndarray, first: np.ndarray, evaluate: Callable,
                best_errors: np.ndarray, best_keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The best (errors, key) of each problem over its incumbent and its candidate thresholds.

    Parameters
    ----------
    root : ndarray of shape (N,)
        Root of each candidate (an index into ``missing`` and ``problem``); candidates are
        grouped by root, and sorted by ``cut`` within a root.
    cut : ndarray of shape (N,)
        Items below the threshold (the prefix size ``j``).
    key : ndarray of shape (N,)
        Tie-break rank of each candidate within its problem (smaller wins ties).
    missing : ndarray
        Errors of the "missing" edge of each root (a lower bound is enough).
    problem : ndarray
        Problem of each root (an index into ``best_errors``).
    first : ndarray of int
        Candidates to evaluate in the first round (good guesses find good trees early).
    evaluate : callable
        ``evaluate(indices, limits, low_left, low_right) -> (left, right, exact)``: the errors
        below and above each threshold, or lower bounds of them where ``exact`` is False, which
        only happens when ``left + right >= limits`` (the candidate cannot win). ``low_left``
        and ``low_right`` are known lower bounds of the two.
    best_errors, best_keys : ndarray
        Each problem's incumbent: errors and key (-1: it beats every candidate of equal errors).

    Returns
    -------
    (ndarray, ndarray)
        The winner's errors and key of each problem.
    """
    n = len(cut)
    best_errors, best_keys = best_errors.copy(), best_keys.copy()
    owner = problem[root]
    left, right = np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64)
    done = np.zeros(n, dtype=bool)
    evaluated = np.zeros(0, dtype=np.int64)  # sorted indices of the evaluated candidates
    alive = np.arange(n)  # candidates neither evaluated nor pruned, in order
    pending = np.asarray(first, dtype=np.int64)
    low_left = low_right = np.zeros(len(pending), dtype=np.int64)
    while True:
        if len(pending):
            mine = owner[pending]
            limits = (best_errors[mine] + (key[pending] < best_keys[mine])
                      - missing[root[pending]])
            got_left, got_right, exact = evaluate(pending, limits, low_left, low_right)
            left[pending], right[pending], done[pending] = got_left, got_right, True
            _update(best_errors, best_keys, mine, got_left + got_right + missing[root[pending]],
                    key[pending], exact)
            evaluated = np.union1d(evaluated, pending)
        alive = alive[~done[alive]]
        if not len(alive):
            return best_errors, best_keys
        # the evaluated neighbours of each living candidate within its root
        place = np.searchsorted(evaluated, alive)
        b = evaluated[np.maximum(place - 1, 0)] if len(evaluated) else alive
        a = evaluated[np.minimum(place, len(evaluated) - 1)] if len(evaluated) else alive
        mine_root = root[alive]
        has_before = (place > 0) & (root[b] == mine_root)
        has_after = (place < len(evaluated)) & (root[a] == mine_root)
        here = cut[alive]
        low_l = np.maximum(np.where(has_before, left[b], 0),
                           np.where(has_after, left[a] - (cut[a] - here), 0))
        low_r = np.maximum(np.where(has_after, right[a], 0),
                           np.where(has_before, right[b] - (here - cut[b]), 0))
        bound = low_l + low_r + missing[mine_root]
        mine = owner[alive]
        errors, winner = best_errors[mine], best_keys[mine]
        keep = (bound < errors) | ((bound == errors) & (key[alive] < winner))
        if not keep.any():
            return best_errors, best_keys
        alive, gap = alive[keep], np.where(has_before, b, -1 - mine_root)[keep]
        middle = _middles(gap)
        pending, low_left, low_right = alive[middle], low_l[keep][middle], low_r[keep][middle]


def _update(best_errors, best_keys, mine, total, key, exact) -> None:
    """Replace each problem's incumbent by its best exact candidate that beats it."""
    won = exact & ((total < best_errors[mine])
                   | ((total == best_errors[mine]) & (key < best_keys[mine])))
    if not won.any():
        return
    mine, total, key = mine[won], total[won], key[won]
    order = np.lexsort((key, total, mine))
    first = order[np.r_[True, mine[order][1:] != mine[order][:-1]]]
    best_errors[mine[first]], best_keys[mine[first]] = total[first], key[first]


def _middles(gap: np.ndarray) -> np.ndarray:
    """The place of the middle survivor of each run of survivors that share a gap between
    evaluated candidates (bisection, as ConTree's)."""
    starts = np.flatnonzero(np.r_[True, gap[1:] != gap[:-1]])
    ends = np.r_[starts[1:], len(gap)]
    return (starts + ends - 1) // 2
