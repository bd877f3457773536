"""Bagging (Breiman 1996): base learner from config or instance, reproducible bootstraps, the
vote, and scikit-learn's meta-estimator conventions (``estimator``, ``random_state``)."""

import pickle

import numpy as np
import pandas as pd
import pytest

from smalltrees import C45, IFN, Bagging
from smalltrees.learners.registry import learner_class, make_learner
from smalltrees_workflow.config import ConfigError, _check_learners

X = pd.DataFrame({
    "x": np.arange(30, dtype=float),
    "c": pd.Categorical(list("ab") * 15),
})
Y = np.array(["lo"] * 12 + ["hi"] * 3 + ["lo"] * 3 + ["hi"] * 12, dtype=object)


def test_config_entry_and_instance_give_the_same_ensemble():
    from_config = make_learner({"class": "Bagging", "params": {
        "estimator": {"class": "C45", "params": {"min_cases": 1}}, "n_estimators": 7,
        "random_state": 3}})
    assert isinstance(from_config.estimator, C45) and from_config.estimator.min_cases == 1
    from_instance = Bagging(C45(min_cases=1), n_estimators=7, random_state=3)
    assert from_config.fit(X, Y).predict(X).tolist() == from_instance.fit(X, Y).predict(X).tolist()
    assert [e.export_text() for e in from_config.estimators_] == \
        [e.export_text() for e in from_instance.estimators_]


def test_each_base_learner_is_fitted_on_the_seeded_bootstrap_sample():
    """The draws are numpy's default_rng(random_state).integers(0, n, n), one per estimator,
    in order: what the config's ``seed`` gave before it was named ``random_state``."""
    model = Bagging(C45(min_cases=1), 4, random_state=7).fit(X, Y)
    rng = np.random.default_rng(7)
    for estimator in model.estimators_:
        rows = rng.integers(0, len(X), len(X))
        alone = C45(min_cases=1).fit(X.iloc[rows].reset_index(drop=True), Y[rows])
        assert estimator.export_text() == alone.export_text()
        # grown on the encoded rows, each tree is the fitted C45 its own fit would give
        assert estimator.schema_ == alone.schema_
        assert estimator.classes_.tolist() == alone.classes_.tolist()
        assert estimator.n_features_in_ == alone.n_features_in_
        assert estimator.feature_names_in_.tolist() == alone.feature_names_in_.tolist()
        assert np.array_equal(estimator.predict_proba(X), alone.predict_proba(X))


def test_encoding_once_gives_the_vote_of_the_trees_own_predictions():
    """Missing values, an unseen category and a rare class: the ensemble's vote (on the
    examples encoded once) is the plurality of each tree's own ``predict`` of the frame."""
    rng = np.random.default_rng(0)
    n = 80
    data = pd.DataFrame({"u": rng.normal(size=n), "v": rng.uniform(size=n),
                         "c": pd.Categorical(rng.choice(list("pqr"), n), categories=list("pqrs"))})
    data.loc[rng.choice(n, 8, replace=False), "u"] = np.nan
    labels = np.where(data["v"] > 0.5, "b", "a").astype(object)
    labels[:3] = "z"
    model = Bagging(C45(min_cases=2), 9, random_state=4).fit(data, labels)
    test = data.assign(c=pd.Categorical(rng.choice(list("pqrs"), n), categories=list("sqpr")))
    votes = np.zeros((n, len(model.classes_)), dtype=int)
    for estimator in model.estimators_:
        votes[np.arange(n), np.searchsorted(model.classes_, estimator.predict(test))] += 1
    assert model.predict(test).tolist() == model.classes_[np.argmax(votes, axis=1)].tolist()
    assert np.array_equal(model.predict_proba(test), votes / 9)


def test_bootstraps_depend_on_the_random_state_only():
    first = Bagging(C45(), 5, random_state=1).fit(X, Y)
    again = Bagging(C45(), 5, random_state=1).fit(X, Y)
    other = Bagging(C45(), 5, random_state=2).fit(X, Y)
    texts = [[e.export_text() for e in m.estimators_] for m in (first, again, other)]
    assert texts[0] == texts[1] and texts[0] != texts[2]


def test_plurality_vote_over_the_training_classes():
    model = Bagging(IFN(significance=0.2), 9, random_state=0).fit(X, Y)
    votes = np.array([e.predict(X) for e in model.estimators_])
    expected = ["hi" if (column == "hi").sum() > (column == "lo").sum() else
                "lo" if (column == "lo").sum() > (column == "hi").sum() else "hi"
                for column in votes.T]  # a tie goes to the first class, "hi"
    assert model.predict(X).tolist() == expected
    assert model.classes_.tolist() == ["hi", "lo"]
    share = (votes == "hi").mean(axis=0)
    assert np.allclose(model.predict_proba(X), np.column_stack([share, 1 - share]))


def test_a_bootstrap_missing_a_class_still_votes():
    y = np.array(["lo"] * 29 + ["rare"], dtype=object)
    model = Bagging(C45(), 10, random_state=0).fit(X, y)
    assert any("rare" not in e.classes_ for e in model.estimators_)
    assert set(model.predict(X)) <= {"lo", "rare"}


def test_numpy_input_bags_on_the_array():
    A = X[["x"]].to_numpy()
    model = Bagging(C45(min_cases=1), 3, random_state=0).fit(A, Y)
    frame = Bagging(C45(min_cases=1), 3, random_state=0).fit(X[["x"]], Y)
    assert model.predict(A).tolist() == frame.predict(X[["x"]]).tolist()
    assert not hasattr(model, "feature_names_in_") and model.n_features_in_ == 1


def test_default_estimator_is_c45():
    model = Bagging(n_estimators=2).fit(X, Y)
    assert all(type(e) is C45 and e.get_params() == C45().get_params()
               for e in model.estimators_)


@pytest.mark.parametrize("params, message", [
    ({"estimator": C45(), "n_estimators": 0}, "n_estimators must be an integer >= 1"),
    ({"estimator": C45(), "random_state": -1}, "random_state must be an integer >= 0"),
    ({"estimator": "C45"}, "estimator must be a learner"),
    ({"estimator": C45(cf=2)}, r"estimator: cf must be in \(0, 0.5\]"),
])
def test_bad_parameters_are_named(params, message):
    with pytest.raises(ValueError, match=message):
        Bagging(**params).fit(X, Y)


@pytest.mark.parametrize("entry, message", [
    ({"class": "C45", "params": {"cf": 2}}, r"learners.BAG.params: estimator: cf must be"),
    ({"class": "CART"}, r"learners.BAG.params: estimator: unknown learner class 'CART'"),
    ({"class": "C45", "params": {"depth": 2}},
     r"estimator: unknown parameter\(s\) \['depth'\] for C45"),
])
def test_config_check_names_the_learner_and_the_nested_parameter(entry, message):
    config = {"BAG": {"class": "Bagging", "params": {"estimator": entry}}}
    with pytest.raises(ConfigError, match=message):
        _check_learners(config, learner_class)


def test_config_check_refuses_the_old_parameter_names():
    config = {"BAG": {"class": "Bagging", "params": {"base": {"class": "C45"}, "seed": 7}}}
    with pytest.raises(ConfigError, match=r"unknown parameter\(s\) \['base', 'seed'\]"):
        _check_learners(config, learner_class)


def test_estimator_conventions():
    model = Bagging(C45(), 3, random_state=0)
    assert repr(model) == "Bagging(estimator=C45(criterion='gain_ratio', min_cases=2, " \
        "cf=0.25, prune=True, release='R8', mdl_correction=None, threshold_by=None, " \
        "error_estimate=None, arithmetic=None, min_split_share=True, subset=False, " \
        "window=False, window_size=None, increment=None, trials=10, " \
        "random_state=0), " \
        "n_estimators=3, random_state=0)"
    assert model.get_params()["estimator__cf"] == 0.25
    model.set_params(estimator__cf=0.1, n_estimators=4)
    assert model.estimator.cf == 0.1 and model.n_estimators == 4
    with pytest.raises(ValueError, match="not fitted"):
        model.predict(X)
    model.fit(X, Y)
    assert not hasattr(model.estimator, "tree_")  # the given learner is copied, not fitted
    copy = pickle.loads(pickle.dumps(model))
    assert copy.predict(X).tolist() == model.predict(X).tolist()
    assert model.predict(X.iloc[:0]).shape == (0,)
    assert str(model).startswith("Bagging of 4 x C45(")
    with pytest.raises(ValueError, match="expected the training columns"):
        model.predict(X[["c", "x"]])
