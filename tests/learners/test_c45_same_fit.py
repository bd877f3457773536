"""C4.5 learners that fit the same model on data without continuous attributes
(:mod:`smalltrees.evaluation.same_fit`): equal fit keys mean equal fitted models, on random
categorical data (hypothesis) and on the studies' categorical datasets; the continuous
options part them on data with a continuous attribute."""

import re

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_c45_prunings import CONFIG, SHEET, fitted_state, load

from smalltrees import T2
from smalltrees.evaluation.same_fit import fit_key, lead_rows, relabelled, same_fit_leads
from smalltrees.learners.c45 import C45
from smalltrees.learners.c45.prunings import CONTINUOUS_PARAMS
from smalltrees.learners.registry import make_learner


@st.composite
def categorical_frames(draw):
    """Small categorical data: 1-4 attributes of 2-5 declared values (one maybe never
    seen), some cells unknown, 1-3 classes."""
    n = draw(st.integers(2, 60))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    columns = {}
    for j in range(draw(st.integers(1, 4))):
        values = list("uvwxy")[: draw(st.integers(2, 5))]
        seen = values[: max(1, len(values) - draw(st.integers(0, 1)))]
        columns[f"c{j}"] = pd.Categorical(rng.choice(seen, n), categories=values)
    X = pd.DataFrame(columns)
    X = X.mask(rng.random(X.shape) < draw(st.sampled_from([0.0, 0.05, 0.3])))
    y = rng.choice(np.array(list("abc"))[: draw(st.integers(1, 3))], n).astype(object)
    return X, y


shared = st.fixed_dictionaries({
    "criterion": st.sampled_from(["gain_ratio", "gain", "G"]),
    "min_cases": st.sampled_from([1, 2, 3.5]),
    "prune": st.booleans(),
    "subset": st.booleans(),
    "cf": st.sampled_from([0.25, 0.1]),
})
# the options for continuous attributes each release accepts
continuous_r8 = st.fixed_dictionaries({"mdl_correction": st.sampled_from([None, True, False]),
                                       "threshold_by": st.sampled_from([None, "gain", "merit"]),
                                       "min_split_share": st.booleans()})
continuous_pre_r8 = st.fixed_dictionaries({"mdl_correction": st.sampled_from([None, False]),
                                           "min_split_share": st.booleans()})


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=categorical_frames(), options=shared, release=st.sampled_from(["R8", "pre-R8"]),
       pair=st.data())
def test_equal_keys_without_continuous_attributes_fit_equal_models(data, options, release,
                                                                    pair):
    X, y = data
    if options["criterion"] == "G":  # Quinlan's single precision has no G
        options = {**options, "arithmetic": "double"}
    drawn = continuous_r8 if release == "R8" else continuous_pre_r8
    one, other = (C45(**options, release=release, **pair.draw(drawn)) for _ in range(2))
    assert fit_key(one, continuous=False) == fit_key(other, continuous=False)
    assert model_state(one.fit(X, y), X) == model_state(other.fit(X, y), X)


def model_state(model: C45, X: pd.DataFrame) -> dict:
    """Everything the fitted ``model`` shows on ``X`` but its continuous options."""
    return {name: value for name, value in fitted_state(model, X).items()
            if name not in CONTINUOUS_PARAMS}


def test_the_continuous_options_are_all_a_key_leaves_out_and_only_without_continuous_data():
    base = C45()
    assert set(CONTINUOUS_PARAMS) == {"mdl_correction", "threshold_by", "min_split_share"}
    for name, value in {"mdl_correction": False, "threshold_by": "merit",
                        "min_split_share": False}.items():
        other = C45(**{**base.get_params(), name: value})
        assert fit_key(other, continuous=False) == fit_key(base, continuous=False), name
        assert fit_key(other, continuous=True) != fit_key(base, continuous=True), name
    changed = {"criterion": "gain", "min_cases": 1, "release": "pre-R8", "cf": 0.1,
               "prune": False, "error_estimate": "quinlan", "arithmetic": "single",
               "subset": True, "window": True, "window_size": 5, "increment": 2, "trials": 3,
               "random_state": 1}
    assert set(changed) | set(CONTINUOUS_PARAMS) == set(base.get_params())
    for name, value in changed.items():
        other = C45(**{**base.get_params(), name: value})
        assert fit_key(other, continuous=False) != fit_key(base, continuous=False), name
    assert fit_key(T2(), continuous=False) is None


def test_the_continuous_options_change_the_model_on_continuous_data():
    """Why a key keeps them there: with a continuous attribute, Release 8's threshold cost
    (C45_R8 against C45, mdl_correction off) fits another tree."""
    rng = np.random.default_rng(0)
    X = pd.DataFrame({"a": rng.normal(size=300),
                      "b": pd.Categorical(rng.choice(list("xyz"), 300))})
    y = np.where(X["a"] + rng.normal(size=300) > 0, "p", "n").astype(object)
    with_cost, without = C45().fit(X, y), C45(mdl_correction=False).fit(X, y)
    assert with_cost.export_text() != without.export_text()
    assert same_fit_leads({"C45": without, "C45_R8": with_cost}, continuous=True) == {
        "C45": "C45", "C45_R8": "C45_R8"}


def test_each_learner_leads_itself_or_follows_the_first_with_its_key():
    learners = {"T2": T2(), "C45_PRE_R8": C45(release="pre-R8"),
                "C45": C45(mdl_correction=False), "C45_R8": C45(),
                "C45_CUT_GR": C45(mdl_correction=False, threshold_by="merit"),
                "T2_again": T2()}
    assert same_fit_leads(learners, continuous=False) == {
        "T2": "T2", "C45_PRE_R8": "C45_PRE_R8", "C45": "C45", "C45_R8": "C45",
        "C45_CUT_GR": "C45", "T2_again": "T2_again"}
    assert set(same_fit_leads(learners, continuous=True).items()) == {
        (name, name) for name in learners}


ROWS = ("dataset,learner,repetition,fold,errors,accuracy,depth,note\n"
        "SP,C45,1,0,9,0.9296875,8,\n"
        "SP,C45,1,1,3,0.1,9,\"a, b\"\n")


def test_relabelled_rows_change_only_the_learner_column():
    assert relabelled(ROWS, "C45", "C45_R8", "C45.csv") == ROWS.replace(",C45,", ",C45_R8,")


def test_a_leads_rows_go_only_to_a_learner_of_its_key_on_the_data():
    lead, follower = ("C45", C45(mdl_correction=False)), ("C45_R8", C45())
    assert lead_rows(ROWS, lead, follower, [], "C45.csv") == relabelled(ROWS, "C45", "C45_R8",
                                                                         "C45.csv")
    with pytest.raises(ValueError, match=r"C45\.csv: C45_R8 does not fit the same models as "
                                         r"C45 on this dataset \(continuous attributes: x, z\)"):
        lead_rows(ROWS, lead, follower, ["x", "z"], "C45.csv")
    with pytest.raises(ValueError, match="M1 does not fit the same models as C45"):
        lead_rows(ROWS, lead, ("M1", C45(min_cases=1)), [], "C45.csv")


@pytest.mark.parametrize("text, found", [
    (ROWS.replace("SP,C45,1,1", "SP,C45_R8,1,1"), "C45, C45_R8"),
    (ROWS.replace("learner", "model"), "(no learner column)"),
    (ROWS.splitlines(keepends=True)[0], "no rows"),
])
def test_rows_of_another_learner_are_refused_naming_the_file(text, found):
    with pytest.raises(ValueError, match=rf"lead\.csv: expected the CV rows of learner 'C45' "
                                         rf"only, found {re.escape(found)}"):
        relabelled(text, "C45", "C45_R8", "lead.csv")


def categorical_auer_datasets() -> list[str]:
    """The Table 2 datasets whose sheet entry declares no continuous attribute."""
    return [code for code in CONFIG["auer95"]["datasets"]
            if all(column["kind"] != "continuous" for column in SHEET[code]["columns"])]


@pytest.mark.parametrize("code", categorical_auer_datasets())
def test_table2s_learners_of_one_key_fit_equal_models_on_its_categorical_datasets(mirror,
                                                                                  code):
    """Trained on two thirds of each, the learners of the Table 2 CV that share a key there
    (C45, C45_R8, C45_CUT_GR: the workflow cross-validates the first) fit equal models."""
    X, y = load(mirror, code)
    assert not any(pd.api.types.is_float_dtype(X[name]) for name in X), code
    test = np.arange(len(y)) % 3 == 0
    X_train, X_test = X[~test].reset_index(drop=True), X[test].reset_index(drop=True)
    learners = {name: make_learner(CONFIG["learners"][name])
                for name in CONFIG["auer95"]["cv"]["learners"]}
    leads = same_fit_leads(learners, continuous=False)
    followers = [name for name, lead in leads.items() if lead != name]
    assert followers == ["C45_R8", "C45_CUT_GR"], leads
    for name in followers:
        assert (model_state(learners[name].fit(X_train, y[~test]), X_test)
                == model_state(learners[leads[name]].fit(X_train, y[~test]), X_test)), name
