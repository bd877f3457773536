"""Tests of the tree complexity measures of Auer, Holte & Maass (1995, Table 2)."""

import numpy as np
import pandas as pd
import pytest

from smalltrees import C45
from smalltrees.learners.c45.tree import Node, to_tree
from smalltrees.learners.tree.measures import tree_measures


def tree_complexity(root: Node, Z: np.ndarray) -> dict:
    """The measures of the fitted tree of a hand-made C4.5 tree."""
    return tree_measures(to_tree(root, root.dist.size), Z)


def leaf(*dist: float) -> Node:
    return Node(np.array(dist, dtype=float))


def lopsided_tree() -> Node:
    """x0 <= 0 -> leaf (depth 1); else x1 <= 0 -> leaf (depth 2); else x0 <= 5 -> two leaves.

    Both sides of the root carry training weight 2, so an unknown x0 at the root goes half
    left, half right.
    """
    deepest = Node(np.array([1.0, 0.5]), feature=0, threshold=5.0,
                   children=[leaf(0.5, 0.0), leaf(0.5, 0.5)])
    right = Node(np.array([1.0, 1.0]), feature=1, threshold=0.0,
                 children=[leaf(0.0, 0.5), deepest])
    return Node(np.array([3.0, 1.0]), feature=0, threshold=0.0,
                children=[leaf(2.0, 0.0), right])


def test_measures_by_hand():
    Z = np.array([[-1.0, 0.0], [1.0, -1.0], [1.0, 1.0], [9.0, 1.0]])
    got = tree_complexity(lopsided_tree(), Z)
    assert got == {
        "dynamic_complexity": pytest.approx((1 + 2 + 3 + 3) / 4),
        "frac_deeper_than_2": pytest.approx(2 / 4),
        "depth": 3,
        "frac_deeper_than_1": pytest.approx(3 / 4),   # "% > 2" counting the leaf as a level
        "mean_leaf_depth": pytest.approx((1 + 2 + 3 + 3) / 4),
        # x0, then x1, then x0 again: the deepest leaves have 3 tests of 2 attributes
        "distinct_attributes": pytest.approx((1 + 2 + 2 + 2) / 4),
    }


def test_unknown_values_count_fractionally():
    # x0 unknown: half the example stops at depth 1, half goes on. With x1 = -1 it stops at
    # depth 2 (1.5 tests, nothing deeper than 2); with x1 = 1 it reaches depth 3, where x0 is
    # tested again and is still unknown (2 tests, half deeper than 2).
    Z = np.array([[np.nan, -1.0], [np.nan, 1.0]])
    got = tree_complexity(lopsided_tree(), Z)
    assert got["dynamic_complexity"] == pytest.approx((1.5 + 2.0) / 2)
    assert got["frac_deeper_than_2"] == pytest.approx(0.5 / 2)


def test_single_leaf_has_no_tests():
    got = tree_complexity(leaf(1.0, 0.0), np.zeros((2, 1)))
    assert got == {"dynamic_complexity": 0.0, "frac_deeper_than_2": 0.0, "depth": 0,
                   "frac_deeper_than_1": 0.0, "mean_leaf_depth": 0.0,
                   "distinct_attributes": 0.0}


def test_learner_method_matches_the_function_and_depth():
    rng = np.random.default_rng(0)
    X = pd.DataFrame({"a": rng.normal(size=200), "b": rng.normal(size=200)})
    y = np.where((X.a > 0) ^ (X.b > 0.5), "u", "v")
    model = C45(min_cases=1).fit(X, y)
    got = model.complexity(X)
    assert set(got) == {"dynamic_complexity", "frac_deeper_than_2", "depth",
                        "frac_deeper_than_1", "mean_leaf_depth", "distinct_attributes",
                        "unpruned_depth"}
    assert got["depth"] == model.depth_ >= 2
    assert got["unpruned_depth"] == model.unpruned_depth_ >= model.depth_
    assert got["frac_deeper_than_1"] >= got["frac_deeper_than_2"]
    assert 1.0 <= got["mean_leaf_depth"] <= model.depth_
    assert 1.0 <= got["dynamic_complexity"] <= model.depth_
    assert 1.0 <= got["distinct_attributes"] <= min(got["dynamic_complexity"], 2)
    assert 0.0 <= got["frac_deeper_than_2"] <= 1.0


def test_unpruned_depth_is_the_depth_of_the_tree_before_pruning():
    # Noisy labels: pruning cuts the tree, and the unpruned learner grows the same tree.
    rng = np.random.default_rng(1)
    X = pd.DataFrame({"a": rng.normal(size=300), "b": rng.normal(size=300)})
    y = np.where((X.a > 0) ^ (rng.random(300) < 0.3), "u", "v")
    pruned = C45(mdl_correction=False).fit(X, y)
    unpruned = C45(mdl_correction=False, prune=False).fit(X, y)
    assert pruned.unpruned_depth_ == unpruned.depth_ == unpruned.unpruned_depth_
    assert pruned.unpruned_depth_ > pruned.depth_
