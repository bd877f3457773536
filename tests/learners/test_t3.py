"""Certification of T3 (Auer et al. 1995, section 2, Theorem 3 for d = 3): exactness against a
brute force over TREE(3), the order T3 <= T2 <= T1 on real data, and the estimator contract."""

from __future__ import annotations

import pickle
from unittest.mock import patch

import numpy as np
import pandas as pd
import pytest
import yaml
from conftest import ROOT
from hypothesis import given, settings
from hypothesis import strategies as st
from t2_bruteforce import tree_errors
from test_t2 import SETTINGS, X_TOY, Y_TOY, random_case, training_errors

from smalltrees import T1, T2, T3
from smalltrees.datasets import build
from smalltrees.learners.optimal import depth3
from smalltrees.studies.auer95.sky import make_sky_table, render_sky_table, sky_cells


@st.composite
def small_cases(draw, max_rows=10, max_columns=3):
    """Mixed kinds, missing values, ties, unused categories; p = 2-3, K = 1-3."""
    seed = draw(st.integers(0, 2**32 - 1))
    return random_case(np.random.default_rng(seed), max_rows, max_columns, max_distinct=5,
                       max_classes=3, max_K=3)


@settings(max_examples=350, **SETTINGS)
@given(small_cases())
def test_t3_is_optimal(case):
    X, y, K = case
    model = T3(K=K).fit(X, y)
    assert model.n_errors_ == tree_errors(X, y, K, 3)
    assert model.n_errors_ == training_errors(model, X, y)
    assert_depth(model.tree_, K)



@settings(max_examples=300, **SETTINGS)
@given(small_cases(max_rows=14))
def test_seed_keeps_the_tree(case):
    """T3 starts its search from T2's root (``depth3._seeded``): the same tree, ties
    included, as the search without that start, on tie-heavy data of every kind."""
    X, y, K = case
    seeded = T3(K=K).fit(X, y).export_text()
    with patch.object(depth3, "_seeded", lambda best, *args: best):
        assert seeded == T3(K=K).fit(X, y).export_text()



@settings(max_examples=300, **SETTINGS)
@given(small_cases(max_rows=14))
def test_subtrees_built_from_the_search_keys(case):
    """The subtrees of a continuous root come from the T2 keys the search found (no second
    T2 search per edge): the same tree, ties included, as searching each edge again."""
    X, y, K = case
    kept = T3(K=K).fit(X, y).export_text()
    search = depth3._continuous_roots
    with patch.object(depth3, "_continuous_roots", lambda *a, **k: (search(*a, **k)[0], None)):
        assert kept == T3(K=K).fit(X, y).export_text()


def assert_depth(tree, K):
    """Two intervals above the last level, at most K on it; at most three levels."""
    assert tree.depth.max() <= 3
    for node in range(tree.n_nodes):
        if tree.intervals[node]:
            below_is_leaf = tree.is_leaf[tree.edges(node)].all()
            assert tree.intervals[node] <= (max(K, 2) if below_is_leaf else 2)
            cuts = tree.thresholds[node][:tree.intervals[node] - 1].tolist()
            assert cuts == sorted(set(cuts))


def test_bruteforce_depth_separates_classes():
    """A three-level concept: no two-level tree fits it, so the depth-3 test can fail."""
    X = pd.DataFrame({"a": [0.0, 0, 0, 0, 1, 1, 1, 1], "b": [0.0, 0, 1, 1, 0, 0, 1, 1],
                      "c": [0.0, 1, 0, 1, 0, 1, 0, 1]})
    y = ["p", "q", "q", "p", "q", "p", "p", "q"]  # parity of a, b, c
    assert [tree_errors(X, y, 2, d) for d in (1, 2, 3)] == [4, 4, 0]
    assert [m(K=2).fit(X, y).n_errors_ for m in (T1, T2, T3)] == [4, 4, 0]


@settings(max_examples=40, **SETTINGS)
@given(small_cases(max_rows=40, max_columns=4))
def test_error_ordering_on_random_data(case):
    X, y, K = case
    t3, t2, t1 = (m(K=K).fit(X, y).n_errors_ for m in (T3, T2, T1))
    assert t3 <= t2 <= t1


@pytest.mark.parametrize("code", ["LA", "AP", "HE"])
def test_error_ordering_on_real_data(code, mirror):
    """Small datasets of Table 2 (mixed kinds and missing values for LA and HE)."""
    registry = yaml.safe_load((ROOT / "data" / "datasets.yaml").read_text())["datasets"]
    spec = registry[code]
    X, y = build(code, spec, paths=[mirror / entry["path"] for entry in spec["files"]])
    t3, t2, t1 = (m().fit(X, y).n_errors_ for m in (T3, T2, T1))
    assert t3 <= t2 <= t1
    assert T3().fit(X, y).score(X, y) == 1 - t3 / len(y)


def test_ties_prefer_the_simpler_tree():
    model = T3().fit(X_TOY, Y_TOY)
    assert model.n_errors_ == 0
    assert model.export_text() == T2().fit(X_TOY, Y_TOY).export_text()


def test_contract_pickle_export_and_unseen_values():
    X = pd.DataFrame({"c": pd.Categorical(["a", "a", "b", "b", None, "a"], categories=["a", "b"]),
                      "x": [0.0, 1.0, 2.0, np.nan, 4.0, 5.0]})
    y = ["p", "q", "q", "p", "p", "q"]
    model = T3(K=2).fit(X, y)
    assert model.get_params() == {"K": 2, "continuous_missing": "edge"}
    clone = pickle.loads(pickle.dumps(model))
    assert clone.export_text() == model.export_text() == str(model)
    new = pd.DataFrame({"c": pd.Categorical(["zz", None], categories=["a", "zz"]),
                        "x": [np.nan, 9.0]})
    assert list(clone.predict(new)) == list(model.predict(new))
    assert model.to_dict() == clone.to_dict()
    with pytest.raises(ValueError, match="K must be"):
        T3(K=0).fit(X, y)


def test_sky_table_gains_sky3_and_says_what_it_shows():
    rows = {"AA": {"n": 10, "sky1": 80.0, "sky2": 87.65, "t2_errors": 1},
            "BB": {"n": 10, "sky1": 80.0, "sky2": 90.0, "t2_errors": 1}}
    deeper = {"AA": {"sky3": 95.0, "t3_errors": 0}, "BB": {"sky3": 91.0, "t3_errors": 1}}
    paper = pd.DataFrame({"table": ["sky2", "sky2", "table2", "table2"],
                          "code": ["AA", "BB", "AA", "BB"],
                          "quantity": ["sky2", "sky2", "c45_accuracy", "c45_accuracy"],
                          "value": [87.7, 89.0, 90.0, 94.0], "spread": [np.nan] * 4,
                          "decimals": [1] * 4, "where": [""] * 4})
    cells = sky_cells(rows, paper)
    table = make_sky_table(cells, rows, paper, {}, deeper)
    assert table.columns[:6].tolist() == ["code", "n", "sky1", "sky2", "sky3", "t2_errors"]
    assert table["paper_c45"].tolist() == [90.0, 94.0]
    text = render_sky_table(table, rows)
    assert "on 1 of 2 datasets (Sky2 on 0)" in text and "below on BB (points: BB -3.0)" in text
    assert make_sky_table(cells, rows, paper, {}).columns.tolist()[:5] == [
        "code", "n", "sky1", "sky2", "t2_errors"]
