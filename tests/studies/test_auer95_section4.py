"""Auer et al. (1995) section 4: Theorem 4's bounds, eps, the curve fits and factors, the
predicted factors' verdicts and the section's config checks."""

import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from smalltrees import T1
from smalltrees.evaluation.claims import read_claims
from smalltrees.studies.auer95.claims import make_claims
from smalltrees.studies.auer95.learning_curve_draws import draw_errors, summarise, usable_sizes
from smalltrees.studies.auer95.learning_curve_fits import curve_factor, fit_curve
from smalltrees.studies.auer95.learning_curves import make_factor_table, make_fit_table
from smalltrees.studies.auer95.vc_factors import (
    dataset_inputs,
    factor_cells,
    make_vc_factors,
    predicted_factors,
    recovered,
)
from smalltrees.vc import auer_bounds
from smalltrees_workflow.config import ConfigError
from smalltrees_workflow.plans import auer95 as plan

LOG25 = math.log2(25)
LOGLOG25 = math.log2(LOG25)


@pytest.mark.parametrize(("d", "reading", "lower", "upper"), [
    # d = 1: (b+1)^0 (log2(25) + max(3, 2)); ((3)^1 - 1) log n + ((K-1) + 1) log log n
    (1, "A", LOG25 + 3, 2 * LOG25 + 3 * LOGLOG25),
    (1, "B", LOG25 + 3, 2 * LOG25 + 3 * LOGLOG25),
    # d = 2: 3 (log2(24) + 3); 8 log n + (3 * 2 + 1) log log n (A) or 3 * 3 log log n (B)
    (2, "A", 3 * (math.log2(24) + 3), 8 * LOG25 + 7 * LOGLOG25),
    (2, "B", 3 * (math.log2(24) + 3), 8 * LOG25 + 9 * LOGLOG25),
])
def test_theorem4_bounds_by_hand(d, reading, lower, upper):
    assert auer_bounds(d, 25, 2, 3, reading) == pytest.approx((lower, upper), rel=1e-12)

ROOT = Path(__file__).resolve().parents[2]


def test_theorem4_bounds_in_natural_log_and_bad_input():
    low, _ = auer_bounds(1, 25, 2, 3, base=math.e)
    assert low == pytest.approx(math.log(25) + 3)
    for args, message in [((0, 25, 2, 3), "d must be"), ((2, 1, 2, 3), "n must be"),
                          ((1, 2, 2, 3), "log log n"), ((1, 25, 0, 3), "b must be")]:
        with pytest.raises(ValueError, match=message):
            auer_bounds(*args)
    with pytest.raises(ValueError, match="reading"):
        auer_bounds(1, 25, 2, 3, reading="C")


def test_eps_is_the_mean_test_error_above_one_minus_sky():
    draws = pd.DataFrame({"m": [10, 10, 20, 20, 40, 40], "draw": [0, 1] * 3,
                          "test_error": [0.30, 0.20, 0.12, 0.08, 0.13, 0.09]})
    curve = summarise(draws, sky=90.0, noise_se=0.0)
    assert curve["eps"].tolist() == pytest.approx([0.15, 0.0, 0.01])
    assert curve["in_plot"].tolist() == [True, False, True]
    assert curve["in_fit"].tolist() == [True, False, True]
    assert curve["error_se"].tolist() == pytest.approx([0.05, 0.02, 0.02])
    # eps = 0.01 is half a standard error above 0: noise, not fitted; 0.15 is 3 se
    assert summarise(draws, 90.0, noise_se=2.0)["in_fit"].tolist() == [True, False, False]
    assert summarise(draws, 90.0, noise_se=3.5)["in_fit"].tolist() == [False, False, False]


def test_sizes_that_leave_no_test_data_are_dropped():
    assert usable_sizes([10, 150, 30, 200, 10], 150) == ([10, 30], [150, 200])


def test_draws_are_seeded_and_held_out():
    rng = np.random.default_rng(0)
    X = pd.DataFrame({"x": rng.normal(size=60)})
    y = np.where(X["x"] > 0, "a", "b")
    one = draw_errors(X, y, T1, [10, 20], 3, seed=1, stream="s", dataset="D")
    assert one.equals(draw_errors(X, y, T1, [10, 20], 3, seed=1, stream="s", dataset="D"))
    assert one["test_size"].tolist() == [50] * 3 + [40] * 3
    assert not one.equals(draw_errors(X, y, T1, [10, 20], 3, seed=2, stream="s", dataset="D"))
    # from a later draw on (auer95_curve_more: beyond the stored draws), the same draws
    beyond = draw_errors(X, y, T1, [10, 20], 3, seed=1, stream="s", dataset="D", first=1)
    assert beyond.equals(one[one["draw"] >= 1].reset_index(drop=True))


def test_fits_recover_known_curves():
    eps = np.geomspace(0.01, 0.3, 12)
    square = fit_curve(50 / eps**2 + 7, eps)
    assert square["inverse_square_a"] == pytest.approx(50)
    assert square["inverse_square_c"] == pytest.approx(7)
    assert square["inverse_square_r2"] == pytest.approx(1)
    power = fit_curve(3 * eps**-1.3, eps)
    assert (power["power_a"], power["power_beta"], power["power_r2_log"]) == pytest.approx(
        (3, 1.3, 1))
    log = fit_curve(100 * np.log(1 / eps) + 5, np.append(eps[:-1], -0.1))
    assert log["points"] == 11  # eps <= 0 is left out
    assert (log["log_a"], log["log_c"], log["log_r2"]) == pytest.approx((100, 5, 1))
    assert log["log_r2"] > log["inverse_square_r2"]
    assert np.isnan(fit_curve([1, 2], [0.1, 0.2])["power_beta"])


def test_factor_between_curves_at_equal_eps():
    eps1 = np.geomspace(0.01, 0.2, 8)
    eps2 = np.geomspace(0.02, 0.4, 9)
    factor = curve_factor(10 / eps1, eps1, 40 / eps2, eps2)
    assert factor["factor_median"] == pytest.approx(4)
    assert (factor["eps_low"], factor["eps_high"]) == pytest.approx((0.02, 0.2))
    assert np.isnan(curve_factor([1, 2], [0.5, 0.4], [1, 2], [0.1, 0.05])["factor_median"])


def test_dataset_inputs_count_attributes_values_and_classes():
    X = pd.DataFrame({"c": pd.Categorical(["u", "v", "w", "u"]), "x": [0.5, 1.0, 2.0, 3.0],
                      "d": pd.Categorical(["p", "q", "p", None])})
    assert dataset_inputs(X, ["a", "b", "c", "a"]) == {"n": 3, "b": 3, "b_missing": 4, "p": 3}
    assert dataset_inputs(X[["x"]], ["a", "b", "a", "a"])["b"] == 1


def test_predicted_factors_take_k_from_the_classes():
    sky = {"SE": {"sky1": 95.0, "sky2": 97.5}, "IR": {"sky1": 96.0, "sky2": 98.0}}
    table = predicted_factors({"SE": {"n": 25, "b": 2, "b_missing": 3, "p": 2},
                               "IR": {"n": 4, "b": 1, "b_missing": 2, "p": 3}}, sky)
    se, iris = table[table["code"] == "SE"], table[table["code"] == "IR"]
    assert (se["K"] == 3).all() and (se["scope"] == "").all()
    assert (iris["K"] == 4).all() and iris["scope"].str.contains("stated for p = 2").all()
    lower = iris[(iris["b_counts"] == "values") & (iris["bound"] == "lower")].iloc[0]
    # (b+1)^(d-1) (log2(n+1-d) + max(K, b)) with K = 4: d=1 log2(4) + 4, d=2 2 (log2(3) + 4)
    assert (lower["vc1"], lower["vc2"]) == pytest.approx((6.0, 2 * (math.log2(3) + 4)),
                                                         abs=1e-3)


def test_predicted_factors_and_their_verdicts():
    sky = {"SE": {"sky1": 95.0, "sky2": 97.5}}
    table = predicted_factors({"SE": {"n": 25, "b": 2, "b_missing": 3, "p": 2}}, sky)
    lower = table[(table["b_counts"] == "values") & (table["bound"] == "lower")].iloc[0]
    expected = 3 * (math.log2(24) + 3) / (LOG25 + 3)
    assert lower["F_up"] == pytest.approx(expected, abs=1e-3)
    assert lower["F_low"] == pytest.approx(expected * 0.025 / 0.05, abs=1e-3)
    # "between 100 and 200" as its midpoint and half-width; "around 4" without a spread
    paper = pd.DataFrame({"table": "factors", "code": ["SE", "SE"],
                          "quantity": ["F_up", "F_low"], "value": [4.0, 150.0],
                          "spread": [np.nan, 50.0], "decimals": 0, "where": "",
                          "words": ["around 4", "between 100 and 200"]})
    cells = factor_cells(table, paper, around=0.25)
    assert cells["paper"].tolist() == [4.0] * 6 + [150.0] * 6
    judged = make_vc_factors(table, cells, paper)
    assert judged["F_up_verdict"].tolist() == cells["verdict"].tolist()[:6]
    with_missing = judged[judged["b_counts"] == "values + missing"]
    assert (with_missing["F_up_verdict"] == "reproduced").all()  # 3.97 to 4.68: within 4 +- 1
    assert (judged["F_low_verdict"] == "differs").all()
    lines = recovered(judged)
    assert lines[0].startswith("SE F_up (VC ratio), paper 'around 4': ours 2.98 to 4.68; "
                               "reproduced with ")
    assert "lower bound, b = 2 (values);" not in lines[0]
    assert lines[1].endswith("not recovered from the stated formulas under any of these inputs")


def test_curve_claims():
    fits = pd.DataFrame([
        {"code": "SE", "level": "T2", "points": 9, "power_beta": 2.1, "inverse_square_r2": 0.9,
         "log_r2": 0.7, "power_r2": 0.9, "power_r2_log": 0.95},
        {"code": "CR", "level": "T2", "points": 9, "power_beta": 0.5, "inverse_square_r2": 0.9,
         "log_r2": 0.7, "power_r2": 0.9, "power_r2_log": 0.95},
        {"code": "SE", "level": "T1", "points": 2, "power_beta": np.nan,
         "inverse_square_r2": np.nan, "log_r2": np.nan, "power_r2": np.nan,
         "power_r2_log": np.nan},
        {"code": "IR", "level": "T2", "points": 9, "power_beta": 2.0, "inverse_square_r2": 0.9,
         "log_r2": 0.7, "power_r2": 0.9, "power_r2_log": 0.95},
    ])
    factors = pd.DataFrame([
        {"code": code, "factor_median": median, "factor_min": 1.0, "factor_max": 9.0,
         "predicted_F_up_min": 3.0, "predicted_F_up_max": 4.0, "predicted_F_low_min": 2.0,
         "predicted_F_low_max": 2.5} for code, median in (("SE", 4.9), ("CR", 5.1),
                                                            ("IR", 3.0))])
    paper = read_claims(ROOT / "data" / "paper" / "auer95" / "claims.csv", "section4")
    checks = make_claims(paper, fits, factors, around=0.25)
    # the span 2 to 4 widened by 25 %: 1.5 to 5
    assert checks["subject"].tolist() == ["SE T2", "SE T1", "CR T2", "SE T2/T1", "CR T2/T1"]
    assert checks["verdict"].tolist() == ["claim holds", "not run", "claim fails",
                                          "claim holds", "claim fails"]
    no_overlap = factors.assign(factor_median=np.nan)
    assert make_claims(paper, fits, no_overlap, 0.25)["verdict"].tolist()[3:] == [
        "not run", "not run"]


def _config(**curves):
    section = {"levels": {"T1": "T1", "T2": "T2"}, "datasets": ["CR"], "repetitions": 5,
               "grid": {}, "default_grid": [10]} | curves
    return {"auer95": {"datasets": ["CR", "SE"], "cv": {"learners": ["T2"]},
                       "table2": {"compare": {"t2": "T2", "c45": "T2"}}, "curves": section}}


@pytest.mark.parametrize(("curves", "message"), [
    ({"repetitions": 1}, "auer95.curves.repetitions: 1"),
    ({"repetitions": {"T1": 50, "T2": 1}}, "auer95.curves.repetitions.T2: 1"),
    ({"datasets": ["PI"]}, "auer95.curves.datasets: unknown dataset of auer95.datasets 'PI'"),
    ({"grid": {"PI": [10], "XX": [10]}}, "auer95.curves.grid: unknown dataset 'XX'"),
    ({"levels": {"T1": "T2", "T2": "T2"}}, "auer95.curves.levels.T1: learner 'T2'"),
])
def test_bad_curve_config_is_refused_naming_the_key(curves, message):
    with pytest.raises(ConfigError, match=message):
        plan.check_curves(_config(**curves)["auer95"], {"T1": "T1", "T2": "T2"},
                          {"CR": {}, "SE": {}, "PI": {}})


def test_outputs_and_datasets_follow_the_config():
    config = _config(all_datasets=True)
    assert plan.curve_datasets(config) == ["CR", "SE"]
    assert "figures/auer95_curves_all.png" in plan.section4_outputs(config)
    assert "figures/auer95_curves_all.png" not in plan.section4_outputs(_config())


def test_repetitions_per_depth():
    config = _config(repetitions={"T1": 50, "T2": 20}) | {"seed": 7, "learners": {}}
    wildcards = type("W", (), {"level": "T1", "dataset": "CR"})
    assert plan.curve_params(config, "repetitions")(wildcards) == 50
    assert plan.curve_repetitions(_config()["auer95"]["curves"], "T2") == 5
    assert plan.curve_protocol(config).startswith("50 (T1) and 20 (T2) training sets")


def test_fits_and_factor_use_only_the_points_above_the_noise():
    eps = np.geomspace(0.02, 0.3, 8)
    rows = []
    for level, a in (("T1", 10.0), ("T2", 40.0)):
        for m, e in zip(a / eps**2, eps, strict=True):
            rows.append({"code": "SE", "level": level, "m": m, "eps": e, "in_plot": True,
                         "in_fit": True})
        # a point within the noise far off the curve, and one with eps <= 0
        rows.append({"code": "SE", "level": level, "m": 5000.0, "eps": 1e-4, "in_plot": True,
                     "in_fit": False})
        rows.append({"code": "SE", "level": level, "m": 6000.0, "eps": -0.01,
                     "in_plot": False, "in_fit": False})
    curves = pd.DataFrame(rows)
    fits = make_fit_table(curves)
    assert fits["dropped_noise"].tolist() == [1, 1]
    assert fits["dropped_eps_le_0"].tolist() == [1, 1]
    assert fits["power_beta"].tolist() == pytest.approx([2, 2])
    predicted = pd.DataFrame({"code": ["SE"], "F_up": [4.0], "F_low": [2.0]})
    factor = make_factor_table(curves, predicted).iloc[0]
    assert factor["factor_median"] == pytest.approx(4)
    assert (factor["predicted_F_up_min"], factor["predicted_F_low_max"]) == (4.0, 2.0)
