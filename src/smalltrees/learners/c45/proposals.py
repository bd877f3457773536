"""The best test each attribute proposes at a node of a C4.5 tree (Release 8, as J48).

Continuous attributes propose their best threshold, categorical attributes one branch per
declared value (Quinlan 1993, ch. 2; Quinlan 1996, section 3). The work at several nodes at
once (:class:`NodeCases`: growing proposes at the nodes of one depth together) is a fixed
number of whole-array operations, whatever the number of attributes and nodes: the class
weights of all cuts of all continuous attributes come from one ``bincount`` over (class,
attribute, node, run of tied values), those of all categorical attributes from one
``bincount`` over (class, node, attribute, value). While every case weighs a whole number
(1, or its whole case weight in a weighted fit) the class weights are whole numbers: cases of
weight 1 are counted without weights, and the entropy's ``w log2 w`` terms are looked up
(:meth:`~smalltrees.learners.c45.problem.GrowingProblem.impurity`), with the same values.

References
----------
J. R. Quinlan (1993), *C4.5: Programs for Machine Learning*, Morgan Kaufmann, ch. 2-3.
J. R. Quinlan (1996), "Improved use of continuous attributes in C4.5", *JAIR* 4, 77-90.
Weka 3.6 ``weka.classifiers.trees.j48.C45Split`` (minimum branch weight, cut spacing).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from smalltrees.learners.c45 import single_precision
from smalltrees.learners.c45.cut_ranking import cut_ratios, pre_r8_ranking, threshold_cost
from smalltrees.learners.c45.problem import GrowingProblem
from smalltrees.learners.c45.subsets import value_groups
from smalltrees.learners.criteria import EPS, split_info
from smalltrees.learners.splits import category_counts, cuts, midpoint

#: Upper bound of the minimum branch weight of a continuous split (C4.5 and J48).
MAX_MIN_SPLIT = 25.0

@dataclass(frozen=True)
class Proposals:
    """The best test of each of a set of attributes at a node.

    Arrays have one entry per attribute; ``valid`` marks the attributes that propose a test;
    ``gain`` is its (corrected) gain, ``merit`` its merit, ``cut`` the midpoint of a
    continuous attribute's best cut (``NaN`` for categorical attributes); ``groups``, with
    subsetting, the branch of each value of a categorical attribute tested on groups of values
    (an object array; ``None`` for one branch per value and for continuous attributes).
    """

    valid: np.ndarray
    gain: np.ndarray
    merit: np.ndarray
    cut: np.ndarray
    groups: np.ndarray | None = None


def min_split_weight(known_weight: np.ndarray, n_classes: int, min_cases: float) -> np.ndarray:
    """Minimum branch weight of a continuous split: ``min(25, max(m, 0.1 N / n_classes))``.

    ``N`` is the weight of cases with a known value (Quinlan 1993, ch. 2; Weka's C45Split).
    """
    share = 0.1 * known_weight / n_classes
    return np.where(share <= min_cases + EPS, min_cases, np.minimum(share, MAX_MIN_SPLIT))


def gain_numerator(gain: np.ndarray) -> np.ndarray:
    """Zero out gains that are zero up to rounding, as C4.5 does."""
    return np.where(np.abs(gain) < EPS, 0.0, gain)


@dataclass(frozen=True)
class NodeCases:
    """The weighted cases of several nodes laid end to end, to propose tests at all at once.

    A node's cases keep their order, so every sum over a node's cases adds the same numbers
    in the same order as for the node alone, and each node gets the proposals it would get
    alone (:func:`propose_at`).

    Attributes
    ----------
    rows, weights : ndarray of shape (n_cases,)
        The cases of the first node, then those of the second, and so on.
    sizes : ndarray of int, shape (n_nodes,)
        Number of cases of each node (at least 1).
    totals : ndarray of shape (n_nodes,)
        Total weight of each node.
    orders : ndarray of int, shape (n_continuous, n_cases)
        Each node's cases sorted by each continuous attribute, as positions into ``rows``
        (:meth:`~smalltrees.learners.splits.Attributes.sorted_positions`), node after node.
    whole : bool
        Every case weighs a whole number
        (:meth:`~smalltrees.learners.c45.problem.GrowingProblem.whole_weights` of every node):
        class weights are whole numbers, counted as integers where every case weighs 1.
    """

    rows: np.ndarray
    weights: np.ndarray
    sizes: np.ndarray
    totals: np.ndarray
    orders: np.ndarray
    whole: bool

    @classmethod
    def of(cls, problem: GrowingProblem, nodes: list[tuple], whole: bool | None = None
           ) -> NodeCases:
        """Lay out nodes given as ``(rows, weights, total, order)`` (``order`` may be None:
        sorted here); ``whole`` is computed if not given."""
        sizes = np.array([rows.size for rows, *_ in nodes])
        starts = np.cumsum(sizes) - sizes
        orders = [problem.attributes.sorted_positions(rows) if order is None else order
                  for rows, _, _, order in nodes]
        if whole is None:
            whole = all(problem.whole_weights(weights) for _, weights, _, _ in nodes)
        totals = np.array([float(total) for _, _, total, _ in nodes])
        if len(nodes) == 1:  # nothing to lay end to end
            (rows, weights, _, _), = nodes
            return cls(rows, weights, sizes, totals, orders[0], bool(whole))
        return cls(
            np.concatenate([rows for rows, *_ in nodes]),
            np.concatenate([weights for _, weights, *_ in nodes]),
            sizes, totals,
            np.concatenate([order + start for order, start in zip(orders, starts.tolist(),
                                                                  strict=True)], axis=1),
            bool(whole),
        )

    @cached_property
    def starts(self) -> np.ndarray:
        """Position of each node's first case."""
        return np.cumsum(self.sizes) - self.sizes

    @cached_property
    def node(self) -> np.ndarray:
        """``(n_cases,)``: the node of each case."""
        return np.repeat(np.arange(self.sizes.size), self.sizes)


def continuous_proposals_at(problem: GrowingProblem, nodes: NodeCases) -> Proposals:
    """Best threshold of every continuous attribute at several nodes, vectorised over both.

    Arrays of shape ``(n_nodes, n_continuous)``. Each node's cases are taken in the order of
    its ``orders``. A cut lies between consecutive known values differing by more than
    :data:`~smalltrees.learners.splits.CUT_SPACING` (:func:`~smalltrees.learners.splits.cuts`),
    so a node's cases fall into runs of values no cut separates; the class weights of the runs
    (one ``bincount`` over class, attribute, node and run), accumulated, give the two branches
    of every cut. A cut is admissible if both branches weigh at least
    :func:`min_split_weight`. The gain of a cut is scaled by the known fraction ``F`` (Quinlan
    1993, ch. 3). The best cut is the first of highest gain (Release 8), of highest gain ratio
    (``cut_by_merit``), or of highest gain ratio among the cuts of at least average gain
    (``cut_above_average``: the releases before 8,
    :func:`~smalltrees.learners.c45.cut_ranking.pre_r8_ranking`); its gain is then
    reduced by ``log2(n_admissible) / total`` if the MDL correction is on (Quinlan 1996, where
    ``n_admissible`` is written ``N - 1``). Nodes with fewer runs than others get empty runs
    at the end, which add zeros to the accumulated weights and give no admissible cut.
    """
    attributes = problem.attributes
    n_columns, n_classes, n_nodes = attributes.continuous.size, problem.n_classes, nodes.sizes.size
    if not n_columns:
        return _no_proposals((n_nodes, 0))
    sorted_rows = nodes.rows[nodes.orders]
    values = attributes.sorted_values(sorted_rows)
    run = _runs(values, nodes)
    last_run = run[:, nodes.starts + nodes.sizes - 1]
    n_runs = int(last_run.max()) + 1
    if n_runs < 2:
        return _no_proposals((n_nodes, n_columns))
    # class weights of every (class, attribute, node, run), accumulated over the runs
    bins = ((problem.y[sorted_rows] * n_columns + attributes.column_index) * n_nodes
            + nodes.node) * n_runs + run
    known = known_cases(problem, values, sorted_rows)
    size = n_classes * n_columns * n_nodes * n_runs
    if nodes.whole and problem.counted:
        if known is not None:
            bins = bins[known]
        counts = np.bincount(bins.ravel(), minlength=size)
    else:
        case_weights = nodes.weights[nodes.orders]
        if known is not None:
            case_weights = np.where(known, case_weights, 0.0)
        counts = np.bincount(bins.ravel(), weights=case_weights.ravel(), minlength=size)
        if nodes.whole:  # whole weights: accumulated as integers (faster), the same numbers
            counts = counts.astype(np.int64)
    cumulative = np.cumsum(counts.reshape(n_classes, n_columns, n_nodes, n_runs), axis=3)
    known_counts = cumulative[..., -1]
    left = cumulative[..., :-1]  # cut after run r, for r < the attribute's last run
    right = known_counts[..., None] - left
    known_weight = known_counts.sum(axis=0)
    left_weight = left.sum(axis=0)
    right_weight = known_weight[..., None] - left_weight
    min_split = (min_split_weight(known_weight, n_classes, problem.min_cases)
                 if problem.min_split_share
                 else np.full(known_weight.shape, problem.min_cases))[..., None]
    admissible = (
        (problem.cut_index[: n_runs - 1] < last_run[..., None])
        & (left_weight > min_split - EPS)
        & (right_weight > min_split - EPS)
    )
    total = nodes.totals[:, None]
    info = None  # the cuts' split information, computed here in single precision only
    if problem.single_precision:
        gain, info = single_precision.continuous_terms(known_counts, left, right, nodes.totals,
                                                       problem.xlog_table)
        gain = gain.astype(float)
    else:
        known_impurity, left_impurity, right_impurity = problem.impurities(
            known_counts, left, right, whole=nodes.whole)
        decrease = known_impurity[..., None] - left_impurity - right_impurity
        with np.errstate(invalid="ignore", divide="ignore"):
            gain = (gain_numerator(known_weight[..., None] / total * decrease)
                    / known_weight[..., None])
    gain[~admissible] = -np.inf
    n_cuts = np.count_nonzero(admissible, axis=2)
    best_gain = gain.max(axis=2)
    charge = threshold_cost(n_cuts, nodes.totals, problem.mdl_correction,
                            problem.single_precision)
    if problem.cut_by_merit and problem.criterion.normalise:
        ranking = (pre_r8_ranking(gain, admissible, n_cuts, left_weight,
                                  known_weight[..., None], total, info)
                   if problem.cut_above_average
                   else cut_ratios(gain, left_weight, known_weight[..., None], total, info))
    else:
        ranking = single_precision.minus(gain, charge[..., None]) if info is not None else gain
    top = ranking.max(axis=2, keepdims=True)
    # C4.5 keeps the first strictly larger value: in single precision exactly so
    best = np.argmax(ranking >= top - (0.0 if info is not None else EPS), axis=2)

    at_best = (attributes.column_index, np.arange(n_nodes), best)  # each attribute's best cut
    corrected = (single_precision.minus(gain[at_best], charge) if info is not None
                 else gain[at_best] - charge)
    n_known = nodes.sizes if known is None else np.add.reduceat(known, nodes.starts, axis=1)
    valid = ((n_known >= 2 * min_split[..., 0] - EPS) & (n_cuts > 0) & np.isfinite(top[..., 0])
             & (best_gain > EPS) & (corrected >= EPS))
    if info is not None:
        merit = single_precision.merit(problem.criterion, corrected, info[at_best])
    else:
        branches = np.stack([left_weight[at_best], right_weight[at_best]], axis=-1)
        merit = problem.criterion.merit(corrected, split_info(branches, nodes.totals))
    cut = _midpoints(problem, values, run, best, nodes)
    return Proposals(*(part.T for part in (
        valid, np.where(valid, corrected, np.nan), np.where(valid, merit, np.nan),
        np.where(valid, cut, np.nan))))


def known_cases(problem: GrowingProblem, values: np.ndarray, sorted_rows: np.ndarray
                ) -> np.ndarray | None:
    """Which of the cases laid out as ``values`` (their ``sorted_rows``) have a known value,
    as the number of cases each stands for: C4.5 (and J48's ``C45Split``) counts the cases
    with a known value, not their (fractional) weights, against twice the minimum branch
    weight.

    ``None`` if every value is known and every row one case; a boolean mask if every row is
    one case; else each row's
    :attr:`~smalltrees.learners.c45.problem.GrowingProblem.sample_weight` (positive), 0 where
    the value is unknown. Summed per node, each gives the number of known cases.
    """
    if problem.counted:
        return ~np.isnan(values) if problem.continuous_missing else None
    cases = problem.sample_weight[sorted_rows]
    return np.where(np.isnan(values), 0.0, cases) if problem.continuous_missing else cases


def _runs(values: np.ndarray, nodes: NodeCases) -> np.ndarray:
    """``run[a, i]``: index of the run of the ``i``-th case in its node's order by attribute
    ``a``, counted from the node's first case (unknown values join the last run: a comparison
    with NaN is false)."""
    breaks = np.zeros(values.shape, dtype=np.int64)
    np.cumsum(cuts(values), axis=1, out=breaks[:, 1:])
    if nodes.sizes.size == 1:
        return breaks
    return breaks - np.repeat(breaks[:, nodes.starts], nodes.sizes, axis=1)


def _midpoints(problem: GrowingProblem, values: np.ndarray, run: np.ndarray, best: np.ndarray,
               nodes: NodeCases) -> np.ndarray:
    """Midpoint of the values either side of each best cut (the lower value if the midpoint
    rounds to the upper one: :func:`~smalltrees.learners.splits.midpoint`); meaningless
    where no cut is admissible."""
    below = np.add.reduceat(run <= np.repeat(best, nodes.sizes, axis=1), nodes.starts, axis=1)
    above = np.minimum(nodes.starts + below, nodes.starts + nodes.sizes - 1)  # first case above
    column_index = problem.attributes.column_index
    return midpoint(values[column_index, np.maximum(above - 1, 0)], values[column_index, above])


def continuous_proposals(
    problem: GrowingProblem, rows: np.ndarray, weights: np.ndarray, total: float,
    order: np.ndarray | None = None, whole: bool | None = None,
) -> Proposals:
    """Best threshold of every continuous attribute at one node (:func:`continuous_proposals_at`).

    ``order``: the cases sorted by each attribute (``sorted_positions``, computed if not
    given); ``whole``: whether every case weighs a whole number (computed if not given).
    """
    if rows.size < 2:
        return _no_proposals(problem.attributes.continuous.size)
    nodes = NodeCases.of(problem, [(rows, weights, total, order)], whole)
    return _first(continuous_proposals_at(problem, nodes))


def _no_proposals(shape: int | tuple[int, ...]) -> Proposals:
    """Proposals of attributes none of which proposes a test."""
    return Proposals(*(np.zeros(shape, bool),) + (np.full(shape, np.nan),) * 3)


def _first(found: Proposals) -> Proposals:
    """The proposals at the first node of proposals at several nodes."""
    return Proposals(found.valid[0], found.gain[0], found.merit[0], found.cut[0],
                     None if found.groups is None else found.groups[0])


def categorical_proposals_at(problem: GrowingProblem, nodes: NodeCases) -> Proposals:
    """Tests of all categorical attributes at several nodes: one branch per declared value.

    Arrays of shape ``(n_nodes, n_categorical)``. The class weights of every (node,
    attribute, value) cell come from one ``bincount``
    (:func:`~smalltrees.learners.splits.category_counts` with the class and the node as the
    label; counted as integers when every case weighs 1). A test is valid if at least two
    branches weigh ``min_cases`` or more (Quinlan 1993, ch. 2).
    """
    n_classes, n_nodes = problem.n_classes, nodes.sizes.size
    labels = problem.y[nodes.rows] * n_nodes + nodes.node
    counts = category_counts(problem.attributes, nodes.rows, labels, n_classes * n_nodes,
                             None if nodes.whole and problem.counted else nodes.weights)
    counts = counts.reshape(n_classes, n_nodes, *counts.shape[1:])
    branches = counts.sum(axis=0)
    valid = np.count_nonzero(branches > problem.min_cases - EPS, axis=2) >= 2
    known_weight = branches.sum(axis=2)
    total = nodes.totals[:, None]
    if problem.single_precision:
        gain, info = single_precision.categorical_terms(counts, total, problem.xlog_table)
        gain = gain.astype(float)
        merit = single_precision.merit(problem.criterion, gain, info)
    else:
        node_impurity, branch_impurity = problem.impurities(counts.sum(axis=3), counts,
                                                            whole=nodes.whole)
        decrease = node_impurity - branch_impurity.sum(axis=2)
        with np.errstate(invalid="ignore", divide="ignore"):
            gain = gain_numerator(known_weight / total * decrease) / known_weight
        merit = problem.criterion.merit(gain, split_info(branches, total))
    groups = None
    if problem.subset:
        valid, gain, merit, groups = _grouped(problem, nodes, counts, valid, gain, merit)
        if problem.single_precision:  # subset.c's own arithmetic is not emulated: rounded
            gain, merit = (part.astype(np.float32).astype(float) for part in (gain, merit))
    return Proposals(valid, np.where(valid, gain, np.nan), np.where(valid, merit, np.nan),
                     np.full(valid.shape, np.nan), groups)


def _grouped(problem: GrowingProblem, nodes: NodeCases, counts: np.ndarray, valid: np.ndarray,
             gain: np.ndarray, merit: np.ndarray) -> tuple[np.ndarray, ...]:
    """Subsetting (:func:`~smalltrees.learners.c45.subsets.value_groups`): the tests of the
    attributes with more than two values replaced by tests on groups of values, at every
    node; ``counts`` of shape ``(n_classes, n_nodes, n_categorical, width)``."""
    valid, gain, merit = valid.copy(), gain.copy(), merit.copy()
    groups = np.full(valid.shape, None, dtype=object)
    n_values = problem.n_values[problem.attributes.categorical]
    many = np.flatnonzero(n_values > 2)
    node, attribute = (grid.ravel() for grid in np.meshgrid(np.arange(nodes.sizes.size), many,
                                                            indexing="ij"))
    found = value_groups(problem, counts[:, node, attribute], n_values[attribute],
                         nodes.totals[node], nodes.whole)
    for n, a, this in zip(node.tolist(), attribute.tolist(), found, strict=True):
        valid[n, a] = this is not None
        if this is not None:
            groups[n, a], gain[n, a], merit[n, a] = this
    return valid, gain, merit, groups


def propose_at(problem: GrowingProblem, nodes: NodeCases) -> Proposals:
    """The best test of every attribute (in attribute order) at several nodes.

    Arrays of shape ``(n_nodes, n_features)``.
    """
    attributes = problem.attributes
    if not attributes.categorical.size:
        return continuous_proposals_at(problem, nodes)
    if not attributes.continuous.size:
        return categorical_proposals_at(problem, nodes)
    shape = (nodes.sizes.size, problem.n_values.size)
    found = Proposals(np.zeros(shape, bool), *(np.full(shape, np.nan) for _ in range(3)),
                      np.full(shape, None, dtype=object) if problem.subset else None)
    for columns, part in [(attributes.continuous, continuous_proposals_at(problem, nodes)),
                          (attributes.categorical, categorical_proposals_at(problem, nodes))]:
        for name in ("valid", "gain", "merit", "cut"):
            getattr(found, name)[:, columns] = getattr(part, name)
        if part.groups is not None:
            found.groups[:, columns] = part.groups
    return found


def propose(
    problem: GrowingProblem, rows: np.ndarray, weights: np.ndarray, total: float,
    order: np.ndarray | None = None, whole: bool | None = None,
) -> Proposals:
    """The best test of every attribute (in attribute order) at one node (:func:`propose_at`)."""
    return _first(propose_at(problem, NodeCases.of(problem, [(rows, weights, total, order)],
                                                   whole)))
