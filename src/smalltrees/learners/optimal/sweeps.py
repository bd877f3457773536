"""Least errors of at most K intervals of every continuous attribute on many item sets at once:
the continuous part of :func:`~smalltrees.learners.optimal.sets.mask_errors` (a node of the last
level of TREE(d, n, p, K), Auer et al. 1995, section 2).

The items of each set are counted per *block* (a run of equal values of the attribute, which no
cut may split) item by item, so a set costs its size plus the attribute's number of blocks, and
each attribute is then swept once along its blocks, for all sets of a step together:

* **any number of classes.** With ``P_c(t)`` the items of the set up to block ``t`` not in
  class ``c``, the least errors of at most ``k`` intervals ending with label ``c`` at block ``t``
  are ``D_k(t, c) = min(D_{k-1}(t, c), P_c(t) + min_{i < t} (H_{k-1}(i) - P_c(i)))`` with
  ``H_k = min_c D_k``: K - 1 passes of prefix minima over the ``p`` class counts.
* **two classes.** With ``D(t)`` the items of class 0 minus those of class 1 up to block ``t``,
  consecutive intervals of a best labelling alternate their labels (two neighbours with one
  label are one interval), and intervals labelled ``s_1, ..., s_K`` (+1 for class 0, -1 for
  class 1, alternating) with cuts after blocks ``t_1 <= ... <= t_{K-1}`` classify
  ``N / 2 + s_K D(T) / 2 + sum_j s_j D(t_j)`` of the set's ``N`` present items correctly (``T``
  the last block; equal cuts, or a cut before the first block, make fewer intervals). So
  ``2 * errors = N - s_K D(T) - 2 max sum_j s_j D(t_j)``, the maximum taken by K - 2 passes of
  prefix maxima over the one signed count ``D``: half the data of the general programme, which
  gives the same numbers (``tests/learners/test_sweeps.py`` checks both against a brute force).
"""

from __future__ import annotations

import numpy as np

from smalltrees.learners.optimal.search import cell_index

CELLS = 1 << 20  # sets x block columns per step


def interval_errors(srt, rows: np.ndarray, items: np.ndarray, r: int, present: np.ndarray, *,
                    K: int) -> np.ndarray:
    """(n_cont, r): least errors of at most K intervals on the present items of each of the
    ``r`` sets of ``rows, items = np.nonzero(masks)``, a step of sets at a time.

    ``srt`` is the :class:`~smalltrees.learners.optimal.sets.Sorted` training set;
    ``present`` (n_cont, r) counts each set's items with a value of each continuous attribute.
    """
    width = block_width(srt)
    step = max(1, CELLS // width)
    starts = np.arange(0, r, step)
    cuts = np.searchsorted(rows, np.append(starts, r))
    out = np.empty((len(srt.cont), r), dtype=np.int64)
    for lo, a, b in zip(starts, cuts[:-1], cuts[1:], strict=True):
        hi = min(lo + step, r)
        counts = block_counts(srt, rows[a:b] - lo, items[a:b], hi - lo)
        out[:, lo:hi] = sweep_blocks(srt, counts, present[:, lo:hi], K=K)
    return out


def block_width(srt) -> int:
    """Columns of :func:`block_counts`: the blocks, then one of missing values and one left
    empty (the padding of :meth:`~smalltrees.learners.optimal.sets.Sorted.sweep_groups`)."""
    return int(srt.block_columns(1 if srt.enc.p == 2 else srt.enc.p)[1][-1]) + 2


def block_counts(srt, rows: np.ndarray, items: np.ndarray, r: int) -> np.ndarray:
    """(r, width): the items of each of ``r`` sets counted per block of every continuous
    attribute (:meth:`~smalltrees.learners.optimal.sets.Sorted.block_columns`): signed (+1
    class 0, -1 class 1; whole numbers as floats) for two classes, per class for more. Linear
    in the sets: the counts of a union of disjoint sets are the sum of theirs, exactly."""
    two = srt.enc.p == 2
    columns = srt.block_columns(1 if two else srt.enc.p)[0]
    width = block_width(srt)
    index = cell_index(columns, rows, items, r, width)
    if two:
        signs = np.broadcast_to(srt.signs[items, None], index.shape)
        counts = np.bincount(index.ravel(), signs.ravel(), r * width)
    else:
        counts = np.bincount(index.ravel(), minlength=r * width)
    return counts.reshape(r, width)


def sweep_blocks(srt, counts: np.ndarray, present: np.ndarray, *, K: int) -> np.ndarray:
    """(n_cont, r): least errors of at most K intervals of every continuous attribute on the
    sets whose :func:`block_counts` are ``counts``; ``present`` as in :func:`interval_errors`.
    The attributes of a group of :meth:`~smalltrees.learners.optimal.sets.Sorted.sweep_groups`
    are swept together, one row per (set, attribute)."""
    p, r = srt.enc.p, len(counts)
    out = np.empty((len(srt.cont), r), dtype=np.int64)
    for members, gather in srt.sweep_groups(1 if p == 2 else p):
        rows = np.take(counts, gather, axis=1).reshape(r * len(members), -1)
        found = (_two_class_sweep(rows, present[members].T.ravel(), K=K) if p == 2
                 else _class_count_sweep(rows, p, K=K))
        out[members] = found.reshape(r, len(members)).T
    return out


def _class_count_sweep(counts: np.ndarray, p: int, *, K: int) -> np.ndarray:
    """The programme for any number of classes, on one attribute's class-major block counts
    ``(sets, p * B)``. Allowing the cut at ``t`` itself (an empty
    last interval) only repeats the errors of fewer intervals, so inclusive prefix minima do;
    the last step needs the minimum over all cuts, not a running one."""
    seen = np.cumsum(counts.reshape(len(counts), p, -1), axis=-1, dtype=np.int32)
    if K == 2:
        return _two_interval_sweep(seen)
    prefix = seen.sum(axis=1, keepdims=True) - seen  # items not of class c up to a block
    best = prefix  # D_1(t, c): one interval labelled c
    total = prefix[..., -1]
    for _ in range(K - 2):
        start = best.min(axis=1, keepdims=True) - prefix
        np.minimum.accumulate(start, axis=-1, out=start)
        best = np.minimum(best, prefix + start)
    final = best[..., -1]
    if K > 1:
        gain = (best.min(axis=1, keepdims=True) - prefix).min(axis=-1)
        final = np.minimum(final, total + gain)
    return final.min(axis=1)


def _two_interval_sweep(seen: np.ndarray) -> np.ndarray:
    """:func:`_class_count_sweep` at K = 2 from the class counts ``seen`` (sets, p, B) up to
    each block, in fewer passes: two intervals cut after block ``t`` classify ``max_c
    seen_c(t) + max_c (T_c - seen_c(t))`` items right (``T`` the counts up to the last block;
    the cut after it is one interval), as the dense evaluator's ``DenseClasses._gain``. Four
    passes over the counts instead of six (K = 2, in one process: SU's T3 -11%, SA's T2
    -34%). Overwrites ``seen``."""
    present = seen[..., -1].sum(axis=1)
    right = seen.max(axis=1)
    np.subtract(seen[..., -1:], seen, out=seen)
    right += seen.max(axis=1)
    return present - right.max(axis=-1)


def _two_class_sweep(signed: np.ndarray, present: np.ndarray, *, K: int) -> np.ndarray:
    """The two-class programme on one attribute's signed block counts ``(sets, B)`` (whole
    numbers as floats, summed as int32); ``present`` counts each set's present items."""
    D = np.cumsum(signed, axis=1, dtype=np.int32)
    total = D[:, -1]
    best = present - np.abs(total)  # one interval
    if K > 1:
        for first in (1, -1):
            sign, gained = first, None  # gained: max of sum_j s_j D(t_j) so far, per block
            for _ in range(K - 2):
                step = sign * D if gained is None else gained + sign * D
                gained = np.maximum(np.maximum.accumulate(step, axis=1), 0)
                sign = -sign
            if gained is None:
                last = D.max(axis=1) if sign > 0 else -D.min(axis=1)
            else:
                last = (gained + sign * D).max(axis=1)
            best = np.minimum(best, present + sign * total - 2 * np.maximum(last, 0))
    return best // 2
