"""Bagging (Breiman 1996): base from config or instance, reproducible bootstraps, the vote."""

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
        "base": {"class": "C45", "params": {"min_cases": 1}}, "n_estimators": 7, "seed": 3}})
    from_instance = Bagging(C45(min_cases=1), n_estimators=7, seed=3)
    assert from_config.fit(X, Y).predict(X).tolist() == from_instance.fit(X, Y).predict(X).tolist()
    assert [e.export_text() for e in from_config.estimators_] == \
        [e.export_text() for e in from_instance.estimators_]


def test_bootstraps_depend_on_the_seed_only():
    first = Bagging(C45(), 5, seed=1).fit(X, Y)
    again = Bagging(C45(), 5, seed=1).fit(X, Y)
    other = Bagging(C45(), 5, seed=2).fit(X, Y)
    texts = [[e.export_text() for e in m.estimators_] for m in (first, again, other)]
    assert texts[0] == texts[1] and texts[0] != texts[2]


def test_plurality_vote_over_the_training_classes():
    model = Bagging(IFN(significance=0.2), 9, seed=0).fit(X, Y)
    votes = np.array([e.predict(X) for e in model.estimators_])
    expected = ["hi" if (column == "hi").sum() > (column == "lo").sum() else
                "lo" if (column == "lo").sum() > (column == "hi").sum() else "hi"
                for column in votes.T]  # a tie goes to the first class, "hi"
    assert model.predict(X).tolist() == expected
    assert model.classes_.tolist() == ["hi", "lo"]


def test_a_bootstrap_missing_a_class_still_votes():
    y = np.array(["lo"] * 29 + ["rare"], dtype=object)
    model = Bagging(C45(), 10, seed=0).fit(X, y)
    assert any("rare" not in e.classes_ for e in model.estimators_)
    assert set(model.predict(X)) <= {"lo", "rare"}


@pytest.mark.parametrize("params, message", [
    ({"base": C45(), "n_estimators": 0}, "n_estimators must be an integer >= 1"),
    ({"base": C45(), "seed": -1}, "seed must be an integer >= 0"),
    ({"base": "C45"}, "base must be a learner or a config entry"),
    ({"base": {"class": "CART"}}, "base: unknown learner class 'CART'"),
    ({"base": {"class": "C45", "params": {"cf": 2}}}, r"base: cf must be in \(0, 0.5\]"),
])
def test_bad_parameters_are_named(params, message):
    with pytest.raises(ValueError, match=message):
        Bagging(**params).fit(X, Y)


def test_config_check_names_the_learner_and_the_base_parameter():
    entry = {"class": "Bagging", "params": {"base": {"class": "C45", "params": {"cf": 2}}}}
    with pytest.raises(ConfigError, match=r"learners.BAG.params: base: cf must be"):
        _check_learners({"BAG": entry}, learner_class)


def test_estimator_conventions():
    model = Bagging(C45(), 3, seed=0)
    assert repr(model) == "Bagging(base=C45(criterion='gain_ratio', min_cases=2, cf=0.25, " \
        "prune=True, mdl_correction=True, threshold_by='gain'), n_estimators=3, seed=0)"
    with pytest.raises(ValueError, match="not fitted"):
        model.predict(X)
    model.fit(X, Y)
    copy = pickle.loads(pickle.dumps(model))
    assert copy.predict(X).tolist() == model.predict(X).tolist()
    assert model.predict(X.iloc[:0]).shape == (0,)
    assert str(model).startswith("Bagging of 3 x C45(")
    with pytest.raises(ValueError, match="expected the training columns"):
        model.predict(X[["c", "x"]])
