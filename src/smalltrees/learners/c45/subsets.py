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
from smalltrees.learners.c45.tree import numpy_sum
from smalltrees.learners.criteria import EPS, split_info

#: A value is a group of its own if its known weight exceeds this (C4.5 release 8).
REPRESENTED = 0.5
#: While merging, a grouping needs two groups of this weight (C4.5 relaxes -m to 1 there).
MERGE_MIN_WEIGHT = 1.0
#: A merge must raise the merit by this much (C4.5 release 8).
MIN_IMPROVEMENT = 1e-5
#: Room for rounding in telling which cells may merge groups of one class (step 2): far above
#: the rounding of sums of class weights, far below any difference of weights that matters.
MERGE_SLACK = 1e-6


def value_groups(problem: GrowingProblem, counts: np.ndarray, n_values: np.ndarray,
                 totals: np.ndarray, whole: bool) -> list[tuple[np.ndarray, float, float] | None]:
    """The groups of the values of several categorical attributes at several nodes ("cells").

    The hill-climbs of all cells that hold the same number of groups run together: each step
    scores every merge of every such cell in one set of whole-array operations, the
    per-cell arithmetic unchanged (a cell's numbers do not depend on the others).

    Parameters
    ----------
    counts : ndarray of shape (n_classes, n_cells, width)
        Class weights of each cell's cases with a known value, per declared value (0 beyond
        the cell's ``n_values``).
    n_values : ndarray of shape (n_cells,)
        The number of declared values of each cell's attribute.
    totals : ndarray of shape (n_cells,)
        Each cell's node's total weight (unknown values included).
    whole : bool
        Every case weighs a whole number (class weights are whole numbers).

    Returns
    -------
    list, one entry per cell: (groups, gain, merit) or None
        ``groups[v]``: the branch of declared value ``v``; the test's gain and merit. ``None``
        if the final merit is not positive or fewer than two groups weigh ``min_cases``.
    """
    found: list[tuple[np.ndarray, float, float] | None] = [None] * counts.shape[1]
    weights = counts.sum(axis=0)
    represented = weights > REPRESENTED
    n_represented = np.count_nonzero(represented, axis=1)
    # step 2 merges only in cells with two groups that might be of one class (a class within
    # 0.1 of the group's weight, with room for rounding); the others keep their groups
    near_one_class = represented & (counts.max(axis=0) >= weights - 0.1 - MERGE_SLACK)
    merging = np.count_nonzero(near_one_class, axis=1) >= 2
    firsts = np.argsort(~represented, axis=1, kind="stable")  # each cell's represented values
    # per number of groups: the cells, their groups and their class weights (n_classes,
    # n_cells, n_groups), the cells that keep their values' groups taken together
    climbs: dict[int, tuple[list[int], list[list[list[int]]], list[np.ndarray]]] = {}
    for k in np.unique(n_represented[~merging]).tolist():
        if not k:
            continue
        cells = np.flatnonzero(~merging & (n_represented == k))
        values = firsts[cells, :k]
        climbs[k] = (cells.tolist(), [[[v] for v in row] for row in values.tolist()],
                     [counts[:, cells[:, None], values].astype(float)])
    # the other cells merge in Python, on their class weights by value taken out at once
    merged: dict[int, tuple[list[int], list[list[list[int]]], list[list[list[float]]]]] = {}
    cells = np.flatnonzero(merging)
    by_value = np.moveaxis(counts[:, cells], 0, -1).astype(float).tolist()
    for cell, cell_counts, row, k in zip(cells.tolist(), by_value, firsts[cells].tolist(),
                                         n_represented[cells].tolist(), strict=True):
        blocks = [[v] for v in row[:k]]
        columns = _merge_single_class(blocks, [cell_counts[v] for v in row[:k]])
        for part, item in zip(merged.setdefault(len(blocks), ([], [], [])),
                              (cell, blocks, columns), strict=True):
            part.append(item)
    for k, (cells, cell_blocks, columns) in merged.items():
        climb = climbs.setdefault(k, ([], [], []))
        climb[0].extend(cells)
        climb[1].extend(cell_blocks)
        climb[2].append(np.array(columns).transpose(2, 0, 1))
    for cells, cell_blocks, block_counts in climbs.values():
        cells = np.array(cells)
        _climb(problem, cell_blocks, cells, np.concatenate(block_counts, axis=1),
               np.asarray(totals, dtype=float)[cells], whole, n_values, found)
    return found


def _climb(problem: GrowingProblem, blocks: list[list[list[int]]], cells: np.ndarray,
           block_counts: np.ndarray, totals: np.ndarray, whole: bool, n_values: np.ndarray,
           found: list) -> None:
    """Hill-climb the cells that start with the same number of groups (step 3), in step.

    Member ``i`` of the climb is cell ``cells[i]``, with the groups ``blocks[i]`` and the
    class weights ``block_counts[:, i]`` (shape ``(n_classes, n_members, n_groups)``); the
    results go to ``found``.
    """
    gains, _, values = _scores(problem, block_counts, totals, whole, MERGE_MIN_WEIGHT)
    gain, value = gains.tolist(), values.tolist()
    min_gain = [this / 2 for this in gain]
    active = list(range(cells.size))
    while active:
        n_groups = block_counts.shape[2]
        if n_groups <= 2:
            _finish(problem, active, block_counts, totals[active], whole, blocks, value,
                    cells, n_values, found)
            return
        sizes = block_counts.sum(axis=0)
        reasonable = np.count_nonzero(sizes >= problem.min_cases - EPS, axis=1).tolist()
        largest = np.argmax(sizes, axis=1).tolist()
        first, second = np.triu_indices(n_groups, 1)  # every pair, in C4.5's order
        merges = _pair_merges(block_counts, first, second)
        pair_gains, _, pair_values = _scores(problem, merges, totals[active, None], whole,
                                             MERGE_MIN_WEIGHT)
        pairs = list(zip(first.tolist(), second.tolist(), strict=True))
        going, staying, choices = [], [], []
        for row, (member, this_gains, this_values) in enumerate(zip(
                active, pair_gains.tolist(), pair_values.tolist(), strict=True)):
            barred = largest[row] if reasonable[row] < 3 else -1
            forced = not problem.criterion.normalise or reasonable[row] < 2
            best, best_value, best_gain = None, 0.0, -EPS
            for pair, (one, other) in enumerate(pairs):
                if barred in (one, other):
                    continue
                this_gain, this_value = this_gains[pair], this_values[pair]
                if ((this_gain >= min_gain[member] and best_gain < min_gain[member])
                        or this_value >= best_value or (best is None and forced)):
                    best, best_value, best_gain = pair, this_value, this_gain
            if not forced and (best is None or best_value < value[member] + MIN_IMPROVEMENT
                               or (best_value == value[member] and best_gain < gain[member])):
                staying.append(row)
                continue
            gain[member], value[member] = best_gain, best_value
            one, other = pairs[best]
            cell_blocks = blocks[member]
            cell_blocks[one] = cell_blocks[one] + cell_blocks[other]
            cell_blocks[other] = cell_blocks[-1]
            cell_blocks.pop()
            going.append(row)
            choices.append(best)
        if staying:
            members = [active[row] for row in staying]
            _finish(problem, members, block_counts[:, staying], totals[members], whole,
                    blocks, value, cells, n_values, found)
        block_counts = merges[:, going, choices]
        active = [active[row] for row in going]


def _finish(problem: GrowingProblem, members: list[int], block_counts: np.ndarray,
            totals: np.ndarray, whole: bool, blocks: list[list[list[int]]], value: list[float],
            cells: np.ndarray, n_values: np.ndarray, found: list) -> None:
    """Score the final groups of the climbs ``members`` (their class weights
    ``block_counts`` and node weights ``totals``) against ``min_cases``; a climb's test is
    kept, in ``found``, if its merit and gain are positive."""
    final_gain, info, _ = _scores(problem, block_counts, totals, whole, problem.min_cases)
    merit = problem.criterion.merit(final_gain, info)
    for member, this_gain, this_merit in zip(members, final_gain.tolist(),
                                             np.atleast_1d(merit).tolist(), strict=True):
        if value[member] <= 0 or this_gain < 0:
            continue
        cell = int(cells[member])
        groups = [len(blocks[member])] * int(n_values[cell])  # values set aside: the last
        for branch, block in enumerate(blocks[member]):
            for code in block:
                groups[code] = branch
        found[cell] = np.array(groups, dtype=np.intp), float(this_gain), float(this_merit)


def _merge_single_class(blocks: list[list[int]], columns: list[list[float]]
                        ) -> list[list[float]]:
    """Merge every group whose cases are of one class with the later groups of that class;
    return the class weights of the groups left (one list per group).

    The groups' class weights (``columns``) are Python floats: a merge adds them as NumPy
    adds arrays elementwise, and a group's total is summed as NumPy sums it
    (:func:`~smalltrees.learners.c45.tree.numpy_sum`), so the same numbers."""
    first = 0
    while first < len(blocks) - 1:
        dist = columns[first]
        cls = next((c for c, weight in enumerate(dist) if weight >= 0.1), 0)
        if dist[cls] >= numpy_sum(dist) - 0.1:
            other = first + 1
            while other < len(blocks):
                column = columns[other]
                if column[cls] < numpy_sum(column) - 0.1:
                    other += 1
                else:
                    _merge(blocks, columns, first, other)
        first += 1
    return columns


def _merge(blocks: list[list[int]], columns: list[list[float]], i: int, j: int) -> None:
    """Merge group ``j`` into group ``i`` and move the last group into ``j``'s place (the
    groups ``blocks`` and their class weights ``columns``, in place)."""
    blocks[i] = blocks[i] + blocks[j]
    columns[i] = [a + b for a, b in zip(columns[i], columns[j], strict=True)]
    blocks[j], columns[j] = blocks[-1], columns[-1]
    blocks.pop()
    columns.pop()


def _pair_merges(block_counts: np.ndarray, first: np.ndarray, second: np.ndarray
                 ) -> np.ndarray:
    """``(..., n_pairs, n_groups - 1)``: the groups' class weights (``block_counts`` of shape
    ``(..., n_groups)``) after each merge of group ``second[p]`` into ``first[p]``
    (``first < second``), the last group moved into the absorbed one's place."""
    n_groups = block_counts.shape[-1]
    pairs = np.arange(first.size)
    merged = np.repeat(block_counts[..., None, :], first.size, axis=-2)
    merged[..., pairs, first] += block_counts[..., second]
    merged[..., pairs, second] = block_counts[..., [n_groups - 1]]
    return merged[..., :n_groups - 1]


def _scores(problem: GrowingProblem, counts: np.ndarray, total: float, whole: bool,
            min_weight: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Gain (scaled by the known fraction), split information and worth of each of several
    groupings, ``counts`` of shape ``(n_classes, ..., n_groups)``, ``total`` the node weight
    of each (broadcast to ``counts.shape[1:-1]``).

    A grouping's gain is ``-EPS`` unless two of its groups weigh ``min_weight`` or more; its
    worth is its merit (the gain ratio), ``-EPS`` if its gain is not positive.
    """
    weights = counts.sum(axis=0)
    info = split_info(weights, total)
    known = weights.sum(axis=-1)
    decrease = (problem.impurity(counts.sum(axis=-1), whole)
                - problem.impurity(counts, whole).sum(axis=-1))
    gain = known / total * decrease
    gain = np.where(np.abs(gain) < EPS, 0.0, gain) / known
    gain = np.where(np.count_nonzero(weights > min_weight - EPS, axis=-1) >= 2, gain, -EPS)
    worth = np.where(gain < EPS, -EPS, problem.criterion.merit(gain, info))
    return gain, np.atleast_1d(info), worth
