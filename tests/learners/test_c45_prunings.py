"""One grown tree, several prunings (:mod:`smalltrees.learners.c45.prunings`): C4.5 learners that
differ only in pruning, fitted together, equal in every attribute the learners fitted one by one,
on random data (hypothesis) and on the studies' data for the groups the workflow fits together;
and the evaluation helpers that group them (``EncodedData.fit_all``, ``repeated_cv_each``)."""

from dataclasses import fields
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_c45_weights import frames

from smalltrees import T2
from smalltrees.data.store import build
from smalltrees.data.transform import one_vs_rest
from smalltrees.evaluation.encoded import EncodedData
from smalltrees.evaluation.resampling import (
    repeated_cv,
    repeated_cv_each,
    repetition_partitions,
)
from smalltrees.learners.c45 import C45, fit_prunings, prunings
from smalltrees.learners.c45.prunings import PRUNING_PARAMS
from smalltrees.learners.registry import make_learner

ROOT = Path(__file__).resolve().parents[2]
CONFIG = yaml.safe_load((ROOT / "config.yaml").read_text())
SHEET = yaml.safe_load((ROOT / "data" / "datasets.yaml").read_text())["datasets"]


def fitted_state(model: C45, X_test: pd.DataFrame) -> dict:
    """Everything a fitted C4.5 shows: its attributes (the tree's arrays to the last bit), its
    printed tree, predictions, probabilities and measures on ``X_test``."""
    state = {}
    for name, value in vars(model).items():
        if name == "tree_":
            state[name] = {f.name: _bits(getattr(value, f.name)) for f in fields(value)}
        elif name == "schema_":
            state[name] = value
        else:
            state[name] = _bits(value)
    state["export_text"] = model.export_text()
    state["predict"] = _bits(model.predict(X_test))
    state["predict_proba"] = _bits(model.predict_proba(X_test))
    state["complexity"] = model.complexity(X_test) if len(X_test) else None
    return state


def _bits(value):
    if isinstance(value, np.ndarray):
        if value.dtype == object:
            return value.dtype.str, value.shape, value.tolist()
        return value.dtype.str, value.shape, value.tobytes()
    return value


def alone(learner: C45, X, y) -> C45:
    """A fresh learner with ``learner``'s parameters, fitted by itself."""
    return C45(**learner.get_params()).fit(X, y)


growth = st.fixed_dictionaries({
    "criterion": st.sampled_from(["gain_ratio", "gain", "G"]),
    "min_cases": st.sampled_from([1, 2, 3.5]),
    "release": st.sampled_from(["R8", "pre-R8"]),
    "min_split_share": st.booleans(),
    "subset": st.booleans(),
    "window": st.sampled_from([False, False, True]),
    "trials": st.integers(1, 2),
})
pruning = st.fixed_dictionaries({
    "prune": st.booleans(),
    "cf": st.sampled_from([0.25, 0.1, 0.5]),
    "error_estimate": st.sampled_from([None, "j48", "quinlan"]),
})


def group_of(shared: dict, prunings_drawn: list[dict]) -> list[C45]:
    if shared["criterion"] == "G":  # Quinlan's single precision has no G: the double one
        shared = {**shared, "arithmetic": "double"}
    return [C45(**shared, **options) for options in prunings_drawn]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=frames(unknown=True), shared=growth,
       prunings_drawn=st.lists(pruning, min_size=2, max_size=4))
def test_grown_once_equals_each_fitted_alone(data, shared, prunings_drawn):
    X, y, draws = data
    group = group_of(shared, prunings_drawn)
    X_test = X.iloc[draws % len(X)].reset_index(drop=True)
    expected = [fitted_state(alone(learner, X, y), X_test) for learner in group]
    fit_prunings(group, X, y)
    assert [fitted_state(learner, X_test) for learner in group] == expected


def test_pruning_params_are_all_that_may_differ():
    """The key of a group is every parameter but the pruning ones: changing any other one
    parts the learners, and fit_prunings refuses to fit them together."""
    base = C45(release="pre-R8")
    assert set(PRUNING_PARAMS) == {"prune", "cf", "error_estimate"}
    for name in PRUNING_PARAMS:
        other = C45(**{**base.get_params(), name: {"prune": False, "cf": 0.1,
                                                   "error_estimate": "j48"}[name]})
        assert other._growth_key() == base._growth_key()
    changed = {"criterion": "gain", "min_cases": 1, "release": "R8", "threshold_by": "merit",
               "arithmetic": "double", "min_split_share": False, "subset": True,
               "window": True, "window_size": 5, "increment": 2, "trials": 3,
               "random_state": 1, "mdl_correction": False}
    assert set(changed) | set(PRUNING_PARAMS) == set(base.get_params())
    for name, value in changed.items():
        other = C45(**{**base.get_params(), name: value})
        assert other._growth_key() != base._growth_key(), name
        with pytest.raises(ValueError, match="differ only in prune, cf and error_estimate"):
            fit_prunings([base, other], pd.DataFrame({"a": [1.0, 2.0]}), ["x", "y"])
    with pytest.raises(ValueError, match="C45 learners only"):
        fit_prunings([base, T2()], pd.DataFrame({"a": [1.0, 2.0]}), ["x", "y"])


def test_a_shared_tree_not_copied_is_caught(monkeypatch):
    """Pruning changes the grown tree in place: without the copy, the unpruned learner after
    a pruned one gets a pruned tree, and the identity above fails (the check can fail)."""
    rng = np.random.default_rng(0)
    X = pd.DataFrame({"a": rng.normal(size=200),
                      "b": pd.Categorical(rng.choice(list("xyz"), 200))})
    y = np.where(X["a"] + 0.8 * rng.normal(size=200) > 0, "p", "n").astype(object)
    group = [C45(release="pre-R8"), C45(release="pre-R8", prune=False)]
    expected = [fitted_state(alone(learner, X, y), X) for learner in group]
    assert expected[0]["n_nodes_"] < expected[1]["n_nodes_"]  # pruning changes the tree
    monkeypatch.setattr(prunings.copy, "deepcopy", lambda tree: tree)
    fit_prunings(group, X, y)
    assert [fitted_state(learner, X) for learner in group] != expected


def load(mirror: Path, code: str) -> tuple[pd.DataFrame, np.ndarray]:
    """A dataset parsed from the offline mirror."""
    spec = SHEET[code]
    X, y = build(code, spec, paths=[mirror / entry["path"] for entry in spec["files"]])
    return X, np.asarray(y, dtype=object)


def workflow_groups() -> list[tuple[str, str | None, list[str]]]:
    """(dataset, class against the rest or None, learner names) of the groups the workflow
    grows once: Auer's C4.5 readings refitted beside the Table 2 C4.5 (every Auer dataset),
    DKM's pruned and unpruned C4.5(G) and C4.5(H) (Table 1 datasets among the smaller)."""
    refit = set(CONFIG["auer95"]["c45_readings"]["refit"]) | {"C45_PRE_R8"}
    auer = [name for name in CONFIG["learners"] if name in refit]
    cases = [(code, None, auer) for code in CONFIG["auer95"]["datasets"]]
    for code, positive in (("PI", "1"), ("CH", "won"), ("AN", "3")):
        cases += [(code, positive, ["C45_G", "C45_G_UNPRUNED"]),
                  (code, positive, ["C45_H", "C45_H_UNPRUNED"])]
    return cases


@pytest.mark.parametrize(("code", "positive", "names"), workflow_groups())
def test_the_workflows_groups_equal_their_learners_alone(mirror, code, positive, names):
    """On a third of each dataset held out (DKM's: one class against the rest), every group of
    the named learners that share their growth, fitted together."""
    X, y = load(mirror, code)
    if positive is not None:
        y = one_vs_rest(pd.Series(y), positive, code).to_numpy(dtype=object)
    test = np.arange(len(y)) % 3 == 0
    X_train, X_test = X[~test].reset_index(drop=True), X[test].reset_index(drop=True)
    groups: dict = {}
    for learner in (make_learner(CONFIG["learners"][name]) for name in names):
        groups.setdefault(learner._growth_key(), []).append(learner)
    shared = [group for group in groups.values() if len(group) > 1]
    assert shared, f"{code}: no two of {names} share their growth"
    for group in shared:
        expected = [fitted_state(alone(learner, X_train, y[~test]), X_test)
                    for learner in group]
        fit_prunings(group, X_train, y[~test])
        assert [fitted_state(learner, X_test) for learner in group] == expected


def test_fit_all_fits_each_learner_as_fit_does_in_order():
    rng = np.random.default_rng(5)
    X = pd.DataFrame({"a": rng.normal(size=120),
                      "b": pd.Categorical(rng.choice(list("uvw"), 120))})
    y = np.where(X["a"] + rng.normal(size=120) > 0, "p", "n").astype(object)
    learners = [C45(prune=False), T2(), C45(min_cases=1), C45(cf=0.1), C45(min_cases=1,
                                                                          prune=False)]
    data = EncodedData.of(X, y)
    rows = np.arange(120) % 4 != 0
    fitted = data.fit_all(learners, rows)
    assert [id(model) for model in fitted] == [id(learner) for learner in learners]
    for model in fitted:
        fresh = type(model)(**model.get_params())
        fresh.fit(X[rows].reset_index(drop=True), y[rows])
        assert model.export_text() == fresh.export_text()


def test_repeated_cv_each_gives_each_learners_repeated_cv(mirror):
    X, y = load(mirror, "IR")
    makers = [lambda: C45(release="pre-R8"), lambda: C45(release="pre-R8", prune=False),
              lambda: C45(min_cases=1), lambda: T2()]
    together = repeated_cv_each(makers, X, pd.Series(y),
                                repetition_partitions(len(y), 2, 5, 0, "s", "IR"))
    for make, rows in zip(makers, together, strict=True):
        pd.testing.assert_frame_equal(rows, repeated_cv(make, X, pd.Series(y), 2, 5, 0, "s",
                                                        "IR"))
        assert rows.to_csv() == repeated_cv(make, X, pd.Series(y), 2, 5, 0, "s", "IR").to_csv()
