"""Optimal labelling of a sorted attribute by at most K intervals (Auer et al. 1995, section 2).

A *block* is a run of equal values of a continuous attribute alpha; blocks cannot be split. A
*table* for a consecutive run of blocks is an int32 array ``T[k, a, b]``: the least number of
errors of a partition of the run into at most ``k + 1`` intervals whose leftmost interval is
labelled ``a`` and whose rightmost interval is labelled ``b`` (the paper's
``OPTSPLIT_{k, c_left, c_right}``, keeping only its last component, the error count). Tables of
adjacent runs are combined by :func:`combine` (the paper's procedure MERGE), so a merge-sort tree
over the blocks yields the table of the whole attribute in O(log m) vectorised steps.

:func:`group_best` solves many independent 1-D problems at once (one per attribute and node of
the tree). :func:`prefix_best` is the two-dimensional version used for a continuous root
attribute beta: it returns the optimal error for *every prefix* of the items in beta order, by
keeping in each node of the merge-sort tree one table per item of the node (the table of the
node's items up to that item in beta order). Merging a node's two children looks up, for each
item, the last item of the other child that precedes it in beta order, which is the paper's "next
larger value y'" rule. Work per level is O(K^2 p^3) per item, so the total is
O(K^2 p^3 m log m) per pair of root attribute and lower attributes.
"""

from __future__ import annotations

import numpy as np

INF = np.int32(1 << 28)  # larger than any error count; a sum of two never overflows int32
CHUNK = 1 << 15  # columns per step of :func:`combine`


def leaf_tables(counts: np.ndarray, K: int) -> np.ndarray:
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
    starts = np.flatnonzero(np.r_[True, group[1:] != group[:-1]]) if len(group) else group
    index = np.arange(len(group)) - np.repeat(starts, np.diff(np.r_[starts, len(group)]))
    levels = [(tables, group)]
    while len(index) and index.max() > 0:
        has_next = np.r_[group[1:] == group[:-1], False]
        parents = np.flatnonzero(index % 2 == 0)
        paired = parents[has_next[parents]]
        merged = _take(tables, parents)
        merged[..., has_next[parents]] = combine(_take(tables, paired), _take(tables, paired + 1))
        tables, group, index = merged, group[parents], index[parents] // 2
        levels.append((tables, group))
    return levels


def group_best(counts: np.ndarray, group: np.ndarray, n_groups: int, K: int) -> np.ndarray:
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
    tables, top_group = merge_levels(leaf_tables(counts, K), group)[-1]
    best = np.zeros(n_groups, dtype=np.int64)
    best[top_group] = tables.min(axis=(0, 1, 2), initial=INF)
    return best


def prefix_best(group: np.ndarray, block: np.ndarray, y: np.ndarray, p: int, K: int) -> np.ndarray:
    """Least at-most-K-interval errors of every prefix of every group (section 2, MERGE over y).

    Parameters
    ----------
    group : ndarray of shape (N,)
        Group of each item; items are sorted by group and, within a group, in sweep order (the
        order of the root attribute beta).
    block : ndarray of shape (N,)
        Rank of the item's value of the lower attribute alpha within its group (equal values,
        equal rank; gaps allowed).
    y : ndarray of shape (N,)
        Class index of each item.
    p, K : int
        Number of classes and maximum number of intervals.

    Returns
    -------
    ndarray of shape (N,)
        For item ``n``, the least error of labelling by alpha the items of its group from the
        group's first item up to ``n`` inclusive.
    """
    n = len(group)
    if n == 0:
        return np.zeros(0, dtype=np.int64)
    n_bits = int(block.max()).bit_length()
    orders, starts = _level_orders(group, block, n_bits)
    seen = np.cumsum(np.eye(p, dtype=np.int32)[y[orders[0]]], axis=0)
    before = np.where(starts[0][:, None] > 0, seen[starts[0] - 1], 0)
    empty = _empty_table(K, p)
    tables = np.concatenate([leaf_tables(seen - before, K), empty], axis=-1)
    position = _inverse(orders[0])
    steps = np.arange(n)
    for level in range(1, n_bits + 1):
        order, start = orders[level], starts[level]
        own = position[order]
        is_left = ((block[order] >> (level - 1)) & 1) == 0
        last_right = np.maximum.accumulate(np.where(is_left, -1, steps))
        last_left = np.maximum.accumulate(np.where(is_left, steps, -1))
        other = np.where(is_left, last_right, last_left)
        other = np.where(other >= start, position[order[other]], n)
        merged = np.empty_like(tables)
        merged[..., n:] = empty
        combine(_take(tables, np.where(is_left, own, other)),
                _take(tables, np.where(is_left, other, own)), out=merged[..., :n])
        tables = merged
        position = _inverse(order)
    return _take(tables, position).reshape(-1, n).min(axis=0)


def _level_orders(group: np.ndarray, block: np.ndarray, n_bits: int):
    """The items of every level of the merge-sort tree, node by node, in sweep order.

    Level ``L`` groups the items by ``(group, block >> L)``; within a node they keep the input
    (sweep) order. Computed from the top level (the input order) down: each node's sequence is
    split stably into the items of its left child (bit ``L - 1`` of ``block`` clear) and then
    those of its right child, in O(n) per level.

    Returns
    -------
    orders, starts : list of ndarray
        ``orders[L][q]`` is the item at position ``q`` of level ``L``; ``starts[L][q]`` is the
        first position of that item's node.
    """
    n = len(group)
    order = np.arange(n)
    start = _segment_starts(group)
    orders, starts = [order], [start]
    for level in range(n_bits, 0, -1):
        right = (block[order] >> (level - 1)) & 1
        zeros = np.cumsum(1 - right)
        first = zeros[start] - (1 - right[start])  # left-child items before the node
        new_node = np.r_[True, start[1:] != start[:-1]]
        total_left = np.add.reduceat(1 - right, np.flatnonzero(new_node))[np.cumsum(new_node) - 1]
        left_rank = zeros - first - 1
        right_rank = np.arange(n) - start - (zeros - first)
        child_start = np.where(right == 0, start, start + total_left)
        target = np.where(right == 0, start + left_rank, child_start + right_rank)
        order, start = np.empty_like(order), np.empty_like(start)
        order[target] = orders[-1]
        start[target] = child_start
        orders.append(order)
        starts.append(start)
    return orders[::-1], starts[::-1]


def _empty_table(K: int, p: int) -> np.ndarray:
    """Table of a run without items, shape (K, p, p, 1).

    Used where a node's prefix has no items in one child; combining with it keeps the other
    child's errors but allows an interval without items at that end. Such tables still count
    errors of realisable partitions (drop the empty intervals) and never exceed the exact
    tables, so the least error over all ``(k, a, b)`` is unchanged.
    """
    empty = np.zeros((K, p, p, 1), dtype=np.int32)
    empty[0] = np.where(np.eye(p, dtype=bool), 0, INF)[..., None]
    return empty


def _segment_starts(sorted_key: np.ndarray) -> np.ndarray:
    """For each position of a sorted key, the first position with the same key."""
    change = np.r_[True, sorted_key[1:] != sorted_key[:-1]]
    return np.maximum.accumulate(np.where(change, np.arange(len(sorted_key)), 0))


def _take(tables: np.ndarray, index: np.ndarray) -> np.ndarray:
    """Columns ``index`` of the tables, C-contiguous (``tables[..., index]`` is not)."""
    return np.take(tables, index, axis=-1)


def _inverse(order: np.ndarray) -> np.ndarray:
    inverse = np.empty_like(order)
    inverse[order] = np.arange(len(order))
    return inverse


def best_labels(counts: np.ndarray, K: int) -> np.ndarray:
    """An optimal at-most-K-interval labelling of one sorted sequence of blocks.

    The merge-sort tree of :func:`merge_levels` is kept and walked from the root down, only into
    nodes that contain a label change, so the walk costs O(K log B) table look-ups.

    Parameters
    ----------
    counts : ndarray of shape (B, p)
        Class counts of the blocks in increasing attribute order (B >= 1).
    K : int

    Returns
    -------
    ndarray of shape (B,)
        A class index per block. Ties are broken deterministically: the fewest intervals, then
        the smallest leftmost label, then the smallest rightmost label at the root; inside, the
        first decomposition found scanning interval counts and labels in increasing order.
    """
    levels = [np.moveaxis(tables, -1, 0)
              for tables, _ in merge_levels(leaf_tables(counts, K), np.zeros(len(counts)))]
    before = np.r_[np.zeros((1, counts.shape[1]), dtype=np.int64), np.cumsum(counts, axis=0)]
    labels = np.empty(len(counts), dtype=np.int64)
    top = levels[-1][0]
    k, a, b = np.argwhere(top == top.min())[0]
    _descend(levels, before, labels, len(levels) - 1, 0, (int(k), int(a), int(b)), int(top.min()))
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
