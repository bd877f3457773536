"""The one fitted-tree structure (smalltrees.learners.tree): its router against brute force,
its printers on every tree learner, pruning and the measures on trees of any learner."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import smalltrees
from smalltrees import C45, ID3, T1, T2, T3, Bagging, TopDown
from smalltrees.learners.tree.export import edge_texts
from smalltrees.learners.tree.measures import tree_measures
from smalltrees.learners.tree.routing import end_nodes, predict_codes
from smalltrees.learners.tree.structure import build


def stump(cuts: list[float], left_closed: bool, missing: bool):
    """A root cutting attribute 0 at ``cuts``, a leaf of class i for interval i (and of the
    last class + 1 for the missing edge)."""
    n = len(cuts) + 1 + missing
    leaf = [{"feature": -1, "counts": np.eye(n)[i], "proba": np.eye(n)[i], "label": i}
            for i in range(n)]
    root = {"feature": 0, "thresholds": cuts, "branches": list(range(1, len(cuts) + 2)),
            "counts": np.ones(n), "proba": np.zeros(n), "label": -1,
            **({"missing": n} if missing else {})}
    return build([root, *leaf], n, left_closed=left_closed)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(-5, 5), min_size=0, max_size=4, unique=True),
       st.lists(st.one_of(st.integers(-7, 7).map(float), st.just(np.nan)), min_size=1,
                max_size=20), st.booleans())
def test_intervals_route_as_searchsorted(cuts, values, left_closed):
    cuts = sorted(float(c) for c in cuts)
    tree = stump(cuts, left_closed, missing=True)
    Z = np.array(values)[:, None]
    side = "right" if left_closed else "left"  # [t_i, t_i+1) or (t_i, t_i+1]
    expected = np.where(np.isnan(Z[:, 0]), len(cuts) + 1,
                        np.searchsorted(cuts, np.nan_to_num(Z[:, 0]), side=side))
    assert predict_codes(tree, Z).tolist() == expected.tolist()


def test_a_category_without_a_branch_or_an_unknown_value_without_an_edge_ends_at_the_test():
    n = 3
    leaves = [{"feature": -1, "counts": np.eye(n)[i], "proba": np.eye(n)[i], "label": i}
              for i in range(2)]
    root = {"feature": 0, "branches": [1, 2], "counts": np.ones(n), "proba": np.eye(n)[2],
            "label": 2}
    tree = build([root, *leaves], n)
    Z = np.array([[0.0], [1.0], [-2.0], [np.nan]])  # -2: smalltrees' UNSEEN category code
    assert end_nodes(tree, Z).tolist() == [1, 2, 0, 0]
    assert predict_codes(tree, Z).tolist() == [0, 1, 2, 2]


def frame(n: int = 60, seed: int = 0) -> tuple[pd.DataFrame, np.ndarray]:
    rng = np.random.default_rng(seed)
    X = pd.DataFrame({"x": rng.normal(size=n).round(2),
                      "c": pd.Categorical.from_codes(rng.integers(0, 4, n), list("pqrs"))})
    y = np.where((X["x"] > 0) ^ X["c"].isin(["p", "q"]), "yes", "no")
    y[rng.random(n) < 0.1] = "no"
    return X, y


LEARNERS = [C45(min_cases=1), C45(subset=True, min_cases=1), ID3(), T1(), T2(), T3(K=2),
            TopDown()]


@pytest.mark.parametrize("model", LEARNERS, ids=repr)
def test_every_tree_learner_draws_its_tree_in_dot(model):
    X, y = frame()
    model.fit(X, y)
    tree = model.tree_
    dot = smalltrees.export_graphviz(model)
    assert dot == model.export_graphviz()
    assert smalltrees.export_text(model) == model.export_text()
    lines = dot.splitlines()
    assert lines[0] == "digraph Tree {" and lines[-1] == "}"
    nodes = [line for line in lines if "[label=" in line and "->" not in line]
    edges = [line for line in lines if "->" in line]
    assert len(nodes) == tree.n_nodes and len(edges) == tree.n_nodes - 1
    names, categories = model.schema_.names, model.schema_.categories
    style = model._text_style(tree)
    for node in np.flatnonzero(~tree.is_leaf).tolist():
        for test, child in zip(edge_texts(tree, node, names, categories, style),
                               tree.edges(node).tolist(), strict=True):
            assert f'{node} -> {child} [label="{test}' in dot
            assert test in model.export_text()


def test_only_tree_learners_are_drawn():
    X, y = frame()
    with pytest.raises(ValueError, match="Bagging is not a tree learner"):
        smalltrees.export_graphviz(Bagging(n_estimators=2).fit(X, y))


def test_a_pruned_tree_predicts_as_the_grown_tree_stopped_at_the_cut_nodes():
    X, y = frame(200, seed=3)
    model = ID3().fit(X, y)
    tree, Z = model.tree_, model.encode(X)
    rng = np.random.default_rng(0)
    for _ in range(10):
        cut = rng.random(tree.n_nodes) < 0.3
        pruned = tree.pruned(cut)
        assert pruned.n_nodes == int(tree.alive(cut | tree.is_leaf).sum())
        assert np.array_equal(predict_codes(pruned, Z), predict_codes(tree, Z, stop=cut))


@pytest.mark.parametrize("model", [T2(), TopDown(), ID3()], ids=repr)
def test_measures_of_any_tree_count_the_tests_above_where_each_case_ends(model):
    X, y = frame(120, seed=5)
    X.loc[::7, "x"] = np.nan
    if isinstance(model, TopDown | ID3):
        keep = X.notna().all(axis=1).to_numpy()
        X, y = X[keep].reset_index(drop=True), y[keep]
    model.fit(X, y)
    tree = model.tree_
    Z = model.encode(X) if isinstance(model, ID3) else model._encode(X)
    depth = tree.depth[end_nodes(tree, Z)]
    got = tree_measures(tree, Z)
    assert got["dynamic_complexity"] == pytest.approx(depth.mean())
    assert got["frac_deeper_than_1"] == pytest.approx((depth > 1).mean())
    assert got["depth"] == tree.depth[tree.is_leaf].max()


def test_c45_groups_of_values_print_and_serialise_by_group():
    X = pd.DataFrame({"c": pd.Categorical(list("rrrrggggbbbbyyyyyy"),
                                          categories=["b", "g", "p", "r", "y"])})
    y = ["a"] * 8 + ["b"] * 4 + ["a", "a", "a", "b", "b", "b"]
    model = C45(subset=True, min_cases=1, prune=False).fit(X, y)
    groups = model.tree_.groups(0)
    assert groups.tolist() == [0, 1, 2, 1, 1]
    text = model.export_text()
    assert "c in {g, r, y}" in text and "c = b" in text
    from smalltrees.learners.tree.export import tree_dict

    found = tree_dict(model.tree_, model.schema_.names, model.schema_.categories,
                      model.classes_)
    assert [branch["values"] for branch in found["branches"]] == [["b"], ["g", "r", "y"],
                                                                   ["p"]]
