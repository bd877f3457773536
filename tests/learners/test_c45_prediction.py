"""Prediction a depth at a time (the one router, smalltrees.learners.tree.routing) gives bit for
bit the numbers of the node-by-node reference (docs/c45/c45_prediction_reference.py) on C4.5's
trees."""

import numpy as np
import pandas as pd
from c45_prediction_reference import row_complexity, tree_proba
from hypothesis import given, settings
from hypothesis import strategies as st

from smalltrees import C45
from smalltrees.learners.tree.measures import tree_measures
from smalltrees.learners.tree.routing import add_in_order, predict_proba


def random_model(rng: np.random.Generator, subset: bool) -> tuple[C45, np.ndarray]:
    """A tree grown on 60 cases of two continuous and two categorical attributes with
    unknown values, and 40 encoded test rows with unknown values of their own."""
    n = 100
    X = pd.DataFrame({
        "a": rng.integers(0, 6, n).astype(float), "b": rng.normal(size=n).round(1),
        "c": pd.Categorical.from_codes(rng.integers(0, 3, n), ["p", "q", "r"]),
        "d": pd.Categorical.from_codes(rng.integers(0, 5, n), list("vwxyz")),
    })
    for column in X.columns:
        X.loc[rng.random(n) < 0.15, column] = np.nan
    y = np.where(X["a"].fillna(2) + rng.normal(size=n) > 2.5, "yes", "no")
    y[rng.random(n) < 0.2] = "maybe"
    model = C45(min_cases=1, subset=subset, prune=bool(rng.integers(0, 2))).fit(X[:60], y[:60])
    return model, model._encode(X[60:])


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**16), st.booleans())
def test_probabilities_equal_the_reference(seed, subset):
    model, Z = random_model(np.random.default_rng(seed), subset)
    expected = tree_proba(model.tree_, Z)
    assert np.array_equal(predict_proba(model.tree_, Z), expected)
    assert np.array_equal(model._proba_encoded(Z), expected)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**16), st.booleans())
def test_complexity_equals_the_reference(seed, subset):
    model, Z = random_model(np.random.default_rng(seed), subset)
    tests, deep, below_1 = row_complexity(model.tree_, Z)
    got = tree_measures(model.tree_, Z)
    assert got["dynamic_complexity"] == float(tests.mean())
    assert got["frac_deeper_than_2"] == float(deep.mean())
    assert got["frac_deeper_than_1"] == float(below_1.mean())


@settings(max_examples=100)
@given(st.lists(st.tuples(st.integers(0, 5), st.floats(0, 10)), max_size=30))
def test_adding_in_order_equals_add_at(pairs):
    rows = np.array([row for row, _ in pairs], dtype=np.intp)
    values = np.array([value for _, value in pairs]) / 7
    expected, got = np.zeros(6), np.zeros(6)
    np.add.at(expected, rows, values)
    add_in_order(got, rows, values)
    assert np.array_equal(got, expected)
