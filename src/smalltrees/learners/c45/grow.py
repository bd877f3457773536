"""Growing a C4.5 tree (Release 8 semantics, as re-implemented by Weka's J48).

At each node every attribute proposes its best test; the test chosen has the highest merit
(gain ratio by default) among tests whose information gain is at least the average gain of
the proposed tests. Continuous attributes are split at one threshold, whose gain is charged
``log2(number of admissible cuts) / |D|`` (the MDL correction of Release 8); categorical
attributes get one branch per declared value.

The work at a node is a fixed number of whole-array operations, whatever the number of
attributes: the cases are sorted by each continuous attribute once per fit and every node
hands its sorted orders down to its branches; the class weights of all cuts of all continuous
attributes come from one ``bincount`` over (class, attribute, run of tied values), and those
of all categorical attributes from one ``bincount`` over (class, attribute, value); while
every case weighs 1 (no unknown value has split a case yet) the entropy's terms are looked
up, not computed. Weka's J48 makes the same choices (``benchmarks/c45_vs_j48.py``).

References
----------
J. R. Quinlan (1993), *C4.5: Programs for Machine Learning*, Morgan Kaufmann, ch. 2
(gain ratio and the average-gain filter) and ch. 3 (unknown values).
J. R. Quinlan (1996), "Improved use of continuous attributes in C4.5", *JAIR* 4, 77-90,
section 3 (the MDL threshold correction).
Weka 3.6 ``weka.classifiers.trees.j48.C45ModelSelection`` and ``C45Split`` (the minimum
branch weight, the 1e-5 cut spacing, the placement of thresholds).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from smalltrees.learners.c45.tree import Node, branch_of, class_weights, split_positions
from smalltrees.learners.criteria import EPS, Criterion, entropy, split_info, xlog2x

#: Consecutive sorted values closer than this are not separated by a cut (Weka's C45Split).
CUT_SPACING = 1e-5
#: Upper bound of the minimum branch weight of a continuous split (C4.5 and J48).
MAX_MIN_SPLIT = 25.0
#: Slack of the average-gain filter (C4.5 and J48).
AVERAGE_GAIN_SLACK = 1e-3


@dataclass(frozen=True)
class GrowingProblem:
    """Everything tree growing needs to know about the training set.

    The per-fit views of the data that growing reuses at every node (the continuous columns
    laid out by attribute, the bins of the categorical values, the sorted training values)
    are computed once, on first use.

    Attributes
    ----------
    Z : ndarray of shape (n_samples, n_features)
        Encoded attributes: floats, category codes, ``NaN`` = unknown.
    y : ndarray of int
        Class codes into the declared class order.
    n_classes : int
    n_values : ndarray of int
        Number of declared categories per attribute, 0 for continuous attributes.
    criterion : Criterion
    min_cases : float
        Minimum weight of at least two branches of a split.
    mdl_correction : bool
    cut_by_merit : bool
        Choose a continuous attribute's cut by the criterion's merit (gain ratio), as the
        releases before 8 did, instead of by gain (Release 8).
    """

    Z: np.ndarray
    y: np.ndarray
    n_classes: int
    n_values: np.ndarray
    criterion: Criterion
    min_cases: float
    mdl_correction: bool
    cut_by_merit: bool = False

    @cached_property
    def continuous(self) -> np.ndarray:
        """Indices of the continuous attributes."""
        return np.flatnonzero(self.n_values == 0)

    @cached_property
    def categorical(self) -> np.ndarray:
        """Indices of the categorical attributes."""
        return np.flatnonzero(self.n_values > 0)

    @cached_property
    def in_average(self) -> np.ndarray:
        """Which attributes count in the average gain.

        As in C4.5, categorical attributes with at least ``0.3 * n_samples`` values are left
        out of the average, unless every attribute is such an attribute.
        """
        many = (self.n_values > 0) & (self.n_values >= 0.3 * self.Z.shape[0])
        return np.ones_like(many) if many.all() else ~many

    @cached_property
    def columns(self) -> np.ndarray:
        """The continuous attributes, one row per attribute (contiguous for gathering)."""
        return np.ascontiguousarray(self.Z[:, self.continuous].T)

    @cached_property
    def max_values(self) -> int:
        """Largest number of declared categories of a categorical attribute (at least 1)."""
        return int(max(self.n_values.max(initial=0), 1))

    @cached_property
    def category_cells(self) -> np.ndarray:
        """``(n_samples, n_categorical)``: each case's (attribute, value) cell.

        Cell ``t * max_values + v`` is value code ``v`` of the ``t``-th categorical attribute;
        an unknown value goes to the extra cell ``n_categorical * max_values``, discarded.
        """
        codes = self.Z[:, self.categorical]
        cells = np.arange(self.categorical.size) * self.max_values + np.nan_to_num(codes, nan=0)
        trash = self.categorical.size * self.max_values
        return np.where(np.isnan(codes), trash, cells).astype(np.int64)

    @cached_property
    def entropy_table(self) -> np.ndarray | None:
        """``xlog2x(0), ..., xlog2x(n_samples)`` if the criterion's impurity is the entropy.

        Class weights are whole numbers up to ``n_samples`` while every case weighs 1 (no
        unknown value has split a case yet), and then the entropy's ``w log2 w`` terms are
        looked up instead of computed (:meth:`impurity`).
        """
        if self.criterion.impurity is not entropy:
            return None
        return xlog2x(np.arange(self.Z.shape[0] + 1, dtype=float))

    def whole_weights(self, weights: np.ndarray) -> bool:
        """True if every case weighs 1 and there are no more cases than training cases."""
        return weights.size <= self.Z.shape[0] and bool((weights == 1.0).all())

    def impurity(self, counts: np.ndarray, whole: bool) -> np.ndarray:
        """The criterion's impurity of class weights, classes on the first axis.

        ``whole``: :meth:`whole_weights` of the cases, so the class weights are whole
        numbers, at most ``n_samples``.
        """
        table = self.entropy_table
        if table is None or not whole:
            return self.criterion.impurity(counts, axis=0)
        counts = counts.astype(np.intp)
        return table[counts.sum(axis=0)] - table[counts].sum(axis=0)

    @cached_property
    def training_values(self) -> dict[int, np.ndarray]:
        """Sorted distinct known training values of each continuous attribute."""
        return {int(j): np.unique(column[~np.isnan(column)])
                for j, column in zip(self.continuous, self.columns, strict=True)}


@dataclass(frozen=True)
class Proposals:
    """The best test of each of a set of attributes at a node.

    Arrays have one entry per attribute; ``valid`` marks the attributes that propose a test;
    ``gain`` is its (corrected) gain, ``merit`` its merit, ``cut`` the midpoint of a
    continuous attribute's best cut (``NaN`` for categorical attributes).
    """

    valid: np.ndarray
    gain: np.ndarray
    merit: np.ndarray
    cut: np.ndarray


def min_split_weight(known_weight: np.ndarray, n_classes: int, min_cases: float) -> np.ndarray:
    """Minimum branch weight of a continuous split: ``min(25, max(m, 0.1 N / n_classes))``.

    ``N`` is the weight of cases with a known value (Quinlan 1993, ch. 2; Weka's C45Split).
    """
    share = 0.1 * known_weight / n_classes
    return np.where(share <= min_cases + EPS, min_cases, np.minimum(share, MAX_MIN_SPLIT))


def gain_numerator(gain: np.ndarray) -> np.ndarray:
    """Zero out gains that are zero up to rounding, as C4.5 does."""
    return np.where(np.abs(gain) < EPS, 0.0, gain)


def sorted_positions(problem: GrowingProblem, rows: np.ndarray) -> np.ndarray:
    """``(n_continuous, len(rows))``: positions into ``rows`` sorted by each continuous
    attribute, unknown values last (sorting is done once per fit; see :func:`grow`)."""
    return np.argsort(problem.columns[:, rows], axis=1, kind="stable")


def continuous_proposals(
    problem: GrowingProblem, rows: np.ndarray, weights: np.ndarray, total: float,
    order: np.ndarray | None = None,
) -> Proposals:
    """Best threshold of every continuous attribute at a node, vectorised over attributes.

    Cases are taken in the order of ``order`` (:func:`sorted_positions`). A cut lies between
    consecutive known values differing by more than :data:`CUT_SPACING`, so the cases fall
    into runs of values no cut separates; the class weights of the runs (one ``bincount``),
    accumulated, give the two branches of every cut. A cut is admissible if both branches
    weigh at least :func:`min_split_weight`. The gain of a cut is scaled by the known
    fraction ``F`` (Quinlan 1993, ch. 3); the best cut's gain is then reduced by
    ``log2(n_admissible) / total`` if the MDL correction is on (Quinlan 1996, where
    ``n_admissible`` is written ``N - 1``).
    """
    n_columns, n_classes = problem.continuous.size, problem.n_classes
    none = Proposals(*(np.zeros(n_columns, bool),) + (np.full(n_columns, np.nan),) * 3)
    if not n_columns or rows.size < 2:
        return none
    if order is None:
        order = sorted_positions(problem, rows)
    values = np.take_along_axis(problem.columns, rows[order], axis=1)
    known = ~np.isnan(values)
    # run[a, i]: index of the run of the i-th smallest value (unknown values join the last)
    run = np.zeros(values.shape, dtype=np.int64)
    np.cumsum(known[:, 1:] & (values[:, :-1] + CUT_SPACING < values[:, 1:]), axis=1,
              out=run[:, 1:])
    n_runs = int(run[:, -1].max()) + 1
    if n_runs < 2:
        return none
    # class weights of every (class, attribute, run), accumulated over the runs
    bins = (problem.y[rows][order] * n_columns + np.arange(n_columns)[:, None]) * n_runs + run
    counts = np.bincount(bins.ravel(), weights=np.where(known, weights[order], 0.0).ravel(),
                         minlength=n_classes * n_columns * n_runs)
    cumulative = np.cumsum(counts.reshape(n_classes, n_columns, n_runs), axis=2)
    known_counts = cumulative[:, :, -1]
    known_weight = known_counts.sum(axis=0)
    min_split = min_split_weight(known_weight, n_classes, problem.min_cases)[:, None]

    left = cumulative[:, :, :-1]  # cut after run r, for r < the attribute's last run
    left_weight = left.sum(axis=0)
    right_weight = known_weight[:, None] - left_weight
    admissible = (
        (np.arange(n_runs - 1) < run[:, -1:])
        & (left_weight > min_split - EPS)
        & (right_weight > min_split - EPS)
    )
    whole = problem.whole_weights(weights)
    decrease = (problem.impurity(known_counts, whole)[:, None] - problem.impurity(left, whole)
                - problem.impurity(known_counts[:, :, None] - left, whole))
    with np.errstate(invalid="ignore", divide="ignore"):
        gain = gain_numerator(known_weight[:, None] / total * decrease) / known_weight[:, None]
    gain = np.where(admissible, gain, -np.inf)
    n_cuts = admissible.sum(axis=1)
    best_gain = gain.max(axis=1)
    ranking = _cut_ratios(gain, left_weight, known_weight[:, None], total) if (
        problem.cut_by_merit and problem.criterion.normalise) else gain
    best = np.argmax(ranking >= ranking.max(axis=1, keepdims=True) - EPS, axis=1)

    attributes = np.arange(n_columns)
    charge = np.log2(np.maximum(n_cuts, 1)) / total if problem.mdl_correction else 0.0
    corrected = gain[attributes, best] - charge
    valid = ((known.sum(axis=1) >= 2 * min_split[:, 0] - EPS) & (n_cuts > 0)
             & (best_gain > EPS) & (corrected >= EPS))
    branches = np.stack([left_weight[attributes, best], right_weight[attributes, best]], axis=1)
    merit = problem.criterion.merit(corrected, split_info(branches, total))
    above = np.argmax(run > best[:, None], axis=1)  # first case above the best cut
    low, high = values[attributes, above - 1], values[attributes, above]
    cut = (low + high) / 2
    cut = np.where(cut == high, low, cut)
    return Proposals(valid, np.where(valid, corrected, np.nan), np.where(valid, merit, np.nan),
                     np.where(valid, cut, np.nan))


def _cut_ratios(gain: np.ndarray, left_weight: np.ndarray, known_weight: np.ndarray,
                total: float) -> np.ndarray:
    """Gain ratio of every cut (unknown values a third branch, as in :func:`split_info`)."""
    right_weight = known_weight - left_weight
    info = (xlog2x(total) - xlog2x(left_weight) - xlog2x(right_weight)
            - xlog2x(total - known_weight)) / total
    with np.errstate(invalid="ignore", divide="ignore"):
        ratio = np.where(info >= EPS, gain / info, 0.0)
    return np.where(np.isfinite(gain), ratio, -np.inf)


def categorical_proposals(
    problem: GrowingProblem, rows: np.ndarray, weights: np.ndarray, total: float
) -> Proposals:
    """Tests of all categorical attributes at a node: one branch per declared value.

    The class weights of every (attribute, value) cell come from one ``bincount`` over
    :attr:`GrowingProblem.category_cells`. A test is valid if at least two branches weigh
    ``min_cases`` or more (Quinlan 1993, ch. 2).
    """
    n_columns, n_values, n_classes = problem.categorical.size, problem.max_values, \
        problem.n_classes
    cells = n_columns * n_values + 1  # the last cell takes unknown values
    bins = problem.y[rows][:, None] * cells + problem.category_cells[rows]
    counts = np.bincount(bins.ravel(), weights=np.repeat(weights, n_columns),
                         minlength=n_classes * cells)
    counts = counts.reshape(n_classes, cells)[:, :-1].reshape(n_classes, n_columns, n_values)
    branches = counts.sum(axis=0)
    valid = np.count_nonzero(branches > problem.min_cases - EPS, axis=1) >= 2
    known_weight = branches.sum(axis=1)
    whole = problem.whole_weights(weights)
    decrease = (problem.impurity(counts.sum(axis=2), whole)
                - problem.impurity(counts, whole).sum(axis=1))
    with np.errstate(invalid="ignore", divide="ignore"):
        gain = gain_numerator(known_weight / total * decrease) / known_weight
    merit = problem.criterion.merit(gain, split_info(branches, total))
    return Proposals(valid, np.where(valid, gain, np.nan), np.where(valid, merit, np.nan),
                     np.full(n_columns, np.nan))


def propose(
    problem: GrowingProblem, rows: np.ndarray, weights: np.ndarray, total: float,
    order: np.ndarray | None = None,
) -> Proposals:
    """The best test of every attribute (in attribute order) at a node."""
    parts = []
    if problem.continuous.size:
        parts.append((problem.continuous,
                      continuous_proposals(problem, rows, weights, total, order)))
    if problem.categorical.size:
        parts.append((problem.categorical, categorical_proposals(problem, rows, weights, total)))
    if len(parts) == 1:
        return parts[0][1]
    n = problem.n_values.size
    found = Proposals(np.zeros(n, bool), *(np.full(n, np.nan) for _ in range(3)))
    for columns, part in parts:
        for name in ("valid", "gain", "merit", "cut"):
            getattr(found, name)[columns] = getattr(part, name)
    return found


def choose_test(
    problem: GrowingProblem, rows: np.ndarray, weights: np.ndarray, dist: np.ndarray,
    order: np.ndarray | None = None,
) -> tuple[int, float] | None:
    """Choose the test at a node, or ``None`` to make it a leaf.

    A node becomes a leaf if it weighs less than ``2 * min_cases``, is pure, or no attribute
    proposes a test with merit above zero. Otherwise the test with the highest merit among
    proposals whose gain is at least the average gain (minus 1e-3) wins; ties go to the
    first attribute.

    Returns
    -------
    (feature, threshold) or None
        ``threshold`` is the midpoint of the best cut (``NaN`` for categorical tests).
    """
    if is_too_small_or_pure(problem, dist):
        return None
    found = propose(problem, rows, weights, float(dist.sum()), order)
    counted = found.valid & problem.in_average
    if not counted.any():
        return None
    average = found.gain[counted].sum() / np.count_nonzero(counted)
    candidates = np.flatnonzero(found.valid & (found.gain >= average - AVERAGE_GAIN_SLACK))
    best, best_merit = None, 0.0
    for j, merit in zip(candidates.tolist(), found.merit[candidates].tolist(), strict=True):
        if merit > best_merit + EPS:
            best, best_merit = j, merit
    return None if best is None else (best, float(found.cut[best]))


def is_too_small_or_pure(problem: GrowingProblem, dist: np.ndarray) -> bool:
    """True if a node with class weights ``dist`` is a leaf without looking at the tests."""
    total = float(dist.sum())
    return total < 2 * problem.min_cases - EPS or float(dist.max()) > total - EPS


def grow(problem: GrowingProblem, rows: np.ndarray, weights: np.ndarray) -> Node:
    """Grow a tree on the weighted cases ``(rows, weights)``, keeping them on each node.

    The cases are sorted by each continuous attribute once; a node passes its sorted orders
    on to its branches, restricted to the branch's cases (:func:`_restrict_order`).
    """
    return _grow(problem, rows, weights, lambda: sorted_positions(problem, rows))


def _grow(problem: GrowingProblem, rows: np.ndarray, weights: np.ndarray, order) -> Node:
    """:func:`grow` with ``order()`` giving the cases' sorted orders when they are needed."""
    node = Node(class_weights(problem.y[rows], weights, problem.n_classes), rows=rows,
                weights=weights)
    if is_too_small_or_pure(problem, node.dist):
        return node
    order = order()
    test = choose_test(problem, rows, weights, node.dist, order)
    if test is None:
        return node
    node.feature, node.threshold = test
    n_branches = int(problem.n_values[node.feature])
    if not n_branches:
        n_branches = 2
        node.threshold = place_threshold(problem.training_values[node.feature], node.threshold)
    branch = branch_of(node, problem.Z[rows, node.feature])
    for positions, part_weights in split_positions(branch, weights, n_branches):
        node.children.append(_grow(
            problem, rows[positions], part_weights,
            lambda positions=positions: _restrict_order(order, positions, rows.size),
        ))
    return node


def _restrict_order(order: np.ndarray, positions: np.ndarray, n: int) -> np.ndarray:
    """Sorted orders of the cases at ``positions`` (of ``n`` cases sorted as ``order``)."""
    renumber = np.full(n, -1)
    renumber[positions] = np.arange(positions.size)
    kept = renumber[order]
    return kept[kept >= 0].reshape(order.shape[0], positions.size)


def place_threshold(training_values: np.ndarray, cut: float) -> float:
    """Move a cut to the largest training value not above it (J48's ``setSplitPoint``).

    ``training_values`` are the sorted known values of all training cases, not only those at
    the node, so the threshold printed is a value that occurs in the data (Quinlan 1993,
    ch. 2).
    """
    return float(training_values[np.searchsorted(training_values, cut + EPS) - 1])
