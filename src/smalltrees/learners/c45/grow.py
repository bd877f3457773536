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
same numbers as if it were alone, and so is sending their cases down the tests chosen
(:mod:`smalltrees.learners.c45.branching`). Weka's J48 makes the same choices
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

from smalltrees.learners.c45 import single_precision
from smalltrees.learners.c45.branching import Branch, split_nodes
from smalltrees.learners.c45.cut_ranking import AVERAGE_GAIN_SLACK
from smalltrees.learners.c45.problem import GrowingProblem, stack
from smalltrees.learners.c45.proposals import NodeCases, Proposals, propose_at
from smalltrees.learners.c45.tree import Node, class_weights, iter_nodes, numpy_sum
from smalltrees.learners.criteria import EPS


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


def choose_tests(problem: GrowingProblem, nodes: NodeCases,
                 owns: list[GrowingProblem] | None = None
                 ) -> list[tuple[int, float, np.ndarray | None] | None]:
    """:func:`choose_test` at several nodes that are neither too small nor pure, proposing
    the tests of all in one pass (:func:`propose_at`). ``owns``: the problem of each node's
    own training set (``None``: ``problem`` for all), whose
    :attr:`~smalltrees.learners.c45.problem.GrowingProblem.in_average` the node's average
    gain counts."""
    found = propose_at(problem, nodes)
    groups = [None] * nodes.sizes.size if found.groups is None else found.groups
    in_average = _in_average(problem, owns)
    if problem.single_precision:
        return _best_tests_single(in_average, found, groups)
    per_node = ([in_average.tolist()] * nodes.sizes.size if in_average.ndim == 1
                else in_average.tolist())
    return [_best_test(*parts) for parts in zip(
        per_node, found.valid.tolist(), found.gain.tolist(), found.merit.tolist(),
        found.cut.tolist(), groups, strict=True)]


def _in_average(problem: GrowingProblem, owns: list[GrowingProblem] | None) -> np.ndarray:
    """Which attributes count in the average gain: ``(n_features,)`` if every node's own
    problem is one problem, else ``(n_nodes, n_features)``, a row per node."""
    if owns is None:
        return problem.in_average
    first = owns[0]
    if all(own is first for own in owns):
        return first.in_average
    return np.array([own.in_average for own in owns])


def _best_test(in_average: list[bool], valid: list[bool], gain: list[float],
               merit: list[float], cut: list[float], groups: np.ndarray | None
               ) -> tuple[int, float, np.ndarray | None] | None:
    """The winning test among one node's proposals (see :func:`choose_test`), in double
    precision, each attribute's given as Python numbers: a node has a few dozen, on which
    NumPy's calls cost more than the arithmetic. The average gain is summed as NumPy sums it
    (:func:`numpy_sum`); a merit wins only if larger by more than 1e-6 than the best so far
    (Weka's J48), which is a chain, not a maximum."""
    counted = [g for g, is_valid, counts in zip(gain, valid, in_average, strict=True)
               if is_valid and counts]
    if not counted:
        return None
    floor = numpy_sum(counted) / len(counted) - AVERAGE_GAIN_SLACK
    best, best_merit = None, 0.0
    for j, (is_valid, g, m) in enumerate(zip(valid, gain, merit, strict=True)):
        if is_valid and g >= floor and m > best_merit + EPS:
            best, best_merit = j, m
    if best is None:
        return None
    return best, cut[best], None if groups is None else groups[best]


def _best_tests_single(in_average: np.ndarray, found: Proposals, groups: list | np.ndarray
                       ) -> list[tuple[int, float, np.ndarray | None] | None]:
    """The winning test at every node in single precision, as C4.5's ``build.c`` chooses:
    the average gain of the attributes counted in it
    (:func:`~smalltrees.learners.c45.single_precision.averages`, every node at once), and
    among the proposals whose gain is at least that average minus 1e-3 the first of highest
    merit, if positive: a merit wins only if strictly larger (``Val > BestVal``), so the
    chain of winners ends at the first maximum. ``in_average``: :func:`_in_average`."""
    counted = found.valid & in_average
    average, n_counted = single_precision.averages(found.gain, counted)
    floor = average.astype(float) - AVERAGE_GAIN_SLACK
    with np.errstate(invalid="ignore"):  # NaN: no proposal
        eligible = found.valid & (found.gain >= floor[:, None]) & (found.merit > 0.0)
    merit = np.where(eligible, found.merit, -np.inf)
    best = np.argmax(merit, axis=1)
    chosen = (n_counted > 0) & eligible.any(axis=1)
    cut = found.cut[np.arange(best.size), best]
    return [(b, c, groups[k][b] if groups[k] is not None else None) if is_chosen else None
            for k, (is_chosen, b, c) in enumerate(zip(chosen.tolist(), best.tolist(),
                                                       cut.tolist(), strict=True))]


def is_too_small_or_pure(problem: GrowingProblem, dist: np.ndarray) -> bool:
    """True if a node with class weights ``dist`` is a leaf without looking at the tests."""
    return _is_too_small_or_pure(problem, dist.tolist())


def _is_too_small_or_pure(problem: GrowingProblem, values: list[float]) -> bool:
    """:func:`is_too_small_or_pure` of class weights given as Python numbers."""
    total = numpy_sum(values)
    return total < 2 * problem.min_cases - EPS or max(values) > total - EPS


#: Nodes proposed together may be padded with up to this many class weights (one per class,
#: continuous attribute and case that the group's largest node has more than another node).
PADDING_BUDGET = 16384
#: Nodes proposed together have at most this many (case, attribute) cells in all (unless one
#: node has more): the trees of many training sets grown side by side would otherwise lay
#: out all their cases at once (25 folds of splice: 76,000 cases of 60 attributes, arrays of
#: 37 MB), no faster than in pieces of this size (measured: 2**18 to 2**21 cost the same
#: CPU; 2**19 kept the peak memory of a 25-fold CV of splice at 156 MB, 2**21 at 170 MB).
CELL_BUDGET = 2**19


def grow(problem: GrowingProblem, rows: np.ndarray, weights: np.ndarray) -> Node:
    """Grow a tree on the weighted cases ``(rows, weights)``, keeping them on each node.

    The tree grows one depth at a time: the tests of all nodes of a depth are chosen in a
    few passes over their cases laid end to end (:func:`batches`, :func:`choose_tests`),
    not in a few dozen array operations per node, and the nodes of a batch get their
    branches together (:func:`~smalltrees.learners.c45.branching.split_nodes`). The cases are
    sorted by each continuous attribute once; a node passes its sorted orders on to its
    branches, restricted to the branch's cases. Each node's test is the one it would get
    grown alone, so the order in which nodes grow does not matter.
    """
    return grow_many(problem, [(rows, weights)])[0]


def grow_many(problem: GrowingProblem, starts: list[tuple[np.ndarray, np.ndarray]],
              owns: list[GrowingProblem] | None = None) -> list[Node]:
    """:func:`grow` on each of several sets of weighted cases ``(rows, weights)`` of one
    problem, the trees growing side by side: the nodes of a depth of every tree are proposed
    and split together, so the fixed cost of a depth's array operations is paid once for all
    trees, not once per tree. Each tree is the one :func:`grow` gives it alone, as each node's
    test is (windowing's trials grow their windows so).

    ``owns``: per start, the problem of its tree's own training set, if that is not
    ``problem`` (:func:`grow_apart`, whose ``problem`` holds every tree's training set): it
    places the tree's thresholds and decides which attributes count in its average gain.
    """
    owns = [problem] * len(starts) if owns is None else owns
    roots, level = [], []
    for (rows, weights), own in zip(starts, owns, strict=True):
        root = Node(class_weights(problem.y[rows], weights, problem.n_classes), rows=rows,
                    weights=weights)
        roots.append(root)
        if not is_too_small_or_pure(problem, root.dist):
            level.append(Branch(root, problem.attributes.sorted_positions(rows),
                                own.whole_weights(weights), own))
    while level:
        growing, level = level, []
        for batch in batches(problem, growing):
            nodes = NodeCases.of(problem, [(item.node.rows, item.node.weights, item.node.total,
                                            item.order) for item in batch],
                                 all(item.whole for item in batch))
            batch_owns = [item.own for item in batch]
            level.extend(split_nodes(problem, [item.node for item in batch], nodes,
                                     choose_tests(problem, nodes, batch_owns), batch_owns))
    return roots


def grow_apart(problems: list[GrowingProblem], weights: list[np.ndarray],
               base: GrowingProblem | None = None, rows: list[np.ndarray] | None = None
               ) -> list[Node]:
    """``grow(problem, np.arange(n_rows), weights)`` of each problem (its training set's
    cases with their ``weights``): the trees of several training sets grown side by side,
    each exactly the tree :func:`grow` gives it alone, its nodes' ``rows`` numbering its own
    problem's rows (:func:`grow_each`)."""
    return grow_each(problems, [(k, np.arange(problem.Z.shape[0]), own_weights) for k, (
        problem, own_weights) in enumerate(zip(problems, weights, strict=True))], base, rows)


def grow_each(problems: list[GrowingProblem],
              starts: list[tuple[int, np.ndarray, np.ndarray]],
              base: GrowingProblem | None = None, rows: list[np.ndarray] | None = None,
              renumber: bool = True) -> list[Node]:
    """``grow(problems[k], own_rows, weights)`` of each start ``(k, own_rows, weights)``
    (rows of problem ``k``: its whole training set, or a window of it), the trees of all
    starts grown side by side, each exactly the tree :func:`grow` gives it alone, its nodes'
    ``rows`` numbering its own problem's rows (``renumber`` false: left numbering the
    growing problem's, for a caller that reads no node's rows, windowing, which gives the
    tree it keeps all training cases; renumbering a cycle's wide trees node by node cost
    about a tenth of splice's windowed CV).

    The trees grow in one problem (:func:`grow_many`), each keeping its own for what it reads
    of its whole training set (where its thresholds go, which attributes count in its
    average gain): ``problems[0]`` if it is the only one, else ``base``, if given, of which
    problem ``k`` is the rows ``rows[k]`` (no row twice; no ``sample_weight``:
    cross-validation's folds, which share most rows), else the training sets laid one after
    another (:func:`~smalltrees.learners.c45.problem.stack`: bagging's samples, whose rows
    have case weights of their own). The problems must share every option.
    """
    if len(problems) == 1:
        return grow_many(problems[0], [(own_rows, weights) for _, own_rows, weights in starts])
    if base is None:
        sizes = [problem.Z.shape[0] for problem in problems]
        firsts = np.cumsum([0, *sizes[:-1]]).tolist()
        rows = [np.arange(first, first + size) for first, size in zip(firsts, sizes, strict=True)]
        base = stack(problems)
    roots = grow_many(base, [(rows[k][own_rows], weights) for k, own_rows, weights in starts],
                      [problems[k] for k, _, _ in starts])
    if not renumber:
        return roots
    position = np.empty(base.Z.shape[0], dtype=np.int64)
    for k, own_rows in enumerate(rows):
        position[own_rows] = np.arange(own_rows.size)  # a base row's position in problem k
        for root, (owner, _, _) in zip(roots, starts, strict=True):
            if owner == k:
                for node, _ in iter_nodes(root):
                    node.rows = position[node.rows]
    return roots


def batches(problem: GrowingProblem, growing: list[Branch]) -> list[list[Branch]]:
    """Groups of nodes to propose tests at together.

    Sorted by size, a group takes nodes while padding its nodes to the largest one adds at
    most :data:`PADDING_BUDGET` class weights to the continuous proposals (a node's runs of
    tied values are laid out for as many as the largest node has cases, at most) and its
    cases have at most :data:`CELL_BUDGET` (case, attribute) cells. In a group
    with fractional case weights, the class weights of a node whose cases all weigh 1 are
    summed as floats and their entropy terms computed, not looked up: the same numbers, as
    the table of terms is made by the same function.
    """
    found, batch, cases = [], [], 0
    width = problem.n_classes * problem.attributes.continuous.size
    most = CELL_BUDGET // max(problem.n_values.size, 1)
    for item in sorted(growing, key=lambda item: item.node.rows.size):
        size = item.node.rows.size
        if batch and (width * ((len(batch) + 1) * size - cases - size) > PADDING_BUDGET
                      or cases + size > most):
            found.append(batch)
            batch, cases = [], 0
        batch.append(item)
        cases += size
    return found + [batch] if batch else found
