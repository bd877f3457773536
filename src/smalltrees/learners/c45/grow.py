"""Growing a C4.5 tree (Release 8 semantics, as re-implemented by Weka's J48).

At each node every attribute proposes its best test; the test chosen has the highest merit
(gain ratio by default) among tests whose information gain is at least the average gain of
the proposed tests. Continuous attributes are split at one threshold, whose gain is charged
``log2(number of admissible cuts) / |D|`` (the MDL correction of Release 8); categorical
attributes get one branch per declared value.

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

import numpy as np

from smalltrees.learners.c45.tree import Node, class_weights, route
from smalltrees.learners.criteria import EPS, Criterion, split_info, xlog2x

#: Consecutive sorted values closer than this are not separated by a cut (Weka's C45Split).
CUT_SPACING = 1e-5
#: Upper bound of the minimum branch weight of a continuous split (C4.5 and J48).
MAX_MIN_SPLIT = 25.0
#: Slack of the average-gain filter (C4.5 and J48).
AVERAGE_GAIN_SLACK = 1e-3


@dataclass(frozen=True)
class GrowingProblem:
    """Everything tree growing needs to know about the training set.

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

    @property
    def continuous(self) -> np.ndarray:
        """Indices of the continuous attributes."""
        return np.flatnonzero(self.n_values == 0)

    @property
    def in_average(self) -> np.ndarray:
        """Which attributes count in the average gain.

        As in C4.5, categorical attributes with at least ``0.3 * n_samples`` values are left
        out of the average, unless every attribute is such an attribute.
        """
        many = (self.n_values > 0) & (self.n_values >= 0.3 * self.Z.shape[0])
        return np.ones_like(many) if many.all() else ~many


@dataclass(frozen=True)
class Proposal:
    """The best test on one attribute: corrected gain, merit and (continuous) midpoint."""

    gain: float
    merit: float
    cut: float = np.nan


def min_split_weight(known_weight: np.ndarray, n_classes: int, min_cases: float) -> np.ndarray:
    """Minimum branch weight of a continuous split: ``min(25, max(m, 0.1 N / n_classes))``.

    ``N`` is the weight of cases with a known value (Quinlan 1993, ch. 2; Weka's C45Split).
    """
    share = 0.1 * known_weight / n_classes
    return np.where(share <= min_cases + EPS, min_cases, np.minimum(share, MAX_MIN_SPLIT))


def gain_numerator(gain: np.ndarray) -> np.ndarray:
    """Zero out gains that are zero up to rounding, as C4.5 does."""
    return np.where(np.abs(gain) < EPS, 0.0, gain)


def continuous_proposals(
    problem: GrowingProblem, rows: np.ndarray, weights: np.ndarray, total: float
) -> dict[int, Proposal]:
    """Best threshold of every continuous attribute at a node, vectorised over attributes.

    Cases are sorted by value; cumulative class weights give the two branches of every cut.
    A cut lies between consecutive known values differing by more than :data:`CUT_SPACING`
    and is admissible if both branches weigh at least :func:`min_split_weight`. The gain of
    a cut is scaled by the known fraction ``F`` (Quinlan 1993, ch. 3); the best cut's gain is
    then reduced by ``log2(n_admissible) / total`` if the MDL correction is on (Quinlan
    1996, where ``n_admissible`` is written ``N - 1``).
    """
    columns = problem.continuous
    if not columns.size or rows.size < 2:
        return {}
    n_classes = problem.n_classes
    values = problem.Z[np.ix_(rows, columns)]
    order = np.argsort(values, axis=0, kind="stable")
    values = np.take_along_axis(values, order, axis=0)
    known = ~np.isnan(values)
    counts = np.zeros(values.shape + (n_classes,))
    sorted_weights = np.where(known, weights[order], 0.0)
    np.put_along_axis(counts, problem.y[rows][order][..., None], sorted_weights[..., None], 2)
    cumulative = np.cumsum(counts, axis=0)
    known_counts = cumulative[-1]
    known_weight = known_counts.sum(axis=-1)
    min_split = min_split_weight(known_weight, n_classes, problem.min_cases)
    enough = known.sum(axis=0) >= 2 * min_split - EPS

    left = cumulative[:-1]
    left_weight = left.sum(axis=-1)
    right_weight = known_weight - left_weight
    admissible = (
        known[1:]
        & (values[:-1] + CUT_SPACING < values[1:])
        & (left_weight > min_split - EPS)
        & (right_weight > min_split - EPS)
    )
    impurity = problem.criterion.impurity
    decrease = impurity(known_counts) - impurity(left) - impurity(known_counts - left)
    with np.errstate(invalid="ignore", divide="ignore"):
        gain = gain_numerator(known_weight / total * decrease) / known_weight
    gain = np.where(admissible, gain, -np.inf)
    n_cuts = admissible.sum(axis=0)
    best_gain = gain.max(axis=0)
    ranking = _cut_ratios(gain, left_weight, known_weight, total) if (
        problem.cut_by_merit and problem.criterion.normalise) else gain

    proposals = {}
    for j in np.flatnonzero(enough & (n_cuts > 0) & (best_gain > EPS)):
        i = int(np.argmax(ranking[:, j] >= ranking[:, j].max() - EPS))
        corrected = gain[i, j] - (np.log2(n_cuts[j]) / total if problem.mdl_correction else 0.0)
        if corrected < EPS:
            continue
        branches = np.array([left_weight[i, j], right_weight[i, j]])
        low, high = values[i, j], values[i + 1, j]
        cut = (low + high) / 2
        proposals[int(columns[j])] = Proposal(
            corrected,
            problem.criterion.merit(corrected, split_info(branches, total)),
            low if cut == high else cut,
        )
    return proposals


def _cut_ratios(gain: np.ndarray, left_weight: np.ndarray, known_weight: np.ndarray,
                total: float) -> np.ndarray:
    """Gain ratio of every cut (unknown values a third branch, as in :func:`split_info`)."""
    right_weight = known_weight - left_weight
    info = (xlog2x(total) - xlog2x(left_weight) - xlog2x(right_weight)
            - xlog2x(total - known_weight)) / total
    with np.errstate(invalid="ignore", divide="ignore"):
        ratio = np.where(info >= EPS, gain / info, 0.0)
    return np.where(np.isfinite(gain), ratio, -np.inf)


def categorical_proposal(
    problem: GrowingProblem, j: int, rows: np.ndarray, weights: np.ndarray, total: float
) -> Proposal | None:
    """Test of a categorical attribute: one branch per declared value.

    Valid if at least two branches weigh ``min_cases`` or more (Quinlan 1993, ch. 2).
    """
    n_values, n_classes = int(problem.n_values[j]), problem.n_classes
    values = problem.Z[rows, j]
    known = ~np.isnan(values)
    flat = values[known].astype(int) * n_classes + problem.y[rows][known]
    counts = np.bincount(flat, weights=weights[known], minlength=n_values * n_classes)
    counts = counts.reshape(n_values, n_classes)
    branches = counts.sum(axis=1)
    if np.count_nonzero(branches > problem.min_cases - EPS) < 2:
        return None
    known_weight = branches.sum()
    impurity = problem.criterion.impurity
    decrease = float(impurity(counts.sum(axis=0)) - impurity(counts).sum())
    gain = float(gain_numerator(known_weight / total * decrease)) / known_weight
    return Proposal(gain, problem.criterion.merit(gain, split_info(branches, total)))


def choose_test(
    problem: GrowingProblem, rows: np.ndarray, weights: np.ndarray, dist: np.ndarray
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
    total = float(dist.sum())
    if total < 2 * problem.min_cases - EPS or dist.max() > total - EPS:
        return None
    proposals = continuous_proposals(problem, rows, weights, total)
    for j in np.flatnonzero(problem.n_values > 0):
        proposal = categorical_proposal(problem, int(j), rows, weights, total)
        if proposal is not None:
            proposals[int(j)] = proposal
    counted = [p.gain for j, p in proposals.items() if problem.in_average[j]]
    if not counted:
        return None
    average = sum(counted) / len(counted)
    best, best_merit = None, 0.0
    for j in sorted(proposals):
        proposal = proposals[j]
        if proposal.gain >= average - AVERAGE_GAIN_SLACK and proposal.merit > best_merit + EPS:
            best, best_merit = j, proposal.merit
    return None if best is None else (best, proposals[best].cut)


def grow(problem: GrowingProblem, rows: np.ndarray, weights: np.ndarray) -> Node:
    """Grow a tree on the weighted cases ``(rows, weights)``, keeping them on each node."""
    dist = class_weights(problem.y[rows], weights, problem.n_classes)
    node = Node(dist, rows=rows, weights=weights)
    test = choose_test(problem, rows, weights, dist)
    if test is None:
        return node
    node.feature, node.threshold = test
    if problem.n_values[node.feature] == 0:
        node.threshold = place_threshold(problem.Z[:, node.feature], node.threshold)
    n_branches = int(problem.n_values[node.feature]) or 2
    for part_rows, part_weights in route(node, problem.Z, rows, weights, n_branches):
        node.children.append(grow(problem, part_rows, part_weights))
    return node


def place_threshold(column: np.ndarray, cut: float) -> float:
    """Move a cut to the largest training value not above it (J48's ``setSplitPoint``).

    All training cases are searched, not only those at the node, so the threshold printed
    is a value that occurs in the data (Quinlan 1993, ch. 2).
    """
    known = column[~np.isnan(column)]
    return float(known[known < cut + EPS].max())
