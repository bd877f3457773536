"""Optimal labelling of a sorted attribute by at most K intervals (Auer et al. 1995, section 2).

A *block* is a run of equal values of a continuous attribute alpha; blocks cannot be split. A
*table* for a consecutive run of blocks is an int32 array ``T[k, a, b]``: the least number of
errors of a partition of the run into at most ``k + 1`` intervals whose leftmost interval is
labelled ``a`` and whose rightmost interval is labelled ``b`` (the paper's
``OPTSPLIT_{k, c_left, c_right}``, keeping only its last component, the error count). Tables of
adjacent runs are combined by :func:`combine` (the paper's procedure MERGE), so a merge-sort tree
over the blocks yields the table of the whole attribute in O(log m) vectorised steps.

:func:`group_best` solves many independent 1-D problems at once (one per attribute and node of
the tree); :func:`group_labels` reads optimal labellings off the tree. (The thresholds of a
continuous root are searched by branch and bound instead, :mod:`~smalltrees.learners.optimal.cuts`.)
"""

from __future__ import annotations

import numpy as np

INF = np.int32(1 << 28)  # larger than any error count; a sum of two never overflows int32
CHUNK = 1 << 15  # columns per step of :func:`combine`


def leaf_tables(counts: np.ndarray, *, K: int) -> np.ndarray:
    """Tables of single blocks.

    Parameters
    ----------
    counts : ndarray of shape (N, p)
        Class counts of each block.
    K : int
        Maximum number of intervals.

    Returns
    -------
    ndarray of shape (K, p, p, N), int32
        ``T[k, a, a, n]`` is the number of items of block ``n`` not in class ``a``; a block is one
        interval, so ``T[k, a, b, n]`` is ``INF`` for ``a != b``. The item axis comes last so
        that every numpy operation runs over long contiguous rows.
    """
    n, p = counts.shape
    tables = np.full((p, p, n), INF, dtype=np.int32)
    diag = np.arange(p)
    tables[diag, diag] = (counts.sum(axis=1, keepdims=True) - counts).T
    return np.repeat(tables[None], K, axis=0)


def combine(left: np.ndarray, right: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """Table of the union of two adjacent runs (MERGE, section 2).

    Either the two runs share the interval that crosses their boundary (same label ``c`` on both
    sides, ``k1 + k2 - 1`` intervals), or an interval ends at the boundary (``k1 + k2``
    intervals, any labels).

    Parameters
    ----------
    left, right : ndarray of shape (K, p, p, N)
        Tables of the left and the right run, column by column.
    out : ndarray of shape (K, p, p, N), optional
        Where to write the result.

    Returns
    -------
    ndarray of shape (K, p, p, N), int32
    """
    if out is None:
        out = np.empty(left.shape, dtype=np.int32)
    for lo in range(0, left.shape[-1], CHUNK):  # column chunks that stay in the CPU cache
        part = slice(lo, lo + CHUNK)
        _combine(left[..., part], right[..., part], out[..., part])
    return out


def _combine(left: np.ndarray, right: np.ndarray, out: np.ndarray) -> None:
    K, p = left.shape[:2]
    out.fill(INF)
    for i in range(K):
        for c in range(p):
            shared = left[i, None, :, c, None] + right[: K - i, None, c]
            np.minimum(out[i:], shared, out=out[i:])
    left_end = left.min(axis=2)
    right_start = right.min(axis=1)
    for i in range(K - 1):
        cut = left_end[i, None, :, None] + right_start[: K - 1 - i, None]
        np.minimum(out[i + 1 :], cut, out=out[i + 1 :])
    np.minimum(out, INF, out=out)


def merge_levels(tables: np.ndarray, group: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """Merge-sort tree over the blocks of each group.

    Parameters
    ----------
    tables : ndarray of shape (K, p, p, B)
        Leaf tables, sorted by group and, within a group, by attribute value.
    group : ndarray of shape (B,)
        Non-decreasing group id of each block.

    Returns
    -------
    list of (tables, group)
        One entry per level, starting with the leaves; node ``i`` of a group at level ``L`` has
        children ``2i`` and ``2i + 1`` (if present) of that group at level ``L - 1``. The last
        level holds one node per group that has blocks.
    """
    new = np.concatenate(([True], group[1:] != group[:-1]))
    starts = np.flatnonzero(new) if len(group) else group
    index = np.arange(len(group)) - np.repeat(starts, np.diff(np.append(starts, len(group))))
    levels = [(tables, group)]
    while len(index) and index.max() > 0:
        has_next = np.append(group[1:] == group[:-1], False)
        parents = np.flatnonzero(index % 2 == 0)
        paired = parents[has_next[parents]]
        merged = _take(tables, parents)
        merged[..., has_next[parents]] = combine(_take(tables, paired), _take(tables, paired + 1))
        tables, group, index = merged, group[parents], index[parents] // 2
        levels.append((tables, group))
    return levels


def group_best(counts: np.ndarray, group: np.ndarray, n_groups: int, *, K: int) -> np.ndarray:
    """Least errors of an at-most-K-interval labelling, for many 1-D problems at once.

    Parameters
    ----------
    counts : ndarray of shape (B, p)
        Class counts of the blocks, sorted by group and within a group by attribute value.
    group : ndarray of shape (B,)
        Non-decreasing group id in ``range(n_groups)`` of each block.
    n_groups : int
    K : int

    Returns
    -------
    ndarray of shape (n_groups,)
        The least error of each group (0 for a group without blocks).
    """
    if K <= 2:
        return _group_two_intervals(counts, group, n_groups, K=K)
    return _group_prefix_layers(counts, group, n_groups, K=K)[-1]


def _group_two_intervals(counts: np.ndarray, group: np.ndarray, n_groups: int, *,
                         K: int) -> np.ndarray:
    """:func:`group_best` for K <= 2 without the merge-sort tree (the fixed cost of every T1
    fit and of the categorical roots at K <= 2). Two intervals cut after block ``j`` err at
    best ``(n_<=j - max_a N_<=j,a) + (n_>j - max_b N_>j,b)``: where the two maxima fall on one
    label that is a one-interval labelling, which the cut after the group's last block
    (nothing on the right) also gives at its best, so the minimum over the cuts is the least
    error of at most two intervals; with K = 1 only that last cut counts."""
    best = np.zeros(n_groups, dtype=np.int64)
    if not len(group):
        return best
    starts, ends, left, _ = _group_prefixes(counts, group)
    right = left[ends][np.repeat(np.arange(len(starts)), ends - starts + 1)] - left
    errors = majority(left) + majority(right)
    best[group[starts]] = (errors[ends] if K == 1 else np.minimum.reduceat(errors, starts))
    return best


def _group_prefix_layers(counts: np.ndarray, group: np.ndarray, n_groups: int, *,
                         K: int) -> np.ndarray:
    """:func:`group_best` for K >= 3 without the merge-sort tree (T1's search at the default
    K = 3 of two classes, the fixed cost of its fits): a left-to-right programme over the
    cuts after each block. With ``W_y[t]`` the items not of class ``y`` in a group's blocks up
    to block ``t``, the least errors of the blocks up to ``t`` by at most ``k`` intervals are
    ``D_1[t] = min_y W_y[t]`` and ``D_k[t] = min_y (W_y[t] + min_{s <= t} (D_{k-1}[s] -
    W_y[s]))``: the last interval, labelled ``y``, starts after block ``s`` (``s = t``: at
    most k - 1 intervals, which already covers one interval from the group's first block,
    ``D_{k-1}[t] <= D_1[t] <= W_y[t]``). The running minimum is one ``minimum.accumulate`` over
    all groups, each group lowered below the ones before it by a multiple of more than the
    range of the values (exact in int64). Returns shape (K, n_groups): ``D_k`` at each group's
    last block for k = 1..K (0 for a group without blocks)."""
    best = np.zeros((K, n_groups), dtype=np.int64)
    if not len(group):
        return best
    starts, ends, left, rank = _group_prefixes(counts, group)
    wrong = left.sum(axis=1, keepdims=True) - left  # W_y[t], shape (B, p)
    layer = wrong.min(axis=1)
    best[0, group[starts]] = layer[ends]
    lowered = (rank * (2 * int(left[ends].sum(axis=1).max()) + 1))[:, None]
    for k in range(1, K):
        start = layer[:, None] - wrong - lowered
        np.minimum.accumulate(start, axis=0, out=start)
        start += lowered
        start += wrong
        layer = start.min(axis=1)
        best[k, group[starts]] = layer[ends]
    return best


def _group_prefixes(counts: np.ndarray, group: np.ndarray):
    """``(starts, ends, left, rank)`` of blocks sorted by group: each group's first and last
    block, the class counts of each group's blocks up to and including each block (int64),
    and each block's group's rank among the groups present."""
    new = np.concatenate(([True], group[1:] != group[:-1]))
    starts = np.flatnonzero(new)
    ends = np.append(starts[1:], len(group)) - 1
    seen = np.cumsum(counts, axis=0, dtype=np.int64)
    sizes = ends - starts + 1
    left = seen - np.repeat(seen[starts] - counts[starts], sizes, axis=0)
    return starts, ends, left, np.repeat(np.arange(len(starts)), sizes)


def majority(counts: np.ndarray) -> np.ndarray:
    """Errors of the majority label, ``counts.sum(-1) - counts.max(-1)``, class by class: a
    reduction over the short class axis is several times slower than elementwise passes."""
    total, best = counts[..., 0].copy(), counts[..., 0].copy()
    for c in range(1, counts.shape[-1]):
        total += counts[..., c]
        np.maximum(best, counts[..., c], out=best)
    return total - best


def _take(tables: np.ndarray, index: np.ndarray) -> np.ndarray:
    """Columns ``index`` of the tables, C-contiguous (``tables[..., index]`` is not)."""
    return np.take(tables, index, axis=-1)


def group_labels(counts: np.ndarray, group: np.ndarray, n_groups: int, *,
                 K: int) -> np.ndarray:
    """An optimal at-most-K-interval labelling of each of many sorted sequences of blocks (the
    interval stumps of a tree, built together).

    At K >= 3 one merge-sort tree of :func:`merge_levels` is built over all the groups (one
    vectorised step per level, whatever the number of groups) and walked, group by group, from
    its root down, only into nodes that contain a label change: O(K log B) table look-ups per
    group. At K <= 2, and where two intervals do as well in every group, each group is
    labelled by :func:`_two_intervals`, without the tree.

    Parameters
    ----------
    counts : ndarray of shape (B, p)
        Class counts of the blocks, sorted by group and within a group by attribute value.
    group : ndarray of shape (B,)
        Non-decreasing group id in ``range(n_groups)`` of each block; every group has blocks.
    n_groups : int
    K : int

    Returns
    -------
    ndarray of shape (B,)
        A class index per block. Ties are broken deterministically: the fewest intervals, then
        the smallest leftmost label, then the smallest rightmost label at the root; inside, the
        first decomposition found scanning interval counts and labels in increasing order. (At
        K >= 3 a group that two intervals label as well gets the walk of K = 2, ties included:
        the walk reads only the tables of at most k + 1 intervals below its root state (k, a,
        b), which are those of the tree for K = k + 1, and the root takes the fewest intervals
        first; so :func:`_two_intervals` gives every group the labels of this walk.)
    """
    bounds = np.searchsorted(group, np.arange(n_groups + 1))
    labels = np.empty(len(counts), dtype=np.int64)
    if K <= 2 or _two_do(counts, group, n_groups, K=K):
        for lo, hi in zip(bounds[:-1], bounds[1:], strict=True):
            labels[lo:hi] = _two_intervals(counts[lo:hi], K=min(K, 2))
        return labels
    merged = merge_levels(leaf_tables(counts, K=K), group)
    levels = [np.moveaxis(tables, -1, 0) for tables, _ in merged]
    starts = [np.searchsorted(ids, np.arange(n_groups + 1)) for _, ids in merged]
    before = np.concatenate((np.zeros((1, counts.shape[1]), dtype=np.int64),
                             np.cumsum(counts, axis=0)))
    for g in range(n_groups):
        own = [tables[at[g]:at[g + 1]] for tables, at in zip(levels, starts, strict=True)]
        top = own[-1][0]
        k, a, b = np.argwhere(top == top.min())[0]
        lo, hi = bounds[g], bounds[g + 1]
        _descend(own, before[lo:hi + 1], labels[lo:hi], len(own) - 1, 0,
                 (int(k), int(a), int(b)), int(top.min()))
    return labels


def _two_do(counts: np.ndarray, group: np.ndarray, n_groups: int, *, K: int) -> bool:
    """Whether two intervals label every group as well as K do (one vectorised programme,
    :func:`_group_prefix_layers`): then :func:`group_labels` needs no merge-sort tree (the
    lone stump of a T1 fit, most often; where one group needs more, the tree is built and
    walking it costs less than the closed form of the others)."""
    least = _group_prefix_layers(counts, group, n_groups, K=K)
    return bool((least[1] == least[-1]).all())


def _two_intervals(counts: np.ndarray, *, K: int) -> np.ndarray:
    """:func:`group_labels` of one group at K <= 2 without the merge-sort tree, the same labels
    ties included (the fixed cost of every T1/T2/T3 fit at K = 2 builds its stumps this way).

    One interval labelled ``a`` errs ``n - N_a``; two intervals ``a != b`` cut before block
    ``j`` err ``(n_<j - N_<j,a) + (n_>=j - N_>=j,b)``. The walk of :func:`_descend` takes the
    fewest intervals, then the smallest ``(a, b)``, and among the cuts of equal errors the one it
    meets first in the merge-sort tree over the blocks: at each node it looks for the cut inside
    its right child, then inside its left child, then at the boundary between them."""
    B, p = counts.shape
    labels = np.empty(B, dtype=np.int64)
    total = counts.sum(axis=0)
    one = total.sum() - total
    if B == 1 or p == 1 or K == 1:
        labels.fill(int(np.argmin(one)))
        return labels
    before = np.cumsum(counts[:-1], axis=0)  # (B - 1, p): the blocks before each cut
    after = total - before
    errors = ((before.sum(axis=1)[:, None] - before)[:, :, None]
              + (after.sum(axis=1)[:, None] - after)[:, None, :])
    diagonal = np.arange(p)
    errors[:, diagonal, diagonal] = INF  # two intervals of one label are one interval
    two = errors.min(axis=0)
    if one.min() <= two.min():
        labels.fill(int(np.argmin(one)))
        return labels
    a, b = divmod(int(np.argmin(two)), p)
    cuts = np.flatnonzero(errors[:, a, b] == two[a, b]) + 1  # before block j
    if len(cuts) == 1:  # the walk can only end at it (most stumps of T1/T2/T3 fits: no tie)
        labels[: cuts[0]], labels[cuts[0]:] = a, b
        return labels
    level, node = (B - 1).bit_length(), 0
    while True:
        lo, mid = node << level, (2 * node + 1) << (level - 1)
        hi = min((node + 1) << level, B)
        level -= 1
        if mid >= B:  # no right child
            node *= 2
        elif ((cuts > mid) & (cuts < hi)).any():
            node = 2 * node + 1
        elif ((cuts > lo) & (cuts < mid)).any():
            node *= 2
        else:
            labels[:mid], labels[mid:] = a, b
            return labels


def _descend(levels, before, labels, level, node, state, value):
    """Assign labels to the blocks of ``node`` so that they realise ``value`` in state (k, a, b)."""
    k, a, b = state
    lo, hi = node << level, min((node + 1) << level, len(labels))
    if a == b and value == (before[hi] - before[lo]).sum() - (before[hi, a] - before[lo, a]):
        labels[lo:hi] = a
        return
    children = levels[level - 1]
    left = children[2 * node]
    if 2 * node + 1 == len(children):
        _descend(levels, before, labels, level - 1, 2 * node, state, value)
        return
    right = children[2 * node + 1]
    for i in range(k + 1):
        for c in range(left.shape[1]):
            if left[i, a, c] + right[k - i, c, b] == value:
                _descend(levels, before, labels, level - 1, 2 * node, (i, a, c), int(left[i, a, c]))
                _descend(levels, before, labels, level - 1, 2 * node + 1, (k - i, c, b),
                         int(right[k - i, c, b]))
                return
    for i in range(k):
        c_left, c_right = int(left[i, a].argmin()), int(right[k - 1 - i, :, b].argmin())
        if left[i, a, c_left] + right[k - 1 - i, c_right, b] == value:
            _descend(levels, before, labels, level - 1, 2 * node, (i, a, c_left),
                     int(left[i, a, c_left]))
            _descend(levels, before, labels, level - 1, 2 * node + 1, (k - 1 - i, c_right, b),
                     int(right[k - 1 - i, c_right, b]))
            return
    raise AssertionError("interval table is inconsistent")
