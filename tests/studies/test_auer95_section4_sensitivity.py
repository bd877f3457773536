"""The sensitivity table of Auer et al.'s (1995) failed section-4 verdicts: the protocol
variants, the fit forms on curves of known exponent, the bound on the predicted factors and the
flip logic."""

import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from smalltrees.evaluation.claims import read_claims
from smalltrees.evaluation.transcriptions import read_transcription
from smalltrees.studies.auer95 import section4_sensitivity as s4
from smalltrees.studies.auer95 import section4_sensitivity_summary as summary
from smalltrees.studies.auer95.claims import make_claims
from smalltrees.studies.auer95.learning_curve_draws import all_draws, resample_draws
from smalltrees.studies.auer95.learning_curves import make_curve_table, make_fit_table
from smalltrees.studies.auer95.vc_factors import predicted_factors

ROOT = Path(__file__).resolve().parents[2]
PAPER = ROOT / "data/paper/auer95"
SIZES = [25, 50, 100, 200, 400, 800, 1600]


def power_draws(beta: float, opt: float = 0.05, draws: int = 4) -> pd.DataFrame:
    """Draws whose mean error is opt + (m / 10)^(-1/beta), so m = 10 eps^-beta exactly, with
    a symmetric spread of 1% of eps around the mean (a standard error well below eps)."""
    rows = []
    for m in SIZES:
        eps = (m / 10) ** (-1 / beta)
        for r in range(draws):
            rows.append({"m": m, "draw": r, "test_error": opt + eps * (1 + 0.01 * (-1) ** r)})
    return pd.DataFrame(rows)


@pytest.mark.parametrize(("beta", "holds"), [(2.0, True), (1.0, False)])
def test_every_power_form_recovers_a_known_exponent(beta, holds):
    curve = s4.summarise_protocol(power_draws(beta), 95.0, s4.Protocol(noise_se=2.0))
    for form in s4.FORMS[:2]:
        number, _, verdict = s4.shape_check(curve, form, (1.5, 2.5), 2.0)
        assert number == pytest.approx(beta, rel=1e-3)
        assert verdict is holds
    for form in s4.FORMS[2:4]:
        _, detail, verdict = s4.shape_check(curve, form, (1.5, 2.5), 2.0)
        assert verdict is holds, detail
    assert f"best {'1/eps^2' if holds else '1/eps'}" in s4.shape_check(
        curve, s4.FORMS[2], (1.5, 2.5), 2.0)[1]
    # the asymptote is fitted from the curve itself: opt = 0.05, 1 / g = beta
    _, detail, _ = s4.shape_check(curve, s4.FORMS[4], (1.5, 2.5), 2.0)
    assert "e_inf 0.0500" in detail and f"1/g = {beta:.2f}" in detail


def test_protocol_variants_select_draws_sizes_and_fit_range():
    draws = power_draws(2.0, draws=6)
    first = s4.summarise_protocol(draws, 95.0, s4.Protocol(noise_se=0.0, draws=3))
    assert first["draws"].tolist() == [3] * len(SIZES)
    odd = s4.summarise_protocol(draws, 95.0, s4.Protocol(noise_se=0.0, every_other=1))
    assert odd["m"].tolist() == SIZES[1::2]
    trimmed = s4.summarise_protocol(draws, 95.0, s4.Protocol(noise_se=0.0, low=2, high=1))
    assert trimmed.loc[trimmed["in_fit"], "m"].tolist() == SIZES[2:-1]
    # a Sky above the errors' floor leaves fewer eps > 0: the reference moves eps
    shifted = s4.summarise_protocol(draws, 99.0, s4.Protocol(noise_se=0.0, sky=90.0))
    assert (shifted["eps"] < first["eps"]).all()


def test_bootstrap_resamples_within_each_size():
    draws = power_draws(2.0, draws=5)
    sample = resample_draws(draws, np.random.default_rng(0))
    assert sample.groupby("m").size().tolist() == [5] * len(SIZES)
    assert (sample["m"].to_numpy() == draws.loc[sample.index, "m"].to_numpy()).all()


def test_baseline_agrees_with_the_claims_table():
    draws = {("SE", level): power_draws(beta) for level, beta in (("T1", 2.0), ("T2", 1.2))}
    sky = {"SE": {"sky1": 95.0, "sky2": 95.0}}
    claims = read_claims(PAPER / "claims.csv", "section4")
    curves = make_curve_table(draws, sky, {"T1": "T1", "T2": "T2"}, 2.0)
    judged = make_claims(claims[claims["id"] == "se_inverse_square"],
                         make_fit_table(curves), pd.DataFrame(columns=["code"]), 0.25)
    rows = s4.curve_rows(draws, sky, (1.5, 2.5), (17, 25), s4.Protocol(noise_se=2.0),
                         {"draws": [2, 10], "noise_se": [0], "trim": [1], "bootstrap": 10},
                         seed=1)
    table = s4.make_sensitivity(rows)
    base = table[table["baseline"]].set_index("subject")["verdict"]
    assert base.to_dict() == dict(zip(judged["subject"], judged["verdict"], strict=True))
    # more draws than stored cannot be computed from them
    assert table.loc[table["value"] == "first 10", "verdict"].eq("not run").all()
    # ... but from the draws of the jobs auer95_curve_more (the first ones the stored ones)
    more = {key: power_draws(beta, draws=10) for key, beta in (
        (("SE", "T1"), 2.0), (("SE", "T2"), 1.2))}
    rows = s4.curve_rows(draws, sky, (1.5, 2.5), (17, 25), s4.Protocol(noise_se=2.0),
                         {"draws": [2, 10], "noise_se": [0], "trim": [1], "bootstrap": 10},
                         seed=1, more=more)
    ten = s4.make_sensitivity(rows)
    ten = ten[ten["value"].str.startswith("first 10")].set_index(["subject", "value"])
    assert ten.at[("SE T1", "first 10"), "verdict"] == "claim holds"
    assert ten.at[("SE T2", "first 10"), "verdict"] == "claim fails"
    assert ten.at[("SE T1", "first 10"), "number"] == pytest.approx(2.0, rel=1e-3)
    assert len(ten) == 2 * 3     # per depth the claim's fit form and the two others


def test_the_draws_beyond_the_stored_ones_complete_them():
    full = power_draws(2.0, draws=10)
    stored = full[full["draw"] < 4].reset_index(drop=True)
    beyond = full[full["draw"] >= 4].reset_index(drop=True)
    assert all_draws(stored, beyond).equals(full)
    with pytest.raises(ValueError, match="start at draw 5, expected 4"):
        all_draws(stored, beyond[beyond["draw"] >= 5])


def test_sensitivity_rows_are_reading_cells_of_the_cells_they_explain():
    paper = read_transcription(PAPER / "section4.csv")
    claims = read_claims(PAPER / "claims.csv", "section4")
    rows = [s4._row("se_inverse_square", "SE T1", s4.BASELINE, "as configured", 1.3, "",
                    "claim fails"),
            s4._row("se_inverse_square", "SE T1", "noise threshold noise_se", "0", 1.6, "d",
                    "claim holds"),
            s4._row("factors", "CR measured m_T2/m_T1", "grid: every other size", "from the 1st",
                    10.0, "", "differs"),
            s4._row("factors", "CR F_up", "log base of the bounds", "10", 16.9, "", "differs")]
    cells = summary.sensitivity_cells(s4.make_sensitivity(rows), claims, paper)
    assert cells[["table", "code", "quantity"]].values.tolist() == [
        ["claims", "se_inverse_square", "SE T1"], ["claims", "factor", "CR T2/T1"],
        ["factors", "CR", "F_up"]]
    assert cells["reading"].tolist()[0] == "noise threshold noise_se: 0"
    assert cells["paper"].tolist() == ["m ~ 1/eps^2", "match quite well", 21.0]
    assert cells["verdict"].tolist() == ["claim holds", "differs", "differs"]


@pytest.mark.parametrize("base", [1.5, 2.0, math.e, 10.0, 14.0])
def test_f_up_stays_below_b_plus_2_and_f_low_below_f_up(base):
    inputs = {f"b{b}": {"n": 15, "b": b, "b_missing": b + 1, "p": 2} for b in (3, 14, 23)}
    sky = {code: {"sky1": 85.5, "sky2": 87.7} for code in inputs}
    table = predicted_factors(inputs, sky, base)
    assert (table["F_up"] < table["b"] + 2).all()
    assert (table["F_low"] <= table["F_up"]).all()


def vc_table() -> pd.DataFrame:
    """The predicted-factor inputs of CR and SE, as the vc_factors table gives them."""
    inputs = {"CR": {"n": 15, "b": 14, "b_missing": 15, "p": 2},
              "SE": {"n": 25, "b": 2, "b_missing": 3, "p": 2}}
    sky = {"CR": {"sky1": 85.51, "sky2": 87.68}, "SE": {"sky1": 95.04, "sky2": 97.63}}
    return predicted_factors(inputs, sky, 2.0)


def test_factor_rows_cr_never_reaches_17_and_lists_the_b_it_would_need():
    paper = read_transcription(PAPER / "section4.csv")
    table = s4.make_sensitivity(s4.factor_rows(vc_table(), paper, {"CR": 87.7, "SE": 97.6},
                                               [math.e, 10.0], 2.0, 0.25))
    cr_up = table[(table["subject"] == "CR F_up") & (table["verdict"] != "")]
    assert cr_up["verdict"].eq("differs").all() and (cr_up["number"] < 17).all()
    assert table.loc[table["subject"] == "SE F_up", "verdict"].eq("reproduced").all()
    needed = table[table["choice"].str.startswith("b (")]
    assert [v.split()[0] for v in needed["value"]] == ["16", "24"]
    assert not needed["flips"].any()


def test_flips_and_claim_summary_need_every_failing_subject():
    rows = [s4._row("c", subject, choice, value, 1.0, "", verdict) for subject, choice, value,
            verdict in [("A", s4.BASELINE, "", "differs"), ("B", s4.BASELINE, "", "reproduced"),
                        ("A", "x", "1", "reproduced"), ("B", "x", "1", "differs"),
                        ("A", "y", "1", "reproduced"), ("B", "y", "1", "reproduced"),
                        ("A", "z", "1", "not run")]]
    table = s4.make_sensitivity(rows)
    assert table["flips"].tolist() == [False, False, True, True, True, False, False]
    assert summary.claim_summary(table) == ["c (A failing at baseline): every one flipped by y = 1"]


def test_a_run_without_cr_and_se_curves_gives_not_run_rows():
    paper = read_transcription(PAPER / "section4.csv")
    table = s4.make_section4_sensitivity(
        {}, {}, read_claims(PAPER / "claims.csv", "section4"), paper, {}, vc_table().iloc[:0],
        2.0, 2.0, 0.25, {"draws": [5], "noise_se": [0], "trim": [1], "bootstrap": 10,
                         "log_bases": [10]}, seed=1)
    assert table["verdict"].eq("not run").all() and len(table) == 2 + len(paper)
    assert summary.claim_summary(table) == ["se_inverse_square: nothing fails at baseline",
                                       "factors: nothing fails at baseline"]


def test_a_flip_within_the_draw_noise_is_flagged():
    rows = [s4._row("c", "A", s4.BASELINE, "", 1.0, "", "claim fails"),
            s4._row("c", "A", "fit form", "f", 1.0, "", "claim holds"),
            s4._row("c", "A", "draws per size (bootstrap)", "9 resamples, f", 1.0, "",
                    "claim fails")]
    assert summary.claim_summary(s4.make_sensitivity(rows)) == [
        "c (A failing at baseline): every one flipped by fit form = f (not beyond the draw "
        "noise: its bootstrap does not flip every one)"]
