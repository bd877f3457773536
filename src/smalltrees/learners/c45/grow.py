"""Growing a C4.5 tree (Release 8 semantics, as re-implemented by Weka's J48).

At each node every attribute proposes its best test; the test chosen has the highest merit
(gain ratio by default) among tests whose information gain is at least the average gain of
the proposed tests. Continuous attributes are split at one threshold, whose gain is charged
``log2(number of admissible cuts) / |D|`` (the MDL correction of Release 8); categorical
attributes get one branch per declared value.

The cases are sorted by each continuous attribute once per fit and every node hands its
sorted orders down to its branches. The tree grows one depth at a time: the proposals of all
attributes at all nodes of a depth are a fixed number of whole-array operations over the
nodes' cases laid end to end (:mod:`smalltrees.learners.c45.proposals`), each node's the
same numbers as if it were alone. Weka's J48 makes the same choices
(``benchmarks/c45_vs_j48.py``).

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

import numpy as np

from smalltrees.learners.c45.problem import GrowingProblem
from smalltrees.learners.c45.proposals import NodeCases, Proposals, propose_at
from smalltrees.learners.c45.tree import Node, branch_of, class_weights, split_positions
from smalltrees.learners.criteria import EPS
from smalltrees.learners.splits import restrict_order

#: Slack of the average-gain filter (C4.5 and J48).
AVERAGE_GAIN_SLACK = 1e-3


def choose_test(
    problem: GrowingProblem, rows: np.ndarray, weights: np.ndarray, dist: np.ndarray,
    order: np.ndarray | None = None,
) -> tuple[int, float, np.ndarray | None] | None:
    """Choose the test at a node, or ``None`` to make it a leaf.

    A node becomes a leaf if it weighs less than ``2 * min_cases``, is pure, or no attribute
    proposes a test with merit above zero. Otherwise the test with the highest merit among
    proposals whose gain is at least the average gain (minus 1e-3) wins; ties go to the
    first attribute.

    Returns
    -------
    (feature, threshold, groups) or None
        ``threshold`` is the midpoint of the best cut (``NaN`` for categorical tests);
        ``groups`` the branch of each value of a test on groups of values (subsetting), else
        ``None``.
    """
    if is_too_small_or_pure(problem, dist):
        return None
    nodes = NodeCases.of(problem, [(rows, weights, float(dist.sum()), order)])
    return choose_tests(problem, nodes)[0]


def choose_tests(problem: GrowingProblem, nodes: NodeCases
                 ) -> list[tuple[int, float, np.ndarray | None] | None]:
    """:func:`choose_test` at several nodes that are neither too small nor pure, proposing
    the tests of all in one pass (:func:`propose_at`)."""
    found = propose_at(problem, nodes)
    groups = [None] * nodes.sizes.size if found.groups is None else found.groups
    return [_best_test(problem, Proposals(*parts)) for parts in zip(
        found.valid, found.gain, found.merit, found.cut, groups, strict=True)]


def _best_test(problem: GrowingProblem, found: Proposals
               ) -> tuple[int, float, np.ndarray | None] | None:
    """The winning test among one node's proposals (see :func:`choose_test`)."""
    counted = found.valid & problem.in_average
    if not counted.any():
        return None
    average = found.gain[counted].sum() / np.count_nonzero(counted)
    candidates = np.flatnonzero(found.valid & (found.gain >= average - AVERAGE_GAIN_SLACK))
    best, best_merit = None, 0.0
    for j, merit in zip(candidates.tolist(), found.merit[candidates].tolist(), strict=True):
        if merit > best_merit + EPS:
            best, best_merit = j, merit
    if best is None:
        return None
    return best, float(found.cut[best]), None if found.groups is None else found.groups[best]


def is_too_small_or_pure(problem: GrowingProblem, dist: np.ndarray) -> bool:
    """True if a node with class weights ``dist`` is a leaf without looking at the tests."""
    total = float(dist.sum())
    return total < 2 * problem.min_cases - EPS or float(dist.max()) > total - EPS


#: Nodes proposed together may be padded with up to this many class weights (one per class,
#: continuous attribute and case that the group's largest node has more than another node).
PADDING_BUDGET = 16384


def grow(problem: GrowingProblem, rows: np.ndarray, weights: np.ndarray) -> Node:
    """Grow a tree on the weighted cases ``(rows, weights)``, keeping them on each node.

    The tree grows one depth at a time: the tests of all nodes of a depth are chosen in a
    few passes over their cases laid end to end (:func:`batches`, :func:`choose_tests`),
    not in a few dozen array operations per node. The cases are sorted by each continuous
    attribute once; a node passes its sorted orders on to its branches, restricted to the
    branch's cases (:func:`~smalltrees.learners.splits.restrict_order`). Each node's test
    is the one it would get grown alone, so the order in which nodes grow does not matter.
    """
    root = Node(class_weights(problem.y[rows], weights, problem.n_classes), rows=rows,
                weights=weights)
    level = [] if is_too_small_or_pure(problem, root.dist) else [
        (root, lambda: problem.attributes.sorted_positions(rows))]
    while level:
        growing, level = [(node, order()) for node, order in level], []
        for batch in batches(problem, growing):
            nodes = NodeCases.of(problem, [(node.rows, node.weights, node.total, order)
                                           for node, order in batch])
            for (node, order), test in zip(batch, choose_tests(problem, nodes), strict=True):
                if test is not None:
                    level.extend(_split(problem, node, test, order))
    return root


def batches(problem: GrowingProblem, growing: list[tuple[Node, np.ndarray]]
            ) -> list[list[tuple[Node, np.ndarray]]]:
    """Groups of nodes to propose tests at together.

    Sorted by size, a group takes nodes while padding its nodes to the largest one adds at
    most :data:`PADDING_BUDGET` class weights to the continuous proposals (a node's runs of
    tied values are laid out for as many as the largest node has cases, at most). In a group
    with fractional case weights, the class weights of a node whose cases all weigh 1 are
    summed as floats and their entropy terms computed, not looked up: the same numbers, as
    the table of terms is made by the same function.
    """
    found, batch, cases = [], [], 0
    width = problem.n_classes * problem.attributes.continuous.size
    for item in sorted(growing, key=lambda item: item[0].rows.size):
        size = item[0].rows.size
        if batch and width * ((len(batch) + 1) * size - cases - size) > PADDING_BUDGET:
            found.append(batch)
            batch, cases = [], 0
        batch.append(item)
        cases += size
    return found + [batch] if batch else found


def _split(problem: GrowingProblem, node: Node, test: tuple[int, float, np.ndarray | None],
           order: np.ndarray) -> list[tuple[Node, object]]:
    """Give ``node`` its test and branches; return the branches to grow further (neither too
    small nor pure), each with a function giving its cases' sorted orders."""
    node.feature, node.threshold, node.groups = test
    n_branches = int(problem.n_values[node.feature] if node.groups is None
                     else node.groups.max() + 1)
    if not n_branches:
        n_branches = 2
        node.threshold = problem.attributes.place_threshold(node.feature, node.threshold)
    rows = node.rows
    branch = branch_of(node, problem.Z[rows, node.feature])
    parts = split_positions(branch, node.weights, n_branches)
    dists = _branch_class_weights(problem, rows, node.weights, branch, parts)
    totals = dists.sum(axis=1)  # is_too_small_or_pure of every branch at once
    grows = ((totals >= 2 * problem.min_cases - EPS) & (dists.max(axis=1) <= totals - EPS))
    branches = []
    for (positions, part_weights), dist, further in zip(parts, dists, grows.tolist(),
                                                        strict=True):
        child = Node(dist, rows=rows[positions], weights=part_weights)
        node.children.append(child)
        if further:
            branches.append(
                (child, lambda positions=positions: restrict_order(order, positions, rows.size)))
    return branches


def _branch_class_weights(problem: GrowingProblem, rows: np.ndarray, weights: np.ndarray,
                          branch: np.ndarray, parts: list[tuple[np.ndarray, np.ndarray]]
                          ) -> np.ndarray:
    """``(n_branches, n_classes)``: :func:`class_weights` of each branch's part
    ``(positions, weights)`` of the cases ``(rows, weights)``, in one ``bincount``.

    Each cell adds the same weights in the same order as the part alone: the parts laid end
    to end, or, if no value is unknown (``branch`` has no -1), the cases as they are, each
    branch's in their order.
    """
    n_classes, n_branches = problem.n_classes, len(parts)
    if branch.min() >= 0:
        cells = branch * n_classes + problem.y[rows]
    else:
        positions = np.concatenate([positions for positions, _ in parts])
        part = np.repeat(np.arange(n_branches), [positions.size for positions, _ in parts])
        cells = part * n_classes + problem.y[rows[positions]]
        weights = np.concatenate([part_weights for _, part_weights in parts])
    return np.bincount(cells, weights=weights, minlength=n_branches * n_classes).reshape(
        n_branches, n_classes)
