"""Least errors of every stump on many (overlapping) item sets at once, given as masks.

The branch and bound of :mod:`~smalltrees.learners.optimal.cuts` evaluates a continuous root
only at some of its thresholds: each evaluated threshold asks for the best stump (a leaf, or one
attribute as in TREE(1), Auer et al. 1995, section 2) on the items below and on those above it.
These sets overlap between thresholds, so unlike
:func:`~smalltrees.learners.optimal.search.stump_errors` they are given as rows of a boolean mask
and evaluated together:

* a leaf and a categorical attribute need the class counts per edge: one matrix product of the
  masks with the one-hot codes of (edge, class);
* a continuous attribute with at most K intervals is a dynamic programme over its sorted items.
  With ``P_c(t)`` the items of the set up to position ``t`` not in class ``c``, the least errors
  of at most ``k`` intervals ending with label ``c`` at a block end ``t`` are
  ``D_k(t, c) = min(D_{k-1}(t, c), P_c(t) + min_{i < t} (H_{k-1}(i) - P_c(i)))`` with
  ``H_k = min_c D_k`` and cuts only at block ends (between distinct values): K passes of
  prefix minima over every set and attribute at once.
"""

from __future__ import annotations

from functools import cached_property

import numpy as np

from smalltrees.learners.optimal.search import Encoded, majority

BIG = np.int32(1 << 29)  # larger than any error count; stays below int32 overflow when added
CELLS = 1 << 21  # sets x attributes x classes x items per step of the interval programme


class Sorted:
    """The items of an :class:`Encoded` sorted by each continuous attribute, with the one-hot
    codes the mask products need; built once per training set."""

    def __init__(self, enc: Encoded):
        self.enc = enc
        self.cont = [j for j, c in enumerate(enc.continuous) if c]
        self.cat = [j for j, c in enumerate(enc.continuous) if not c]
        m = len(enc.y)
        ranks = np.array([enc.codes[j] for j in self.cont], dtype=np.int64).reshape(-1, m)
        keyed = np.where(ranks < 0, np.iinfo(np.int64).max, ranks)
        self.order = np.argsort(keyed, axis=1, kind="stable")  # missing values last
        self.sorted_ranks = np.take_along_axis(ranks, self.order, axis=1)
        self.present = self.sorted_ranks >= 0
        self.n_present = self.present.sum(axis=1)
        nxt = np.concatenate([self.sorted_ranks[:, 1:], np.full((len(ranks), 1), -1)], axis=1)
        self.block_end = self.present & (nxt != self.sorted_ranks)
        self.position = np.empty_like(self.order)  # position of each item in each order
        np.put_along_axis(self.position, self.order, np.arange(m)[None, :], axis=1)

    @cached_property
    def class_onehot(self) -> np.ndarray:
        """(m, p) float32 one-hot of the classes."""
        return np.eye(self.enc.p, dtype=np.float32)[self.enc.y]

    @cached_property
    def edge_onehot(self) -> tuple[np.ndarray, np.ndarray]:
        """One-hot of (edge, class) of every categorical attribute and of (missing, class) of
        every continuous one, side by side, and the first edge of each attribute."""
        enc, p = self.enc, self.enc.p
        blocks, starts, start = [], [], 0
        for j in self.cat:
            b = enc.n_values[j]
            blocks.append(np.eye(b * p, dtype=np.float32)[enc.codes[j] * p + enc.y])
            starts.append(start)
            start += b
        for j in self.cont:
            blocks.append(self.class_onehot * (enc.codes[j] < 0)[:, None])
            starts.append(start)
            start += 1
        m = len(enc.y)
        matrix = np.concatenate(blocks, axis=1) if blocks else np.zeros((m, 0), np.float32)
        return matrix, np.array(starts, dtype=np.int64)

    @cached_property
    def sorted_costs(self) -> np.ndarray:
        """(n_cont, p, m) int32: 1 where the item at that position is present and not of class c."""
        y_sorted = self.enc.y[self.order]
        classes = np.arange(self.enc.p)[None, :, None]
        return ((y_sorted[:, None, :] != classes) & self.present[:, None, :]).astype(np.int32)


def mask_errors(srt: Sorted, masks: np.ndarray, K: int) -> np.ndarray:
    """Least errors of every stump on each set.

    Parameters
    ----------
    srt : Sorted
    masks : ndarray of shape (r, m), bool
        Set ``s`` holds the items ``i`` with ``masks[s, i]``.
    K : int

    Returns
    -------
    ndarray of shape (1 + n_attributes, r)
        Row 0 is the leaf, row ``1 + j`` attribute ``j`` (as :func:`stump_errors`).
    """
    enc, p, r = srt.enc, srt.enc.p, len(masks)
    weights = masks.astype(np.float32)
    out = np.empty((1 + len(enc.codes), r), dtype=np.int64)
    out[0] = majority(weights @ srt.class_onehot).astype(np.int64)
    matrix, starts = srt.edge_onehot
    if matrix.shape[1]:
        counts = (weights @ matrix).reshape(r, -1, p)
        per_edge = majority(counts)
        per_attr = np.add.reduceat(per_edge, starts, axis=1).T.astype(np.int64)
        out[1 + np.array(srt.cat, dtype=np.int64)] = per_attr[: len(srt.cat)]
        missing = per_attr[len(srt.cat):]
    if srt.cont:
        out[1 + np.array(srt.cont)] = missing + _interval_errors(srt, masks, K)
    return out


def _interval_errors(srt: Sorted, masks: np.ndarray, K: int) -> np.ndarray:
    """(n_cont, r): least errors of at most K intervals on the present items of each set."""
    n_cont, m = srt.order.shape
    step = max(1, CELLS // max(1, n_cont * srt.enc.p * m))
    parts = [_interval_chunk(srt, masks[lo:lo + step], K) for lo in range(0, len(masks), step)]
    return np.concatenate(parts, axis=1)


def _interval_chunk(srt: Sorted, masks: np.ndarray, K: int) -> np.ndarray:
    inside = masks[:, srt.order]  # (r, n_cont, m): membership in sorted order
    prefix = np.cumsum(inside[:, :, None, :] * srt.sorted_costs[None], axis=-1, dtype=np.int32)
    best = prefix  # D_1(t, c): one interval labelled c
    cut_here = srt.block_end[None, :, None, :]
    for _ in range(K - 1):
        h = best.min(axis=2, keepdims=True)
        start = np.where(cut_here, h - prefix, BIG)
        np.minimum.accumulate(start, axis=-1, out=start)
        shifted = np.empty_like(start)
        shifted[..., 0] = BIG
        shifted[..., 1:] = start[..., :-1]
        best = np.minimum(best, prefix + shifted)
    return best[..., -1].min(axis=2).T.astype(np.int64)
