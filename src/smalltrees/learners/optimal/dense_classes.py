"""The dense both-sides evaluator for more than two classes, and for two at K >= 4: one prefix
sum per class.

With two classes the best stump on a side reduces to the extremes of one signed prefix sum
(:mod:`~smalltrees.learners.optimal.dense`). With ``p`` classes it does not: two intervals cut
after a prefix with class counts ``C_c`` (of a side holding ``T_c`` items of class ``c``)
classify ``max_c C_c + max_c (T_c - C_c)`` items right, each interval taking its majority class
(Auer et al. 1995, section 2: the best labelling of at most K intervals), and the leaf is the
cut after the last item (``max_c T_c``). So each evaluation keeps one prefix sum per class,
shaped (classes, evaluations, attributes, positions) (positions before attributes at K >= 3:
the layouts of :meth:`~smalltrees.learners.optimal.dense.DenseSets._extremes`): the side below
a threshold of root ``g`` counts ``C_c = cumsum(below * [y = c])`` along each attribute's
order, the side above ``C_S,c - C_c`` (``C_S`` the set's own counts). The two maxima over the
classes are two reductions over the class axis, and one reduction over (positions, attributes)
gives the best stump of each side, leaf and every attribute included. The cuts inside a run of
equal values are left out: at K <= 2 the counts are kept at the allowed cuts only, once summed
(about half the positions on GL, for the passes over the classes), at K >= 3 they get a penalty
``-B`` (as in the two-class evaluator). K = 1 needs only the totals. About ``8 p`` passes over
(evaluations, attributes, positions) per batch, against about 10 for two classes. Where the
counts fit, all classes are one prefix sum of an unsigned word holding each class's count in
its own field (:data:`PACKINGS`: class ``c`` weighs ``1 << b c`` for fields of ``b`` bits; no
field carries into the next), read off as fields: 4 or 8 bytes per cell scanned instead of
``2 p`` (GL, 6 classes in bytes of a uint64: the prefix sums were half its T3 fit).

K >= 3 intervals (any number of classes; two classes from K = 4, below which
:mod:`~smalltrees.learners.optimal.dense` is cheaper) take the left-to-right programme of the
sweeps (:mod:`~smalltrees.learners.optimal.sweeps`) along the same positions, one layer per
interval (:func:`_layered_gain`): about ``5 p`` passes a layer, where the general programme
sweeps every distinct value of every attribute for each set (GL's T3 at its default K = 7:
4.1 -> 0.6 CPU-s).

Exactness is checked as for the two-class evaluator (``tests/learners/test_dense.py``): against
:func:`~smalltrees.learners.optimal.sets.mask_errors`, a brute force over TREE(2)/TREE(3) and
the general programme's trees.
"""

from __future__ import annotations

import sys

import numpy as np

from smalltrees.learners.optimal.dense import INT16_MAX, DenseSets
from smalltrees.learners.optimal.intervals import majority
from smalltrees.learners.optimal.scans import prefix_sums

# (word, field) dtypes of the packed counts, cheapest first: the first whose fields number at
# least the classes and hold the largest set's size is used (see DenseClasses.packs)
PACKINGS = ((np.uint32, np.uint8), (np.uint32, np.uint16), (np.uint64, np.uint8),
            (np.uint64, np.uint16))
FIELD_MAX = {field: int(np.iinfo(field).max) for _, field in PACKINGS}  # np.iinfo: ~6 us
LITTLE = sys.byteorder == "little"  # the fields of a word lie lowest first in memory


class DenseClasses(DenseSets):
    """:class:`~smalltrees.learners.optimal.dense.DenseSets` for ``p > 2`` classes, or K >= 4:
    the same items, penalties and candidates, with one prefix sum per class."""

    def __init__(self, srt, sets: np.ndarray, *, K: int):
        super().__init__(srt, sets, K=K)
        self.layers = srt.enc.p
        # every class's count in its own field of a word: one prefix sum per word of a cell
        # instead of one per class, where fields hold the largest set; in two words or more
        # where one has too few fields (SG's 7 classes, sets of up to 2,310 items, two words
        # of 16-bit fields, K = 2, alternating in one process: T3 -17%, T2 -21%); at K >= 3
        # in one word only, and not for up to 4 classes,
        # whose arrays per class were cheaper than reading the fields off (PA, K = 4: T3
        # 147 against 169-178 CPU-ms; at K = 2 WI's 56-58 -> 48-54, IR's 12.2-12.8 -> 10.3-11.1)
        largest = int(self.sizes.max(initial=0))
        fits = [(word, field) for word, field in PACKINGS if largest <= FIELD_MAX[field]]
        if K >= 3:  # in one word (two cost SG's T2 at its K = 8 +6%, its T3 +5%)
            fits = [packing for packing in fits if _packing_cost(packing, srt.enc.p)[1] == 1]
        self.packs = bool(fits) and (K <= 2 or srt.enc.p > 4)
        self.labels = srt.enc.y
        self.use(min(fits, key=lambda packing: _packing_cost(packing, srt.enc.p))
                 if fits else PACKINGS[-1])

    def use(self, packing) -> None:
        """Pack the counts as ``packing`` (word, field): the words of a cell (``words``), each
        of ``per_word`` fields, enough for every class; ``weights`` (words, m) is what each
        item adds to each word: ``1 << (b f)`` in word ``c // k`` for its class ``c = k w +
        f``, ``k`` fields of ``b`` bits a word, 0 in the others."""
        self.word, self.field = packing
        self.per_word = np.dtype(self.word).itemsize // np.dtype(self.field).itemsize
        p = self.totals.shape[1]
        self.words = -(-p // self.per_word)
        word, field = np.divmod(np.arange(p), self.per_word)
        bits = 8 * np.dtype(self.field).itemsize
        per_class = np.where(word == np.arange(self.words)[:, None],
                             np.left_shift(np.uint64(1), (bits * field).astype(np.uint64)), 0)
        self.weights = np.take(per_class.astype(self.word), self.labels, axis=1)

    @property
    def count_dtype(self):
        """The dtype of the counts per class: packed counts at K <= 2 are read off as fields
        and stay so, since every value of :meth:`_gain` is a count of a side's items (bytes:
        half the memory of int16 a pass)."""
        return self.field if self.packs and self.K <= 2 else self.dtype

    @staticmethod
    def _signs(labels: np.ndarray, p: int, dtype) -> np.ndarray:
        """Each item's contribution to the prefix sums: its class, one-hot (p, items)."""
        return np.eye(p, dtype=dtype)[:, labels]

    def _table(self, s: int):
        """(items, classes, counts, cuts, totals) of set ``s``: its items at each position of
        each attribute's order (F, n); their classes, one-hot (p, F, n), or where ``packs``
        their packed weights (:meth:`_packed`); the set's prefix sums per class; the cuts;
        the set's class counts (p,). At K <= 2 the cuts are the flat indices (into (F, n)) of
        the positions where a cut is allowed, the only ones a batch keeps once its prefix sums
        are taken (:meth:`_batch`), the last position of the first attribute first (its prefix
        sums are the totals: K = 1 keeps only it), and the prefix sums are kept there only,
        (p, cuts); at K >= 3 the cuts are the penalty (n, F) and the prefix sums (p, n, F)
        (:meth:`_arranged`)."""
        if s not in self.tables:
            _, _, _, items, sign, _, penalty, prefix, _, _ = self._flat
            n, F = int(self.sizes[s]), self.by_root.shape[0]
            part = slice(self.offsets[s], self.offsets[s + 1])

            def by_class(values):
                return self._arranged(values[:, part].reshape(-1, F, n))

            if self.K == 1:
                cuts = np.array([n - 1])
            elif self.K == 2:  # every attribute's last position is allowed
                allowed = np.flatnonzero(penalty[part] == 0)
                cuts = np.concatenate(([n - 1], allowed[allowed != n - 1]))
            else:
                cuts = self._arranged(penalty[part].reshape(F, n))
            if self.K <= 2:  # the set's flat elements lie as (F, n): gathered straight off
                counts = np.take(prefix[:, part], cuts, axis=1).astype(self.count_dtype)
            else:
                counts = by_class(prefix)
            placed = items[part].reshape(F, n)
            classes = self._packed(placed) if self.packs else by_class(sign)
            self.tables[s] = (placed, classes, counts, cuts, self.totals[s])
        return self.tables[s]

    def _packed(self, items: np.ndarray) -> np.ndarray:
        """(words, F, n): the :meth:`use` weights of ``items`` (F, n), in the evaluator's
        layout: one sum per word counts each of its classes in its own field (no carry: no
        field is narrower than a set's size)."""
        return self._arranged(np.take(self.weights, items, axis=1), self.word)

    def _leaf(self) -> np.ndarray:
        """(P,) errors of a leaf on each set: all but its majority."""
        return self.sizes - self.totals.max(axis=1, initial=0)

    def _best(self, at: np.ndarray, sets: np.ndarray) -> np.ndarray:
        """Errors of the best stump over each group of consecutive elements of the flat
        arrays starting at ``at`` (all of a set's attributes), of set ``sets``."""
        if self.K == 1:  # one interval: a leaf
            return self._leaf()[sets]
        q, _, _, _, _, _, penalty, prefix, _, _ = self._flat
        if self.K == 2:
            gain = np.maximum.reduce(prefix)  # over the classes, each a row (p, elements)
            gain += np.maximum.reduce(np.take(self._class_totals(), q, axis=1) - prefix)
            gain += penalty
            return self.sizes[sets] - np.maximum.reduceat(gain, at)
        # the layers along each (set, attribute) segment of the flat arrays
        shift = self._segment_shift(4 * self.by_root.shape[1] + 4)  # the layers' range: 3m + 1

        def scan(G):  # running maxima restarting at each segment
            G += shift
            np.maximum.accumulate(G, axis=1, out=G)
            G -= shift

        gain = _layered_gain(prefix.astype(np.int64), self.totals[sets], penalty, self.K, scan,
                             lambda G: np.maximum.reduceat(G, at, axis=1))
        return self.sizes[sets] - gain

    def _class_totals(self) -> np.ndarray:
        """(p, P) the sets' class counts, a row per class in the evaluator's dtype: the
        maxima over the classes of the flat arrays are taken over rows (int64 maxima, or
        over a short last axis, were 5x slower; gather with ``np.take``, which keeps rows
        contiguous, unlike ``[:, index]``)."""
        return np.ascontiguousarray(self.totals.T, dtype=self.dtype)

    def _purity(self, sets, ends):
        """Errors of the purest one-level split of each candidate (see the base class)."""
        under = np.where(ends >= 0, np.take(self._flat[7], ends, axis=1), 0)  # (p, candidates)
        over = np.take(self._class_totals(), sets, axis=1) - under
        return self.sizes[sets] - np.maximum.reduce(under) - np.maximum.reduce(over)

    def _found(self, N: int):
        """Buffers of the errors below and above each of ``N`` thresholds (zero where a set is
        empty)."""
        return np.zeros(N, dtype=np.int64), np.zeros(N, dtype=np.int64)

    def _batch(self, found, part: slice, s, n, roots, at, below) -> None:
        """Errors of the best stumps below and above each threshold of one batch of set ``s``
        (``n > 0`` items); both sides' gains in one call (:meth:`_gain`, :meth:`_layers`),
        their counts side by side (p, 2, R, ...)."""
        _, classes, counts, cuts, total = self._table(s)
        R, p = len(roots), len(total)
        lower = np.take(self._positions(s), roots, axis=0) < at[:, None, None]
        C = np.empty((p, 2, R) + (cuts.shape if self.K <= 2 else classes.shape[-2:]),
                     dtype=self.count_dtype)
        lows = C[:, 0]  # the side below; in the fields' dtype at K <= 2
        if not self.packs:
            per_class = np.empty((p, R) + classes.shape[1:], dtype=self.dtype)
            np.multiply(lower, classes[:, None], out=per_class)  # the items below, by class
            self._sums(per_class)
            if self.K <= 2:  # the allowed cuts only
                per_class = np.take(per_class.reshape(p, R, -1), cuts, axis=2)
            np.copyto(lows, per_class)
        else:  # every class counted in its own field of a word: one prefix sum a word, read off
            packed = np.multiply(lower, classes[:, None], dtype=self.word)
            self._sums(packed)
            if self.K <= 2:
                packed = np.take(packed.reshape(self.words, R, -1), cuts, axis=2)
            fields = _fields(packed, self.field, self.per_word)  # (words, R, ..., fields)
            by_class = fields.transpose(0, -1, *range(1, fields.ndim - 1))  # np.moveaxis: 11 us
            for word, first in enumerate(range(0, p, self.per_word)):
                np.copyto(lows[first: first + self.per_word], by_class[word, : p - first],
                          casting="unsafe")
        if self.K == 1:  # the counts at the one cut kept: the side's class counts
            t_left = lows[:, :, 0].T.astype(np.int64)
            found[0][part] = below - t_left.max(axis=1)
            found[1][part] = n - below - (total - t_left).max(axis=1)
            return
        np.subtract(counts[:, None], lows, out=C[:, 1])  # the side above
        C = C.reshape((p, 2 * R) + C.shape[3:])
        if self.K == 2:
            gains = self._gain(C)
        else:
            t_left = self._last(lows).T.astype(np.int64)
            gains = self._layers(C, np.concatenate((t_left, total - t_left)), cuts)
        found[0][part] = below - gains[:R]
        found[1][part] = n - below - gains[R:]

    def _sides(self, found, sets, below):
        """(left, right) errors, as the batches found them."""
        return found

    @staticmethod
    def _gain(C):
        """(R,) items classified right by the best stump of at most two intervals on each side
        whose prefix counts per class at the allowed cuts are ``C`` (p, R, cuts):
        ``max_c C_c + max_c (T_c - C_c)`` at the best cut, the side's class counts ``T`` being
        its counts at cut 0, the last position of the first attribute (:meth:`_table`). The
        case K = 2 of :func:`_layered_gain` in fewer passes (GL's T3 at K = 2: 130-139 ms
        against 142-154 ms with :meth:`_layers`); reading ``T`` off ``C`` saves four numpy
        calls a batch (T3 at K = 2, alternating in one process, median of 6 rounds: GL, IR
        -4%, WI -2%; IR's T2 -6%). Overwrites ``C``."""
        best = np.maximum.reduce(C, axis=0)
        np.subtract(C[:, :, :1].copy(), C, out=C)  # C is not needed again
        best += np.maximum.reduce(C, axis=0)
        return best.max(axis=1).astype(np.int64)

    def _layers(self, C, totals, penalty):
        """(R,) items classified right by the best stump of at most K intervals (K >= 3) on
        each side whose prefix counts per class are ``C`` (p, R, n, F) and class counts
        ``totals`` (R, p): :func:`_layered_gain` along the positions of every attribute."""
        p, R, n, F = C.shape
        spare = np.empty((p * R, n, F), dtype=C.dtype)

        def scan(G):
            prefix_sums(G.reshape(p * R, n, F), spare, np.maximum)

        return _layered_gain(C, totals, penalty, self.K, scan,
                             lambda G: G.reshape(p, R, -1).max(axis=-1))


def _packing_cost(packing, p: int) -> tuple[int, int]:
    """(bytes, words) a cell of the packed counts of ``p`` classes takes with ``packing``
    (word, field): fewer bytes scanned first, then fewer words (numpy calls)."""
    word, field = (np.dtype(t).itemsize for t in packing)
    words = -(-p // (word // field))
    return words * word, words


def _fields(packed: np.ndarray, field, p: int) -> np.ndarray:
    """The counts of the ``p`` classes packed in each word of ``packed``, as a view of its
    fields (dtype ``field``) shaped (..., p)."""
    fields = packed.view(field).reshape(packed.shape + (-1,))
    return fields[..., :p] if LITTLE else fields[..., ::-1][..., :p]


def _layered_gain(C, totals, penalty, K: int, scan, last) -> np.ndarray:
    """Items classified right by the best labelling of at most ``K >= 2`` intervals, the
    left-to-right programme of :mod:`~smalltrees.learners.optimal.sweeps` over positions
    instead of blocks, as maxima of items right instead of minima of errors.

    ``C`` (p, ...) holds the prefix counts per class of some groups (an evaluation's side and
    attribute; the positions along the axis ``scan`` runs over), ``penalty`` (broadcast
    against ``C[0]``) is ``-B`` where no cut is allowed, ``totals`` (groups, p) the groups'
    class counts. ``scan(G)`` turns ``G`` (shaped as ``C``) into running maxima along the
    positions, in place; ``last(G)`` is the maximum of each group's positions, (p, groups).

    With ``V_1(t) = max_c C_c(t)`` (one interval up to the cut after position ``t``), at most
    ``k`` intervals classify ``V_k(t) = max(V_1(t), max_c (C_c(t) + max_{s <= t} (V_{k-1}(s)
    - C_c(s))))`` right, ``s`` over the allowed cuts (the last interval from ``s`` to ``t``
    labelled ``c``; ``s = t`` repeats fewer intervals). ``V_1`` in the maximum changes
    nothing where a cut is allowed and keeps the values bounded where none is (before an
    attribute's first allowed cut: without it they fall by about ``B`` a layer, and int16
    wraps). The last layer is read only at the last position, where ``C_c`` is the total
    ``T_c``: ``max_c (T_c + max_s (V_{K-1}(s) - C_c(s)))`` (``s`` the last position: one
    interval)."""
    first = np.maximum.reduce(C, axis=0)
    best = first
    G = np.empty_like(C)
    for _ in range(K - 2):
        np.subtract(best, C, out=G)
        G += penalty
        scan(G)
        G += C
        best = np.maximum(np.maximum.reduce(G, axis=0), first)
    np.subtract(best, C, out=G)
    G += penalty
    gain = last(G).astype(np.int64)
    gain += totals.T
    return gain.max(axis=0)


def sorted_stump_errors(srt, group: np.ndarray, n_groups: int, *, K: int) -> np.ndarray:
    """:func:`~smalltrees.learners.optimal.search.stump_errors` where every attribute is
    continuous and present on every item (:func:`~smalltrees.learners.optimal.dense.applies`)
    and every item is in a group, read off each group's class counts up to each position of
    each attribute's order (``srt``, a :class:`~smalltrees.learners.optimal.sets.Sorted`) by
    the programme of :func:`_layered_gain`, the cuts allowed where a run of equal values ends
    (``Sorted.block_end``).

    No blocks to find and no evaluator to set up: a dozen numpy calls over (classes,
    attributes, groups, positions) counts, and ``K - 2`` layers. On the two edges of T2's
    root, for the tree's build, it took the place of a dense evaluator of the edges (us, one
    call: K = 2, IR 378 -> 146, WI 541 -> 206, PA 283 -> 164, PI 375 -> 205; K = 3, BU 348
    -> 151, IO 630 -> 640; GL at K = 7 1,024 -> 850).
    """
    enc, p = srt.enc, srt.enc.p
    F, m = srt.order.shape
    dtype = np.int16 if 3 * m + 1 < INT16_MAX else np.int32  # the layers' range (_layered_gain)
    codes = np.take(enc.y * n_groups + group, srt.order)  # (F, m): class and group at each place
    C = np.cumsum(codes[None, :, None, :] == np.arange(p * n_groups).reshape(p, 1, n_groups, 1),
                  axis=3, dtype=dtype)  # (p, F, groups, m): the counts up to each place
    totals = C[:, 0, :, -1].T.astype(np.int64)  # (groups, p)
    out = np.empty((1 + F, n_groups), dtype=np.int64)
    out[:] = majority(totals)  # a leaf, and one interval of any attribute
    if K == 1:
        return out
    penalty = np.where(srt.block_end, 0, -(2 * m + 1)).astype(dtype)[:, None, :]
    gain = _layered_gain(C, totals[:, None], penalty, K,
                         lambda G: np.maximum.accumulate(G, axis=-1, out=G),
                         lambda G: G.max(axis=-1))
    out[1:] = totals.sum(axis=1) - gain
    return out


def dense_sets(srt, sets: np.ndarray, *, K: int) -> DenseSets:
    """The dense evaluator of ``sets`` at ``K``: one signed prefix sum for two classes at
    K <= 3 (:class:`~smalltrees.learners.optimal.dense.DenseSets`), one prefix sum per class
    otherwise (:class:`DenseClasses`)."""
    return (DenseSets if srt.enc.p == 2 and K <= 3 else DenseClasses)(srt, sets, K=K)
