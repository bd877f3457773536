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
one threshold per open interval per round, so each round is one batch of evaluations. The
search keeps only the open intervals (the gaps between evaluated thresholds that may still hold
a winner): the bound above is convex in the threshold, so the thresholds of a gap that survive
it form one run, found by two binary searches, and a round costs in proportion to the open
intervals, not to all candidates.

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
    if n == 0:
        return best_errors, best_keys
    owner = problem[root]
    span = int(cut.max()) + 2
    place = root * span + cut  # increasing: candidates grouped by root, sorted by cut
    left, right = np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64)
    starts = np.flatnonzero(np.concatenate(([True], root[1:] != root[:-1])))
    # the open interval of each pending candidate: its evaluated ends (-1: none) and the
    # candidates it holds, from ``lo`` to ``hi``
    pending = np.asarray(first, dtype=np.int64)
    before, after = np.full(len(pending), -1), np.full(len(pending), -1)
    own = np.searchsorted(starts, pending, side="right") - 1  # the root of each
    lo, hi = starts[own], np.append(starts[1:], n)[own] - 1
    low_left = low_right = np.zeros(len(pending), dtype=np.int64)
    while len(pending):
        mine = owner[pending]
        limits = (best_errors[mine] + (key[pending] < best_keys[mine])
                  - missing[root[pending]])
        got_left, got_right, exact = evaluate(pending, limits, low_left, low_right)
        left[pending], right[pending] = got_left, got_right
        _update(best_errors, best_keys, mine, got_left + got_right + missing[root[pending]],
                key[pending], exact)
        # each interval splits at its evaluated candidate
        a, b = np.concatenate((before, pending)), np.concatenate((pending, after))
        lo, hi = np.concatenate((lo, pending + 1)), np.concatenate((pending - 1, hi))
        a, b, lo, hi = (v[lo <= hi] for v in (a, b, lo, hi))
        ranked = np.argsort(lo, kind="stable")
        a, b, lo, hi = a[ranked], b[ranked], lo[ranked], hi[ranked]
        r = root[lo]
        mine = owner[lo]
        ties = key[lo] < best_keys[mine]  # a candidate of equal errors may still win
        budget = best_errors[mine] - missing[r] - (~ties)  # bounds above it are pruned
        has_a, has_b = a >= 0, b >= 0
        left_a, right_a = np.where(has_a, left[a], 0), np.where(has_a, right[a], 0)
        left_b, right_b = np.where(has_b, left[b], 0), np.where(has_b, right[b], 0)
        cut_a, cut_b = cut[a], cut[b]
        # max(L(a), L(b) - (cut_b - c)) + max(R(b), R(a) - (c - cut_a)) <= budget
        fits = (left_a + right_b <= budget) & ~(
            has_a & has_b & (left_b + right_a - (cut_b - cut_a) > budget))
        # unclipped: a cut outside the root's range finds a place outside its candidates, which
        # then leaves lo > hi (a root's places are r * span + cut, 0 <= cut <= span - 2)
        low_cut = np.where(has_a, left_a + right_a + cut_a - budget, -1)
        high_cut = np.where(has_b, budget + cut_b - left_b - right_b, span - 1)
        lo = np.maximum(lo, np.searchsorted(place, r * span + low_cut, side="left"))
        hi = np.minimum(hi, np.searchsorted(place, r * span + high_cut, side="right") - 1)
        keep = fits & (lo <= hi)
        before, after, lo, hi = a[keep], b[keep], lo[keep], hi[keep]
        pending = (lo + hi) // 2  # bisection, as ConTree's
        c = cut[pending]
        low_left = np.maximum(left_a[keep], np.where(has_b[keep], left_b[keep] - (cut_b[keep] - c),
                                                     0))
        low_right = np.maximum(right_b[keep], np.where(has_a[keep],
                                                       right_a[keep] - (c - cut_a[keep]), 0))
    return best_errors, best_keys


def _update(best_errors, best_keys, mine, total, key, exact) -> None:
    """Replace each problem's incumbent by its best exact candidate that beats it."""
    won = exact & ((total < best_errors[mine])
                   | ((total == best_errors[mine]) & (key < best_keys[mine])))
    if not won.any():
        return
    mine, total, key = mine[won], total[won], key[won]
    order = np.lexsort((key, total, mine))
    first = order[np.concatenate(([True], mine[order][1:] != mine[order][:-1]))]
    best_errors[mine[first]], best_keys[mine[first]] = total[first], key[first]
