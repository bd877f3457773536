"""The best test each attribute proposes at a node of a C4.5 tree (Release 8, as J48).

Continuous attributes propose their best threshold, categorical attributes one branch per
declared value (Quinlan 1993, ch. 2; Quinlan 1996, section 3). The work at a node is a fixed
number of whole-array operations, whatever the number of attributes: the class weights of all
cuts of all continuous attributes come from one ``bincount`` over (class, attribute, run of
tied values), those of all categorical attributes from one ``bincount`` over (class,
attribute, value). While every case weighs 1 the class weights are whole numbers: they are
counted without weights and the entropy's ``w log2 w`` terms are looked up
(:meth:`~smalltrees.learners.c45.grow.GrowingProblem.impurity`), with the same values.

References
----------
J. R. Quinlan (1993), *C4.5: Programs for Machine Learning*, Morgan Kaufmann, ch. 2-3.
J. R. Quinlan (1996), "Improved use of continuous attributes in C4.5", *JAIR* 4, 77-90.
Weka 3.6 ``weka.classifiers.trees.j48.C45Split`` (minimum branch weight, cut spacing).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from smalltrees.learners.criteria import EPS, split_info, xlog2x

if TYPE_CHECKING:
    from smalltrees.learners.c45.grow import GrowingProblem

#: Consecutive sorted values closer than this are not separated by a cut (Weka's C45Split).
CUT_SPACING = 1e-5
#: Upper bound of the minimum branch weight of a continuous split (C4.5 and J48).
MAX_MIN_SPLIT = 25.0


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
    order: np.ndarray | None = None, whole: bool | None = None,
) -> Proposals:
    """Best threshold of every continuous attribute at a node, vectorised over attributes.

    Cases are taken in the order of ``order`` (:func:`sorted_positions`). A cut lies between
    consecutive known values differing by more than :data:`CUT_SPACING`, so the cases fall
    into runs of values no cut separates; the class weights of the runs (one ``bincount``),
    accumulated, give the two branches of every cut. A cut is admissible if both branches
    weigh at least :func:`min_split_weight`. The gain of a cut is scaled by the known
    fraction ``F`` (Quinlan 1993, ch. 3); the best cut's gain is then reduced by
    ``log2(n_admissible) / total`` if the MDL correction is on (Quinlan 1996, where
    ``n_admissible`` is written ``N - 1``). ``whole``: whether every case weighs 1
    (:meth:`~smalltrees.learners.c45.grow.GrowingProblem.whole_weights`, computed if not
    given); then the class weights are counted as integers.
    """
    n_columns, n_classes = problem.continuous.size, problem.n_classes
    if not n_columns or rows.size < 2:
        return _no_proposals(n_columns)
    if order is None:
        order = sorted_positions(problem, rows)
    if whole is None:
        whole = problem.whole_weights(weights)
    sorted_rows = rows[order]
    values = problem.columns[problem.column_index, sorted_rows]
    # run[a, i]: index of the run of the i-th smallest value (unknown values join the last:
    # a comparison with NaN is false)
    run = np.zeros(values.shape, dtype=np.int64)
    np.cumsum(values[:, :-1] + CUT_SPACING < values[:, 1:], axis=1, out=run[:, 1:])
    last_run = run[:, -1]
    n_runs = int(last_run.max()) + 1
    if n_runs < 2:
        return _no_proposals(n_columns)
    # class weights of every (class, attribute, run), accumulated over the runs
    bins = (problem.y[sorted_rows] * n_columns + problem.column_index) * n_runs + run
    known = ~np.isnan(values) if problem.continuous_missing else None
    size = n_classes * n_columns * n_runs
    if whole:
        if known is not None:
            bins = bins[known]
        counts = np.bincount(bins.ravel(), minlength=size)
    else:
        case_weights = weights[order] if known is None else np.where(known, weights[order], 0.0)
        counts = np.bincount(bins.ravel(), weights=case_weights.ravel(), minlength=size)
    cumulative = np.cumsum(counts.reshape(n_classes, n_columns, n_runs), axis=2)
    known_counts = cumulative[:, :, -1]
    left = cumulative[:, :, :-1]  # cut after run r, for r < the attribute's last run
    right = known_counts[:, :, None] - left
    known_weight = known_counts.sum(axis=0)
    left_weight = left.sum(axis=0)
    right_weight = known_weight[:, None] - left_weight
    min_split = min_split_weight(known_weight, n_classes, problem.min_cases)[:, None]
    admissible = (
        (problem.cut_index[: n_runs - 1] < last_run[:, None])
        & (left_weight > min_split - EPS)
        & (right_weight > min_split - EPS)
    )
    known_impurity, left_impurity, right_impurity = problem.impurities(
        known_counts, left, right, whole=whole)
    decrease = known_impurity[:, None] - left_impurity - right_impurity
    with np.errstate(invalid="ignore", divide="ignore"):
        gain = gain_numerator(known_weight[:, None] / total * decrease) / known_weight[:, None]
    gain[~admissible] = -np.inf
    n_cuts = np.count_nonzero(admissible, axis=1)
    best_gain = gain.max(axis=1)
    ranking = _cut_ratios(gain, left_weight, known_weight[:, None], total) if (
        problem.cut_by_merit and problem.criterion.normalise) else gain
    best = np.argmax(ranking >= ranking.max(axis=1, keepdims=True) - EPS, axis=1)

    attributes = problem.column_index[:, 0]
    charge = np.log2(np.maximum(n_cuts, 1)) / total if problem.mdl_correction else 0.0
    corrected = gain[attributes, best] - charge
    n_known = values.shape[1] if known is None else np.count_nonzero(known, axis=1)
    valid = ((n_known >= 2 * min_split[:, 0] - EPS) & (n_cuts > 0)
             & (best_gain > EPS) & (corrected >= EPS))
    branches = np.stack([left_weight[attributes, best], right_weight[attributes, best]], axis=1)
    merit = problem.criterion.merit(corrected, split_info(branches, total))
    above = np.argmax(run > best[:, None], axis=1)  # first case above the best cut
    low, high = values[attributes, above - 1], values[attributes, above]
    cut = (low + high) / 2
    cut = np.where(cut == high, low, cut)
    return Proposals(valid, np.where(valid, corrected, np.nan), np.where(valid, merit, np.nan),
                     np.where(valid, cut, np.nan))


def _no_proposals(n_columns: int) -> Proposals:
    """Proposals of ``n_columns`` attributes none of which proposes a test."""
    return Proposals(*(np.zeros(n_columns, bool),) + (np.full(n_columns, np.nan),) * 3)


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
    problem: GrowingProblem, rows: np.ndarray, weights: np.ndarray, total: float,
    whole: bool | None = None,
) -> Proposals:
    """Tests of all categorical attributes at a node: one branch per declared value.

    The class weights of every (attribute, value) cell come from one ``bincount`` over
    :attr:`GrowingProblem.category_cells` (counted as integers when ``whole``, see
    :func:`continuous_proposals`). A test is valid if at least two branches weigh
    ``min_cases`` or more (Quinlan 1993, ch. 2).
    """
    n_columns, n_values, n_classes = problem.categorical.size, problem.max_values, \
        problem.n_classes
    if whole is None:
        whole = problem.whole_weights(weights)
    cells = n_columns * n_values + 1  # the last cell takes unknown values
    bins = (problem.y[rows][:, None] * cells + problem.category_cells[rows]).ravel()
    if whole:
        counts = np.bincount(bins, minlength=n_classes * cells)
    else:
        counts = np.bincount(bins, weights=np.repeat(weights, n_columns),
                             minlength=n_classes * cells)
    counts = counts.reshape(n_classes, cells)[:, :-1].reshape(n_classes, n_columns, n_values)
    branches = counts.sum(axis=0)
    valid = np.count_nonzero(branches > problem.min_cases - EPS, axis=1) >= 2
    known_weight = branches.sum(axis=1)
    node_impurity, branch_impurity = problem.impurities(counts.sum(axis=2), counts,
                                                        whole=whole)
    decrease = node_impurity - branch_impurity.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        gain = gain_numerator(known_weight / total * decrease) / known_weight
    merit = problem.criterion.merit(gain, split_info(branches, total))
    return Proposals(valid, np.where(valid, gain, np.nan), np.where(valid, merit, np.nan),
                     np.full(n_columns, np.nan))


def propose(
    problem: GrowingProblem, rows: np.ndarray, weights: np.ndarray, total: float,
    order: np.ndarray | None = None, whole: bool | None = None,
) -> Proposals:
    """The best test of every attribute (in attribute order) at a node."""
    if whole is None:
        whole = problem.whole_weights(weights)
    if not problem.categorical.size:
        return continuous_proposals(problem, rows, weights, total, order, whole)
    if not problem.continuous.size:
        return categorical_proposals(problem, rows, weights, total, whole)
    parts = [(problem.continuous, continuous_proposals(problem, rows, weights, total, order,
                                                       whole)),
             (problem.categorical, categorical_proposals(problem, rows, weights, total, whole))]
    n = problem.n_values.size
    found = Proposals(np.zeros(n, bool), *(np.full(n, np.nan) for _ in range(3)))
    for columns, part in parts:
        for name in ("valid", "gain", "merit", "cut"):
            getattr(found, name)[columns] = getattr(part, name)
    return found
