"""The best stumps on both sides of thresholds of continuous roots, for the general programme
of :func:`~smalltrees.learners.optimal.depth2.two_level_errors`: each side read off its root's
own items (:class:`RootSides`), and the sets' own counts, counted once for the T2 call
(:func:`set_counts`)."""

from __future__ import annotations

import numpy as np

from smalltrees.learners.optimal.search import mask_items
from smalltrees.learners.optimal.sets import Sorted, counted_errors, item_counts, row_errors
from smalltrees.learners.optimal.sweeps import CELLS, block_width

TOTAL_CELLS = 1 << 23  # block counts kept of the sets' and roots' items (see RootSides)


def set_counts(srt: Sorted, sets: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """(counts, blocks): each set's class counts per edge (``Sorted.counts``) and block counts
    (:func:`~smalltrees.learners.optimal.sweeps.block_counts`), or None where the blocks would
    exceed ``TOTAL_CELLS`` or there are no continuous attributes. A T2 call on the general
    programme counts them once for TREE(1)
    (:func:`~smalltrees.learners.optimal.sets.counted_errors`), its thresholds' candidates and
    :class:`RootSides`, which counted them three times (together a quarter of a profiled T3
    fit of SU at K = 2; sharing them: -7% a fit in one process)."""
    if not srt.cont or len(sets) * block_width(srt) > TOTAL_CELLS:
        return None
    rows, items = mask_items(sets)
    return item_counts(srt, rows, items, len(sets))


class RootSides:
    """The best stumps on both sides of thresholds of the continuous roots of the general
    programme (:func:`~smalltrees.learners.optimal.depth2._continuous_roots`), each side read
    off its root's own items and only the smaller side counted item by item: the other side
    is the root's present items minus it, and those are the set minus the items missing the
    root (whole numbers, so exactly; SE's T2 evaluates about 40 thresholds a fit, where a
    table of every prefix of every root's order cost more than all of them). Where the
    roots' block counts would exceed ``TOTAL_CELLS``, both sides are counted.

    Each root keeps its set's items in its attribute's order (present ones first), so a
    threshold's sides are two runs of them: a threshold costs its smaller side, where masks
    over all ``m`` items cost ``m`` a threshold (SU, 58,000 items, T3 at K = 2, alternating in
    one process: 4.3 -> 3.2 CPU-s).

    Parameters
    ----------
    srt : Sorted
    sets : ndarray of shape (P, m), bool
    problem, attr : ndarray of shape (roots,)
        The set of each root and its attribute (an index into ``srt.cont``).
    K : int
    counted : (ndarray, ndarray), optional
        The sets' :func:`set_counts`, if the caller has them.
    """

    def __init__(self, srt: Sorted, sets: np.ndarray, problem: np.ndarray, attr: np.ndarray,
                 *, K: int, counted: tuple[np.ndarray, np.ndarray] | None = None):
        self.srt, self.K = srt, K
        roots = len(problem)
        self.start, self.items, self.n_present = self._orders(sets, problem, attr)
        size = sets.sum(axis=1)[problem]
        lost = np.flatnonzero(size > self.n_present)  # (SU has none: 7% of its T3 fit)
        rows, items = self._runs(np.arange(len(lost)), (self.start + self.n_present)[lost],
                                 (size - self.n_present)[lost])  # the items missing the root
        self.totals = None
        self.missing = np.zeros(roots, dtype=np.int64)  # no items, no errors
        if (roots + len(sets)) * block_width(srt) > TOTAL_CELLS:
            if len(lost):
                self.missing[lost] = row_errors(srt, rows, items, len(lost), K=K).min(axis=0)
            return
        counts, blocks = counted if counted is not None else set_counts(srt, sets)
        self.totals = (counts[problem], blocks[problem])  # the sets' (the roots' present below)
        if len(lost):
            lost_counts, lost_blocks = item_counts(srt, rows, items, len(lost))
            self.missing[lost] = counted_errors(srt, lost_counts, lost_blocks, K=K).min(axis=0)
            self.totals[0][lost] -= lost_counts
            self.totals[1][lost] -= lost_blocks

    def _orders(self, sets, problem, attr):
        """Per root the start of its items in ``items``, all of them in its attribute's
        order (present ones first), and how many are present."""
        srt = self.srt
        start = np.empty(len(problem), dtype=np.int64)
        n_present = np.empty(len(problem), dtype=np.int64)
        parts, offset = [], 0
        for k, order in enumerate(srt.order):
            mine = np.flatnonzero(attr == k)  # increasing in their sets
            if not len(mine):
                continue
            owners = problem[mine]
            whole = len(owners) == len(sets)  # then every set, in order
            own, position = mask_items(np.take(sets if whole else sets[owners], order, axis=1))
            sizes = np.bincount(own, minlength=len(mine))
            start[mine] = offset + np.cumsum(sizes) - sizes
            n_present[mine] = (sizes if srt.n_present[k] == len(order) else
                               np.bincount(own[position < srt.n_present[k]], minlength=len(mine)))
            parts.append(order[position])
            offset += len(own)
        items = np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)
        return start, items, n_present

    def _runs(self, owners, begin, length):
        """(rows, items): ``length[i]`` of the items from ``begin[i]`` on, row ``owners[i]``."""
        rows = np.repeat(owners, length)
        at = np.repeat(begin - (np.cumsum(length) - length), length) + np.arange(len(rows))
        return rows, self.items[at]

    def errors(self, roots: np.ndarray, cuts: np.ndarray):
        """(left, right): the least errors of a stump on the present items below and above
        each threshold, the first ``cuts`` and the others of its root's present items, a step
        of the thresholds of the roots ``roots`` at a time."""
        R = len(roots)
        begin, n = self.start[roots], self.n_present[roots]
        if self.totals is None:
            rows, items = self._runs(np.arange(2 * R), np.r_[begin, begin + cuts],
                                     np.r_[cuts, n - cuts])
            errors = row_errors(self.srt, rows, items, 2 * R, K=self.K).min(axis=0)
            return errors[:R], errors[R:]
        step = max(1, CELLS // (2 * block_width(self.srt)))
        left, right = np.empty(R, dtype=np.int64), np.empty(R, dtype=np.int64)
        for lo in range(0, R, step):
            part = slice(lo, lo + step)
            left[part], right[part] = self._step(roots[part], begin[part], n[part], cuts[part])
        return left, right

    def _step(self, roots, begin, n, cuts):
        R = len(roots)
        small = cuts <= n - cuts
        rows, items = self._runs(np.arange(R), np.where(small, begin, begin + cuts),
                                 np.where(small, cuts, n - cuts))
        sides = []  # the counted sides, then the others: swapped in the errors, not the counts
        for counted, total in zip(item_counts(self.srt, rows, items, R), self.totals,
                                  strict=True):
            side = np.empty((2 * R,) + counted.shape[1:], dtype=np.result_type(total, counted))
            side[:R] = counted
            np.subtract(np.take(total, roots, axis=0), counted, out=side[R:])
            sides.append(side)
        errors = counted_errors(self.srt, *sides, K=self.K).min(axis=0)
        counted, other = errors[:R], errors[R:]
        return np.where(small, counted, other), np.where(small, other, counted)
