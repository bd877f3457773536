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
    block_counts = counts[:, represented].astype(float)
    block_counts = _merge_single_class(blocks, block_counts)
    gains, _, values = _scores(problem, block_counts[:, None, :], total, whole,
                               MERGE_MIN_WEIGHT)
    gain, value = float(gains[0]), float(values[0])
    min_gain = gain / 2
    while len(blocks) > 2:
        sizes = block_counts.sum(axis=0)
        reasonable = int(np.count_nonzero(sizes >= problem.min_cases - EPS))
        barred = int(np.argmax(sizes)) if reasonable < 3 else -1
        first, second = np.triu_indices(len(blocks), 1)  # every pair, in C4.5's order
        keep = (first != barred) & (second != barred)
        first, second = first[keep], second[keep]
        if not first.size:
            break
        gains, _, values = _scores(problem, _pair_merges(block_counts, first, second), total,
                                   whole, MERGE_MIN_WEIGHT)
        best, best_value, best_gain = None, 0.0, -EPS
        forced = not problem.criterion.normalise or reasonable < 2
        for pair, (this_gain, this_value) in enumerate(zip(gains.tolist(), values.tolist(),
                                                         strict=True)):
            if ((this_gain >= min_gain and best_gain < min_gain) or this_value >= best_value
                    or (best is None and forced)):
                best, best_value, best_gain = pair, this_value, this_gain
        if not forced and (best is None or best_value < value + MIN_IMPROVEMENT
                           or (best_value == value and best_gain < gain)):
            break
        gain, value = best_gain, best_value
        block_counts = _merge(blocks, block_counts, int(first[best]), int(second[best]))
    final_gain, info, _ = _scores(problem, block_counts[:, None, :], total, whole,
                                  problem.min_cases)
    if value <= 0 or final_gain[0] < 0:
        return None
    groups = np.full(counts.shape[1], len(blocks), dtype=np.intp)  # the set-aside values
    for branch, block in enumerate(blocks):
        groups[block] = branch
    return groups, float(final_gain[0]), float(problem.criterion.merit(final_gain[0], info[0]))


def _merge_single_class(blocks: list[list[int]], block_counts: np.ndarray) -> np.ndarray:
    """Merge every group whose cases are of one class with the later groups of that class;
    return the class weights of the groups left."""
    first = 0
    while first < len(blocks) - 1:
        dist = block_counts[:, first]
        cls = int(np.argmax(dist >= 0.1))
        if dist[cls] >= dist.sum() - 0.1:
            other = first + 1
            while other < len(blocks):
                column = block_counts[:, other]
                if column[cls] < column.sum() - 0.1:
                    other += 1
                else:
                    block_counts = _merge(blocks, block_counts, first, other)
        first += 1
    return block_counts


def _merge(blocks: list[list[int]], block_counts: np.ndarray, i: int, j: int) -> np.ndarray:
    """Merge group ``j`` into group ``i`` and move the last group into ``j``'s place; return
    the groups' class weights."""
    blocks[i] = blocks[i] + blocks[j]
    blocks[j] = blocks[-1]
    blocks.pop()
    return _pair_merges(block_counts, np.array([i]), np.array([j]))[:, 0, :]


def _pair_merges(block_counts: np.ndarray, first: np.ndarray, second: np.ndarray
                 ) -> np.ndarray:
    """``(n_classes, n_pairs, n_groups - 1)``: the groups' class weights after each merge of
    group ``second[p]`` into ``first[p]`` (``first < second``), the last group moved into
    the absorbed one's place."""
    n_groups = block_counts.shape[1]
    pairs = np.arange(first.size)
    merged = np.repeat(block_counts[:, None, :], first.size, axis=1)
    merged[:, pairs, first] += block_counts[:, second]
    merged[:, pairs, second] = block_counts[:, [n_groups - 1]]
    return merged[:, :, :n_groups - 1]


def _scores(problem: GrowingProblem, counts: np.ndarray, total: float, whole: bool,
            min_weight: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Gain (scaled by the known fraction), split information and worth of each of several
    groupings, ``counts`` of shape ``(n_classes, n_groupings, n_groups)``.

    A grouping's gain is ``-EPS`` unless two of its groups weigh ``min_weight`` or more; its
    worth is its merit (the gain ratio), ``-EPS`` if its gain is not positive.
    """
    weights = counts.sum(axis=0)
    info = split_info(weights, total)
    known = weights.sum(axis=1)
    decrease = (problem.impurity(counts.sum(axis=2), whole)
                - problem.impurity(counts, whole).sum(axis=-1))
    gain = known / total * decrease
    gain = np.where(np.abs(gain) < EPS, 0.0, gain) / known
    gain = np.where(np.count_nonzero(weights > min_weight - EPS, axis=1) >= 2, gain, -EPS)
    worth = np.where(gain < EPS, -EPS, problem.criterion.merit(gain, info))
    return gain, np.atleast_1d(info), worth
