"""The pruning methods of Yildiz (2015, section V-B), checked against plain re-implementations
that prune one (a1, a2) pair at a time on explicit trees and take V from smalltrees.vc."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smalltrees import ID3
from smalltrees.learners.id3.pruning import methods
from smalltrees.learners.id3.pruning.bound import grid, srm_bound, srm_epsilon
from smalltrees.learners.id3.pruning.capacity import data_kind, node_values, tree_lb
from smalltrees.learners.tree.routing import node_counts
from smalltrees.vc import lb_binary


def binary_problem(seed: int, n: int, d: int):
    """A fitted ID3 on random binary data, the validation node counts and the node values."""
    rng = np.random.default_rng(seed)
    X = pd.DataFrame({f"f{i}": pd.Categorical(rng.integers(0, 2, 2 * n).astype(str),
                                              categories=["0", "1"]) for i in range(d)})
    y = np.where(rng.random(2 * n) < 0.3, rng.integers(0, 2, 2 * n),
                 X["f0"].cat.codes.to_numpy() & X["f1"].cat.codes.to_numpy()).astype(str)
    y[0], y[1] = "0", "1"  # both classes in training
    model = ID3().fit(X[:n], y[:n])
    valid = node_counts(model.tree_, model.encode(X[n:]), np.searchsorted(model.classes_, y[n:]),
                        len(model.classes_))
    base = node_values(model.tree_, model.schema_.n_values, "discrete")
    return model.tree_, valid, base, d


def depth_lb(tree, cut, node, d):
    """V of the subtree at ``node`` of the pruned tree ``cut``: LB-binary of its shape with the
    d - depth features left there (the paper's recursion, from smalltrees.vc)."""
    return lb_binary(tree.pruned(cut).shape(_new_index(tree, cut, node)), d - tree.depth[node])


def _new_index(tree, cut, node):
    keep = np.flatnonzero(tree.alive(cut | tree.is_leaf))
    return int(np.searchsorted(keep, node))


def errors_below(tree, cut, node, counts):
    """Errors on ``counts`` of the subtree at ``node`` in the pruned tree ``cut``."""
    inside = np.zeros(tree.n_nodes, dtype=bool)
    stack = [node]
    while stack:
        k = stack.pop()
        inside[k] = True
        if not cut[k]:
            stack.extend(tree.edges(k).tolist())
    front = methods.frontier(tree, cut) & inside
    return float(methods.leaf_errors(tree, counts)[front].sum())


def reference(tree, rule, order):
    """Prune node by node (pre-order from the root, or children first), re-deriving every
    quantity from the explicit pruned tree; ``rule(cut, node)`` says whether to cut."""
    cut = np.zeros(tree.n_nodes, dtype=bool)
    visits = tree.preorder() if order == "top_down" else np.arange(tree.n_nodes)[::-1]
    for node in visits:
        if tree.is_leaf[node] or not tree.alive(cut)[node]:
            continue
        if rule(cut, node):
            cut[node] = True
    return cut


def same_tree(tree, a, b):
    return (methods.frontier(tree, a | tree.is_leaf)
            == methods.frontier(tree, b | tree.is_leaf)).all()


PROBLEMS = st.tuples(st.integers(0, 2**32 - 1), st.integers(8, 60), st.integers(2, 5))
ORDERS = st.sampled_from(["top_down", "bottom_up"])


@settings(max_examples=40, deadline=None)
@given(PROBLEMS, ORDERS, st.sampled_from(["prune", "keep"]))
def test_cv_prune_equals_reduced_error_pruning_node_by_node(problem, order, ties):
    tree, valid, _, _ = binary_problem(*problem)
    leaf = methods.leaf_errors(tree, valid)

    def rule(cut, node):
        below = errors_below(tree, cut, node, valid)
        return leaf[node] <= below if ties == "prune" else leaf[node] < below

    ours = methods.cv_prune(tree, valid, order, ties)[:, 0]
    assert same_tree(tree, ours, reference(tree, rule, order))


@settings(max_examples=30, deadline=None)
@given(PROBLEMS, ORDERS, st.sampled_from(["paper", "isell"]), st.integers(0, 10**6))
def test_srm_local_over_the_grid_equals_one_pair_at_a_time(problem, order, confidence, pick):
    tree, _, base, d = binary_problem(*problem)
    a1, a2 = grid()
    g = np.random.default_rng(pick).choice(a1.size, 3, replace=False)
    ours = methods.srm_local(tree, base, a1[g], a2[g], order, confidence)
    leaf = methods.leaf_errors(tree, tree.counts)
    n_t = tree.counts.sum(axis=1)
    for column, (p, q) in enumerate(zip(a1[g], a2[g], strict=True)):
        def rule(cut, node, p=p, q=q):
            S = n_t[node]
            below = srm_bound(errors_below(tree, cut, node, tree.counts) / S,
                              depth_lb(tree, cut, node, d), S, p, q, confidence)
            return srm_bound(leaf[node] / S, 1, S, p, q, confidence) < below

        assert same_tree(tree, ours[:, column], reference(tree, rule, order))


@settings(max_examples=30, deadline=None)
@given(PROBLEMS, ORDERS, st.sampled_from(["paper", "isell"]), st.integers(0, 10**6))
def test_srm_global_over_the_grid_equals_one_pair_at_a_time(problem, order, confidence, pick):
    tree, _, base, d = binary_problem(*problem)
    a1, a2 = grid()
    g = np.random.default_rng(pick).choice(a1.size, 3, replace=False)
    ours = methods.srm_global(tree, base, a1[g], a2[g], order, confidence)
    S = tree.counts.sum()
    for column, (p, q) in enumerate(zip(a1[g], a2[g], strict=True)):
        def whole(cut, p=p, q=q):
            return srm_bound(errors_below(tree, cut, 0, tree.counts) / S,
                             depth_lb(tree, cut, 0, d), S, p, q, confidence)

        def rule(cut, node, whole=whole):
            after = cut.copy()
            after[node] = True
            return whole(after) < whole(cut)

        assert same_tree(tree, ours[:, column], reference(tree, rule, order))


@settings(max_examples=25, deadline=None)
@given(PROBLEMS)
def test_pruned_trees_are_subtrees_and_no_prune_is_largest(problem):
    tree, valid, base, d = binary_problem(*problem)
    a1, a2 = grid(a1_step=0.5, a2_step=0.5)
    grown = tree.decision_nodes
    for cut in (methods.cv_prune(tree, valid), methods.srm_local(tree, base, a1, a2),
                methods.srm_global(tree, base, a1, a2)):
        assert (methods.decision_nodes(tree, cut) <= grown).all()
        for column in range(cut.shape[1]):
            pruned = tree.pruned(cut[:, column])
            assert pruned.n_nodes <= tree.n_nodes
            # a subtree: every node kept has its parent kept, with the same test
            kept = np.flatnonzero(tree.alive(cut[:, column] | tree.is_leaf))
            assert (tree.counts[kept] == pruned.counts).all()
    assert methods.decision_nodes(tree, methods.no_prune(tree))[0] == grown
    V = tree_lb(tree, base, tree.is_leaf)[0]
    assert V == lb_binary(tree.shape(), d)


@settings(max_examples=25, deadline=None)
@given(PROBLEMS, st.sampled_from(["top_down", "bottom_up"]))
def test_srm_with_a1_near_zero_keeps_every_useful_split(problem, order):
    """As a1 -> 0 the bound tends to the training error: SRM cuts no subtree that lowers the
    training error, so the pruned trees fit the training set as the grown tree does."""
    tree, _, base, _ = binary_problem(*problem)
    a1, a2 = np.array([1e-12]), np.array([1.0])
    grown_errors = methods.pruned_errors(tree, methods.no_prune(tree), tree.counts)
    for prune in (methods.srm_local, methods.srm_global):
        cut = prune(tree, base, a1, a2, order)
        assert methods.pruned_errors(tree, cut, tree.counts) == grown_errors


def test_bound_formula_and_grid():
    eps = float(srm_epsilon(3, 100, 1.0, 1.0))
    assert eps == pytest.approx((3 * (np.log(100 / 3) + 1) + 0.5 * np.log(100)) / 100)
    assert float(srm_bound(0.1, 3, 100, 1.0, 1.0)) == pytest.approx(
        0.1 + eps / 2 * (1 + np.sqrt(1 + 4 * 0.1 / eps)))
    isell = float(srm_epsilon(3, 100, 1.0, 1.0, "isell"))
    assert isell == pytest.approx((3 * (np.log(100 / 3) + 1) - np.log(0.01 / 4)) / 100)
    assert float(srm_bound(0.2, 5, 2, 1.0, 0.1)) == 0.2  # eps <= 0: the bound is E_t
    a1, a2 = grid()
    assert a1.size == 800 and (a1.min(), a1.max(), a2.min(), a2.max()) == (0.1, 4.0, 0.1, 2.0)
    assert len(set(zip(a1, a2, strict=True))) == 800


def test_mixed_attribute_kinds_are_refused_naming_them():
    assert data_kind(np.array([2, 3]), ["a", "b"]) == "discrete"
    assert data_kind(np.array([0, 0]), ["a", "b"]) == "continuous"
    with pytest.raises(ValueError, match=r"categorical \['a'\] and continuous \['b'\].*"
                       "LB-continuous"):
        data_kind(np.array([2, 0]), ["a", "b"])


def test_bad_options_are_named():
    tree, valid, base, _ = binary_problem(1, 20, 3)
    with pytest.raises(ValueError, match="order must be one of"):
        methods.cv_prune(tree, valid, order="sideways")
    with pytest.raises(ValueError, match="ties must be one of"):
        methods.cv_prune(tree, valid, ties="maybe")
    with pytest.raises(ValueError, match="confidence must be one of"):
        srm_bound(0.1, 2, 10, 1.0, 1.0, "bayes")
