"""Least errors of every stump on many (overlapping) item sets at once, given as masks.

The branch and bound of :mod:`~smalltrees.learners.optimal.cuts` evaluates a continuous root
only at some of its thresholds: each evaluated threshold asks for the best stump (a leaf, or one
attribute as in TREE(1), Auer et al. 1995, section 2) on the items below and on those above it.
These sets overlap between thresholds, so unlike
:func:`~smalltrees.learners.optimal.search.stump_errors` they are given as rows of a boolean mask
and evaluated together:

* a leaf and a categorical attribute need the class counts per edge: one count of the (set,
  edge, class) of every item of every set;
* a continuous attribute with at most K intervals is a sweep along its sorted values
  (:mod:`~smalltrees.learners.optimal.sweeps`), on the counts of each set's items per block
  (counted item by item, so a small set costs little).

Both counts are sums over items, so where sets partition a larger one their counts are that
one's minus the others': :func:`partition_errors` (the edges of categorical roots) and
:class:`~smalltrees.learners.optimal.root_sides.RootSides` (the two sides of a continuous
root's threshold) count only the smaller parts item by item.
"""

from __future__ import annotations

from functools import cached_property

import numpy as np

from smalltrees.learners.optimal.pairs import pair_counts
from smalltrees.learners.optimal.search import (
    Encoded,
    cell_index,
    majority,
    mask_items,
    narrow,
)
from smalltrees.learners.optimal.sweeps import (
    block_counts,
    block_width,
    interval_errors,
    sweep_blocks,
)


class Sorted:
    """The items of an :class:`Encoded` sorted by each continuous attribute, with the one-hot
    codes the mask products need; built once per training set."""

    def __init__(self, enc: Encoded):
        self.enc = enc
        self.cont = [j for j, c in enumerate(enc.continuous) if c]
        self.cat = [j for j, c in enumerate(enc.continuous) if not c]
        m = len(enc.y)
        ranks = np.array([enc.codes[j] for j in self.cont], dtype=np.int64).reshape(-1, m)
        # missing values last; keys of 16 bits where they fit, which numpy sorts by radix (SU,
        # 9 x 58,000: 37 -> 4.5 ms; the same order, the sort being stable)
        last = np.iinfo(np.uint16).max
        keyed = (np.where(ranks < 0, last, ranks).astype(np.uint16) if ranks.max(initial=0) < last
                 else np.where(ranks < 0, np.iinfo(np.int64).max, ranks))
        self.order = np.argsort(keyed, axis=1, kind="stable")
        self.sorted_ranks = np.take_along_axis(ranks, self.order, axis=1)
        self.present = self.sorted_ranks >= 0
        self.n_present = self.present.sum(axis=1)
        nxt = np.concatenate([self.sorted_ranks[:, 1:], np.full((len(ranks), 1), -1)], axis=1)
        self.block_end = self.present & (nxt != self.sorted_ranks)
        self.position = np.empty_like(self.order)  # position of each item in each order
        np.put_along_axis(self.position, self.order, np.arange(m)[None, :], axis=1)
        self._block_columns = {}

    @cached_property
    def layout(self) -> tuple[int, np.ndarray]:
        """The columns of the counts (:meth:`counts`): ``C`` and the first edge of each attribute
        among the ``C / p`` edges. The counts are those of a one-hot (m, C) matrix of the class,
        of (edge, class) of every categorical attribute and of (missing, class) of every
        continuous one, side by side (the class alone is edge 0); only its layout is kept, the
        items' columns are :attr:`active` (SP: a 3,190 x 1,623 matrix built every fit)."""
        enc, p = self.enc, self.enc.p
        sizes = [enc.n_values[j] for j in self.cat] + [1] * len(self.cont)
        starts = np.cumsum([1, *sizes[:-1]]) if sizes else np.zeros(0)
        return p * (1 + sum(sizes)), np.asarray(starts, dtype=np.int64)

    @cached_property
    def active(self) -> np.ndarray:
        """(m, a): the columns of :attr:`layout` where each item has a 1, or the column count
        (a column to drop) for a continuous attribute it does not miss; a continuous attribute
        that no item misses has no column here (its missing counts are all 0)."""
        enc, p = self.enc, self.enc.p
        width, starts = self.layout
        columns = [enc.y]
        for k, j in enumerate(self.cat):
            columns.append((starts[k] + enc.codes[j]) * p + enc.y)
        for k, j in enumerate(self.cont):
            edge = starts[len(self.cat) + k]
            if (enc.codes[j] < 0).any():
                columns.append(np.where(enc.codes[j] < 0, edge * p + enc.y, width))
        return narrow(np.stack(columns, axis=1))

    def counts(self, rows: np.ndarray, items: np.ndarray, r: int) -> np.ndarray:
        """(r, C): the class counts per edge (:attr:`layout`) of the ``r`` sets of ``rows, items
        = np.nonzero(masks)``, by counting the columns of the items of each set (a matrix
        product would multiply mostly zeros)."""
        width = self.layout[0]
        index = cell_index(self.active, rows, items, r, width + 1)  # (SP: 8M cells, 35 -> 26 ms)
        counts = np.bincount(index.ravel(), minlength=r * (width + 1))
        return counts.reshape(r, width + 1)[:, :width]

    def block_columns(self, per_block: int) -> tuple[np.ndarray, np.ndarray]:
        """(m, n_cont) the column of each item in the per-set block counts of
        :func:`~smalltrees.learners.optimal.sweeps.interval_errors`, and the ``n_cont + 1``
        column offsets of the attributes (computed once per ``per_block``).

        Attribute ``k`` owns ``per_block * B_k`` columns: with ``per_block = p``, class-major,
        class ``c`` of its block ``b`` (its ``b``-th distinct present value) is column
        ``offset_k + c * B_k + b``; with ``per_block = 1`` (the signed counts of two classes)
        block ``b`` is column ``offset_k + b``. An item missing the attribute goes to the extra
        last column, which is dropped. An attribute without present items gets one empty block
        (its errors are 0).
        """
        if per_block not in self._block_columns:
            n_cont, m = self.order.shape
            blocks = np.cumsum(self.block_end, axis=1) - self.block_end  # block of each position
            sizes = np.maximum(self.block_end.sum(axis=1), 1)
            offsets = np.concatenate(([0], np.cumsum(per_block * sizes)))
            classes = self.enc.y[self.order] if per_block > 1 else 0
            sorted_columns = np.where(self.present,
                                      offsets[:-1, None] + classes * sizes[:, None] + blocks,
                                      offsets[-1])
            columns = np.empty((m, n_cont), dtype=np.int64)
            for k in range(n_cont):
                columns[self.order[k], k] = sorted_columns[k]
            self._block_columns[per_block] = narrow(columns), offsets
        return self._block_columns[per_block]

    def sweep_groups(self, per_block: int) -> list[tuple[np.ndarray, np.ndarray]]:
        """The continuous attributes in groups swept by one call each, as ``(attributes,
        gather)``: ``gather`` takes each attribute's ``per_block * B_k`` columns of
        :meth:`block_columns` into ``per_block`` rows of the group's largest ``B``, padded
        with the always empty column after the missing one (an empty block after the last
        adds no cut that the last block does not have, so the sweeps give the same numbers).
        Attributes join the group of the next larger ones while padding at most doubles its
        columns: a sweep per attribute cost more in numpy calls than in cells (SE's T2)."""
        key = ("groups", per_block)
        if key not in self._block_columns:
            offsets = self.block_columns(per_block)[1]
            sizes = np.diff(offsets) // per_block
            empty = int(offsets[-1]) + 1
            groups, members = [], []
            for k in np.argsort(-sizes, kind="stable"):
                if members and (len(members) + 1) * sizes[members[0]] > 2 * (
                        sizes[members].sum() + sizes[k]):
                    groups.append(members)
                    members = []
                members.append(int(k))
            groups.append(members)
            found = []
            for members in groups if len(sizes) else []:
                ks = np.array(members)
                b = np.arange(sizes[ks[0]])
                own = sizes[ks][:, None, None]  # (attribute, class, block), in that order
                first = offsets[ks][:, None, None] + np.arange(per_block)[:, None] * own
                found.append((ks, np.where(b < own, first + b, empty).ravel()))
            self._block_columns[key] = found
        return self._block_columns[key]

    @cached_property
    def signs(self) -> np.ndarray:
        """(m,) +1.0 for an item of class 0, -1.0 otherwise: the weights of the two-class
        sweep's signed counts."""
        return np.where(self.enc.y == 0, 1.0, -1.0)


def mask_errors(srt: Sorted, masks: np.ndarray, counts: np.ndarray | None = None, *,
                K: int) -> np.ndarray:
    """Least errors of every stump on each set.

    Parameters
    ----------
    srt : Sorted
    masks : ndarray of shape (r, m), bool
        Set ``s`` holds the items ``i`` with ``masks[s, i]``.
    K : int
    counts : ndarray of shape (r, C), optional
        The class counts per edge (``Sorted.counts``) if the caller has them cheaper (from
        cumulative counts).

    Returns
    -------
    ndarray of shape (1 + n_attributes, r)
        Row 0 is the leaf, row ``1 + j`` attribute ``j`` (as :func:`stump_errors`).
    """
    r = len(masks)
    if r == 0:
        return np.zeros((1 + len(srt.enc.codes), 0), dtype=np.int64)
    rows, items = mask_items(masks)
    return row_errors(srt, rows, items, r, counts, K=K)


def row_errors(srt: Sorted, rows, items, r: int, counts=None, *, K: int) -> np.ndarray:
    """:func:`mask_errors` of the ``r`` sets of ``rows, items = np.nonzero(masks)``."""
    if counts is None:
        counts = srt.counts(rows, items, r)
    return _errors(srt, counts, lambda present: interval_errors(srt, rows, items, r, present,
                                                                K=K))


def item_counts(srt: Sorted, rows, items, r: int) -> tuple[np.ndarray, np.ndarray]:
    """(counts, blocks) of the ``r`` sets of ``rows, items = np.nonzero(masks)``: their class
    counts per edge (``Sorted.counts``) and block counts
    (:func:`~smalltrees.learners.optimal.sweeps.block_counts`), what :func:`counted_errors`
    prices."""
    return srt.counts(rows, items, r), block_counts(srt, rows, items, r)


def counted_errors(srt: Sorted, counts: np.ndarray, blocks: np.ndarray, *,
                   K: int) -> np.ndarray:
    """:func:`mask_errors` of sets given by their counts per edge and block counts."""
    return _errors(srt, counts, lambda present: sweep_blocks(srt, blocks, present, K=K))


def partition_errors(srt: Sorted, sets: np.ndarray, edges: np.ndarray, starts: np.ndarray, *,
                     K: int, derive: bool | None = None) -> np.ndarray:
    """:func:`mask_errors` of the sets ``sets[s] & edges[e]`` for every set ``s`` and edge
    ``e`` (rows in that order), where the edges come in groups that partition the items (those
    of each categorical attribute: groups start at ``starts``), without counting every item of
    every edge: in each group the edge with the most items of the set is counted as the set's
    counts minus those of the group's other edges (whole numbers, so exactly: SP's 4 to 8
    values, SE's mostly one-sided binary tests), where the item-by-item counts this saves
    exceed the cells of the counts it sums over (small sets, as T3's subproblems on SP's
    edges, have tables larger than their items: then every edge is counted; ``derive`` forces
    either way). Without continuous attributes, where deriving pays, each pair of attributes
    is counted once instead (:func:`~smalltrees.learners.optimal.pairs.pair_counts`: about
    half the cells, SP), unless deriving counts fewer (CH's one-sided binary tests: T3 went
    0.24 -> 0.34 CPU-s). The caller bounds the (sets x edges, block columns) array this keeps."""
    P, m = sets.shape
    masks = (sets[:, None, :] & edges[None]).reshape(-1, m)
    r = len(masks)
    if r == 0:
        return np.zeros((1 + len(srt.enc.codes), 0), dtype=np.int64)
    heads = (np.arange(P)[:, None] * len(edges) + starts[None, :]).ravel()
    group = np.cumsum(np.isin(np.arange(r), heads)) - 1
    sizes = np.count_nonzero(masks, axis=1)
    first = np.where(sizes == np.maximum.reduceat(sizes, heads)[group], np.arange(r), r)
    largest = np.minimum.reduceat(first, heads)
    per_item = srt.active.shape[1] + len(srt.cont)  # cells counted per item of a set
    table = srt.layout[0] + (block_width(srt) if srt.cont else 0)
    if derive is None:
        derive = sizes[largest].sum() * per_item > r * table + sets.sum() * per_item
    n_cat, counted = len(srt.cat), sizes.sum() - sizes[largest].sum() + sets.sum()
    if derive and not srt.cont and sets.sum() * n_cat * (n_cat + 1) < 2 * counted * per_item:
        return _errors(srt, pair_counts(srt, sets), None)  # fewer cells: each pair once
    rows, items = mask_items(masks)
    if not derive:
        return row_errors(srt, rows, items, r, K=K)
    counted = np.ones(r, dtype=bool)
    counted[largest] = False
    keep = counted[rows]
    in_sets = mask_items(sets)  # the sets' own rows after the edges'
    rows = np.concatenate([rows[keep], in_sets[0] + r])
    items = np.concatenate([items[keep], in_sets[1]])
    owner = r + np.arange(len(heads)) // len(starts)  # each group's set

    def derived(counts):
        counts[largest] = counts[owner] - np.add.reduceat(counts[:r], heads)
        return counts[:r]

    counts = derived(srt.counts(rows, items, r + P))
    blocks = derived(block_counts(srt, rows, items, r + P)) if srt.cont else None
    return counted_errors(srt, counts, blocks, K=K)


def _errors(srt: Sorted, counts: np.ndarray, intervals) -> np.ndarray:
    """The stumps' errors of :func:`mask_errors` from each set's ``counts`` (r, C);
    ``intervals(present)`` gives the continuous attributes' errors on the present items."""
    enc, p, r = srt.enc, srt.enc.p, len(counts)
    starts = srt.layout[1]
    per_edge = majority(counts.reshape(r, -1, p)).astype(np.int64)
    out = np.empty((1 + len(enc.codes), r), dtype=np.int64)
    out[0] = per_edge[:, 0]
    if len(starts):
        per_attr = np.add.reduceat(per_edge, starts, axis=1).T
        out[1 + np.array(srt.cat, dtype=np.int64)] = per_attr[: len(srt.cat)]
        missing = per_attr[len(srt.cat):]
    if srt.cont:
        by_edge = counts.reshape(r, -1, p).sum(axis=2)
        present = by_edge[:, :1].T - by_edge[:, starts[len(srt.cat):]].T
        out[1 + np.array(srt.cont)] = missing + intervals(present)
    return out
