"""A plain C4.5 grower, one node and one attribute at a time: the readable reference.

``smalltrees.learners.c45.grow`` grows a whole depth of the tree at once in a few array
operations, which is fast but hard to read. This module grows the same tree the way Quinlan
(1993) describes it, node by node, attribute by attribute, cut by cut, with Release 8's
threshold correction (Quinlan 1996) and the details of Weka's J48, or the cut rule of the
releases before 8 (Quinlan's change log, item 21); ``tests/learners/test_c45_reference.py`` checks
that both give identical trees (as ``tests/t2_bruteforce.py`` is the reference of T2).
``docs/c45/README.md`` maps each step below to the fast grower's module.

At a node with class weights ``dist``:

1. it is a leaf if it weighs less than ``2 * min_cases`` or holds one class only;
2. every attribute proposes its best test (:func:`propose`), with its gain and merit;
3. among the proposals whose gain is at least the average gain (minus 1e-3), the first with
   the highest merit (by more than 1e-6) wins; without one, the node is a leaf;
4. the node's cases go down the branches of the winning test, a case whose tested value is
   unknown down every branch with its weight shared as the known weight is (ch. 3); each
   branch is grown in turn.

It reads the data and options of a :class:`~smalltrees.learners.c45.problem.GrowingProblem`
(none of its per-fit views) and the criteria's impurity and merit, nothing else of the fast
grower. Thresholds are ``(low + high) / 2``: the values tested here are of ordinary size
(the overflow near ``1e308`` is :func:`smalltrees.learners.splits.midpoint`'s, tested in
``tests/learners/test_splits.py``).

With ``single_precision`` (``C45(arithmetic="single")``, the default of ``release="pre-R8"``)
the gains, split information and ratios are computed as Quinlan's C code computes them, in
``float`` (:func:`c_total_info`, :func:`c_gain`, written out from ``info.c``, ``contin.c``,
``discr.c`` and ``build.c``, one scalar at a time) and a test or cut wins only if strictly
better: the oracle of ``smalltrees.learners.c45.single_precision``.

Pruning charges each leaf a pessimistic number of errors: :func:`quinlan_add_errs` is
``AddErrs`` of Quinlan's ``stats.c`` written out as he writes it, the oracle of
``smalltrees.learners.c45.error_estimate`` (``error_estimate="quinlan"``, the default of
``release="pre-R8"``; J48's variant is checked against numbers Weka printed,
``tests/learners/test_c45.py``).

References
----------
J. R. Quinlan (1993), *C4.5: Programs for Machine Learning*, Morgan Kaufmann, ch. 2-4.
J. R. Quinlan (1996), "Improved use of continuous attributes in C4.5", *JAIR* 4, section 3.
Weka 3.6 ``weka.classifiers.trees.j48.C45ModelSelection``, ``C45Split`` (minimum branch
weight, the 1e-5 cut spacing, ``setSplitPoint``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from smalltrees.learners.c45.problem import GrowingProblem
from smalltrees.learners.c45.tree import Node
from smalltrees.learners.criteria import EPS, split_info, xlog2x

CUT_SPACING = 1e-5  # consecutive values closer than this are not cut apart
AVERAGE_GAIN_SLACK = 1e-3
F = np.float32  # Quinlan's ``float``
LOG2 = 0.69314718055994530942  # defns.i


def c_log(x) -> float:
    """``Log(x)`` of ``defns.i``: ``log((float) x) / Log2`` in double, 0 if ``x <= 0``."""
    x = F(x)
    return 0.0 if x <= 0 else float(np.log(np.float64(x))) / LOG2


def c_total_info(weights) -> np.float32:
    """``TotalInfo`` of ``info.c``: ``Sum += N * Log(N)``, ``TotalItems += N`` (floats), then
    ``TotalItems * Log(TotalItems) - Sum`` returned as a float."""
    summed, items = F(0), F(0)
    for n in weights:
        n = F(n)
        summed = F(float(summed) + float(n) * c_log(n))
        items = F(items + n)
    return F(float(items) * c_log(items) - float(summed))


def c_gain(base_info, unknown_rate, this_info, known) -> np.float32:
    """``ComputeGain`` of ``info.c``: ``(1 - UnknFrac) * (BaseInfo - ThisInfo / TotalItems)``,
    in float."""
    return F(F(1) - unknown_rate) * F(base_info - F(this_info / known))


def c_ratio(gain, info, floor) -> np.float32:
    """``Gain / Info`` in float if ``info`` is at least ``floor`` (compared in double)."""
    return F(gain / info) if float(info) >= floor else F(0)


@dataclass
class Proposal:
    gain: float
    merit: float
    cut: float  # NaN for a categorical attribute


def grow(problem: GrowingProblem, rows: np.ndarray, weights: np.ndarray) -> Node:
    """Grow the tree of the weighted cases ``(rows, weights)``, node by node."""
    node = Node(class_weights(problem, rows, weights))
    total = node.total
    if total < 2 * problem.min_cases - EPS or node.dist.max() > total - EPS:
        return node
    test = choose_test(problem, rows, weights, total)
    if test is None:
        return node
    node.feature, cut = test
    if problem.n_values[node.feature]:
        n_branches = int(problem.n_values[node.feature])
    else:
        n_branches = 2
        node.threshold = place_threshold(problem, node.feature, cut)
    for part_rows, part_weights in split(problem, node, rows, weights, n_branches):
        node.children.append(grow(problem, part_rows, part_weights))
    return node


def class_weights(problem: GrowingProblem, rows: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """The weight of the cases of each class."""
    dist = np.zeros(problem.n_classes)
    for c, w in zip(problem.y[rows], weights, strict=True):
        dist[c] += w
    return dist


def choose_test(problem: GrowingProblem, rows, weights, total) -> tuple[int, float] | None:
    """Steps 2 and 3: the winning attribute and its proposal's cut, or None."""
    proposals = {j: propose(problem, j, rows, weights, total)
                 for j in range(problem.Z.shape[1])}
    proposals = {j: found for j, found in proposals.items() if found is not None}
    # categorical attributes with many values (>= 0.3 of the training cases) do not count in
    # the average, unless all attributes are such
    many = (problem.n_values > 0) & (problem.n_values >= 0.3 * problem.Z.shape[0])
    counted = [j for j in proposals if not many[j] or many.all()]
    if not counted:
        return None
    if problem.single_precision:  # build.c: AvGain summed in float; Val > BestVal
        summed = F(0)
        for j in counted:
            summed = F(summed + F(proposals[j].gain))
        average, tolerance = float(F(summed / F(len(counted)))), 0.0
    else:
        average = np.array([proposals[j].gain for j in counted]).sum() / len(counted)
        tolerance = EPS
    best, best_merit = None, 0.0
    for j, found in sorted(proposals.items()):
        if found.gain >= average - AVERAGE_GAIN_SLACK and found.merit > best_merit + tolerance:
            best, best_merit = j, found.merit
    return None if best is None else (best, proposals[best].cut)


def propose(problem: GrowingProblem, j: int, rows, weights, total) -> Proposal | None:
    """The best test of attribute ``j`` at the node, or None if it has none."""
    values = problem.Z[rows, j]
    known = ~np.isnan(values)
    if problem.n_values[j]:
        return propose_categorical(problem, j, rows[known], weights[known], total)
    return propose_continuous(problem, j, rows[known], weights[known], total)


def gain_of(decrease: float, known_weight: float, total: float) -> float:
    """Gain per case of a split whose known cases (of weight ``known_weight``) lose
    ``decrease`` in total impurity, scaled by the known fraction (Quinlan 1993, ch. 3); gains
    within 1e-6 of zero are zero."""
    gain = known_weight / total * decrease
    if abs(gain) < EPS:
        gain = 0.0
    return gain / known_weight


def propose_categorical(problem: GrowingProblem, j, rows, weights, total) -> Proposal | None:
    """One branch per declared value; a test needs two branches of ``min_cases`` or more."""
    impurity = problem.criterion.impurity
    table = np.zeros((problem.n_classes, int(problem.n_values[j])))  # class x value
    for value, c, w in zip(problem.Z[rows, j].astype(int), problem.y[rows], weights,
                           strict=True):
        table[c, value] += w
    sizes = table.sum(axis=0)
    if np.count_nonzero(sizes > problem.min_cases - EPS) < 2:
        return None
    if problem.single_precision:
        return c_propose_categorical(problem, table, total)
    decrease = float(impurity(table.sum(axis=1)) - impurity(table, axis=0).sum())
    gain = gain_of(decrease, float(sizes.sum()), total)
    return Proposal(gain, problem.criterion.merit(gain, split_info(sizes, total)), np.nan)


def c_propose_categorical(problem: GrowingProblem, table, total) -> Proposal:
    """One branch per value in single precision (``discr.c``'s ``EvalDiscreteAtt``): the base
    information of ``DiscrKnownBaseInfo`` (its sum a double), ``ComputeGain``'s gain."""
    items, unknown = F(total), F(total - table.sum(axis=0).sum())
    known = F(items - unknown)
    summed = 0.0
    for class_weights in table:
        class_count = F(class_weights.sum())
        summed += float(class_count) * c_log(class_count)
    base_info = F((float(known) * c_log(known) - summed) / float(known))
    this_info = F(0)
    for v in range(table.shape[1]):
        this_info = F(this_info + c_total_info(table[:, v]))
    gain = c_gain(base_info, F(unknown / items), this_info, known)
    info = F(c_total_info([unknown, *table.sum(axis=0)]) / items)
    merit = c_ratio(gain, info, EPS) if problem.criterion.normalise else gain
    return Proposal(float(gain), float(merit), np.nan)


def propose_continuous(problem: GrowingProblem, j, rows, weights, total) -> Proposal | None:
    """The best binary cut between consecutive known values more than 1e-5 apart.

    The sorted cases fall into runs of values that no cut separates; a cut lies after a
    run. Both branches must weigh at least ``min(25, max(min_cases, 0.1 * known /
    n_classes))``; the cut of highest gain wins (of highest gain ratio with
    ``cut_by_merit``; before Release 8, with ``cut_above_average``, of highest gain ratio
    among the cuts whose gain is at least their average minus 1e-3 and whose split
    information exceeds 1e-3, as C4.5's ``Worth`` rates them); its gain is charged
    ``log2(number of admissible cuts) / total`` (Release 8's MDL correction).
    """
    impurity = problem.criterion.impurity
    order = np.argsort(problem.Z[rows, j], kind="stable")
    values = problem.Z[rows[order], j]
    classes, case_weights = problem.y[rows[order]], weights[order]
    runs = []  # [class weights, first value, last value] of each run
    for i, (value, c, w) in enumerate(zip(values, classes, case_weights, strict=True)):
        if i == 0 or values[i - 1] + CUT_SPACING < value:  # a cut before this case
            runs.append([np.zeros(problem.n_classes), value, value])
        runs[-1][0][c] += w
        runs[-1][2] = value
    below = [np.zeros(problem.n_classes)]  # the class weights up to each run, accumulated
    for counts, _, _ in runs:
        below.append(below[-1] + counts)
    known = below[-1]
    known_weight = float(known.sum())
    share = 0.1 * known_weight / problem.n_classes
    min_split = problem.min_cases if share <= problem.min_cases + EPS else min(share, 25.0)
    if len(values) < 2 * min_split - EPS:
        return None
    if problem.single_precision:
        return c_propose_continuous(problem, runs, below, min_split, total)
    cuts = []  # (gain, ranking, cut, left weight, right weight)
    for r in range(len(runs) - 1):
        left = below[r + 1]
        right = known - left
        left_weight, right_weight = float(left.sum()), known_weight - float(left.sum())
        if not (left_weight > min_split - EPS and right_weight > min_split - EPS):
            continue
        decrease = float(impurity(known) - impurity(left) - impurity(right))
        gain = gain_of(decrease, known_weight, total)
        info = (xlog2x(total) - xlog2x(left_weight) - xlog2x(right_weight)
                - xlog2x(total - known_weight)) / total  # unknown values: a third branch
        ranking = gain
        if problem.cut_by_merit and problem.criterion.normalise:
            ranking = gain / info if info >= EPS else 0.0
        low, high = runs[r][2], runs[r + 1][1]
        middle = (low + high) / 2
        cuts.append((gain, ranking, low if middle == high else middle, left_weight,
                     right_weight, info))
    if not cuts or max(cut[0] for cut in cuts) <= EPS:
        return None
    n_cuts = len(cuts)
    if problem.cut_above_average and problem.criterion.normalise and problem.cut_by_merit:
        summed = 0.0
        for found in cuts:  # in the order of the cuts, as C4.5 adds them
            summed += found[0]
        floor = summed / len(cuts) - AVERAGE_GAIN_SLACK
        cuts = [found for found in cuts
                if found[0] >= floor and found[5] > AVERAGE_GAIN_SLACK]
        if not cuts:
            return None
    top = max(cut[1] for cut in cuts)
    gain, _, cut, left_weight, right_weight, _ = next(found for found in cuts
                                                      if found[1] >= top - EPS)
    if problem.mdl_correction:
        gain -= np.log2(n_cuts) / total
    if gain < EPS:
        return None
    return Proposal(gain, problem.criterion.merit(
        gain, split_info(np.array([left_weight, right_weight]), total)), cut)


def c_propose_continuous(problem: GrowingProblem, runs, below, min_split, total
                         ) -> Proposal | None:
    """:func:`propose_continuous` in single precision, as ``contin.c``'s ``EvalContinuousAtt``
    computes each cut (``SplitGain``, ``SplitInfo``) and chooses one: the first strictly best
    by ``Worth`` against the cuts' average gain before Release 8, by gain ratio with
    ``cut_by_merit``, by ``SplitGain - ThreshCost`` otherwise."""
    known_dist = below[-1]
    items, unknown = F(total), F(total - float(known_dist.sum()))
    known = F(items - unknown)
    unknown_rate = F(1.0 - float(F(known / items)))
    base_info = F(c_total_info(known_dist) / known)
    cuts = []  # (gain, info, cut, left weight)
    for r in range(len(runs) - 1):
        left = below[r + 1]
        left_weight = float(left.sum())
        if not (left_weight > min_split - EPS
                and float(known_dist.sum()) - left_weight > min_split - EPS):
            continue
        this_info = F(c_total_info(left) + c_total_info(known_dist - left))
        low = F(left_weight)
        info = F(c_total_info([unknown, low, F(known - low)]) / items)
        low_value, high_value = runs[r][2], runs[r + 1][1]
        middle = (low_value + high_value) / 2
        cuts.append((c_gain(base_info, unknown_rate, this_info, known), info,
                     low_value if middle == high_value else middle))
    if not cuts or max(float(cut[0]) for cut in cuts) <= EPS:
        return None
    cost = F(c_log(len(cuts)) / float(items)) if problem.mdl_correction else F(0)
    if problem.cut_above_average and problem.criterion.normalise and problem.cut_by_merit:
        summed = F(0)
        for gain, _, _ in cuts:
            summed = F(summed + gain)
        average = F(summed / F(len(cuts)))
        rankings = [c_ratio(gain, info, AVERAGE_GAIN_SLACK)
                    if float(gain) >= float(average) - AVERAGE_GAIN_SLACK
                    and float(info) > AVERAGE_GAIN_SLACK else -np.inf
                    for gain, info, _ in cuts]
    elif problem.cut_by_merit and problem.criterion.normalise:
        rankings = [c_ratio(gain, info, EPS) for gain, info, _ in cuts]
    else:
        rankings = [F(gain - cost) for gain, _, _ in cuts]
    best = 0
    for i, ranking in enumerate(rankings):
        if ranking > rankings[best]:  # the first strictly best
            best = i
    if rankings[best] == -np.inf:
        return None
    gain, info, cut = cuts[best]
    gain = F(gain - cost)
    if gain < EPS:
        return None
    merit = c_ratio(gain, info, EPS) if problem.criterion.normalise else gain
    return Proposal(float(gain), float(merit), cut)


def place_threshold(problem: GrowingProblem, j: int, cut: float) -> float:
    """The largest value of attribute ``j`` in the training set not above ``cut`` (within
    1e-6): thresholds are values that occur in the data (J48's ``setSplitPoint``)."""
    values = problem.Z[:, j]
    return float(max(v for v in values[~np.isnan(values)] if v < cut + EPS or v <= cut))


def split(problem: GrowingProblem, node: Node, rows, weights, n_branches: int):
    """The weighted cases of each branch: a branch's own cases, then those with an unknown
    value, weighted by the branch's share of the known weight (uniform if none is known)."""
    values = problem.Z[rows, node.feature]
    unknown = np.isnan(values)
    if problem.n_values[node.feature]:
        branch = np.where(unknown, -1, np.nan_to_num(values)).astype(int)
    else:
        branch = np.where(unknown, -1, values > node.threshold).astype(int)
    known_weights = np.zeros(n_branches)
    for b, w in zip(branch, weights, strict=True):
        if b >= 0:
            known_weights[b] += w
    if known_weights.sum() >= EPS:
        shares = known_weights / known_weights.sum()
    else:
        shares = np.full(n_branches, 1.0 / n_branches)
    parts = []
    for b in range(n_branches):
        own = branch == b
        part_rows, part_weights = rows[own], weights[own]
        if unknown.any() and shares[b] > EPS:
            part_rows = np.concatenate([part_rows, rows[unknown]])
            part_weights = np.concatenate([part_weights, weights[unknown] * shares[b]])
        parts.append((part_rows, part_weights))
    return parts


#: ``stats.c``: confidence levels ``Val`` and their normal deviates ``Dev``.
VAL = [0, 0.001, 0.005, 0.01, 0.05, 0.10, 0.20, 0.40, 1.00]
DEV = [4.0, 3.09, 2.58, 2.33, 1.65, 1.28, 0.84, 0.25, 0.00]


def quinlan_add_errs(N: float, e: float, CF: float) -> float:
    """Quinlan's ``AddErrs(N, e)`` (``stats.c``): the extra errors if the error rate of a leaf
    with ``N`` cases, ``e`` of them errors, rises to the upper limit of confidence ``CF``."""
    i = 0
    while CF > VAL[i]:
        i += 1
    Coeff = DEV[i - 1] + (DEV[i] - DEV[i - 1]) * (CF - VAL[i - 1]) / (VAL[i] - VAL[i - 1])
    Coeff = Coeff * Coeff
    if e < 1e-6:
        return N * (1 - np.exp(np.log(CF) / N))
    if e < 0.9999:
        Val0 = N * (1 - np.exp(np.log(CF) / N))
        return Val0 + e * (quinlan_add_errs(N, 1.0, CF) - Val0)
    if e + 0.5 >= N:
        return 0.67 * (N - e)
    Pr = (e + 0.5 + Coeff / 2
          + np.sqrt(Coeff * ((e + 0.5) * (1 - (e + 0.5) / N) + Coeff / 4))) / (N + Coeff)
    return N * Pr - e
