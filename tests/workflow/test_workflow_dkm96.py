"""End-to-end: the tiny DKM 1996 study through the workflow: section 3 (two small domains with
n = 2, and ISOLET, which the offline mirror does not have) and section 4 (a small decision list
and Pima in 3 folds), read from the shared offline tiny run. That a rerun has nothing to do
(the unavailable marker is a finished output) is test_workflow_reruns' first test."""

import json

import pandas as pd
from workflow_helpers import ROOT, planned_jobs

from smalltrees.evaluation.cells import read_cells
from smalltrees.studies.dkm96 import table1


def test_tiny_dkm96_study_completes_with_isolet_marked_unavailable(tiny_run):
    work, _ = tiny_run
    for number in (3, 4, 5, 6):
        for ext in ("png", "pdf"):
            assert (work / "figures" / f"dkm96_fig{number}.{ext}").stat().st_size > 1000

    cells = read_cells(work / "results/dkm96/cells/table1.csv")
    assert cells["code"].unique().tolist()[:3] == ["AN_3", "PI", "IS_E"]  # config order first
    computed = cells[cells["code"].isin(["AN_3", "PI"])]
    assert len(computed) == 16 and computed["ours"].notna().all()
    assert computed["verdict"].isin(["reproduced", "close", "differs", "inconclusive"]).all()
    isolet = cells[cells["code"] == "IS_E"]
    assert (isolet["verdict"] == "not run").all()
    assert isolet["note"].str.startswith("not run: data not available (sources tried: ").all()
    assert (cells.loc[cells["code"] == "LE_H", "verdict"] == "not run").all()  # not configured
    table = pd.read_csv(work / "results/tables/dkm96_table1.csv").set_index("domain")
    assert table.index.tolist()[:3] == ["AN_3", "PI", "IS_E"] and table.index[-1] == "all"
    assert table.loc[["AN_3", "PI"], "n"].tolist() == [2, 2]
    assert table.loc[["AN_3", "PI"], "n_test"].tolist() == [298, 256]
    assert table.loc["all", "domains"] == 2 and table.loc["all", "pooled_trials"] == 4
    claims = read_cells(work / "results/dkm96/cells/table1_claims.csv")
    assert claims["code"].tolist() == ["sign_test", "pooled_t"] * 2
    assert claims["reading"].tolist() == [""] * 2 + [table1.PAPER_READING] * 2
    signs = claims[claims["code"] == "sign_test"]
    assert signs["ours"].str.contains("of 2 domains").all()

    trials = json.loads((work / "results/dkm96/trials/PI/PI.json").read_text())
    assert [p["partition"] for p in trials["partitions"]] == [1, 2]
    assert all(sum(map(sum, p["contingency"])) == 256 for p in trials["partitions"])
    md = (work / "results/tables/dkm96_table1.md").read_text()
    assert "sign test" in md and "not run: data not available" in md
    stability = pd.read_csv(work / "results/tables/dkm96_stability.csv")
    assert stability.set_index("domain").loc["PI", "partitions"] == 2

    section4 = read_cells(work / "results/dkm96/cells/table2.csv")
    rows = section4[section4["quantity"] == "topdown_rounds"].set_index("code")
    assert rows.index.tolist() == ["DL", "PI", "AU"]  # AU: the paper's, not configured
    assert rows.loc["DL", "verdict"] == "" and rows.loc["DL", "paper"] == 218.0  # calibrated
    assert rows.loc["PI", "paper"] == 143.6 and rows.loc["PI", "verdict"] != ""
    assert rows.loc["AU", "verdict"] == "not run"
    assert section4.loc[section4["code"] != "AU", "ours"].notna().all()
    details = pd.read_csv(work / "results/tables/dkm96_table2.csv").set_index("domain")
    assert details.loc[["DL", "PI"], "trials"].tolist() == [3, 3]
    for number in (8, 9, 11, 12):
        assert (work / "figures" / f"dkm96_fig{number}.png").stat().st_size > 1000
    assert not (work / "figures" / "dkm96_fig10.png").exists()  # AU is not a row here
    checked = pd.read_csv(work / "results/tables/dkm96_claims.csv")
    assert set(checked["subject"]) == {"Decision List", "Pima Diabetes"}
    assert checked["verdict"].isin(["claim holds", "claim fails"]).all()
    section4_claims = read_cells(work / "results/dkm96/cells/claims.csv")
    assert len(section4_claims) == 9 and (section4_claims["table"] == "claims").all()
    calibration = pd.read_csv(work / "results/tables/dkm96_calibration.csv")
    assert len(calibration) == 2 and calibration["configured"].sum() == 1  # on the grid
    for name in ("table1", "table2", "claims", "readings", "stability"):
        assert "nan" not in (work / f"results/tables/dkm96_{name}.md").read_text().lower()


def test_a_new_dataset_runs_its_own_jobs_and_the_tables_only(tiny_run):
    """Adding to both tables a dataset the paper did not use (tests/config/ours_alone_dkm96.yaml)
    plans its own trials and the tables built from them: no other domain is refitted."""
    work, args = tiny_run
    jobs = planned_jobs(work, *args[:2], str(ROOT / "tests/config/ours_alone_dkm96.yaml"),
                        *args[2:])
    fits = {(rule, w.get("domain")) for rule, w in jobs if "trials" in rule or "rounds" in rule}
    assert fits == {("dkm96_table1_trials", "HA_2"), ("dkm96_boosting_trials", "HA")}
    rules = {rule for rule, _ in jobs}
    assert {"dkm96_table1", "dkm96_table2", "dkm96_claims"} <= rules
    assert not any(rule.startswith(("auer95", "last02", "yildiz15")) for rule in rules)
