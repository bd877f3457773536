"""C4.5's subsetting of categorical values (option ``-s``): branches on groups of values.

Quinlan (1993, ch. 7; the ``EvalSubset`` step of the release 8 source) replaces the
one-branch-per-value test of a categorical attribute with more than two declared values by a
test on groups of values, found by hill-climbing:

1. every value with more than 0.5 of the node's known weight is a group of its own; the
   other values are set aside as one extra, last branch (it receives almost no cases);
2. groups whose cases all belong to the same class are merged with later groups of that class;
3. while more than two groups remain, every merge of two groups is scored by the criterion's
   merit (the gain ratio), branches needing only weight 1 here, and the best merge made,
   unless it does not raise the merit by at least ``1e-5``. A merge whose gain reaches half the
   gain of the initial groups is preferred to one whose gain does not; when fewer than three
   groups weigh ``min_cases`` or more, merges involving the largest group are barred, and
   when fewer than two do, merges are made regardless of the merit (down to two groups).

A merge moves the last group into the place of the absorbed one, as the release 8 source
does, which decides the order of the branches and of ties. The attribute proposes no test if
the final merit is not positive; its gain is then checked like any categorical test's
(:func:`~smalltrees.learners.c45.proposals.categorical_proposals_at`: two branches of at
least ``min_cases``).
"""

from __future__ import annotations

import numpy as np

from smalltrees.learners.c45.problem import GrowingProblem
from smalltrees.learners.criteria import EPS, split_info

#: A value is a group of its own if its known weight exceeds this (C4.5 release 8).
REPRESENTED = 0.5
#: While merging, a grouping needs two groups of this weight (C4.5 relaxes -m to 1 there).
MERGE_MIN_WEIGHT = 1.0
#: A merge must raise the merit by this much (C4.5 release 8).
MIN_IMPROVEMENT = 1e-5


def value_groups(problem: GrowingProblem, counts: np.ndarray, total: float, whole: bool
                 ) -> tuple[np.ndarray, float, float] | None:
    """The groups of one categorical attribute's values at a node.

    Parameters
    ----------
    counts : ndarray of shape (n_classes, n_values)
        Class weights of the node's cases with a known value, per declared value.
    total : float
        The node's total weight (unknown values included).
    whole : bool
        Every case weighs 1 (class weights are whole numbers).

    Returns
    -------
    (groups, gain, merit) or None
        ``groups[v]``: the branch of declared value ``v``; the test's gain and merit. ``None``
        if the final merit is not positive or fewer than two groups weigh ``min_cases``.
    """
    weights = counts.sum(axis=0)
    represented = np.flatnonzero(weights > REPRESENTED)
    if represented.size == 0:
        return None
    blocks = [[int(v)] for v in represented.tolist()]
    block_counts = [counts[:, v].astype(float) for v in represented.tolist()]
    _merge_single_class(blocks, block_counts)
    gain, info = _score(problem, block_counts, total, whole, MERGE_MIN_WEIGHT)
    value = _worth(problem, gain, info)
    min_gain = gain / 2
    while len(blocks) > 2:
        sizes = [float(c.sum()) for c in block_counts]
        reasonable = sum(size >= problem.min_cases - EPS for size in sizes)
        barred = int(np.argmax(sizes)) if reasonable < 3 else -1
        best = None
        best_value, best_gain, best_info = 0.0, -EPS, 0.0
        for i in range(len(blocks) - 1):
            for j in range(i + 1, len(blocks)):
                if barred in (i, j):
                    continue
                merged = _merged(block_counts, i, j)
                this_gain, this_info = _score(problem, merged, total, whole, MERGE_MIN_WEIGHT)
                this_value = _worth(problem, this_gain, this_info)
                if ((this_gain >= min_gain and best_gain < min_gain) or this_value >= best_value
                        or (best is None and (not problem.criterion.normalise
                                              or reasonable < 2))):
                    best, best_value, best_gain, best_info = (i, j), this_value, this_gain, \
                        this_info
        if problem.criterion.normalise and reasonable >= 2 and (
                best is None or best_value < value + MIN_IMPROVEMENT
                or (best_value == value and best_gain < gain)):
            break
        gain, info, value = best_gain, best_info, best_value
        _merge(blocks, block_counts, *best)
    gain, info = _score(problem, block_counts, total, whole, problem.min_cases)
    if value <= 0 or gain < 0:
        return None
    groups = np.full(counts.shape[1], len(blocks), dtype=np.intp)  # the set-aside values
    for branch, block in enumerate(blocks):
        groups[block] = branch
    return groups, gain, float(problem.criterion.merit(gain, info))


def _merge_single_class(blocks: list[list[int]], block_counts: list[np.ndarray]) -> None:
    """Merge every group whose cases are of one class with the later groups of that class."""
    first = 0
    while first < len(blocks) - 1:
        dist = block_counts[first]
        cls = int(np.argmax(dist >= 0.1))
        if dist[cls] >= dist.sum() - 0.1:
            other = first + 1
            while other < len(blocks):
                if block_counts[other][cls] < block_counts[other].sum() - 0.1:
                    other += 1
                else:
                    _merge(blocks, block_counts, first, other)
        first += 1


def _merge(blocks: list[list[int]], block_counts: list[np.ndarray], i: int, j: int) -> None:
    """Merge group ``j`` into group ``i`` and move the last group into ``j``'s place."""
    blocks[i] = blocks[i] + blocks[j]
    block_counts[i] = block_counts[i] + block_counts[j]
    blocks[j], block_counts[j] = blocks[-1], block_counts[-1]
    blocks.pop()
    block_counts.pop()


def _merged(block_counts: list[np.ndarray], i: int, j: int) -> list[np.ndarray]:
    """The groups' class weights with ``j`` merged into ``i`` (the last group in ``j``'s place)."""
    merged = list(block_counts)
    merged[i] = block_counts[i] + block_counts[j]
    merged[j] = block_counts[-1]
    return merged[:-1]


def _score(problem: GrowingProblem, block_counts: list[np.ndarray], total: float,
           whole: bool, min_weight: float) -> tuple[float, float]:
    """Gain (scaled by the known fraction) and split information of a split into the groups;
    the gain is ``-EPS`` unless two groups weigh ``min_weight`` or more."""
    counts = np.stack(block_counts, axis=1)
    weights = counts.sum(axis=0)
    info = float(split_info(weights, total))
    if np.count_nonzero(weights > min_weight - EPS) < 2:
        return -EPS, info
    known = float(weights.sum())
    decrease = float(problem.impurity(counts.sum(axis=1), whole)
                     - problem.impurity(counts, whole).sum())
    gain = known / total * decrease
    return (0.0 if abs(gain) < EPS else gain) / known, info


def _worth(problem: GrowingProblem, gain: float, info: float) -> float:
    """The merit of a split (``-EPS`` if its gain is not positive), as C4.5 ranks groupings."""
    if gain < EPS:
        return -EPS
    return float(problem.criterion.merit(gain, info))
