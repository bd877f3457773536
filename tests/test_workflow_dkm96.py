"""End-to-end: the tiny DKM 1996 study through the workflow: section 3 (two small domains with
n = 2, and ISOLET, which the offline mirror does not have) and section 4 (a small decision list
and Pima in 3 folds), read from the shared offline tiny run. That a rerun has nothing to do
(the unavailable marker is a finished output) is test_workflow_reruns' first test."""

import json

import pandas as pd


def test_tiny_dkm96_study_completes_with_isolet_marked_unavailable(tiny_run):
    work, _ = tiny_run
    for number in (3, 4, 5, 6):
        for ext in ("png", "pdf"):
            assert (work / "figures" / f"dkm96_fig{number}.{ext}").stat().st_size > 1000

    table = pd.read_csv(work / "results/tables/dkm96_table1.csv")
    assert table["domain"].tolist() == ["AN_3", "PI", "IS_E", "all"]
    computed = table.set_index("domain").loc[["AN_3", "PI"]]
    assert (computed["status"] == "ok").all() and (computed["n"] == 2).all()
    assert computed["n_test"].tolist() == [298, 256]
    for column in ("err_G", "err_H", "ci_low", "ci_high", "size_G", "size_H", "t", "p_t",
                   "paper_err_G", "err_G_verdict"):
        assert computed[column].notna().all(), column
    isolet = table.set_index("domain").loc["IS_E"]
    assert isolet["status"].startswith("not run: data not available (sources tried: ")
    assert "isolet/isolet1+2+3+4.data.Z: no such file" in isolet["status"]
    assert isolet["err_G_verdict"] == "not run"
    overall = table.set_index("domain").loc["all"]
    assert overall["domains"] == 2 and overall["pooled_trials"] == 4

    trials = json.loads((work / "results/dkm96/trials/PI/PI.json").read_text())
    assert [p["partition"] for p in trials["partitions"]] == [1, 2]
    assert all(sum(map(sum, p["contingency"])) == 256 for p in trials["partitions"])
    md = (work / "results/tables/dkm96_table1.md").read_text()
    assert "Sign test over 2 domains" in md and "not run: data not available" in md
    stability = pd.read_csv(work / "results/tables/dkm96_stability.csv")
    assert stability.set_index("domain").loc["PI", "partitions"] == 2

    section4 = pd.read_csv(work / "results/tables/dkm96_table2.csv").set_index("domain")
    assert section4.index.tolist() == ["DL", "PI"] and section4["trials"].tolist() == [3, 3]
    assert section4.loc["DL", "calibrated"] and not section4.loc["PI", "calibrated"]
    for cell in ("topdown_rounds", "adaboost_train_error", "topdown_test_error",
                 "adaboost_test_error", "topdown_g_rounds"):
        assert section4[cell].notna().all(), cell
    assert section4.loc["PI", "paper_topdown_rounds"] == 143.6
    for number in (8, 9, 11, 12):
        assert (work / "figures" / f"dkm96_fig{number}.png").stat().st_size > 1000
    assert not (work / "figures" / "dkm96_fig10.png").exists()  # AU is not a row here
    claims = pd.read_csv(work / "results/tables/dkm96_claims.csv")
    assert set(claims["subject"]) == {"Decision List", "Pima Diabetes"}
    assert claims["verdict"].isin(["claim holds", "claim fails"]).all()
    calibration = pd.read_csv(work / "results/tables/dkm96_calibration.csv")
    assert len(calibration) == 2 and calibration["configured"].sum() == 1  # on the grid
    card = pd.read_csv(work / "results/dkm96/scorecard.csv")
    assert card["item"].str.startswith("Table 2, ").sum() == 4  # PI only: DL is calibrated
    assert (card["section"] == "Claims of section 4").sum() == 9

