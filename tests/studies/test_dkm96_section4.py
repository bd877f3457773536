"""DKM 1996 section 4: the decision-list generator, the trials, Table 2, the claims, config."""

import numpy as np
import pandas as pd
import pytest
import yaml
from workflow_helpers import ROOT

from smalltrees.data.decision_list import DecisionList, random_decision_list, sample
from smalltrees.evaluation.claims import read_claims
from smalltrees.evaluation.transcriptions import read_transcription
from smalltrees.evaluation.verdicts import CLOSE, DIFFERS, INCONCLUSIVE, REPRODUCED
from smalltrees.studies.dkm96 import calibration, claims, table2
from smalltrees.studies.dkm96.boosting_trials import (
    dataset_trials,
    decision_list_trials,
    run_trials,
)
from smalltrees_workflow.config import ConfigError
from smalltrees_workflow.plans import dkm96 as plan

LEARNERS = {"topdown": {"class": "TopDown", "params": {"criterion": "entropy"}},
            "topdown_g": {"class": "TopDown", "params": {"criterion": "G"}},
            "adaboost": {"class": "AdaBoost", "params": {"n_rounds": 1}}}
SMALL_LIST = {"train_size": 80, "test_size": 300, "n_attributes": 16, "length": 3,
              "rule_size": 2, "noise": 0.05, "trials": 3}
PAPER_CLAIMS = read_claims(ROOT / "data" / "paper" / "dkm96" / "claims.csv", "section4")


def test_decision_list_labels_by_its_first_firing_rule():
    rules = DecisionList(attributes=np.array([[0], [1]]), literals=np.array([[1], [0]]),
                         outputs=np.array([0, 1]), default=0)
    X = np.array([[1, 0], [0, 0], [0, 1], [1, 1]])
    assert rules.label(X).tolist() == [0, 1, 0, 0]
    assert rules.describe() == "x1 = 1 -> 0; x2 = 0 -> 1; else 0"


def test_generator_is_seeded_non_constant_and_flips_the_stated_share_of_labels():
    def draw(seed):
        rng = np.random.default_rng(seed)
        target = random_decision_list(rng, 12, 4, 2)
        return target, *sample(target, rng, 20000, 12, 0.1)

    target, X, y = draw(5)
    again, X2, y2 = draw(5)
    assert target.describe() == again.describe() and X.equals(X2) and y.equals(y2)
    assert (target.outputs != target.default).any()
    clean = target.label(np.column_stack([X[c].cat.codes for c in X.columns]))
    flipped = np.mean(clean.astype(str) != y.to_numpy())
    assert 0.09 < flipped < 0.11
    assert list(X.columns) == [f"x{j}" for j in range(1, 13)]
    assert all(list(X[c].cat.categories) == ["0", "1"] for c in X.columns)


def test_generator_refuses_rules_longer_than_the_attributes():
    with pytest.raises(ValueError, match="rule_size"):
        random_decision_list(np.random.default_rng(0), 3, 2, 4)


def test_trials_run_adaboost_for_topdowns_rounds():
    trials = decision_list_trials("DL", SMALL_LIST, 1, "test")
    rounds, summary = run_trials("DL", trials, "1", LEARNERS)
    assert summary["trial"].unique().tolist() == [1, 2, 3]
    per = summary.pivot(index="trial", columns="algorithm", values="rounds")
    assert (per["AdaBoost"] == per["TopDown"]).all()
    assert set(rounds["algorithm"]) == {"TopDown", "TopDown_G", "AdaBoost"}
    topdown = summary[summary["algorithm"] == "TopDown"]
    assert topdown["zero_train_error"].all() and (topdown["train_error"] == 0).all()
    counted = rounds.groupby(["trial", "algorithm"]).size()
    assert (counted.xs("TopDown", level="algorithm") == per["TopDown"]).all()
    assert summary["n_test"].eq(300).all()


def test_dataset_trials_are_folds_with_one_class_against_the_rest():
    X = pd.DataFrame({"a": np.arange(30.0)})
    y = pd.Series(["x", "y", "z"] * 10)
    trials = list(dataset_trials("T", {"dataset": "T", "positive_class": "y", "folds": 5}, X,
                                 y, 1, "s"))
    assert len(trials) == 5
    assert sorted(np.concatenate([t[3]["a"].to_numpy() for t in trials])) == list(range(30))
    assert set(trials[0][2]) == {"y", "rest"}


def test_a_trial_with_identical_x_and_different_labels_is_reported():
    X = pd.DataFrame({"a": [0.0, 0.0, 1.0, 1.0, 2.0, 2.0] * 5})
    y = pd.Series(["p", "n", "p", "p", "n", "n"] * 5)
    trials = dataset_trials("T", {"dataset": "T", "positive_class": "p", "folds": 2}, X, y, 1,
                            "s")
    _, summary = run_trials("T", trials, "p", LEARNERS)
    assert table2.details(summary, {"T": "toy"}, ()).loc[0, "unreachable"] == 2
    topdown = summary[summary["algorithm"] == "TopDown"]
    assert topdown["stop_reason"].str.startswith("no test separates").all()


def synthetic_trials(rounds_h, train_error, n=20, seed=0):
    rng = np.random.default_rng(seed)
    rows = []
    for trial in range(1, n + 1):
        r = rounds_h + rng.normal(0, 5)
        rows += [{"domain": "D", "trial": trial, "algorithm": "TopDown", "rounds": r,
                  "zero_train_error": True, "train_error": 0.0, "test_error": 0.1},
                 {"domain": "D", "trial": trial, "algorithm": "TopDown_G", "rounds": r - 1,
                  "zero_train_error": True, "train_error": 0.0, "test_error": 0.1},
                 {"domain": "D", "trial": trial, "algorithm": "AdaBoost", "rounds": r,
                  "zero_train_error": False, "train_error": train_error + rng.normal(0, 0.01),
                  "test_error": 0.12}]
    return pd.DataFrame(rows)


def paper_row(code: str, values: dict) -> pd.DataFrame:
    """A Table 2 transcription (one decimal, as the paper prints TopDown's rounds)."""
    return pd.DataFrame({"table": "table2", "code": code, "quantity": list(values),
                         "value": list(values.values()), "spread": np.nan, "decimals": 1,
                         "where": "test", "problem": "toy"})


@pytest.mark.parametrize("paper_rounds, verdict", [(100.0, REPRODUCED), (104.0, CLOSE),
                                                   (130.0, DIFFERS)])
def test_table2_verdict_uses_the_standard_error_of_a_mean_of_trials(paper_rounds, verdict):
    trials = synthetic_trials(100.0, 0.1)
    cells = table2.make_cells(trials, {"D": "toy"}, paper_row("D", {
        "topdown_rounds": paper_rounds}), 2.0).set_index("quantity")
    se = cells.loc["topdown_rounds", "ours_spread"]
    assert 3 < se * np.sqrt(20) < 7  # so 2 x sqrt(2) x sd / sqrt(20) is about 3
    assert cells.loc["topdown_rounds", "verdict"] == verdict
    assert cells.loc["adaboost_train_error", "ours"] == pytest.approx(10, abs=1)
    assert cells.loc["adaboost_train_error", "verdict"] == ""  # no paper value here
    ours = table2.details(trials, {"D": "toy"}, ())
    md = table2.render_table2(cells.reset_index(), ours, paper_row("D", {}), {"D": "a note"},
                              2.0, "none")
    assert "- D: a note" in md and "(beyond the paper)" in md
    marked = {DIFFERS: "**", CLOSE: "*", REPRODUCED: ""}[verdict]
    ours_text = f"{cells.loc['topdown_rounds', 'ours']:.1f} ± {se:.2f}"
    assert f"| {marked}{ours_text} ({paper_rounds:.1f}){marked} |" in md


def test_table2_band_wider_than_half_the_paper_is_inconclusive_and_calibrated_rows_unjudged():
    trials = synthetic_trials(2.0, 0.1)  # sd 5 rounds over 20 trials: a band of about 3.2
    both = pd.concat([trials, trials.assign(domain="C"), trials.assign(domain="E")],
                     ignore_index=True)
    paper = pd.concat([paper_row("D", {"topdown_rounds": 2.5}),  # band > half of 2.5
                       paper_row("E", {"topdown_rounds": 20.0}),  # 18 off: beyond 2 bands
                       paper_row("C", {"topdown_rounds": 2.5})], ignore_index=True)
    cells = table2.make_cells(both, {"D": "toy", "E": "far", "C": "calibrated"}, paper, 2.0,
                              ("C",))
    rounds = cells[cells["quantity"] == "topdown_rounds"].set_index("code")
    assert rounds.loc["D", "verdict"] == INCONCLUSIVE and rounds.loc["E", "verdict"] == DIFFERS
    assert rounds.loc["C", "verdict"] == "" and rounds.loc["C", "paper"] == 2.5
    assert rounds.loc["C", "rule"] == table2.CALIBRATED


SETTINGS = {"floor": 0.05, "within": 40, "min_running": 2, "root_rounds": 5, "alpha": 0.05,
            "heavy_node": 0.02, "large_advantage": 0.25, "large_share": 0.1, "gain_bins": 4,
            "gamma_spread": 0.1}


def synthetic_rounds(topdown_slope: float, ada_start: float) -> pd.DataFrame:
    rows = []
    rng = np.random.default_rng(1)
    for trial in (1, 2, 3):
        for t in range(1, 61):
            rows.append({"domain": "D", "trial": trial, "algorithm": "TopDown", "round": t,
                         "advantage": 0.25 + topdown_slope * t + rng.normal(0, 0.01),
                         "w": 1 / t, "gain": rng.random()})
            rows.append({"domain": "D", "trial": trial, "algorithm": "AdaBoost", "round": t,
                         "advantage": ada_start / t, "w": np.nan, "gain": np.nan})
    return pd.DataFrame(rows)


def test_claims_hold_on_sequences_shaped_as_the_paper_says():
    found = claims.check_claims(PAPER_CLAIMS, synthetic_rounds(0.002, 0.5),
                                synthetic_trials(60, 0.1), {"D": "toy"}, "D",
                                SETTINGS).set_index("id")
    assert found.loc["adaboost_floor", "verdict"] == "claim holds"
    assert found.loc["topdown_rises", "verdict"] == "claim holds"
    assert "first below 0.05 at round 11" in found.loc["adaboost_floor", "ours"]


def test_claims_fail_on_sequences_shaped_otherwise():
    found = claims.check_claims(PAPER_CLAIMS, synthetic_rounds(-0.003, 4.0),
                                synthetic_trials(60, 0.0), {"D": "toy"}, "D",
                                SETTINGS).set_index("id")
    assert (found.loc[["adaboost_floor", "topdown_rises", "fewer_rounds"], "verdict"]
            == "claim fails").all()


def test_scatter_claims():
    rng = np.random.default_rng(2)
    gain = rng.random(400)
    points = pd.DataFrame({"w": rng.random(400), "gain": gain})
    as_function = points.assign(advantage=0.5 * gain)
    spread = points.assign(advantage=0.5 * rng.random(400))
    assert not claims.gain_spread(as_function, "toy", SETTINGS).holds
    assert claims.gain_spread(spread, "toy", SETTINGS).holds
    heavy = claims.heavy_nodes(spread, "toy", SETTINGS)
    assert heavy.holds and "splits with w >= 0.02" in heavy.statistic


def test_calibration_grid_marks_the_configured_generator():
    paper = {"topdown_rounds": 20.0, "adaboost_train_error": 10.0, "topdown_test_error": 10.0,
             "adaboost_test_error": 12.0}
    configured = {k: v for k, v in SMALL_LIST.items() if k != "trials"}
    grid = {"noise": [0.0, 0.05]}
    table = calibration.make_calibration_table(grid, configured, 2, LEARNERS, paper, 1, "cal", "DL")
    assert len(table) == 2 and table["configured"].sum() == 1
    assert (table["distance"].diff().dropna() >= 0).all()
    assert table.loc[table["configured"], "noise"].item() == 0.05
    assert "**configured**" in calibration.render_calibration_table(table, paper, 2)
    printed = read_transcription(ROOT / "data" / "paper" / "dkm96" / "table2.csv")
    assert calibration.paper_targets(printed, "DL") == {
        "topdown_rounds": 218.0, "adaboost_train_error": 9.4, "topdown_test_error": 9.14,
        "adaboost_test_error": 13.8}



@pytest.mark.parametrize("grid, parts", [({}, 1), ({"noise": [0.0, 0.05, 0.1]}, 3),
                                         ({"length": [3, 5], "noise": [0.0, 0.05, 0.1]}, 6),
                                         ({"length": [2, 3, 5], "noise": [0.0, 0.1, 0.2]}, 6)])
def test_calibration_parts_measure_every_point_once_and_none_is_empty(grid, parts):
    """A part job per grid point up to CALIBRATION_PARTS (the tiny grid's 2 points: 2 jobs, not
    6 with 4 measuring nothing); the parts put together are the grid measured whole."""
    config = {"dkm96": {"table2": {"calibration": {"grid": grid}}}}
    count = plan.calibration_part_count(config)
    assert count == parts == len(plan.calibration_parts(config))
    configured = {k: v for k, v in SMALL_LIST.items() if k != "trials"}
    points = calibration.calibration_points(grid, configured)
    split = [points[part::count] for part in range(count)]
    assert all(split) and sorted(map(str, sum(split, []))) == sorted(map(str, points))
    if len(points) <= 3:
        measured = pd.concat([calibration.measure_points(p, 1, LEARNERS, 1, "cal", "DL")
                              for p in split], ignore_index=True)
        pd.testing.assert_frame_equal(
            measured, calibration.measure_points(points, 1, LEARNERS, 1, "cal", "DL"))

def config_for():
    config = yaml.safe_load((ROOT / "config.yaml").read_text())
    registry = yaml.safe_load((ROOT / "data" / "datasets.yaml").read_text())["datasets"]
    classes = {name: e["class"] for name, e in config["learners"].items()}
    return config, registry, classes


@pytest.mark.parametrize("change, message", [
    (lambda t: t["learners"].update(topdown="TOPDOWN_G"),
     "dkm96.table2.learners.topdown: learner 'TOPDOWN_G' is TopDown with criterion 'G'"),
    (lambda t: t["learners"].update(adaboost="C45"),
     "dkm96.table2.learners.adaboost: learner 'C45' is C45; section 4's adaboost needs AdaBoost"),
    (lambda t: t["domains"]["PI"].update(decision_list=t["domains"]["DL"]["decision_list"]),
     "dkm96.table2.domains.PI: expected exactly one of `dataset`"),
    (lambda t: t["domains"]["PI"].pop("folds"), r"dkm96.table2.domains.PI.folds: missing"),
    (lambda t: t["domains"]["DL"]["decision_list"].update(rule_size=99),
     "dkm96.table2.domains.DL.decision_list.rule_size: 99 literals"),
    (lambda t: t["domains"]["AU"].update(dataset="NOPE"),
     "dkm96.table2.domains.AU.dataset: unknown dataset 'NOPE'"),
    (lambda t: t.update(scatter="XX"), "dkm96.table2.scatter: unknown row 'XX'"),
    (lambda t: t["sequence_figures"].update(AU=11), "must be distinct and not those of"),
])
def test_table2_config_errors_name_the_key(change, message):
    config, registry, classes = config_for()
    change(config["dkm96"]["table2"])
    with pytest.raises(ConfigError, match=message):
        plan.check_config(config, registry, classes)


def test_topdown_with_max_splits_cannot_stand_for_table2():
    config, registry, classes = config_for()
    config["learners"]["TOPDOWN_H"]["params"]["max_splits"] = 10
    with pytest.raises(ConfigError, match="grows TopDown to zero training error"):
        plan.check_config(config, registry, classes)
