"""The estimator contract of every registered learner (learners/base.py, encoding.py,
validation.py): DataFrame and array input, scikit-learn's conventions (clone, get/set_params,
predict_proba, score, tags: cross_val_score, GridSearchCV, Pipeline, check_estimator), the same
behaviour on bad input, unseen categories, empty frames, and pickling. The learners come from
the registry: a learner added to it is tested here without a new line."""

import pickle
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from learner_checks import NAMES, make, reported_training_errors
from sklearn.base import clone
from sklearn.model_selection import GridSearchCV, cross_val_score
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.utils import get_tags
from sklearn.utils.estimator_checks import check_estimator

from smalltrees import C45, T1, T2
from smalltrees.learners.encoding import Schema
from smalltrees.learners.validation import check_labels, class_codes

RNG = np.random.default_rng(0)
N = 48
X = pd.DataFrame({
    "x": RNG.normal(size=N),  # negative values in a continuous column (issue 21 item 1)
    "z": RNG.normal(scale=100.0, size=N),
    "c": pd.Categorical(RNG.choice(list("abc"), N), categories=["a", "b", "c", "z"]),
})
Y = np.where(X["x"] + (X["c"] == "a") > 0.3, "yes", "no").astype(object)
Y3 = np.where(X["z"] > 50, "hi", Y).astype(object)
WITH_NAN = X.assign(x=X["x"].where(np.arange(N) % 7 != 3),
                    c=X["c"].where(np.arange(N) % 11 != 5))
ARRAY = X[["x", "z"]].to_numpy()


def fitted(name, X=X, y=Y):
    return make(name).fit(X, y)


def allows_nan(model) -> bool:
    return get_tags(model).input_tags.allow_nan


def multi_class(model) -> bool:
    return get_tags(model).classifier_tags.multi_class


@pytest.mark.parametrize("name", NAMES)
def test_a_frame_and_an_array_are_both_accepted(name):
    model = fitted(name)
    assert model.n_features_in_ == 3 and model.feature_names_in_.tolist() == ["x", "z", "c"]
    assert model.classes_.tolist() == ["no", "yes"]
    assert set(model.predict(X)) <= {"no", "yes"}
    on_array = fitted(name, ARRAY)
    assert on_array.n_features_in_ == 2 and not hasattr(on_array, "feature_names_in_")
    on_list = fitted(name, ARRAY.tolist(), Y.tolist())
    assert on_array.predict(ARRAY).tolist() == on_list.predict(ARRAY.tolist()).tolist()
    assert on_array.predict(ARRAY).tolist() == fitted(name, X[["x", "z"]]).predict(
        X[["x", "z"]]).tolist()  # an array's columns are continuous, as a float frame's
    if allows_nan(model):
        nan_model = fitted(name, WITH_NAN)
        assert set(nan_model.predict(WITH_NAN)) <= {"no", "yes"}
    integer_labels = fitted(name, ARRAY, (Y == "yes").astype(int))
    assert integer_labels.classes_.tolist() == [0, 1]
    assert integer_labels.predict(ARRAY).dtype.kind == "i"


@pytest.mark.parametrize("name", NAMES)
def test_refitting_on_an_array_drops_the_feature_names(name):
    model = fitted(name)
    model.fit(ARRAY, Y)
    assert not hasattr(model, "feature_names_in_")
    with pytest.raises(ValueError, match="X has 3 features, but .* is expecting 2"):
        model.predict(X.assign(c=0.0))


@pytest.mark.parametrize("name", NAMES)
def test_mixed_and_continuous_labels_are_refused_clearly(name):
    with pytest.raises(ValueError, match=r"y mixes label types \(number, string: e.g. 1, 'a'\)"):
        make(name).fit(X, [1, "a"] * (N // 2))
    with pytest.raises(ValueError, match="Unknown label type: continuous"):
        make(name).fit(X, np.linspace(0, 1, N))
    with pytest.raises(ValueError, match="y should be a 1d array"):
        make(name).fit(X, Y[:, None])


@pytest.mark.parametrize("name", NAMES)
def test_column_labels_are_compared_as_given(name):
    """Issue 21 item 8: columns ``1`` and ``"1"`` swapped at predict time are refused, not
    read in the training order."""
    A = pd.DataFrame({1: X["x"], "1": X["z"]})
    model = fitted(name, A)
    assert not hasattr(model, "feature_names_in_")  # not all strings, as in scikit-learn
    assert model.predict(A).tolist() == model.predict(A[[1, "1"]]).tolist()
    with pytest.raises(ValueError, match=r"same order as they were in fit.\n.*"
                                         r"expected the training columns \[1, '1'\]"):
        model.predict(A[["1", 1]])
    with pytest.raises(ValueError, match="Feature names unseen at fit time:\n- 2\n"):
        model.predict(A.rename(columns={1: 2}))


@pytest.mark.parametrize("name", NAMES)
def test_clone_and_parameters(name):
    model = make(name)
    copy = clone(model)
    assert type(copy) is type(model) and repr(copy) == repr(model)
    shallow = model.get_params(deep=False)
    assert shallow.keys() <= model.get_params(deep=True).keys()
    assert model.set_params(**shallow) is model and repr(model) == repr(copy)
    fitted_model = model.fit(X, Y)
    assert not hasattr(clone(fitted_model), "classes_")
    assert all(not key.startswith("_") for key in vars(clone(model)))


@pytest.mark.parametrize("name", NAMES)
def test_predict_proba_is_a_distribution_that_predict_follows(name):
    for data, y in [(X, Y), (ARRAY, Y), (X, Y3)]:
        model = make(name)
        if len(set(y)) > 2 and not multi_class(model):
            continue
        model.fit(data, y)
        proba = model.predict_proba(data)
        assert proba.shape == (len(data), len(model.classes_))
        assert np.allclose(proba.sum(axis=1), 1) and (proba >= 0).all()
        if model.predicts_majority:
            predicted = np.searchsorted(model.classes_, model.predict(data))
            chosen = proba[np.arange(len(data)), predicted]
            assert (chosen >= proba.max(axis=1) - 1e-6).all()


def test_predict_proba_is_the_leaf_distribution():
    """The class distribution of the training cases at the leaf, Laplace-free."""
    A = pd.DataFrame({"a": np.arange(1.0, 9.0)})
    y = ["n", "n", "n", "y", "n", "y", "y", "y"]  # T1 cuts at 5.5: leaves (4, 1) and (0, 3)
    one_level = T1(K=2).fit(A, y)
    assert one_level.predict_proba(A)[:, 1].tolist() == [0.2] * 5 + [1.0] * 3
    # the missing edge had no training items: the distribution of the root, 4 n and 4 y
    assert one_level.predict_proba(A.assign(a=np.nan))[:, 1].tolist() == [0.5] * 8
    c45 = C45(min_cases=1).fit(A, y)  # one cut at 3, its right leaf holding (1, 4)
    assert c45.export_text() == "a <= 3: n (3.0)\na > 3: y (5.0/1.0)"
    assert c45.predict_proba(A)[:, 1].tolist() == [0.0] * 3 + [0.8] * 5


@pytest.mark.parametrize("name", NAMES)
def test_staged_predict_ends_with_predict(name):
    model = fitted(name)
    if not hasattr(model, "staged_predict"):
        pytest.skip(f"{name} has no stages")
    stages = list(model.staged_predict(X))
    assert stages and stages[-1].tolist() == model.predict(X).tolist()
    assert stages[0].tolist() == model.predict(X, 1).tolist()


@pytest.mark.filterwarnings("ignore:TopDown stopped")
@pytest.mark.parametrize("name", NAMES)
def test_predictions_on_the_training_data_agree_with_the_reported_error(name):
    """Issue 21 item 1 (TopDown sent every negative value to the node majority): on mixed data
    with negative values, each learner's predictions on its training data make exactly the
    training errors it reports. The values -2 and -1 are also the codes some learners give an
    unseen or a missing category: in a continuous column they are values like any other."""
    codes = np.clip(np.round(X["x"] * 2), -2, 1)
    for data in (X, X.assign(x=X["x"] - 1000.0), X.assign(x=codes, z=codes)):
        model = fitted(name, data)
        reported = reported_training_errors(model, data)
        if reported is None:
            continue
        assert int((model.predict(data) != Y).sum()) == reported


def test_topdown_predicts_negative_values_by_their_threshold():
    from smalltrees import TopDown

    A = pd.DataFrame({"a": [0.5, -0.3]})
    model = TopDown().fit(A, ["p", "n"])
    assert model.stop_reason_ == "zero training error"
    assert model.predict(A).tolist() == ["p", "n"]


@pytest.mark.parametrize("name", NAMES)
def test_a_fitted_learner_pickles_with_equal_predictions(name):
    model = fitted(name)
    copy = pickle.loads(pickle.dumps(model))
    assert copy.predict(X).tolist() == model.predict(X).tolist()
    assert np.array_equal(copy.predict_proba(X), model.predict_proba(X))
    assert repr(copy) == repr(model) and str(copy) == str(model)


@pytest.mark.parametrize("name", NAMES)
def test_cross_val_score_on_a_frame_and_an_array(name):
    for data in (X, ARRAY):
        scores = cross_val_score(make(name), data, Y, cv=3)
        assert scores.shape == (3,) and ((scores >= 0) & (scores <= 1)).all()


GRIDS = {"T1": {"K": [1, 2]}, "T2": {"K": [1, 2]}, "C45": {"min_cases": [1, 2]},
         "IFN": {"significance": [0.001, 0.1]}, "Bagging": {"n_estimators": [2, 3]},
         "TopDown": {"criterion": ["entropy", "G"]}, "AdaBoost": {"n_rounds": [1, 5]}}


@pytest.mark.parametrize("name", NAMES)
def test_grid_search_over_one_parameter(name):
    model = make(name)
    grid = GRIDS.get(name)
    if grid is None:  # a learner without a listed grid: its first parameter at its value
        grid = {key: [value] for key, value in list(model.get_params(deep=False).items())[:1]}
    search = GridSearchCV(model, grid, cv=3).fit(X, Y)
    assert search.best_params_.keys() == grid.keys()
    assert search.predict(X).shape == (N,)


@pytest.mark.parametrize("name", NAMES)
def test_pipeline_after_a_scaler(name):
    pipeline = Pipeline([("scale", StandardScaler()), ("learner", make(name))])
    assert 0 <= pipeline.fit(ARRAY, Y).score(ARRAY, Y) <= 1
    assert pipeline.predict_proba(ARRAY).shape == (N, 2)


EXPECTED_FAILURES = {
    "check_estimators_unfitted": (
        "an unfitted learner raises ValueError('this ... is not fitted yet'), not "
        "scikit-learn's NotFittedError: scikit-learn is not a dependency of the library",
        "should raise a NotFittedError"),
    "check_supervised_y_2d": (
        "y must be one-dimensional: a column vector is refused with a ValueError rather than "
        "flattened with scikit-learn's DataConversionWarning",
        "y should be a 1d array"),
}
NAN_IN_PREDICT = (
    "DKM's TopDown_F and AdaBoost_F are defined on complete examples, so fit refuses NaN, but "
    "a missing value at prediction stops the case at the node testing it (TopDown) or takes "
    "the stump's default label (AdaBoost) instead of raising",
    "doesn't check for NaN and inf in predict")


def expected_failures(model) -> dict[str, tuple[str, str]]:
    """The checks of scikit-learn's check_estimator a learner fails by design, each with the
    reason and a phrase of the failure that shows it is that reason."""
    expected = dict(EXPECTED_FAILURES)
    if not allows_nan(model):
        expected["check_estimators_nan_inf"] = NAN_IN_PREDICT
    return expected


@pytest.mark.parametrize("name", NAMES)
def test_scikit_learn_check_estimator(name):
    model = make(name)
    expected = expected_failures(model)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        results = check_estimator(model, on_fail=None, expected_failed_checks={
            check: reason for check, (reason, _) in expected.items()})
    failed = [f"{r['check_name']}: {r['exception']}" for r in results
              if r["status"] == "failed"]
    assert not failed
    for check, (_, phrase) in expected.items():
        outcomes = [r for r in results if r["check_name"] == check]
        assert outcomes and all(r["status"] == "xfail" and phrase in str(r["exception"])
                                for r in outcomes), check


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("value", [np.inf, -np.inf])
def test_infinite_values_are_refused_naming_the_column(name, value):
    bad = X.assign(x=X["x"].where(X.index != 2, value))
    with pytest.raises(ValueError, match=r"column 'x' has 1 infinite value\(s\) \(first at row 2"):
        make(name).fit(bad, Y)
    model = fitted(name)
    with pytest.raises(ValueError, match="infinite"):
        model.predict(bad)
    with pytest.raises(ValueError, match=r"column 'x0' has 1 infinite value\(s\)"):
        fitted(name, ARRAY).predict(bad[["x", "z"]].to_numpy())


@pytest.mark.parametrize("name", NAMES)
def test_empty_frame_predicts_nothing(name):
    model = fitted(name)
    assert model.predict(X.iloc[:0]).shape == (0,)
    assert model.predict_proba(X.iloc[:0]).shape == (0, 2)


@pytest.mark.parametrize("name", NAMES)
def test_unseen_category_never_raises(name):
    model = fitted(name)
    unseen = X.assign(c=pd.Categorical(["new"] * len(X)))
    assert set(model.predict(unseen)) <= set(model.classes_)
    assert np.allclose(model.predict_proba(unseen).sum(axis=1), 1)


@pytest.mark.parametrize("name", NAMES)
def test_an_array_for_a_learner_fitted_with_categories_is_refused(name):
    model = fitted(name)
    with pytest.raises(ValueError, match=r"categorical columns \['c'\]; X must be a DataFrame"):
        model.predict(np.zeros((2, 3)))


@pytest.mark.parametrize(("make_learner", "params", "message"), [
    (T2, {"K": 0}, "K must be None or an integer >= 1"),
    (C45, {"cf": 0.9}, r"cf must be in \(0, 0.5\]"),
    (C45, {"criterion": "gini"}, "gini"),
])
def test_bad_parameters_are_named_by_check_params_and_fit(make_learner, params, message):
    with pytest.raises(ValueError, match=message):
        make_learner(**params).check_params()
    with pytest.raises(ValueError, match=message):
        make_learner(**params).fit(X, Y)


def test_set_params_names_the_accepted_parameters():
    message = r"invalid parameter 'depth' for T2; expected one of \['K', 'continuous_missing'\]"
    with pytest.raises(ValueError, match=message):
        T2().set_params(depth=3)
    assert C45().set_params(cf=0.1).cf == 0.1


def test_schema_encodes_in_training_categories():
    schema = Schema.from_frame(X)
    reordered = X.assign(c=X["c"].cat.reorder_categories(["z", "c", "b", "a"]))
    assert np.array_equal(schema.encode(reordered), schema.encode(X), equal_nan=True)
    unseen = X.assign(c=pd.Categorical(["new"] * len(X)))
    assert np.isnan(schema.encode(unseen)[:, 2]).all()
    assert (schema.encode(unseen, unseen=-2.0)[:, 2] == -2.0).all()
    with pytest.raises(ValueError, match="expected the training columns"):
        schema.encode(X[["c", "x", "z"]])


def test_scikit_learn_is_imported_only_by_the_tags():
    """The library runs without scikit-learn: no module of it imports sklearn at import time."""
    import subprocess
    import sys

    code = ("import sys; import smalltrees; from smalltrees.learners.registry import "
            "LEARNER_CLASSES, learner_class; [learner_class(n) for n in LEARNER_CLASSES]; "
            "print('sklearn' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(max_size=4), min_size=1, max_size=60)
       | st.lists(st.integers(-3, 3), min_size=1, max_size=60))
def test_class_codes_are_numpys_unique(values):
    """The classes and codes of any checked labels are ``np.unique``'s, strings included
    (hashed, then sorted: unicode, the empty string and prefixes of one another)."""
    labels = check_labels(values, len(values))
    classes, codes = class_codes(labels)
    expected, inverse = np.unique(labels, return_inverse=True)
    assert classes.dtype == expected.dtype and classes.tolist() == expected.tolist()
    assert codes.dtype == np.int64 and codes.tolist() == inverse.ravel().tolist()
