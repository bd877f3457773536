"""last02 study: eq. 4 against brute force, the example generator, the CI, the config checks."""

import re
from itertools import combinations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smalltrees import C45, IFN, Bagging
from smalltrees.evaluation.resampling import repeated_cv, seed_for
from smalltrees.evaluation.statistics import t_interval
from smalltrees.studies.last02.turney_stability import (
    fold_models,
    pairwise_agreement,
    random_instances,
    rule_size,
    summarise,
)
from smalltrees_workflow.config import ConfigError
from smalltrees_workflow.plans import last02 as plan
from smalltrees_workflow.wildcards import choice

X = pd.DataFrame({
    "x": np.linspace(0.0, 9.0, 40),
    "c": pd.Categorical(list("aab") * 13 + ["a"], categories=["a", "b", "never"]),
})
Y = np.array(["n"] * 20 + ["y"] * 20, dtype=object)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.sampled_from("abc"), min_size=3, max_size=3), min_size=2,
                max_size=7))
def test_agreement_is_the_fraction_of_agreeing_pairs(models):
    predictions = np.array(models, dtype=object)
    pairs = list(combinations(range(len(models)), 2))
    expected = [np.mean([predictions[i, e] == predictions[j, e] for i, j in pairs])
                for e in range(3)]
    assert pairwise_agreement(predictions) == pytest.approx(expected)


def test_agreement_needs_two_models():
    with pytest.raises(ValueError, match="at least 2 models"):
        pairwise_agreement(np.array([["a", "b"]], dtype=object))


@pytest.mark.parametrize("generator", ["uniform", "empirical"])
def test_examples_come_from_the_instance_space(generator):
    examples = random_instances(X, 500, generator, seed_for(1, "s", "D"))
    again = random_instances(X, 500, generator, seed_for(1, "s", "D"))
    pd.testing.assert_frame_equal(examples, again)
    assert examples["x"].between(0.0, 9.0).all() and examples["x"].nunique() > 20 * (
        generator == "uniform")
    assert examples["c"].dtype == X["c"].dtype and set(examples["c"]) == {"a", "b"}
    if generator == "empirical":
        assert set(examples["x"]) <= set(X["x"])
        assert (examples["c"] == "a").mean() > 0.55  # "a" occurs twice as often as "b"


def test_bad_generator_or_pairing_is_named():
    with pytest.raises(ValueError, match="generator must be one of"):
        random_instances(X, 5, "gaussian", seed_for(1))
    with pytest.raises(ValueError, match="pairing must be one of"):
        fold_models(IFN, X, Y, X, {"repetitions": 1, "folds": 2, "stream": "s"}, 1, "D", "x")


def test_fold_models_are_the_cross_validations_models():
    design = {"repetitions": 2, "folds": 4, "stream": "last02"}
    agreement, sizes = fold_models(IFN, X, Y, X, design, 7, "D", "run")
    cv = repeated_cv(IFN, X, Y, 2, 4, 7, "last02", "D")
    assert sizes["output_size"].tolist() == cv["output_size"].tolist()
    assert agreement.shape == (2 * 40, 3) and set(agreement["repetition"]) == {1, 2}
    pooled, _ = fold_models(IFN, X, Y, X, design, 7, "D", "all")
    assert len(pooled) == 40 and set(pooled["repetition"]) == {0}


def test_rule_sizes_of_ifn_c45_and_bagging():
    assert rule_size(IFN().fit(X, Y)) == 4  # x < 4.8 / x >= 4.8: two rules of 2 units
    tree = C45(min_cases=1).fit(X, Y)
    assert rule_size(tree) == 4 and tree.n_leaves_ == 2
    assert rule_size(Bagging(C45(min_cases=1), 3, random_state=0).fit(X, Y)) == 12


def test_summary_and_the_test_against_cmm():
    agreement = pd.DataFrame({"repetition": [1, 1, 2, 2], "instance": [0, 1, 0, 1],
                              "agreement": [1.0, 0.5, 1.0, 0.7]})
    summary = summarise(agreement, 50.0, 0.01)
    assert summary["stability"] == pytest.approx(80.0)
    assert summary["stability_sd"] == pytest.approx(np.std([75.0, 85.0], ddof=1))
    assert 0 < summary["p_vs_cmm"] < 1 and summary["sig_vs_cmm"] is False  # 2 examples only
    constant = agreement.assign(agreement=1.0)
    assert summarise(constant, 90.0, 0.01)["sig_vs_cmm"] is True


def test_t_interval_uses_t_0975_with_r_minus_1_df():
    values = np.arange(10.0)
    mean, half = t_interval(values)
    assert mean == 4.5 and half == pytest.approx(2.262157 * np.std(values, ddof=1) / np.sqrt(10))


def config(**last02):
    section = {"datasets": ["IR"], "cv": {"learners": ["IFN", "C45_R8"], "repetitions": 2,
                                          "folds": 5},
               "ifn": ["IFN"], "stability": {"learners": ["IFN"], "pairing": "run"}}
    section.update(last02)
    return {"last02": section}


CLASSES = {"IFN": "IFN", "C45_R8": "C45"}


@pytest.mark.parametrize("changes, message", [
    ({"datasets": ["XX"]}, "last02.datasets: unknown dataset 'XX'"),
    ({"ifn": ["C45_R8"]}, "last02.ifn: learner 'C45_R8' has class 'C45'"),
    ({"ifn": ["T2"]}, "last02.ifn: unknown learner of last02.cv.learners 'T2'"),
    ({"stability": {"learners": ["C45_R8"], "pairing": "run"}},
     r"last02.stability.learners: \['IFN'\] of last02.ifn are missing"),
    ({"stability": {"learners": ["IFN", "BAG"], "pairing": "run"}},
     "last02.stability.learners: unknown learner of last02.cv.learners 'BAG'"),
])
def test_config_errors_name_the_key(changes, message):
    with pytest.raises(ConfigError, match=message):
        plan.check_config(config(**changes), {"IR": {}}, CLASSES)


def test_the_plan_lists_outputs_and_job_files():
    plan.check_config(config(), {"IR": {}}, CLASSES)
    assert "figures/last02_size_stability.png" in plan.outputs(config())
    assert plan.stability_files(config()) == ["results/last02/stability/IR/IFN.csv"]
    assert plan.network_files(config()) == ["results/last02/network/IR/IFN.json"]
    assert plan.cv_stream(config()) == "last02"
    # the stability job of a stability learner writes its CV rows (no second CV job)
    pattern = choice(config()["last02"]["stability"]["learners"])
    assert re.fullmatch(pattern, "IFN") and not re.fullmatch(pattern, "IFN_STD")


def test_average_row_is_judged_only_over_all_the_papers_datasets():
    """The paper's Average is over its eight datasets: ours over fewer is not run, not a
    deviation; over all of them it is judged by the exact rule."""
    from smalltrees.studies.last02.table3 import DESCRIPTION, make_table3

    described = {"A": dict(zip(DESCRIPTION, (10, 2, 1, 0, 1), strict=True)),
                 "B": dict(zip(DESCRIPTION, (20, 2, 0, 3, 3), strict=True))}
    paper = pd.DataFrame(
        [(code, code, m, v, np.nan) for code in "AB" for m, v in described[code].items()]
        + [("mean", "Average", m, (described["A"][m] + described["B"][m]) / 2, np.nan)
           for m in DESCRIPTION], columns=["code", "dataset", "column", "value", "pm"])
    folds = pd.DataFrame({"dataset": ["A", "A", "B", "B"], "learner": "L",
                          "repetition": [1, 2, 1, 2], "accuracy": [0.9, 0.8, 0.7, 0.6]})
    both = make_table3(folds, described, paper, ["A", "B"], ["L"], [])
    assert both.iloc[-1][[f"{m}_verdict" for m in DESCRIPTION]].tolist() == ["reproduced"] * 5
    one = make_table3(folds[folds["dataset"] == "A"], described, paper, ["A"], ["L"], [])
    assert one.iloc[-1][[f"{m}_verdict" for m in DESCRIPTION]].tolist() == ["not run"] * 5
    assert one.iloc[0]["records_verdict"] == "reproduced"


def test_second_accuracy_test_is_the_corrected_resampled_t_over_the_folds():
    """``p_above_quoted`` tests the fold accuracies against the three quoted methods' mean by
    Nadeau & Bengio's correction (n_test / n_train), and the claim's second check reads it."""
    from smalltrees.evaluation.statistics import corrected_resampled_t
    from smalltrees.studies.last02.claims import make_claims
    from smalltrees.studies.last02.table3 import above_quoted_p

    folds = pd.DataFrame({"n_train": 90, "n_test": 10,
                          "accuracy": [0.96, 0.98, 0.97, 1.0, 0.95, 0.99]})
    expected = corrected_resampled_t(folds["accuracy"].to_numpy() * 100 - 94.0, 10 / 90)[1]
    assert above_quoted_p(folds, 94.0) == pytest.approx(expected)
    assert np.isnan(above_quoted_p(folds, np.nan))

    quoted = {f"paper_{m}_acc": [90.0, 90.0] for m in ("CMM", "Bagging", "C45RULES")}
    table3 = pd.DataFrame({"code": ["IR", "GL", "mean"], "accuracy[L]": [95.0, 95.0, 95.0],
                           "accuracy_ci[L]": [1.0, 1.0, np.nan],
                           "p_above_quoted[L]": [0.001, 0.2, np.nan],
                           **{k: [*v, 90.0] for k, v in quoted.items()}})
    table4 = pd.DataFrame({"code": ["IR", "mean"]})
    claims = pd.read_csv("data/paper/last02/claims.csv", keep_default_na=False, dtype=str)
    claims = claims[claims["id"].isin(["accuracy_only_iris", "accuracy_only_iris_corrected"])]
    judged = make_claims(claims, table3, table4, ["L"], []).set_index("id")
    # the paper's interval puts both datasets above; the corrected test only Iris
    assert judged.loc["accuracy_only_iris", "ours"] == "GL, IR"
    assert judged.loc["accuracy_only_iris_corrected", "ours"] == "IR"
    assert judged.loc["accuracy_only_iris_corrected", "verdict"] == "claim holds"
