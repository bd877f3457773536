"""Error counts of the best subtrees of T1 and T2, for every attribute at once.

A *stump* is a second-level node of TREE(2, n, p, K), or a TREE(1) tree: a leaf, a categorical
attribute with one edge per value plus "missing", or a continuous attribute with at most K
intervals plus "missing" (Auer et al. 1995, section 2). The functions here return the least
number of errors of every kind of stump on given item sets;
:mod:`~smalltrees.learners.optimal.estimators` turns the minima into trees. Row 0 of every
result is the leaf, row ``1 + j`` is attribute ``j``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from smalltrees.learners.optimal.intervals import group_best, prefix_best

BATCH = 1 << 18  # items of the interval stumps per call of prefix_best


@dataclass(frozen=True)
class Encoded:
    """Integer codes of a training set.

    Attributes
    ----------
    y : ndarray of shape (m,)
        Class index of each item.
    p : int
        Number of classes.
    continuous : list of bool
        Kind of each attribute.
    codes : list of ndarray
        Per attribute: for a continuous one the dense rank of the value among the distinct
        non-missing values (``-1`` = missing); for a categorical one the category code with
        missing coded as the number of categories.
    values : list of ndarray
        Per attribute: the sorted distinct non-missing values (continuous) or the categories.
    """

    y: np.ndarray
    p: int
    continuous: list
    codes: list
    values: list

    @property
    def n_values(self) -> list[int]:
        """Number of edges of each categorical attribute, "missing" included (0 if continuous)."""
        pairs = zip(self.continuous, self.values, strict=True)
        return [0 if cont else len(v) + 1 for cont, v in pairs]


def majority(counts: np.ndarray) -> np.ndarray:
    """Errors of the majority label, ``counts.sum(-1) - counts.max(-1)``."""
    return counts.sum(axis=-1) - counts.max(axis=-1)


def stump_errors(enc: Encoded, group: np.ndarray, n_groups: int, K: int) -> np.ndarray:
    """Least errors of every stump on each of several disjoint item sets.

    Parameters
    ----------
    enc : Encoded
    group : ndarray of shape (m,)
        Item set of each item in ``range(n_groups)``, or ``-1`` for items in none.
    n_groups : int
    K : int

    Returns
    -------
    ndarray of shape (1 + n_attributes, n_groups)
    """
    inside = group >= 0
    g, y, p = group[inside], enc.y[inside], enc.p
    errors = [majority(_counts(g, y, n_groups, p))]
    cont = [j for j, c in enumerate(enc.continuous) if c]
    found = _interval_errors(enc, cont, inside, g, y, n_groups, K)
    cont_errors = dict(zip(cont, found, strict=True))
    for j, (is_cont, codes) in enumerate(zip(enc.continuous, enc.codes, strict=True)):
        if is_cont:
            errors.append(cont_errors[j])
        else:
            b = len(enc.values[j]) + 1
            counts = _counts(g * b + codes[inside], y, n_groups * b, p)
            errors.append(majority(counts).reshape(n_groups, b).sum(axis=1))
    return np.array(errors)


def _interval_errors(enc, cont, inside, g, y, n_groups, K):
    """Errors of the best interval stump of each continuous attribute in ``cont`` per group."""
    if not cont:
        return []
    ranks = np.stack([enc.codes[j][inside] for j in cont])
    present = ranks >= 0
    attr, item = np.nonzero(present)
    width = int(ranks.max(initial=0)) + 1
    blocks, block_of = np.unique((attr * n_groups + g[item]) * width + ranks[attr, item],
                                 return_inverse=True)
    counts = _counts(block_of, y[item], len(blocks), enc.p)
    block_group = blocks // width
    best = group_best(counts, block_group, len(cont) * n_groups, K)
    attr, item = np.nonzero(~present)
    missing = majority(_counts(attr * n_groups + g[item], y[item], len(cont) * n_groups, enc.p))
    return list((best + missing).reshape(len(cont), n_groups))


def threshold_errors(enc: Encoded, betas: list[int], K: int):
    """Least errors of every stump below each threshold of continuous root attributes.

    The interval stumps of all root attributes in a batch of about ``BATCH`` items are
    computed by one call of :func:`~smalltrees.learners.optimal.intervals.prefix_best`, which keeps
    the number of numpy calls per root attribute small.

    Parameters
    ----------
    enc : Encoded
    betas : list of int
        Continuous attributes with at least one present value.
    K : int

    Yields
    ------
    beta : int
    order : ndarray of shape (s,)
        The items with ``beta`` present, stably sorted by ``beta``.
    left, right : ndarray of shape (1 + n_attributes, s + 1)
        ``left[:, j]`` are the errors of the stumps on ``order[:j]`` (the edge ``beta < t``) and
        ``right[:, j]`` on ``order[j:]`` (the edge ``beta >= t``).
    """
    cont = [j for j, c in enumerate(enc.continuous) if c]
    batch, size = [], 0
    for position, beta in enumerate(betas):
        order = np.argsort(enc.codes[beta], kind="stable")
        order = order[enc.codes[beta][order] >= 0]
        batch.append((beta, order, _sweep_items(enc, cont, order)))
        size += len(batch[-1][2][0])
        if size >= BATCH or position == len(betas) - 1:
            groups = [items[0] + 2 * len(cont) * i for i, (_, _, items) in enumerate(batch)]
            best = _prefix_best_chunked(
                np.concatenate(groups),
                *(np.concatenate([it[k] for _, _, it in batch]) for k in (1, 2)), enc.p, K)
            ends = np.cumsum([len(g) for g in groups])
            for (beta, order, _), part in zip(batch, np.split(best, ends[:-1]), strict=True):
                yield (beta, order, *_stump_sweep(enc, cont, order, part))
            batch, size = [], 0


def _prefix_best_chunked(group, block, y, p, K):
    """:func:`prefix_best` in chunks of whole groups of about ``BATCH`` items, which bounds the
    memory and keeps the tables closer to the CPU cache."""
    group_start = np.flatnonzero(np.r_[True, group[1:] != group[:-1]])
    near = np.searchsorted(group_start, np.arange(0, len(group), BATCH), side="right") - 1
    cuts = np.unique(group_start[near])
    bounds = [*cuts[1:], len(group)] if len(group) else []
    return np.concatenate([np.zeros(0, dtype=np.int64)] + [
        prefix_best(group[lo:hi], block[lo:hi], y[lo:hi], p, K)
        for lo, hi in zip(cuts, bounds, strict=True)
    ])


def _sweep_items(enc, cont, order):
    """Items of the interval stumps along ``order`` (group = direction * n_cont + attribute,
    alpha rank, class), forwards and backwards, for :func:`prefix_best`."""
    ranks = np.stack([enc.codes[j][order] for j in cont], axis=1)
    parts = []
    for direction, sweep in enumerate((slice(None), slice(None, None, -1))):
        attr, item = np.nonzero(ranks[sweep].T >= 0)
        parts.append((attr + direction * len(cont), ranks[sweep][item, attr],
                      enc.y[order][sweep][item]))
    return tuple(np.concatenate(column) for column in zip(*parts, strict=True))


def _stump_sweep(enc, cont, order, best):
    """Errors of all stumps on every prefix and suffix of ``order``, given the interval errors
    ``best`` of :func:`prefix_best` on the items of :func:`_sweep_items`."""
    y, p = enc.y[order], enc.p
    left_err, right_err = np.empty((2, 1 + len(enc.codes), len(order) + 1), dtype=np.int64)
    for row, (is_cont, codes, values) in enumerate(
        zip([False, *enc.continuous], [None, *enc.codes], [(), *enc.values], strict=True)
    ):
        if codes is None:  # the leaf
            counts = _cumulative(y, p)
        elif is_cont:  # class counts of the items missing alpha, for its "missing" edge
            counts = _cumulative(np.where(codes[order] < 0, y, p), p + 1)[:, :p]
        else:
            counts = _cumulative(codes[order] * p + y, (len(values) + 1) * p)
        left_err[row] = _sweep_majority(counts, p)
        right_err[row] = _sweep_majority(counts[-1] - counts, p)
    ranks = np.stack([enc.codes[j][order] for j in cont], axis=1)
    best = np.r_[best, 0]  # the empty prefix, looked up where nothing is seen yet
    offset = 0
    for direction, target in ((slice(None), left_err), (slice(None, None, -1), right_err)):
        present = ranks[direction] >= 0
        seen = np.r_[np.zeros((1, len(cont)), dtype=np.int64), np.cumsum(present, axis=0)]
        start = offset + np.r_[0, np.cumsum(present.sum(axis=0))[:-1]]
        offset += present.sum()
        found = best[np.where(seen > 0, start + seen - 1, len(best) - 1)]
        target[1 + np.array(cont)] += found[direction].T
    return left_err, right_err


def _counts(index: np.ndarray, y: np.ndarray, n: int, p: int) -> np.ndarray:
    return np.bincount(index * p + y, minlength=n * p).reshape(n, p)


def _cumulative(index: np.ndarray, width: int) -> np.ndarray:
    """Counts of each index value in every prefix: shape (len + 1, width)."""
    out = np.zeros((len(index) + 1, width), dtype=np.int64)
    out[np.arange(1, len(index) + 1), index] = 1
    return np.cumsum(out, axis=0)


def _sweep_majority(counts: np.ndarray, p: int) -> np.ndarray:
    """Majority errors summed over the edges of a stump, for each row of ``counts`` (the class
    counts per edge of one prefix or suffix of the items)."""
    return majority(counts.reshape(len(counts), -1, p)).sum(axis=1)
