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

FAR = 1 << 40  # beyond any cut: the cut of the sentinels for a missing end of an interval


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
        Candidates to evaluate in the first round, at most one per root (good guesses find
        good trees early).
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
    owner, lost = problem[root], missing[root]  # per candidate
    span = int(cut.max()) + 2
    offset = root * span
    place = offset + cut  # increasing: candidates grouped by root, sorted by cut
    # per candidate its (left, right) errors once evaluated, and its cut; two sentinels stand
    # for "no evaluated end": index n below a root's candidates (cut -FAR), n + 1 above them
    # (cut FAR), both with no errors, so that every bound below holds without a case of its own
    sides = np.zeros((2, n + 2), dtype=np.int64)
    cuts = np.concatenate((cut, [-FAR, FAR]))
    starts = np.flatnonzero(np.concatenate(([True], root[1:] != root[:-1])))
    # the open interval of each pending candidate (at most one per root, in candidate order,
    # so that the intervals stay sorted and their problems non-decreasing): its evaluated
    # ends and the candidates it holds, from ``lo`` to ``hi``
    pending = np.sort(np.asarray(first, dtype=np.int64))
    own = np.searchsorted(starts, pending, side="right") - 1  # the root of each
    state = np.stack((np.full(len(pending), n), np.full(len(pending), n + 1), starts[own],
                      np.append(starts[1:], n)[own] - 1))  # (a, b, lo, hi)
    low = np.zeros((2, len(pending)), dtype=np.int64)
    while len(pending):
        mine = owner[pending]
        limits = best_errors[mine] + (key[pending] < best_keys[mine]) - lost[pending]
        got_left, got_right, exact = evaluate(pending, limits, low[0], low[1])
        sides[0, pending], sides[1, pending] = got_left, got_right
        _update(best_errors, best_keys, mine, got_left + got_right + lost[pending],
                key[pending], exact)
        # each interval splits at its evaluated candidate into two, side by side: sorted still
        split = np.repeat(state, 2, axis=1)
        split[1, 0::2], split[3, 0::2] = pending, pending - 1
        split[0, 1::2], split[2, 1::2] = pending, pending + 1
        state = split[:, split[2] <= split[3]]
        a, b, lo, hi = state  # views: lo and hi narrow in place
        mine = owner[lo]
        ties = key[lo] < best_keys[mine]  # a candidate of equal errors may still win
        budget = best_errors[mine] - lost[lo] - (~ties)  # bounds above it are pruned
        (left_a, left_b), (right_a, right_b) = sides[:, (a, b)]
        cut_a, cut_b = cuts[a], cuts[b]
        # max(L(a), L(b) - (cut_b - c)) + max(R(b), R(a) - (c - cut_a)) <= budget; a cut
        # outside the root's range finds a place outside its candidates, leaving lo > hi
        fits = (left_a + right_b <= budget) & (left_b + right_a - (cut_b - cut_a) <= budget)
        base = offset[lo]
        np.maximum(lo, np.searchsorted(place, base + left_a + right_a + cut_a - budget), out=lo)
        np.minimum(hi, np.searchsorted(place, base + budget + cut_b - left_b - right_b,
                                       side="right") - 1, out=hi)
        keep = fits & (lo <= hi)
        middle = (lo + hi) // 2  # bisection, as ConTree's
        c = cuts[middle]
        bounds = np.empty((2, len(lo)), dtype=np.int64)  # what the ends say of its sides
        np.maximum(left_a, left_b - (cut_b - c), out=bounds[0])
        np.maximum(right_b, right_a - (c - cut_a), out=bounds[1])
        state, pending, low = state[:, keep], middle[keep], bounds[:, keep]
    return best_errors, best_keys


def search_all(root: np.ndarray, key: np.ndarray, missing: np.ndarray, problem: np.ndarray,
               evaluate: Callable, best_errors: np.ndarray,
               best_keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """What :func:`search_cuts` returns (the same parameters, less ``cut`` and ``first``),
    with every candidate evaluated in one call instead of round after round: where all of
    them fit in one batch of the evaluator, the rounds' numpy calls cost more than the
    evaluations they save (T2 on HA at K = 2: 2.3 -> 1.6 CPU-ms a fit; T3 on HA, whose T2
    problems all fit: 35 -> 24)."""
    n = len(key)
    zero = np.zeros(n, dtype=np.int64)
    left, right, exact = evaluate(np.arange(n), np.full(n, FAR), zero, zero)
    best_errors, best_keys = best_errors.copy(), best_keys.copy()
    _update(best_errors, best_keys, problem[root], left + right + missing[root], key, exact)
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
