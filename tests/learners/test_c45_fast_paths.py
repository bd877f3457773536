"""The fast paths of C4.5 growing and pruning give bit-for-bit the values of the general code."""

from dataclasses import fields, replace

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from smalltrees.learners.c45 import grow as grow_module
from smalltrees.learners.c45.branching import split_nodes
from smalltrees.learners.c45.grow import grow
from smalltrees.learners.c45.problem import GrowingProblem
from smalltrees.learners.c45.proposals import NodeCases, propose, propose_at
from smalltrees.learners.c45.prune import collapse
from smalltrees.learners.c45.tree import (
    Node,
    branch_of,
    class_weights,
    iter_nodes,
    numpy_sum,
    route,
    sequential_first_max,
    split_positions,
    to_tree,
)
from smalltrees.learners.criteria import EPS, entropy, get_criterion
from smalltrees.learners.splits import restrict_order
from smalltrees.learners.tree.structure import Tree, build

weights = st.floats(0.0, 30.0, allow_nan=False).map(lambda w: round(w, 3))


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 4), st.integers(1, 3), st.integers(1, 6), st.data())
def test_impurities_in_one_pass_equal_entropy_array_by_array(n_classes, n_columns, n_cuts, data):
    shape, size = (n_classes, n_columns, n_cuts), n_classes * n_columns * n_cuts
    left = np.array(data.draw(st.lists(weights, min_size=size, max_size=size))).reshape(shape)
    known = left.sum(axis=2) + 0.5
    right = known[:, :, None] - left
    p = GrowingProblem(np.zeros((3, 1)), np.zeros(3, dtype=int), n_classes, np.array([0]),
                       get_criterion("gain_ratio"), 2.0, True)
    found = p.impurities(known, left, right, whole=False)
    for got, counts in zip(found, (known, left, right), strict=True):
        assert np.array_equal(got, entropy(counts, axis=0))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.floats(-5, 5), st.just(np.nan)), min_size=1, max_size=30),
       st.floats(-5, 5))
def test_routing_without_unknown_values_equals_the_general_split(values, threshold):
    Z = np.array(values)[:, None]
    rows = np.arange(len(values))[::-1].copy()
    case_weights = np.linspace(0.5, 1.5, len(values))
    node = Node(np.zeros(2), feature=0, threshold=threshold, children=[Node(np.zeros(2))] * 2)
    general = split_positions(branch_of(node, Z[rows, 0]), case_weights, 2)
    for (got_rows, got_weights), (positions, part_weights) in zip(
            route(node, Z, rows, case_weights, 2), general, strict=True):
        assert np.array_equal(got_rows, rows[positions])
        assert np.array_equal(got_weights, part_weights)


def random_problem(rng, criterion, mdl, by_merit, above_average=False):
    """Two continuous and two categorical attributes with ties and unknown values."""
    n = 40
    Z = np.column_stack([rng.integers(0, 6, n).astype(float), rng.normal(size=n).round(1),
                         rng.integers(0, 3, n).astype(float), rng.integers(0, 4, n).astype(float)])
    Z[rng.random(Z.shape) < 0.1] = np.nan
    return GrowingProblem(Z, rng.integers(0, 3, n), 3, np.array([0, 0, 3, 4]),
                          get_criterion(criterion), 2.0, mdl, by_merit,
                          cut_above_average=above_average)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**16), st.sampled_from(["gain_ratio", "gain", "G"]), st.booleans(),
       st.booleans(), st.booleans(), st.booleans())
def test_proposals_at_several_nodes_equal_each_node_alone(seed, criterion, mdl, by_merit,
                                                          above_average, whole):
    rng = np.random.default_rng(seed)
    p = random_problem(rng, criterion, mdl, by_merit, above_average)
    n = p.Z.shape[0]
    nodes = []
    for size in rng.integers(1, n, 4):
        rows = rng.choice(n, size=size, replace=False)
        weights = np.ones(size) if whole else rng.choice([1.0, 0.5, 1 / 3], size)
        nodes.append((rows, weights, float(weights.sum()), None))
    together = propose_at(p, NodeCases.of(p, nodes))
    for k, (rows, weights, total, _) in enumerate(nodes):
        alone = propose(p, rows, weights, total)
        for name in ("valid", "gain", "merit", "cut"):
            assert np.array_equal(getattr(together, name)[k], getattr(alone, name),
                                  equal_nan=True)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**16), st.sampled_from(["gain_ratio", "G"]))
def test_trees_do_not_depend_on_which_nodes_are_grown_together(seed, criterion):
    rng = np.random.default_rng(seed)
    p = random_problem(rng, criterion, True, False)
    rows, weights = np.arange(p.Z.shape[0]), np.ones(p.Z.shape[0])
    trees, default = [], grow_module.PADDING_BUDGET
    try:
        for slack in (0, 10**9):  # every node alone, every depth at once
            grow_module.PADDING_BUDGET = slack
            trees.append([(node.feature, repr(node.threshold), node.dist.tolist())
                          for node, _ in iter_nodes(grow(p, rows, weights))])
    finally:
        grow_module.PADDING_BUDGET = default
    assert trees[0] == trees[1]


@settings(max_examples=100)
@given(st.lists(weights, min_size=1, max_size=30))
def test_sums_in_python_equal_numpy_sums(values):
    dist = np.array(values) / 7  # fractions, where the order of additions shows
    assert numpy_sum(dist.tolist()) == float(dist.sum())


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**16), st.booleans())
def test_branching_nodes_together_equals_each_node_alone(seed, whole):
    """split_nodes gives every branch the cases, weights, class weights and sorted orders that
    split_positions and restrict_order give it node by node."""
    rng = np.random.default_rng(seed)
    p = random_problem(rng, "gain_ratio", False, False)
    n = p.Z.shape[0]
    items = []
    for size in rng.integers(2, n, 3):
        rows = rng.choice(n, size=size, replace=False)
        weights = np.ones(size) if whole else rng.choice([1.0, 0.5, 1 / 3], size)
        items.append((rows, weights, float(weights.sum()), p.attributes.sorted_positions(rows)))
    nodes = NodeCases.of(p, items)
    tests = [(0, 2.5, None), None, (3, np.nan, None)] if rng.random() < 0.5 else \
        [(2, np.nan, np.array([0, 1, 0])), (1, 0.05, None), (0, 3.5, None)]
    parents = [Node(class_weights(p.y[rows], w, 3), rows=rows, weights=w)
               for rows, w, _, _ in items]
    grown = {id(branch.node): branch for branch in split_nodes(p, parents, nodes, tests)}
    for parent, (rows, weights, _, order), test in zip(parents, items, tests, strict=True):
        if test is None:
            assert parent.is_leaf
            continue
        alone = Node(parent.dist, *test[:2], groups=test[2])
        n_branches = 2 if p.n_values[test[0]] == 0 else (
            int(test[2].max()) + 1 if test[2] is not None else int(p.n_values[test[0]]))
        if p.n_values[test[0]] == 0:
            alone.threshold = p.attributes.place_threshold(test[0], test[1])
        parts = split_positions(branch_of(alone, p.Z[rows, test[0]]), weights, n_branches)
        assert len(parent.children) == n_branches
        for child, (positions, part_weights) in zip(parent.children, parts, strict=True):
            assert np.array_equal(child.rows, rows[positions])
            assert np.array_equal(child.weights, part_weights)
            assert np.array_equal(child.dist, class_weights(p.y[rows[positions]], part_weights, 3))
            if id(child) in grown:
                assert np.array_equal(grown[id(child)].order,
                                      restrict_order(order, positions, rows.size))


def records_tree(root: Node, n_classes: int) -> Tree:
    """The fitted tree as ``to_tree`` made it before its arrays were filled at once: one
    record per node (depth first, branches last to first), through ``build``."""
    nodes, records, stack = [], [], [(root, -1, 0)]
    while stack:
        node, above, branch = stack.pop()
        if above >= 0:
            records[above]["branches"][branch] = len(records)
        record = {"feature": node.feature, "counts": node.dist,
                  "branches": [0] * len(node.children), "parent": above}
        if node.children and not np.isnan(node.threshold):
            record["thresholds"] = [node.threshold]
        if node.groups is not None:
            record["groups"] = node.groups
        stack.extend((child, len(records), b) for b, child in enumerate(node.children))
        nodes.append(node)
        records.append(record)
    for number, (node, record) in enumerate(zip(nodes, records, strict=True)):
        shown = node if node.total >= EPS or record["parent"] < 0 else nodes[record["parent"]]
        record["label"] = sequential_first_max(shown.dist.tolist())
        record["proba"] = (shown.dist / max(shown.total, EPS) if node.is_leaf
                           else np.zeros(n_classes))
        assert number == 0 or record["parent"] < number
    return build(records, n_classes, fractional=True)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**16), st.booleans(), st.booleans())
def test_the_fitted_trees_arrays_are_those_of_one_record_per_node(seed, subset, fractional):
    """``to_tree`` fills the arrays at once: every array the same bytes (and dtype) as
    ``build`` of one record per node, on grown trees with continuous cuts, categorical
    tests on values or groups of values, unknown values, empty leaves and collapsed tests."""
    rng = np.random.default_rng(seed)
    p = replace(random_problem(rng, "gain_ratio", True, False), subset=subset,
                min_cases=1.0)
    n = p.Z.shape[0]
    weights = rng.choice([1.0, 0.5, 1 / 3], n) if fractional else np.ones(n)
    root = grow(p, np.arange(n), weights)
    if rng.random() < 0.5:
        collapse(root)
    found, expected = to_tree(root, 3), records_tree(root, 3)
    for field in fields(Tree):
        one, other = getattr(found, field.name), getattr(expected, field.name)
        if isinstance(one, np.ndarray):
            assert one.dtype == other.dtype and one.shape == other.shape, field.name
            assert one.tobytes() == other.tobytes(), field.name
        else:
            assert one == other, field.name
