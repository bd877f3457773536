"""Yildiz (2015) Tables I-IV, the claims and the readings of the bound as cells: a dataset the
paper never used shows as ours alone everywhere, views are rendered from the cells, and no view
shows ``nan``."""

import numpy as np
import pandas as pd
import pytest
from workflow_helpers import ROOT

from smalltrees.evaluation.cells import CELL_COLUMNS, claim_cells
from smalltrees.evaluation.claims import read_claims
from smalltrees.evaluation.transcriptions import read_paper, transcription_files
from smalltrees.evaluation.verdicts import Spread
from smalltrees.studies.yildiz15 import METHODS, PRODUCES, SRM
from smalltrees.studies.yildiz15.bound_readings import reading_cells, render_readings
from smalltrees.studies.yildiz15.claims import (
    claims_from_folds,
    claims_view,
    kinds_of,
    pick_claims,
)
from smalltrees.studies.yildiz15.protocol import run_dataset
from smalltrees.studies.yildiz15.tables import (
    csv_view,
    make_table1,
    make_tables,
    metric_cells,
    render_metric_table,
    render_table1,
)

PAPER = ROOT / "data" / "paper" / "yildiz15"
SETTINGS = {"test_fraction": 1 / 3, "repetitions": 2,
            "pruning": {"order": "top_down", "ties": "prune", "confidence": "paper",
                        "lb_features": "path", "grid": {"a1_step": 1.0, "a2_step": 1.0,
                                                        "a1_max": 4.0, "a2_max": 2.0}}}


@pytest.fixture(scope="module")
def folds():
    """Three small made-up datasets: two the paper used (codes BU, HE) and IR, which it did
    not."""
    out = {}
    for i, code in enumerate(("BU", "HE", "IR")):
        rng = np.random.default_rng(i)
        X = pd.DataFrame({"a": rng.normal(size=90 + 30 * i), "b": rng.normal(size=90 + 30 * i)})
        y = pd.Series(np.where(X["a"] + rng.normal(size=len(X)) > 0, "p", "q"))
        out[code] = run_dataset(X, y, code, SETTINGS, seed=5)
    return out


def test_produces_names_what_the_tables_make():
    assert PRODUCES["table2"] == METHODS and PRODUCES["table4"] == SRM
    assert PRODUCES["vc"] == ("lb", "exact")


def test_tables_without_paper_numbers_are_ours_alone(folds):
    paper = read_paper(transcription_files(PAPER))
    tables, tests = make_tables(folds, 0.05)
    for name, table in tables.items():
        cells = metric_cells(name, table, paper, Spread(2.0))
        assert list(cells.columns) == list(CELL_COLUMNS)
        assert cells["code"].unique().tolist() == ["BU", "HE", "IR"]
        assert cells["paper"].isna().all() and cells["verdict"].eq("").all()
        text = render_metric_table(name, cells, "settings", tests.get(name))
        view = csv_view(cells, table)
        assert "nan" not in text.lower() and not view.isna().any().any()
        assert len(view) == 3 and "| IR |" in text
    assert {"SrmLocal_test_error", "S"} <= set(csv_view(
        metric_cells("table4", tables["table4"], paper, Spread(2.0)), tables["table4"]).columns)


def test_a_transcribed_number_is_compared_and_the_rest_stays_ours_alone(folds):
    tables, _ = make_tables(folds, 0.05)
    mine = tables["table2"].set_index("code")
    paper = pd.DataFrame([{"table": "table2", "code": "BU", "quantity": "NoPrune",
                           "value": mine.at["BU", "NoPrune"] + 50, "spread": 0.1,
                           "decimals": 2, "where": "made up"}])
    cells = metric_cells("table2", tables["table2"], paper, Spread(2.0)).set_index(
        ["code", "quantity"])
    assert cells.at[("BU", "NoPrune"), "verdict"] == "differs"
    assert cells.drop(index=("BU", "NoPrune"))["verdict"].eq("").all()
    text = render_metric_table("table2", cells.reset_index(), "settings")
    row = next(line for line in text.splitlines() if line.startswith("| BU |"))
    assert row.split(" | ")[1].startswith("**") and "(" in row.split(" | ")[1]
    view = csv_view(cells.reset_index(), tables["table2"])
    assert view.set_index("code").at["BU", "NoPrune_verdict"] == "differs"


def test_table1_lists_a_dataset_the_paper_did_not_use():
    sheet = pd.read_csv(PAPER / "sheets" / "table1.csv")
    ours = {"HA": {"our_S": 306, "our_d": 3, "our_kind": "continuous", "our_classes": "225/81"},
            "IR": {"our_S": 150, "our_d": 4, "our_kind": "continuous",
                   "our_classes": "50/50/50"}}
    table = make_table1(sheet, ours, {})
    assert len(table) == len(sheet) + 1
    iris = table.iloc[-1]
    assert (iris["code"], iris["our_S"], iris["status"]) == ("IR", 150, "run (not in the paper)")
    assert table.set_index("code").at["HA", "status"] == "run"
    assert "nan" not in render_table1(table).lower()
    assert kinds_of(table) == {"HA": "continuous", "IR": "continuous"}


def test_claims_and_readings_as_cells(folds):
    paper = read_claims(PAPER / "claims.csv", "tables")
    kinds = {"BU": "continuous", "HE": "continuous", "IR": "continuous"}
    cells = claim_cells("yildiz15", "claims", claims_from_folds(paper, folds, kinds, 0.05))
    assert len(cells) == len(paper) and cells["reading"].eq("").all()
    view = claims_view(cells)
    assert list(view.columns) == ["id", "subject", "claim", "paper", "ours", "verdict", "check"]
    assert not view["claim"].str.startswith("Claim").any()
    chosen = pick_claims(paper, ["bounds_size", "bounds_small_loose"], "config")
    assert chosen["id"].tolist() == ["bounds_size", "bounds_small_loose"]
    with pytest.raises(ValueError, match=r"config: no claims \['bound_typo'\]"):
        pick_claims(paper, ["bound_typo"], "config")
    worst = reading_cells("bound at a1 = 4, a2 = 2", chosen, folds, (4.0, 2.0), "paper", kinds,
                          0.05)
    assert worst["reading"].eq("bound at a1 = 4, a2 = 2").all()
    assert worst["table"].eq("claims").all() and len(worst) == 2
    assert worst["note"].iloc[0] == "bound below the test error: SrmLocal: none; SrmGlobal: none"
    text = render_readings(cells, worst, "SrmLocal: BU; SrmGlobal: none", "settings")
    assert "nan" not in text.lower() and text.count("| bounds_size |") == 2
    assert "as run (default)" in text


def test_the_plan_shares_the_readings_folds_and_lists_every_cells_file():
    from smalltrees_workflow.config import ConfigError
    from smalltrees_workflow.plans import yildiz15 as plan

    tried = [{"reading": "worst", "constants": [4.0, 2.0]},
             {"reading": "per dataset", "pruning": {"selection": "dataset"}},
             {"reading": "per dataset, worst", "pruning": {"selection": "dataset"},
              "constants": [4.0, 2.0]},
             {"reading": "as configured", "pruning": {"confidence": "paper"}},
             {"reading": "both", "pruning": {"selection": "dataset", "confidence": "isell"}}]
    config = {"seed": 1, "yildiz15": {"datasets": ["A", "B"], **SETTINGS,
                                      "readings": {"tried": tried}}}
    assert plan.variants(config) == {"selection-dataset": {"selection": "dataset"},
                                     "confidence-isell_selection-dataset": {
                                         "selection": "dataset", "confidence": "isell"}}
    assert len(plan.reading_fold_files(config)) == 4
    params = {p["reading"]: p for p in plan.reading_params(config)}
    assert params["worst"]["folds"] == plan.fold_files(config)
    assert params["as configured"]["folds"] == plan.fold_files(config)
    assert params["per dataset, worst"]["folds"] == [
        "results/yildiz15/reading_folds/selection-dataset/A.csv",
        "results/yildiz15/reading_folds/selection-dataset/B.csv"]
    assert params["both"]["confidence"] == "isell" and params["worst"]["constants"] == [4, 2]

    assert plan.reading_fold_outputs(config) == [
        "results/yildiz15/reading_folds/selection-dataset/{dataset}.csv",
        "results/yildiz15/reading_folds/confidence-isell_selection-dataset/{dataset}.csv"]
    assert set(plan.cells(config)) == {"vc", "vc_claims", "table2", "table3", "table4",
                                       "claims", "claims_readings"}
    plain = {"seed": 1, "yildiz15": {"datasets": ["A", "B"], **SETTINGS}}
    assert "claims_readings" not in plan.cells(plain) and not plan.reading_fold_files(plain)
    config["yildiz15"]["readings"]["tried"].append({"reading": "worst"})
    with pytest.raises(ConfigError, match=r"readings \['worst'\] are named more than once"):
        plan.check_config(config, {"A": {}, "B": {}}, {})
