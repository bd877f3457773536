"""A bagged ensemble's trees predicting as one forest (``learners/tree/forest.py``), and the
router's shortcut for rows that no unknown value splits (``routing.predict_codes``): both must
give, row by row, what each tree alone gives by the full computation."""

import dataclasses

import numpy as np
import pandas as pd
import pytest

from smalltrees import C45
from smalltrees.learners.bagging.estimator import Bagging
from smalltrees.learners.tree.forest import forest_codes, stack
from smalltrees.learners.tree.routing import predict_codes, predict_proba
from smalltrees.learners.tree.structure import first_best


def random_frame(rng: np.random.Generator, n: int, unknown: float) -> tuple[pd.DataFrame, list]:
    """Continuous and categorical columns with few distinct values (many ties), some values
    unknown, and three classes, one of them rare (a bootstrap sample may lack it)."""
    X = pd.DataFrame({
        "a": rng.integers(0, 6, n).astype(float),
        "b": rng.normal(size=n).round(1),
        "c": pd.Categorical(rng.choice(["x", "y", "z"], n)),
    })
    for column in ("a", "b", "c"):
        X.loc[rng.random(n) < unknown, column] = np.nan
    y = rng.choice(["p", "q", "r"], n, p=[0.55, 0.4, 0.05]).tolist()
    return X, y


def looped_votes(model: Bagging, Z: np.ndarray) -> np.ndarray:
    """The votes tree after tree, as before the forest."""
    forest, model.forest_ = model.forest_, None
    try:
        return model._encoded_votes(Z)
    finally:
        model.forest_ = forest


@pytest.mark.parametrize("seed", range(40))
def test_the_forest_votes_as_its_trees_one_by_one(seed):
    rng = np.random.default_rng(seed)
    X, y = random_frame(rng, int(rng.integers(8, 80)), unknown=[0.0, 0.1, 0.3][seed % 3])
    model = Bagging(C45(min_cases=int(rng.integers(1, 3))), n_estimators=int(rng.integers(1, 12)),
                    random_state=seed).fit(X, y)
    assert model.forest_ is not None
    test, _ = random_frame(rng, 60, unknown=0.2)
    Z = model._encode_for_prediction(test)
    assert np.array_equal(model._encoded_votes(Z), looped_votes(model, Z))
    codes = forest_codes(model.forest_, len(model.estimators_), Z)
    for tree_codes, estimator in zip(codes, model.estimators_, strict=True):
        assert model.classes_[tree_codes].tolist() == estimator._predict_encoded(Z).tolist()


def test_a_forest_puts_each_trees_classes_in_the_ensembles_columns():
    rng = np.random.default_rng(3)
    X, y = random_frame(rng, 40, unknown=0.1)
    trees = [C45(min_cases=1).fit(X.iloc[part], [y[i] for i in part])
             for part in (range(0, 40), range(0, 40, 2))]
    trees.append(C45(min_cases=1).fit(X.iloc[:20], ["q", "r"] * 10))  # no "p"
    classes = np.array(["p", "q", "r"])
    forest = stack([t.tree_ for t in trees], [np.searchsorted(classes, t.classes_)
                                              for t in trees], X.shape[1])
    Z = trees[0]._encode_for_prediction(X)
    codes = forest_codes(forest, len(trees), Z)
    for tree_codes, tree in zip(codes, trees, strict=True):
        assert classes[tree_codes].tolist() == tree.predict(X).tolist()


def test_trees_that_route_differently_make_no_forest():
    X, y = random_frame(np.random.default_rng(0), 30, unknown=0.0)
    tree = C45(min_cases=1).fit(X, y).tree_
    other = dataclasses.replace(tree, left_closed=not tree.left_closed)
    with pytest.raises(ValueError, match="route alike"):
        stack([tree, other], [np.arange(3)] * 2, X.shape[1])


@pytest.mark.parametrize("seed", range(40))
def test_rows_no_unknown_value_splits_get_the_class_of_their_probabilities(seed):
    rng = np.random.default_rng(100 + seed)
    X, y = random_frame(rng, int(rng.integers(10, 90)), unknown=0.15)
    model = C45(min_cases=1).fit(X, y)
    test, _ = random_frame(rng, 50, unknown=[0.0, 0.05][seed % 2])
    Z = model._encode_for_prediction(test)
    assert model.tree_.fractional
    expected = first_best(predict_proba(model.tree_, Z))
    assert predict_codes(model.tree_, Z).tolist() == expected.tolist()


def test_a_forest_of_trees_without_fractional_routing_names_each_trees_labels():
    rng = np.random.default_rng(5)
    X, y = random_frame(rng, 60, unknown=0.0)
    fits = [C45(min_cases=1).fit(X.iloc[:30], y[:30]),
            C45(min_cases=1).fit(X.iloc[30:], ["q", "r"] * 15)]  # no "p": codes 0, 1 are q, r
    trees = [dataclasses.replace(fit.tree_, fractional=False) for fit in fits]
    classes = np.array(["p", "q", "r"])
    columns = [np.searchsorted(classes, fit.classes_) for fit in fits]
    forest = stack(trees, columns, X.shape[1])
    Z = fits[0]._encode_for_prediction(X)
    codes = forest_codes(forest, 2, Z)
    for tree_codes, tree, fit in zip(codes, trees, fits, strict=True):
        assert classes[tree_codes].tolist() == fit.classes_[predict_codes(tree, Z)].tolist()
