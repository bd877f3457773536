"""C45's `subset` option: C4.5's tests on groups of categorical values (-s)."""

import math

import numpy as np
import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

from smalltrees import C45
from smalltrees.learners.c45.problem import GrowingProblem
from smalltrees.learners.c45.subsets import value_groups
from smalltrees.learners.criteria import get_criterion

CATEGORIES = ["b", "g", "p", "r", "y"]


def entropy(*counts: float) -> float:
    n = sum(counts)
    return -sum(c / n * math.log2(c / n) for c in counts if c)


def gain_ratio(parts: list[tuple[int, ...]]) -> float:
    """Gain ratio of a split into ``parts``, each its counts per class (by hand)."""
    n = sum(sum(part) for part in parts)
    gain = entropy(*map(sum, zip(*parts, strict=True))) - sum(sum(part) / n * entropy(*part)
                                                 for part in parts)
    return gain / entropy(*(sum(part) for part in parts))


def colours() -> tuple[pd.DataFrame, list[str]]:
    """r and g: only class a (4 each), b: only class b (4), y: 3 a and 3 b; p never seen."""
    colour = ["r"] * 4 + ["g"] * 4 + ["b"] * 4 + ["y"] * 6
    y = ["a"] * 8 + ["b"] * 4 + ["a", "a", "a", "b", "b", "b"]
    return pd.DataFrame({"c": pd.Categorical(colour, categories=CATEGORIES)}), y


def test_subsetting_merges_values_while_the_gain_ratio_improves():
    X, y = colours()
    # r and g, both only class a, are merged first; of {b}, {g, r}, {y} (gain ratio 0.412)
    # the best merge is {g, r} with y (0.499, better than {b, y} | {g, r}, 0.479) and the
    # two groups left are final.
    assert gain_ratio([(0, 4), (11, 3)]) > gain_ratio([(3, 7), (8, 0)]) > gain_ratio(
        [(0, 4), (8, 0), (3, 3)])
    model = C45(subset=True, min_cases=1, prune=False).fit(X, y)
    assert model.tree_.groups(0).tolist() == [0, 1, 2, 1, 1]  # p, never seen: a branch apart
    assert model.export_text() == (
        "c = b: b (4.0)\n"
        "c in {g, r, y}: a (14.0/3.0)\n"
        "c = p: a (0.0)"
    )
    unseen = pd.DataFrame({"c": pd.Categorical(["p", "y", "b"], categories=CATEGORIES)})
    assert model.predict(unseen).tolist() == ["a", "a", "b"]  # p: its parent's class


def test_without_subsetting_one_branch_per_value():
    X, y = colours()
    model = C45(min_cases=1, prune=False).fit(X, y)
    assert model.tree_.groups(0) is None and len(model.tree_.edges(0)) == len(CATEGORIES)


def test_a_merge_that_lowers_the_gain_ratio_is_not_made():
    # b (3 x, 1 y), g (4 y, 1 z), y (1 x, 6 z): every merge of two lowers the gain ratio
    X = pd.DataFrame({"c": pd.Categorical(["b"] * 4 + ["g"] * 5 + ["y"] * 7)})
    y = list("xxxy" "yyyyz" "xzzzzzz")
    three = gain_ratio([(3, 1, 0), (0, 4, 1), (1, 0, 6)])
    assert all(gain_ratio(parts) < three for parts in ([(3, 5, 1), (1, 0, 6)],
                                                       [(4, 1, 6), (0, 4, 1)],
                                                       [(1, 4, 7), (3, 1, 0)]))
    model = C45(subset=True, min_cases=1, prune=False).fit(X, y)
    assert model.tree_.feature[0] == 0 and len(model.tree_.edges(0)) == 3  # a value a branch
    assert model.tree_.groups(0) is None


def test_two_valued_attributes_and_continuous_ones_are_unchanged():
    rng = np.random.default_rng(0)
    X = pd.DataFrame({"x": rng.normal(size=80),
                      "two": pd.Categorical(rng.choice(["u", "v"], 80))})
    y = np.where((X["x"] > 0) ^ (X["two"] == "u"), "p", "n")
    assert (C45(subset=True).fit(X, y).export_text() == C45().fit(X, y).export_text())


def test_every_test_of_a_pruned_tree_has_as_many_branches_as_its_groups():
    # noisy categorical data: pruning replaces and raises subtrees, which keep their groups
    rng = np.random.default_rng(1)
    X = pd.DataFrame({name: pd.Categorical(rng.choice(list("abcdef")[:k], 300))
                      for name, k in [("u", 4), ("v", 6), ("w", 2), ("z", 5)]})
    y = np.where(X["u"].isin(["a", "b"]) ^ X["v"].isin(["c", "d", "e"]), "p", "n")
    y = np.where(rng.random(300) < 0.2, "n", y)
    model = C45(subset=True, min_cases=1).fit(X, y)
    tree, grouped = model.tree_, 0
    for node in np.flatnonzero(~tree.is_leaf).tolist():
        n_values = len(model.schema_.categories[tree.feature[node]])
        groups = tree.groups(node)
        if groups is None:  # one branch per value
            assert len(tree.edges(node)) == n_values
        else:
            grouped += 1
            assert len(groups) == n_values
            assert len(tree.edges(node)) == groups.max() + 1 < n_values
    assert grouped >= 2


@settings(max_examples=80, deadline=None)
@given(st.integers(2, 4), st.integers(1, 8), st.booleans(), st.sampled_from(["gain_ratio", "G"]),
       st.integers(0, 2**32 - 1))
def test_cells_climbed_together_get_what_each_gets_alone(n_classes, n_cells, whole, criterion,
                                                          seed):
    # The hill-climbs of many (node, attribute) cells run in step; a cell's groups, gain and
    # merit must not depend on the cells climbed beside it.
    rng = np.random.default_rng(seed)
    n_values = rng.integers(3, 9, n_cells)
    counts = rng.integers(0, 6, (n_classes, n_cells, 8)).astype(float)
    counts[:, np.arange(8)[None, :] >= n_values[:, None]] = 0.0
    if not whole:
        counts *= rng.uniform(0.2, 1.0, counts.shape)
    totals = counts.sum(axis=(0, 2)) + rng.uniform(0.0, 3.0, n_cells)
    problem = GrowingProblem(np.zeros((200, 1)), np.zeros(200, dtype=int), n_classes,
                             np.array([8]), get_criterion(criterion), 2.0, False, subset=True)
    together = value_groups(problem, counts, n_values, totals, whole)
    for cell, found in enumerate(together):
        alone = value_groups(problem, counts[:, [cell]], n_values[[cell]], totals[[cell]], whole)[0]
        assert (found is None) == (alone is None)
        if found is not None:
            assert np.array_equal(found[0], alone[0]) and found[1:] == alone[1:]
