"""Giving several nodes of a growing C4.5 tree their tests and branches at once.

The nodes whose tests were proposed together (:class:`~smalltrees.learners.c45.proposals.NodeCases`,
their cases laid end to end) send their cases down their new tests in a fixed number of
whole-array operations, not a dozen per node. Each branch gets what
:func:`~smalltrees.learners.c45.tree.split_positions` gives it: its own cases in their order,
then (if the branch's share of the known weight exceeds :data:`EPS`) the cases whose tested
value is unknown, in theirs, with their weight times that share (Quinlan 1993, ch. 3). Its
class weights add the same weights in the same order; the branches that grow further get
their cases' sorted orders as :func:`~smalltrees.learners.splits.restrict_order` gives them
(the parent's order, restricted to the branch's cases).

References
----------
J. R. Quinlan (1993), *C4.5: Programs for Machine Learning*, Morgan Kaufmann, ch. 2-3.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from smalltrees.learners.c45.problem import GrowingProblem
from smalltrees.learners.c45.proposals import NodeCases
from smalltrees.learners.c45.tree import Node, numpy_sum
from smalltrees.learners.criteria import EPS

Test = tuple[int, float, np.ndarray | None]


@dataclass(frozen=True)
class Branch:
    """A new node that grows further: its cases' sorted orders (positions into ``node.rows``,
    one row per continuous attribute), whether every case weighs 1, and the problem of its
    tree's own training set (``own``: the problem it grows in, unless trees of several training
    sets grow side by side, :func:`~smalltrees.learners.c45.grow.grow_apart`)."""

    node: Node
    order: np.ndarray
    whole: bool
    own: GrowingProblem


def split_nodes(problem: GrowingProblem, parents: list[Node], nodes: NodeCases,
                tests: list[Test | None], owns: list[GrowingProblem] | None = None
                ) -> list[Branch]:
    """Give each of ``parents`` (laid out as ``nodes``) its test, if it has one, and its
    branches; return the branches to grow further (neither too small nor pure). ``owns``:
    the problem of each parent's own training set (:attr:`Branch.own`; ``None``: ``problem``
    for all), which places its thresholds."""
    split = [k for k, test in enumerate(tests) if test is not None]
    if not split:
        return []
    owns = [problem] * len(parents) if owns is None else owns
    tables = _set_tests(problem, parents, tests, split, owns)
    entries = _entries(problem, nodes, tables)
    n_classes = problem.n_classes
    n_children = int(tables.n_branches.sum())
    cells = entries.child * n_classes + problem.y[entries.rows]
    dists = np.bincount(cells, weights=entries.weights,
                        minlength=n_children * n_classes).reshape(n_children, n_classes)
    bounds = np.searchsorted(entries.child, np.arange(n_children + 1)).tolist()
    totals = dists.sum(axis=1)  # each row summed as Node.total sums it
    grows = (totals >= 2 * problem.min_cases - EPS) & (dists.max(axis=1) <= totals - EPS)
    children, child_owns = [], []
    for k in split:
        for c in range(tables.first_child[k], tables.first_child[k] + tables.n_branches[k]):
            child = Node(dists[c], rows=entries.rows[bounds[c]:bounds[c + 1]],
                         weights=entries.weights[bounds[c]:bounds[c + 1]])
            parents[k].children.append(child)
            children.append(child)
            child_owns.append(owns[k])
    return _growing(problem, nodes, entries, children, child_owns, bounds, grows)


@dataclass(frozen=True)
class _Tables:
    """Per node of the layout: its test as arrays, its number of branches and the number of
    its first branch among all new branches."""

    feature: np.ndarray
    threshold: np.ndarray
    continuous: np.ndarray
    branch_of_code: np.ndarray
    n_branches: np.ndarray
    first_child: np.ndarray


def _set_tests(problem: GrowingProblem, parents: list[Node], tests: list[Test | None],
               split: list[int], owns: list[GrowingProblem]) -> _Tables:
    """Set the tests of the parents that have one (a continuous cut placed on a value of the
    parent's own training set, ``owns``); their tests as arrays."""
    n_nodes = len(parents)
    feature = np.zeros(n_nodes, dtype=np.intp)
    threshold = np.full(n_nodes, np.nan)
    n_branches = np.zeros(n_nodes, dtype=np.intp)
    width = problem.attributes.width
    branch_of_code = np.zeros((n_nodes, max(width, 2)), dtype=np.intp)
    for k in split:
        node = parents[k]
        node.feature, node.threshold, node.groups = tests[k]
        n_values = int(problem.n_values[node.feature])
        if not n_values:
            node.threshold = owns[k].attributes.place_threshold(node.feature, node.threshold)
            threshold[k], n_branches[k] = node.threshold, 2
        elif node.groups is None:
            branch_of_code[k, :n_values] = np.arange(n_values)
            n_branches[k] = n_values
        else:
            branch_of_code[k, :n_values] = node.groups
            n_branches[k] = int(node.groups.max()) + 1
        feature[k] = node.feature
    first_child = np.cumsum(n_branches) - n_branches
    return _Tables(feature, threshold, ~np.isnan(threshold), branch_of_code, n_branches,
                   first_child)


@dataclass(frozen=True)
class _Entries:
    """The cases of every new branch, branch after branch: ``child`` (the branch's number),
    ``source`` (the case's position in the parents' layout), ``rows`` and ``weights``."""

    child: np.ndarray
    source: np.ndarray
    rows: np.ndarray
    weights: np.ndarray


def _entries(problem: GrowingProblem, nodes: NodeCases, tables: _Tables) -> _Entries:
    """Every case of a parent with a test in each branch it goes down (see the module
    docstring), branch after branch."""
    positions = np.flatnonzero(tables.n_branches[nodes.node] > 0)
    node = nodes.node[positions]
    values = problem.Z[nodes.rows[positions], tables.feature[node]]
    unknown = np.isnan(values)
    codes = np.where(unknown | tables.continuous[node], 0.0, values).astype(np.intp)
    branch = np.where(tables.continuous[node], values > tables.threshold[node],
                      tables.branch_of_code[node, codes])
    child = tables.first_child[node] + branch
    weights = nodes.weights[positions]
    if unknown.any():
        known = ~unknown
        shares = _shares(tables, child[known], weights[known], np.unique(node[unknown]))
        lost = np.flatnonzero(unknown)
        # each unknown case down every branch of its node, in branch order
        ways = tables.n_branches[node[lost]]
        case = np.repeat(lost, ways)
        way = np.arange(case.size) - np.repeat(np.cumsum(ways) - ways, ways)
        into = tables.first_child[node[case]] + way
        taken = shares[into] > EPS
        case, into = case[taken], into[taken]
        child = np.concatenate([child[known], into])
        source = np.concatenate([positions[known], positions[case]])
        weights = np.concatenate([weights[known], weights[case] * shares[into]])
    else:
        source = positions
    # by branch: its own cases, then the unknown ones, each in their order
    by_child = np.argsort(child, kind="stable")
    source = source[by_child]
    return _Entries(child[by_child], source, nodes.rows[source], weights[by_child])


def _shares(tables: _Tables, child: np.ndarray, weights: np.ndarray,
            nodes_with_unknown: np.ndarray) -> np.ndarray:
    """Per new branch: its share of its parent's known weight (uniform if the parent has
    none), as :func:`~smalltrees.learners.c45.tree.split_positions` computes it; only for
    the parents with cases whose tested value is unknown."""
    bag = np.bincount(child, weights=weights, minlength=int(tables.n_branches.sum()))
    shares = np.zeros(bag.size)
    for k in nodes_with_unknown.tolist():
        start, n = int(tables.first_child[k]), int(tables.n_branches[k])
        weight = bag[start:start + n]
        known_total = numpy_sum(weight.tolist())
        shares[start:start + n] = (weight / known_total if known_total >= EPS
                                   else np.full(n, 1.0 / n))
    return shares


def _growing(problem: GrowingProblem, nodes: NodeCases, entries: _Entries,
             children: list[Node], owns: list[GrowingProblem], bounds: list[int],
             grows: np.ndarray) -> list[Branch]:
    """The branches that grow further, with their cases' sorted orders: each parent's orders
    restricted to the branch's cases (a case with an unknown tested value in every branch it
    went down), as positions into the branch's cases; ``owns``: each branch's :attr:`Branch.own`."""
    growing = np.flatnonzero(grows)
    if not growing.size:
        return []
    kept = grows[entries.child]
    kept_entries = np.flatnonzero(kept)
    listed = _listed(nodes, entries.source, kept_entries)
    # grouped by branch (stably: each branch's cases keep the parent's order), renumbered
    # as positions among the kept entries
    child = entries.child[listed]
    if len(children) < 2**15:  # a stable sort of small integers is a radix sort
        child = child.astype(np.int16)
    regroup = np.argsort(child, axis=1, kind="stable")
    position = np.cumsum(kept) - 1
    orders = position[np.take_along_axis(listed, regroup, axis=1)]
    whole = np.bincount(entries.child, weights=problem.fractional(entries.weights),
                        minlength=len(children)) == 0
    sizes = np.diff(bounds)[growing]
    ends = np.cumsum(sizes).tolist()
    orders -= np.repeat(np.asarray(ends) - sizes, sizes)  # positions among each branch's cases
    return [Branch(children[c], orders[:, end - size:end], whole and size <= owns[c].Z.shape[0],
                   owns[c])
            for c, size, end, whole in zip(growing.tolist(), sizes.tolist(), ends,
                                           whole[growing].tolist(), strict=True)]


def _listed(nodes: NodeCases, source: np.ndarray, kept_entries: np.ndarray) -> np.ndarray:
    """``(n_continuous, n_kept)``: every attribute's order of the layout's cases
    (``nodes.orders``), each case replaced by its ``kept_entries`` (by ``source``, the case
    of each entry): by none, one, or (a case with an unknown tested value) several."""
    sources = source[kept_entries]
    per_case = np.bincount(sources, minlength=nodes.rows.size)
    if per_case.max(initial=0) <= 1:  # no case in two branches: a case's entry, or none
        entry_of = np.full(nodes.rows.size, -1)
        entry_of[sources] = kept_entries
        listed = entry_of[nodes.orders]
        return listed[listed >= 0].reshape(nodes.orders.shape[0], kept_entries.size)
    by_case = kept_entries[np.argsort(sources, kind="stable")]
    first = np.cumsum(per_case) - per_case
    counts = per_case[nodes.orders].ravel()
    starts = np.repeat(first[nodes.orders].ravel(), counts)
    offsets = np.arange(starts.size) - np.repeat(np.cumsum(counts) - counts, counts)
    return by_case[starts + offsets].reshape(nodes.orders.shape[0], kept_entries.size)
