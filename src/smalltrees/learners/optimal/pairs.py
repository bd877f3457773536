"""The class counts of every pair of categorical edges on many item sets: the tables of
:func:`~smalltrees.learners.optimal.sets.partition_errors` on data without continuous
attributes (SP, CH), each pair of attributes counted once.

The count of the items of a set on edge ``u`` of attribute ``a``, edge ``v`` of attribute ``b``
and class ``c`` is symmetric in ``(a, u)`` and ``(b, v)``, so the items are counted only into
the columns of the attributes from ``a`` on (the upper triangle with the diagonal) and the
lower triangle is the transpose: about half of the item-by-item cells of
:meth:`~smalltrees.learners.optimal.sets.Sorted.counts` (SP: 60 attributes), which was most of
SP's T2 fit. As in ``partition_errors``, each attribute's largest edge is the set's counts minus
its other edges' (whole numbers, so exactly)."""

from __future__ import annotations

import numpy as np

from smalltrees.learners.optimal.search import mask_items


def pair_counts(srt, sets: np.ndarray) -> np.ndarray:
    """``Sorted.counts`` of the masks ``sets[s] & edge[e]`` (rows ``s * E + e``) for every
    edge ``e`` of the ``E`` edges of the categorical attributes (``srt.cat``; no continuous
    attribute)."""
    p = srt.enc.p
    width, starts = srt.layout
    n_cat = len(starts)
    E = width // p - 1
    set_rows, items = mask_items(sets)
    # (n_cat, n): each item's column on each attribute, an attribute's items contiguous (read
    # and written in order below, and counted into one block of the table after another: SP's
    # T2, 32 -> 15 ms a fit against the item-major layout; the counts are the same integers)
    active = np.ascontiguousarray(np.take(srt.active, items, axis=0)[:, 1:].T)
    rows = (set_rows * E)[None, :] + active // p - 1  # (n_cat, n): its row on each attribute
    rows *= width
    n = len(items)
    index = np.empty(n * n_cat * (n_cat + 1) // 2, dtype=np.int64)
    at = 0
    for k in range(n_cat):  # root k: the columns of the attributes from k on
        step = n * (n_cat - k)
        np.add(rows[k], active[k:], out=index[at: at + step].reshape(n_cat - k, n))
        at += step
    counts = np.bincount(index, minlength=len(sets) * E * width)
    table = counts.reshape(len(sets), E, E + 1, p)
    attribute = np.repeat(np.arange(n_cat), np.diff(np.r_[starts, E + 1]))
    lower = attribute[None, :] < attribute[:, None]  # (e, e'): a' before a, from (e', e)
    pairs = table[:, :, 1:]
    for c in range(p):  # one class at a time: a 4-d transpose cost 7x more (cache)
        np.copyto(pairs[..., c], pairs[..., c].transpose(0, 2, 1), where=lower)
    table[:, :, 0] = pairs[:, np.arange(E), np.arange(E)]  # the class: the diagonal
    return table.reshape(-1, width)
