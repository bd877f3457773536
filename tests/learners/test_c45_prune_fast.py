"""C4.5's pessimistic pruning (:class:`smalltrees.learners.c45.prune.Pruner`) against the
straightforward reference it replaced: subtree raising's predicted errors of a branch computed
by routing the cases node by node (:func:`~smalltrees.learners.c45.tree.route`) and summing
each leaf's errors up the branch.

The pruner computes the class weights of a test's leaf branches in one ``bincount`` and
splits off only the cases of the branches that test again (issue 36, sixth session); on data
without unknown values it takes every leaf's class weights from one ``bincount`` of the leaf
each case reaches (:class:`~smalltrees.learners.c45.prune.Routes`, fifteenth session). Every
number must be the same to the last bit, so every pruned tree is the same. Random small data
(hypothesis): mixed attributes, unknown values, no / whole / fractional case weights, the
growth options that shape the tree, both error estimates, subtree raising on and off.
"""

import copy

import numpy as np
import pandas as pd
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from smalltrees.learners.c45 import C45
from smalltrees.learners.c45.prune import (
    PRUNING_SLACK,
    Pruner,
    largest_branch,
    predicted_errors,
)
from smalltrees.learners.c45.tree import class_weights, iter_nodes, route, sequential_sum
from smalltrees.learners.criteria import EPS


class ReferencePruner(Pruner):
    """The pruner written plainly: C4.5's recursion (the largest branch chosen after pruning
    the branches), its branch errors computed by routing the cases at every node
    (:func:`.route`), every leaf summing its class weights."""

    def prune(self, node):
        if node.is_leaf:
            return predicted_errors(node.dist, self.cf, self.estimate)
        as_tree = sequential_sum([self.prune(child) for child in node.children])
        largest = node.children[largest_branch([child.total for child in node.children])]
        raised = (self.branch_errors(largest, node.rows, node.weights)
                  if self.subtree_raising else np.inf)
        as_leaf = predicted_errors(node.dist, self.cf, self.estimate)
        slack = PRUNING_SLACK + EPS
        if as_leaf < as_tree + slack and as_leaf < raised + slack:
            node.make_leaf()
            return as_leaf
        if raised < as_tree + slack:
            node.feature, node.threshold = largest.feature, largest.threshold
            node.groups, node.children = largest.groups, largest.children
            self.redistribute(node, node.rows, node.weights)
            return self.prune(node)
        return as_tree

    def branch_errors(self, node, rows, weights):
        if not rows.size:
            return 0.0
        if node.is_leaf:
            return predicted_errors(class_weights(self.y[rows], weights, self.n_classes),
                                    self.cf, self.estimate)
        parts = route(node, self.Z, rows, weights, len(node.children))
        return sequential_sum(self.branch_errors(child, r, w)
                              for child, (r, w) in zip(node.children, parts, strict=True))


def state(root) -> list:
    """Every node of the tree: its place, test, branch groups, class weights and cases, as
    bytes."""
    return [(depth, node.feature, np.float64(node.threshold).tobytes(),
             None if node.groups is None else np.asarray(node.groups).tobytes(),
             np.asarray(node.dist, dtype=float).tobytes(), node.rows.tobytes(),
             np.asarray(node.weights, dtype=float).tobytes())
            for node, depth in iter_nodes(root)]


@st.composite
def frames(draw):
    """Mixed data big enough for trees a few tests deep: continuous columns with ties,
    categorical columns of two values and of four (one declared, never seen), constant
    columns; NaN in some cells or none; one to three classes."""
    n = draw(st.integers(2, 120))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    columns = {}
    for j in range(draw(st.integers(1, 5))):
        kind = draw(st.sampled_from(["float", "float", "two", "four", "constant"]))
        if kind == "two":
            columns[f"c{j}"] = pd.Categorical(rng.choice(list("pq"), n), categories=list("pq"))
        elif kind == "four":
            columns[f"c{j}"] = pd.Categorical(rng.choice(list("uvw"), n),
                                              categories=list("uvwx"))
        elif kind == "float":
            columns[f"c{j}"] = rng.integers(0, draw(st.integers(2, 30)), n) * 0.5
        else:
            columns[f"c{j}"] = np.full(n, 1.5)
    X = pd.DataFrame(columns)
    unknown = draw(st.sampled_from([0.0, 0.0, 0.05, 0.3]))
    if unknown:
        X = X.mask(rng.random(X.shape) < unknown)
    y = rng.choice(np.array(list("abc"))[: draw(st.integers(1, 3))], n).astype(object)
    return X, y, rng


growth = st.fixed_dictionaries({
    "criterion": st.sampled_from(["gain_ratio", "gain", "G"]),
    "min_cases": st.sampled_from([1, 1, 2]),
    "release": st.sampled_from(["R8", "pre-R8"]),
    "subset": st.booleans(),
    "min_split_share": st.booleans(),
})


@settings(derandomize=True, max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=frames(), params=growth,
       weighting=st.sampled_from(["none", "whole", "fractional"]),
       cf=st.sampled_from([0.25, 0.1, 0.5, 0.9]), estimate=st.sampled_from(["j48", "quinlan"]),
       raising=st.booleans())
def test_pruning_gives_the_reference_tree_to_the_last_bit(data, params, weighting, cf,
                                                          estimate, raising):
    X, y, rng = data
    learner = C45(**params)
    learner.check_params()
    Z, codes = learner._start_fit(X, y)
    weights = {"none": None, "whole": rng.integers(1, 4, len(Z)).astype(float),
               "fractional": rng.uniform(0.05, 2.0, len(Z))}[weighting]
    grown = learner._grow(Z, codes, weights)
    args = (Z, codes, len(learner.classes_), cf, raising, estimate)
    fast, reference = Pruner(*args), ReferencePruner(*args)
    complete = not np.isnan(Z).any()
    # every subtree with its own cases and with its parent's (what subtree raising sends)
    for node, _ in iter_nodes(grown):
        for child in node.children or [node]:
            expected = np.float64(reference.branch_errors(child, node.rows,
                                                          node.weights)).tobytes()
            assert np.float64(fast.branch_errors(child, node.rows, node.weights)).tobytes() \
                == expected
            routes = fast.routes(child)
            two_way = all(len(n.children) in (0, 2) for n, _ in iter_nodes(child))
            assert (routes is not None) == (complete and two_way)
            assert np.float64(fast.raised_errors(child, node, routes)).tobytes() == expected
    ours, theirs = copy.deepcopy(grown), copy.deepcopy(grown)
    assert (np.float64(fast.prune(ours)).tobytes()
            == np.float64(reference.prune(theirs)).tobytes())
    assert state(ours) == state(theirs)


@given(st.lists(st.floats(0, 1e6), max_size=12))
def test_errors_are_added_left_to_right(values):
    """The pruner's sums are C4.5's ``Sum += ...`` loops: each addition rounded in turn, as
    Python 3.11's ``sum`` adds floats but not Python 3.12's (compensated: ``sum([0.1, 0.2,
    0.3])`` is 0.6 there, 0.6000000000000001 here and in C)."""
    expected = 0.0
    for value in values:
        expected = expected + value
    assert sequential_sum(values) == expected
    assert sequential_sum(iter(values)) == expected
    assert sequential_sum([0.1, 0.2, 0.3]) == 0.6000000000000001
