"""The dense both-sides evaluator: the best stumps on both sides of many root thresholds at
once, for two classes, continuous attributes without missing values and K <= 3.

It computes what :func:`~smalltrees.learners.optimal.sets.mask_errors` computes for the sets
below and above a threshold of a continuous root (the evaluations of the branch and bound of
:mod:`~smalltrees.learners.optimal.cuts`), minimised over the leaf and every attribute, without
scattering each set into blocks of all distinct values. An item set ``S`` (one T2 problem) is
kept as its own items in every attribute's order, with ``+1`` for class 0 and ``-1`` for
class 1. For a threshold of root ``g``, the signed count ``C_L`` of the items below it up to
each position of each attribute's order is one prefix sum over an array of all the
evaluations of a batch (see the layouts below); the side above it has ``C_R = C_S - C_L``,
``C_S`` being the set's own prefix sum. With ``n`` items and signed total ``T`` on a side
(the sweeps' notation, :mod:`~smalltrees.learners.optimal.sweeps`), the best stump over every
attribute and every cut (a leaf included) errs

* K = 1: ``2 e = n - |T|`` (one interval is a leaf);
* K = 2: ``2 e = n - max(|T|, 2 max C - T, T - 2 min C)``, since two intervals cut after ``x``
  classify ``(n + |x| + |T - x|) / 2`` items right and ``|x| + |T - x| = max(|T|, |2x - T|)``;
* K = 3: three intervals labelled ``+ - +`` (class 0, 1, 0) cut after ``a <= b`` classify
  ``(n + T) / 2 + C(a) - C(b)`` items right, and ``- + -`` ``(n - T) / 2 + C(b) - C(a)``
  (the two-class programme of :mod:`~smalltrees.learners.optimal.sweeps`), so
  ``2 e = n - max(T + 2 X, 2 Y - T)`` with ``X = max_{a <= b} C(a) - C(b)`` and
  ``Y = max_{a <= b} C(b) - C(a)``: fewer intervals are the cases ``a = b`` and ``b`` the
  last item (``a`` before the first item adds nothing: ``T + 2 (0 - C(b))`` is ``2 Y - T`` at
  ``a = b``, ``b`` the last). Each is a running maximum (or minimum) along the positions and
  one maximum.

(More classes, and K >= 4, need one prefix sum per class:
:mod:`~smalltrees.learners.optimal.dense_classes`.)

Maxima and minima are taken over the positions where a cut is allowed, after the last item of a
run of equal values in that attribute's order (a cut there separates any subset of the set as
well). Those positions are selected without a pass of their own: a penalty ``-B`` (``B`` larger
than twice the set) at the others is folded into the summed values, ``E = C + P``, so that
``max E`` and ``min (E - 2P)`` skip them (so do the running extrema of K = 3); the side
above gets ``C_R + P = C_S + (2P - E)`` and ``C_R - P = C_S - E``. The summed values are the
item's sign times whether it lies below the threshold, plus the penalty's step (a product and a
sum: ``np.where`` measured four times slower on int16). The four arrays ``C + P`` and
``P - C`` of both sides are written into one array, ``E`` first, then scanned in place, so
one reduction (one running maximum for K = 3) serves all four extremes. Every numpy call
handles a batch of evaluations of one set, the set's own operands broadcast along the leading
axis, the extremes one reduction over contiguous blocks (the layouts and scans:
:meth:`DenseSets._extremes`).

The general programme (:mod:`~smalltrees.learners.optimal.sets`) stays the reference:
``tests/learners/test_dense.py`` checks this one against it and against a brute force over
TREE(2) and TREE(3).
"""

from __future__ import annotations

import numpy as np

from smalltrees.learners.optimal.scans import cumulative_sums, prefix_sums

CELLS = 1 << 17  # positions x attributes x evaluations per batch
MAX_CELLS = 1 << 15  # items x attributes up to which K = 3 uses it (see pays)
MAX_CLASS_CELLS = 1 << 19  # classes x items x attributes up to which more classes use it
MIN_BLOCKS = 1 / 8  # distinct values per item-attribute pair from which K layers pay
INT16_MAX = int(np.iinfo(np.int16).max)  # once: np.iinfo costs ~6 us a call


def pays(enc, *, K: int) -> bool:
    """Whether the dense evaluator is expected to be faster than the general programme, by the
    training set's item-attribute pairs (T2 or T3 forced one way and the other, CPU-s, best of
    2-5, measured in the fourth session):

    * two classes, K <= 2: always; it won on every size tried, from a 12-row toy (T3 8.6 vs
      12.2 ms) and AP (742 pairs, T3 0.053 vs 0.097) to SB (262k pairs, T2 0.23 vs 0.31), MA
      (190k, 0.22 vs 0.51) and 64k synthetic rows (256k, 0.19 vs 0.45);
    * two classes, K = 3: up to ``MAX_CELLS`` (won on the toy, HA, 918 pairs: T3 0.071 vs
      0.087, AP: 0.053 vs 0.093, 4k synthetic rows, 16k pairs: T2 0.066 vs 0.127); above it
      the general programme's sweep over the distinct values can be cheaper than the passes
      over every item (16k synthetic rows, 64k pairs: T2 0.455 vs 0.349), though not
      everywhere (S47, 77k: 0.31 vs 0.41; MA, 190k: 0.64 vs 1.05);
    * more classes (K <= 2, one pass per class): up to ``MAX_CLASS_CELLS`` classes x pairs (won
      on IR, 1.8k: T3 0.026 vs 0.036, and SG, 307k: T2 0.10 vs 0.15; lost on SA, 1.39M: 2.03 vs
      0.55, SU, 3.65M: 1.11 vs 0.36, LE, 8.3M: 3.86 vs 0.39);
    * K intervals layer by layer (more classes at K >= 3, two classes at K >= 4,
      :mod:`~smalltrees.learners.optimal.dense_classes`; sixteenth session): up to
      ``MAX_CLASS_CELLS`` as well, and only where the attributes have at least ``MIN_BLOCKS``
      distinct values per pair, since the general programme sweeps the distinct values and
      this one every item (T2 or T3, general vs dense, CPU-s: won on GL, 0.49 distinct values
      per pair, K = 7: T3 4.10 vs 0.60; WI, 0.55, K = 4: T3 0.198 vs 0.049; SG, 0.34, K = 8:
      T2 2.34 vs 0.49; IO, 0.68, K = 4: T2 0.128 vs 0.034; BU, 0.16, K = 4: T3 0.57 vs 0.47;
      PI, 0.20, K = 4: T3 4.6 vs 1.9; lost on HA, 0.10: T3 0.058 vs 0.113; TR, 0.058: T3 0.30
      vs 0.35; S47, 0.022: T2 0.14 vs 0.56; SB, 0.058: T2 0.20 vs 0.52; SA, 0.012, K = 7: T2
      0.95 vs 14.3).
    """
    pairs = len(enc.y) * len(enc.codes)
    if enc.p > 2 or K > 3:
        blocks = sum(len(values) for values in enc.values)
        return enc.p * pairs <= MAX_CLASS_CELLS and (K <= 2 or blocks >= MIN_BLOCKS * pairs)
    return K <= 2 or pairs <= MAX_CELLS


def applies(enc) -> bool:
    """Whether a dense evaluator is exact for ``enc``: every attribute continuous and present
    on every item (two classes at K <= 3: this module; otherwise
    :mod:`~smalltrees.learners.optimal.dense_classes`)."""
    # one pass over all codes: a test per attribute cost PA's T3 0.6 ms (13 calls of 55 us)
    return all(enc.continuous) and bool(np.concatenate([[0], *enc.codes]).min() >= 0)


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

    def __init__(self, srt, sets: np.ndarray, *, K: int):
        order = srt.order
        F, m = order.shape
        self.K = K
        self.positions_last = K <= 2  # the layout of the arrays of a batch (see _extremes)
        self.layers = 1  # arrays per evaluation (see evaluate)
        self.dtype = np.int16 if 6 * m + 4 < INT16_MAX else np.int32
        # positions in the narrowest type that holds m (bytes up to 255 items, 16 bits up to
        # 65,535): fewer bytes gathered and compared than in the evaluator's type (a batch's
        # gather and compare, 11 x 22 x 120 positions: 9.8 -> 6.8 us; T3 at K = 2,
        # alternating in one process, median ratio: PA 0.94-0.99, G2 0.96, IR 0.97, WI 1.01)
        self.place_dtype = np.min_scalar_type(m)
        self.by_root = np.ascontiguousarray(srt.position, dtype=self.place_dtype)  # (F, m)
        self.sizes = sets.sum(axis=1)
        big = 2 * m + 1
        # grouped by set, then attribute, then position (a flat index: 3x faster than nonzero)
        q = np.repeat(np.arange(len(sets)), F * self.sizes)
        within = np.flatnonzero(sets[:, order]) - q * (F * m)
        f = within // m
        j = within - f * m
        items, ranks = np.take(order, within), np.take(srt.sorted_ranks, within)
        same = np.append((q[1:] == q[:-1]) & (f[1:] == f[:-1]), False)  # next is in the segment
        penalty = np.where(same & np.append(ranks[1:] == ranks[:-1], False), -big, 0)
        penalty = penalty.astype(self.dtype)
        first = np.concatenate(([True], ~same[:-1]))
        step = penalty - np.where(first, 0, np.concatenate(([0], penalty[:-1])))  # the diff
        # per item, gathered (the classes first: more classes scan rows)
        sign = np.take(self._signs(srt.enc.y.astype(np.int64), srt.enc.p, self.dtype), items,
                       axis=-1)  # C-ordered, unlike [..., items]
        prefix = sign.copy()  # in the evaluator's dtype: int64 maxima were 5x slower
        cumulative_sums(prefix)
        starts = np.flatnonzero(first) if len(q) else np.zeros(0, dtype=np.int64)
        lengths = np.diff(np.append(starts, len(q)))
        # restarting at each segment
        prefix -= np.repeat(prefix[..., starts] - sign[..., starts], lengths, axis=-1)
        self._flat = q, f, j, items, sign, step, penalty, prefix, starts, lengths
        self.offsets = np.concatenate(([0], np.cumsum(F * self.sizes)))  # each set's part
        last = self.offsets[:-1] + self.sizes - 1
        self.totals = np.zeros((len(self.sizes),) + sign.shape[:-1], dtype=np.int64)
        if len(q):
            full = self.sizes > 0
            self.totals[full] = prefix[..., last[full]].T
        self.cuts = same & (penalty == 0)  # a cut between element e and e + 1
        self.tables = {}  # set -> its arrays in the evaluator's layout, when evaluated
        self.roots = {}  # set -> the position of each of its items in each root's order

    @staticmethod
    def _signs(labels: np.ndarray, p: int, dtype) -> np.ndarray:
        """Each item's contribution to the prefix sums: +1 for class 0, -1 for class 1."""
        return (1 - 2 * labels).astype(dtype)

    def _table(self, s: int):
        """(items, stacked, total) of set ``s``: its items at each position of each attribute's
        order (F, n); the signed values, the step of the penalty, twice the penalty and
        ``C_S`` stacked (4, F, n) or (4, n, F) (:meth:`_arranged`); its signed total."""
        if s not in self.tables:
            _, _, _, items, sign, step, penalty, prefix, _, _ = self._flat
            n, F = int(self.sizes[s]), self.by_root.shape[0]
            part = slice(self.offsets[s], self.offsets[s + 1])
            columns = np.stack([sign[part], step[part], 2 * penalty[part], prefix[part]])
            self.tables[s] = (items[part].reshape(F, n), self._arranged(columns.reshape(4, F, n)),
                              int(self.totals[s]))
        return self.tables[s]

    def _arranged(self, values: np.ndarray, dtype=None) -> np.ndarray:
        """``values`` shaped (..., F, n), contiguous in the evaluator's layout and ``dtype``
        (by default the evaluator's): positions last at K <= 2, else (..., n, F) (see
        :meth:`_extremes`)."""
        arranged = values if self.positions_last else np.swapaxes(values, -1, -2)
        return np.ascontiguousarray(arranged, dtype=dtype or self.dtype)

    def _sums(self, W: np.ndarray) -> None:
        """Prefix sums along the positions of ``W`` (in the evaluator's layout), in place."""
        if self.positions_last:
            cumulative_sums(W)
        else:
            W = W.reshape((-1,) + W.shape[-2:])
            prefix_sums(W, np.empty_like(W))

    def _last(self, W: np.ndarray) -> np.ndarray:
        """``W``'s values at the last position of the first attribute's order."""
        return W[..., 0, -1] if self.positions_last else W[..., -1, 0]

    def whole(self) -> np.ndarray:
        """(P,) errors of the best stump (TREE(1)) on each set."""
        out = np.zeros(len(self.sizes), dtype=np.int64)
        full = np.flatnonzero(self.sizes > 0)
        if len(full):
            out[full] = self._best(self.offsets[full], full)
        return out

    def _best(self, at: np.ndarray, sets: np.ndarray) -> np.ndarray:
        """Errors of the best stump over each group of consecutive elements of the flat
        arrays starting at ``at`` (all of a set's attributes), of set ``sets``."""
        _, _, _, _, _, _, penalty, prefix, _, _ = self._flat
        raised, lowered = prefix + penalty, prefix - penalty
        if self.K < 3:
            first = np.maximum.reduceat(raised, at)
            second = -np.minimum.reduceat(lowered, at)
        else:  # running extrema restarting at each (set, attribute) segment
            shift = self._segment_shift(2 * self.by_root.shape[1] + 2)
            rise = np.maximum.accumulate(raised + shift) - shift
            fall = np.minimum.accumulate(lowered - shift) + shift
            first = np.maximum.reduceat(rise - lowered, at)
            second = np.maximum.reduceat(raised - fall, at)
        return _errors(self.sizes[sets], self.totals[sets], first, second, K=self.K)

    def _segment_shift(self, width: int) -> np.ndarray:
        """``width`` times :meth:`_segments`: added before a running maximum (subtracted before
        a minimum) and taken off after it, it makes one accumulation over all segments restart
        at each, as long as ``width`` exceeds the range of the values."""
        return self._segments() * width

    def _segments(self) -> np.ndarray:
        """Per element of the flat arrays, the index of its (set, attribute) segment."""
        _, _, _, _, _, _, _, _, starts, lengths = self._flat
        return np.repeat(np.arange(len(starts)), lengths)

    def candidates(self, ids: np.ndarray):
        """The thresholds of every root of the sets ``ids``, as
        :func:`~smalltrees.learners.optimal.depth2._candidates` gives them for ``sets[ids]``
        (the same candidates, first guesses and order; ``at`` is the set's first item above
        a threshold, where theirs may be the start of its run of equal values: the same items
        of the set lie below), read off the sets' own prefix sums."""
        q, f, j, _, _, _, _, _, starts, _ = self._flat
        if not len(q):
            return None
        wanted = np.zeros(len(self.sizes), dtype=bool)
        wanted[ids] = True
        alone = np.zeros(len(q), dtype=bool)  # a single distinct value: one cut below it
        alone[starts[~np.logical_or.reduceat(self.cuts, starts)]] = True
        e = np.flatnonzero((self.cuts | alone) & wanted[q])  # grouped by root, by threshold
        if not len(e):
            return None
        single = alone[e]
        segment = self._segments()[e]
        below = np.where(single, 0, e - starts[segment] + 1)
        at = j[np.where(single, e, e + 1)]
        purity = self._purity(q[e], np.where(single, -1, e))
        new_root = np.concatenate(([True], segment[1:] != segment[:-1]))
        root = np.cumsum(new_root) - 1
        heads = np.flatnonzero(new_root)
        purest = np.flatnonzero(purity == np.minimum.reduceat(purity, heads)[root])
        first = purest[np.concatenate(([True], root[purest][1:] != root[purest][:-1]))]
        rank = np.cumsum(wanted) - 1  # the place of each wanted set among ``ids``
        return root, below, at, first, rank[q[e[heads]]], f[e[heads]]

    def _purity(self, sets, ends):
        """Errors of the purest one-level split of each candidate (a leaf on each side), given
        the set of each and the flat element of its last item below it (-1: none)."""
        signed = np.where(ends >= 0, self._flat[7][ends], 0)
        return (self.sizes[sets] - np.abs(signed) - np.abs(self.totals[sets] - signed)) // 2

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
        found = self._found(len(sets))
        places = at.astype(self.place_dtype)  # compared with the positions' tables, per batch
        bounds = np.flatnonzero(np.concatenate(([True], sets[1:] != sets[:-1], [True])))
        F = self.by_root.shape[0]
        for lo, hi in zip(bounds[:-1], bounds[1:], strict=True):
            s = int(sets[lo])
            n = int(self.sizes[s])
            if n == 0:  # nothing on either side: no errors (the buffers start at zero)
                continue
            step = max(1, CELLS // max(1, n * F * self.layers))
            for a in range(lo, hi, step):
                b = min(a + step, hi)
                self._batch(found, slice(a, b), s, n, roots[a:b], places[a:b], below[a:b])
        return self._sides(found, sets, below)

    def _found(self, N: int):
        """Buffers for what the batches of ``N`` evaluations find: the signed total below each
        threshold and the (4, N) extremes of :meth:`_extremes` (zero where a set is empty)."""
        return np.zeros(N, dtype=np.int64), np.zeros((4, N), dtype=np.int64)

    def _batch(self, found, part: slice, s, n, roots, at, below) -> None:
        """Fill ``found[..., part]`` for one batch of thresholds of set ``s`` (``n`` items)."""
        t_left, best = self._extremes(s, roots, at)
        found[0][part] = t_left
        if best is not None:
            found[1][:, part] = best

    def _sides(self, found, sets, below):
        """(left, right) errors of every evaluation from its buffers, in one vectorised step
        (per batch it cost about ten numpy calls per set on small data)."""
        t_left, best = found
        n, total = self.sizes[sets], self.totals[sets]
        errors = _errors(np.concatenate((below, n - below)),
                         np.concatenate((t_left, total - t_left)),
                         best[0::2].ravel(), best[1::2].ravel(), K=self.K)
        return errors[: len(sets)], errors[len(sets):]

    def _positions(self, s):
        """The position of the set's item at each place of each attribute's order in each
        root's order, shaped (roots, F, n) or (roots, n, F) (the layout; built at the set's
        first evaluation)."""
        if s not in self.roots:
            items = self._table(s)[0]
            self.roots[s] = np.take(self.by_root, items if self.positions_last else items.T,
                                    axis=1)
        return self.roots[s]

    def _extremes(self, s, roots, at):
        """(signed total below each threshold, (4, R) extremes of the side below and of the
        side above: the maxima of ``C + P`` and ``P - C`` for K = 2, ``X`` and ``Y`` for K = 3,
        None for K = 1). Arrays shaped (evaluations, attributes, positions) at K <= 2, so the
        prefix sums are one accumulation along contiguous rows (:func:`cumulative_sums`;
        seventeenth session, T3 at K = 2: PA 0.139-0.152 -> 0.124-0.127 CPU-s, BU 0.099-0.110
        -> 0.075-0.077), and (evaluations, positions, attributes) at K = 3, whose running
        maxima double over whole rows (:func:`prefix_sums`; 3-4x slower over the short rows
        of the other layout). Both beat (positions, evaluations, attributes): 1.2-2x."""
        sign, step, pen2, cs = self._table(s)[1]
        R = len(roots)
        U = np.empty((4, R) + sign.shape, dtype=self.dtype)
        E = U[0]
        lower = np.take(self._positions(s), roots, axis=0) < at[:, None, None]
        np.multiply(lower, sign, out=E)  # the signed values below the threshold (a select
        np.add(E, step, out=E)  # is several times slower), with the step of the penalty
        self._sums(E)
        t_left = self._last(E)  # cast where it is stored (as the maxima below)
        if self.K == 1:
            return t_left, None
        np.subtract(pen2, E, out=U[1])
        np.add(U[1], cs, out=U[2])  # C_S + 2P - E
        np.subtract(E, cs, out=U[3])
        if self.K == 2:
            return t_left, U.reshape(4, R, -1).max(axis=-1)
        # max C(a) - C(b) and max C(b) - C(a) over a <= b, for both sides
        M = U.copy().reshape((4 * R,) + sign.shape)
        prefix_sums(M, np.empty_like(M), np.maximum)
        M = M.reshape(U.shape)
        M[0::2] += U[1::2]
        M[1::2] += U[0::2]
        return t_left, M.reshape(4, R, -1).max(axis=-1)


def _errors(n, total, first, second, *, K: int) -> np.ndarray:
    """Errors of the best stump on ``n`` items of signed total ``total`` (see the module
    docstring): for K = 2 ``first`` and ``second`` are ``max C`` and ``-min C`` over the allowed
    cuts, for K = 3 they are ``X`` and ``Y``; K = 1 needs neither."""
    n, total = np.asarray(n, dtype=np.int64), np.asarray(total, dtype=np.int64)
    if K == 1:
        return (n - np.abs(total)) // 2
    if K == 2:
        gain = np.maximum(np.abs(total), np.maximum(2 * first - total, total + 2 * second))
    else:
        gain = np.maximum(total + 2 * first, 2 * second - total)
    return (n - gain) // 2
