"""The estimator contract every learner shares (learners/base.py, learners/encoding.py): the same
behaviour on bad input, unseen categories, empty frames, and pickling, for every learner."""

import pickle

import numpy as np
import pandas as pd
import pytest

from smalltrees import C45, T1, T2, AdaBoost, TopDown
from smalltrees.learners.encoding import Schema

LEARNERS = [T1, T2, lambda: C45(min_cases=1), TopDown, lambda: AdaBoost(n_rounds=5)]
IDS = ["T1", "T2", "C45", "TopDown", "AdaBoost"]

X = pd.DataFrame({
    "x": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, np.nan, 7.0],
    "c": pd.Categorical(["a", "b", "a", "b", "a", None, "b", "a"], categories=["a", "b", "z"]),
})
Y = np.array(["p", "p", "q", "q", "p", "q", "q", "p"], dtype=object)
COMPLETE = X.notna().all(axis=1).to_numpy()


def fitted(make):
    """``make()`` fitted on X, Y; DKM's two-class learners refuse missing training values
    (test_topdown, test_adaboost), so they get the complete rows."""
    model = make()
    if isinstance(model, (TopDown, AdaBoost)):
        return model.fit(X[COMPLETE].reset_index(drop=True), Y[COMPLETE])
    return model.fit(X, Y)


@pytest.mark.parametrize("make", LEARNERS, ids=IDS)
def test_a_fitted_learner_pickles_with_equal_predictions(make):
    model = fitted(make)
    copy = pickle.loads(pickle.dumps(model))
    assert copy.predict(X).tolist() == model.predict(X).tolist()
    assert repr(copy) == repr(model) and str(copy) == str(model)


@pytest.mark.parametrize("make", LEARNERS, ids=IDS)
@pytest.mark.parametrize("value", [np.inf, -np.inf])
def test_infinite_values_are_refused_naming_the_column(make, value):
    bad = X.assign(x=X["x"].where(X.index != 2, value))
    with pytest.raises(ValueError, match=r"column 'x' has 1 infinite value\(s\) \(first at row 2"):
        make().fit(bad, Y)
    model = fitted(make)
    with pytest.raises(ValueError, match="infinite"):
        model.predict(bad)


@pytest.mark.parametrize("make", LEARNERS, ids=IDS)
def test_empty_frame_predicts_nothing(make):
    model = fitted(make)
    assert model.predict(X.iloc[:0]).shape == (0,)


@pytest.mark.parametrize("make", LEARNERS, ids=IDS)
def test_unseen_category_never_raises(make):
    model = fitted(make)
    unseen = X.assign(c=pd.Categorical(["new"] * len(X)))
    assert set(model.predict(unseen)) <= set(model.classes_)


@pytest.mark.parametrize(("make", "params", "message"), [
    (T2, {"K": 0}, "K must be None or an integer >= 1"),
    (C45, {"cf": 0.9}, r"cf must be in \(0, 0.5\]"),
    (C45, {"criterion": "gini"}, "gini"),
])
def test_bad_parameters_are_named_by_check_params_and_fit(make, params, message):
    with pytest.raises(ValueError, match=message):
        make(**params).check_params()
    with pytest.raises(ValueError, match=message):
        make(**params).fit(X, Y)


def test_set_params_names_the_accepted_parameters():
    message = r"invalid parameter 'depth' for T2; expected one of \['K'\]"
    with pytest.raises(ValueError, match=message):
        T2().set_params(depth=3)
    assert C45().set_params(cf=0.1).cf == 0.1


def test_schema_encodes_in_training_categories():
    schema = Schema.from_frame(X)
    reordered = X.assign(c=X["c"].cat.reorder_categories(["z", "b", "a"]))
    assert np.array_equal(schema.encode(reordered), schema.encode(X), equal_nan=True)
    unseen = X.assign(c=pd.Categorical(["new"] * len(X)))
    assert np.isnan(schema.encode(unseen)[:, 1]).all()
    assert (schema.encode(unseen, unseen=-2.0)[:, 1] == -2.0).all()
    with pytest.raises(ValueError, match="expected the training columns"):
        schema.encode(X[["c", "x"]])
