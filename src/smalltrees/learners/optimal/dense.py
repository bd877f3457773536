"""The dense both-sides evaluator: the best stumps on both sides of many root thresholds at
once, for two classes, continuous attributes without missing values and K <= 3.

It computes what :func:`~smalltrees.learners.optimal.sets.mask_errors` computes for the sets
below and above a threshold of a continuous root (the evaluations of the branch and bound of
:mod:`~smalltrees.learners.optimal.cuts`), minimised over the leaf and every attribute, without
scattering each set into blocks of all distinct values. An item set ``S`` (one T2 problem) is
kept as its own items in every attribute's order, with ``+1`` for class 0 and ``-1`` for
class 1. For a threshold of root ``g``, the signed count ``C_L`` of the items below it up to
each position of each attribute's order is one prefix sum over an array shaped (positions,
attributes, evaluations); the side above it has ``C_R = C_S - C_L``, ``C_S`` being the set's own
prefix sum. With ``n`` items and signed total ``T`` on a side (the sweeps' notation,
:mod:`~smalltrees.learners.optimal.sweeps`), the best stump over every attribute and every cut
(a leaf included) errs

* K = 1: ``2 e = n - |T|`` (one interval is a leaf);
* K = 2: ``2 e = n - max(|T|, 2 max C - T, T - 2 min C)``, since two intervals cut after ``x``
  classify ``(n + |x| + |T - x|) / 2`` items right and ``|x| + |T - x| = max(|T|, |2x - T|)``;
* K = 3: ``2 e = n - max(T + 2 max_{u <= v} (C(u) - C(v)), -T + 2 max_{u <= v} (C(v) - C(u)))``
  (labels ``+ - +`` or ``- + -``; ``u`` may be the empty prefix, ``C = 0``, and ``u = v``
  gives fewer intervals), a running maximum and a running minimum along the positions.

Maxima and minima are taken over the positions where a cut is allowed, after the last item of a
run of equal values in that attribute's order (a cut there separates any subset of the set as
well). Those positions are selected without a pass of their own: a penalty ``-B`` (``B`` larger
than twice the set) at the others is folded into the summed values, ``E = C + P``, so that
``max E`` and ``min (E - 2P)`` skip them. Every numpy call handles a whole batch of evaluations
of one set.

The general programme (:mod:`~smalltrees.learners.optimal.sets`) stays the reference:
``tests/test_dense.py`` checks this one against it and against a brute force over TREE(2) and
TREE(3).
"""

from __future__ import annotations

import numpy as np

CELLS = 1 << 17  # positions x attributes x evaluations per batch


def applies(enc, K: int) -> bool:
    """Whether the dense evaluator is exact for ``enc`` at ``K``: two classes, every attribute
    continuous and present on every item, K <= 2."""
    return (enc.p == 2 and K <= 2 and all(enc.continuous)
            and all(bool((codes >= 0).all()) for codes in enc.codes))


class DenseSets:
    """The items of each of several item sets in every attribute's order, with their signs,
    penalties and prefix sums (built for all sets at once).

    Parameters
    ----------
    srt : Sorted
        The training set sorted by every (continuous, present) attribute.
    sets : ndarray of shape (P, m), bool
    K : int
    """

    def __init__(self, srt, sets: np.ndarray, K: int):
        order = srt.order
        F, m = order.shape
        self.K = K
        self.dtype = np.int16 if 6 * m + 4 < np.iinfo(np.int16).max else np.int32
        self.by_item = np.ascontiguousarray(srt.position.T)  # (m, F)
        self.sizes = sets.sum(axis=1)
        big = 2 * m + 1
        q, f, j = np.nonzero(sets[:, order])  # grouped by set, then attribute, then position
        items = order[f, j]
        ranks = srt.sorted_ranks[f, j]
        same = np.r_[(q[1:] == q[:-1]) & (f[1:] == f[:-1]), False]  # next is in the segment
        penalty = np.where(same & np.r_[ranks[1:] == ranks[:-1], False], -big, 0)
        first = np.r_[True, ~same[:-1]]
        step = penalty - np.where(first, 0, np.r_[0, penalty[:-1]])  # diff along the segment
        sign = 1 - 2 * srt.enc.y[items].astype(np.int64)
        prefix = np.cumsum(sign)
        starts = np.flatnonzero(first) if len(q) else np.zeros(0, dtype=np.int64)
        lengths = np.diff(np.r_[starts, len(q)])
        prefix -= np.repeat(prefix[starts] - sign[starts], lengths)  # per-segment prefix sums
        self._flat = q, f, j, same & (penalty == 0), prefix, starts, lengths
        self.tables = []
        self.roots = {}  # set -> (n, F, F) position of each of its items in each root's order
        offset = 0
        for n in self.sizes.tolist():
            part = slice(offset, offset + F * n)
            offset += F * n

            def cast(a, part=part, n=n):
                return np.ascontiguousarray(a[part].reshape(F, n).T).astype(self.dtype)

            pen, cs = cast(penalty), cast(prefix)
            stacked = np.stack([cast(sign + step), cast(step), 2 * pen, cs + 2 * pen, cs], axis=1)
            self.tables.append((items[part].reshape(F, n).T, stacked, int(cs[-1, 0]) if n else 0))

    def whole(self) -> np.ndarray:
        """(P,) errors of the best stump (TREE(1)) on each set."""
        out = np.zeros(len(self.tables), dtype=np.int64)
        for s, (_, stacked, total) in enumerate(self.tables):
            if self.sizes[s]:
                cs, pen = stacked[:, 4], stacked[:, 2] // 2
                out[s] = np.ravel(_best(self.K, self.sizes[s], total, (cs + pen)[:, None],
                                        (cs - pen)[:, None]))[0]
        return out

    def candidates(self, ids: np.ndarray):
        """The thresholds of every root of the sets ``ids``, as
        :func:`~smalltrees.learners.optimal.depth2._candidates` gives them for ``sets[ids]``
        (the same candidates, first guesses and order), read off the sets' own prefix sums."""
        q, f, j, cuts, prefix, starts, lengths = self._flat
        if not len(q):
            return None
        wanted = np.zeros(len(self.sizes), dtype=bool)
        wanted[ids] = True
        segment = np.repeat(np.arange(len(starts)), lengths)
        inner = np.flatnonzero(cuts & wanted[q])  # a cut after element e, before e + 1
        alone = starts[(np.bincount(segment[cuts], minlength=len(starts)) == 0)
                       & wanted[q[starts]]]  # a single distinct value: one cut below it
        e = np.r_[inner, alone]
        if not len(e):
            return None
        below = np.r_[inner - starts[segment[inner]] + 1, np.zeros(len(alone), dtype=np.int64)]
        at = j[np.r_[inner + 1, alone]]
        signed = np.r_[prefix[inner], np.zeros(len(alone), dtype=np.int64)]
        n = self.sizes[q[e]]
        total = np.array([t for _, _, t in self.tables], dtype=np.int64)[q[e]]
        purity = (below - np.abs(signed) + n - below - np.abs(total - signed)) // 2
        order = np.lexsort((below, f[e], q[e]))
        e, below, at, purity = e[order], below[order], at[order], purity[order]
        new_root = np.r_[True, segment[e][1:] != segment[e][:-1]]
        root = np.cumsum(new_root) - 1
        best = np.lexsort((below, purity, root))
        first = best[np.r_[True, root[best][1:] != root[best][:-1]]]
        rank = np.cumsum(wanted) - 1  # the place of each wanted set among ``ids``
        starts = e[new_root]
        return root, below, at, first, rank[q[starts]], f[starts]

    def evaluate(self, sets: np.ndarray, roots: np.ndarray, at: np.ndarray, below: np.ndarray):
        """Errors of the best stumps on both sides of thresholds.

        Parameters
        ----------
        sets : ndarray of int
            The set of each evaluation (non-decreasing).
        roots : ndarray of int
            Its root attribute (an index into the continuous attributes).
        at : ndarray of int
            The position, in the root's order over all items, of the first item above it.
        below : ndarray of int
            The set's items below it.

        Returns
        -------
        left, right : ndarray of int64
        """
        left, right = np.empty(len(sets), dtype=np.int64), np.empty(len(sets), dtype=np.int64)
        bounds = np.flatnonzero(np.r_[True, sets[1:] != sets[:-1], True])
        F = self.by_item.shape[1]
        for lo, hi in zip(bounds[:-1], bounds[1:], strict=True):
            s = int(sets[lo])
            n = int(self.sizes[s])
            step = max(1, CELLS // max(1, n * F))
            for a in range(lo, hi, step):
                b = min(a + step, hi)
                left[a:b], right[a:b] = self._sides(s, n, roots[a:b], at[a:b], below[a:b])
        return left, right

    def _positions(self, s):
        """(n, F, F): the position of the set's item at each place of each attribute's order
        in each root's order (built at the set's first evaluation)."""
        if s not in self.roots:
            items = self.tables[s][0]
            self.roots[s] = self.by_item[items].astype(self.dtype).transpose(0, 2, 1).copy()
        return self.roots[s]

    def _sides(self, s, n, roots, at, below):
        R = len(roots)
        if n == 0:
            zeros = np.zeros(R, dtype=np.int64)
            return zeros, zeros
        _, stacked, total = self.tables[s]
        F = stacked.shape[-1]
        limit = np.repeat(at.astype(self.dtype), F).reshape(1, R, F)
        lower = np.take(self._positions(s), roots, axis=1) < limit  # (n, R, F)
        tiles = np.take(stacked, np.repeat(np.arange(5), R), axis=1)  # (n, 5R, F)
        signed, step, pen2, cs2p, cs = (tiles[:, k * R:(k + 1) * R] for k in range(5))
        E = np.where(lower, signed, step)
        _scan(E.reshape(n, -1))
        t_left = E[-1, :, 0].astype(np.int64)
        left = _best(self.K, below, t_left, E, E - pen2)
        right = _best(self.K, n - below, total - t_left, cs2p - E, cs - E)
        return left, right


def _best(K, n, total, E, L):
    """Errors of the best stump from ``E = C + P`` and ``L = C - P``, shaped (positions,
    evaluations, attributes), per evaluation."""
    n, total = np.asarray(n, dtype=np.int64), np.asarray(total, dtype=np.int64)
    if K == 1:
        return (n - np.abs(total)) // 2
    if K == 2:
        high = E.max(axis=0).max(axis=-1).astype(np.int64)
        low = L.min(axis=0).min(axis=-1).astype(np.int64)
        return (n - np.maximum(np.abs(total), np.maximum(2 * high - total, total - 2 * low))) // 2
    raise NotImplementedError


def _scan(W: np.ndarray) -> None:
    """Cumulative sums along axis 0 of a C-contiguous 2-D array, in place, in about
    ``3 sqrt(len(W))`` numpy calls over whole rows (``np.cumsum`` along that axis runs one
    column at a time and is several times slower here)."""
    n = len(W)
    b = max(1, int(np.sqrt(n)))
    full = n // b * b
    blocks = W[:full].reshape(n // b, b, -1)
    for i in range(1, b):
        blocks[:, i] += blocks[:, i - 1]
    for k in range(1, n // b):
        blocks[k] += blocks[k - 1, -1]
    for i in range(full, n):
        W[i] += W[i - 1]
