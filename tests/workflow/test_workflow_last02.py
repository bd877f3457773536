"""End-to-end: the tiny last02 study (Iris and Lung-cancer, 2 x 5-fold CV) through the workflow."""

import json

import pandas as pd

from smalltrees.evaluation.cells import read_cells


def test_tiny_last02_tables_figure_and_claims(tiny_run):
    work, _ = tiny_run
    cells = work / "results/last02/cells"

    table3 = read_cells(cells / "table3.csv").set_index(["code", "quantity"])
    assert [table3.loc[("IR", m), "ours"] for m in ("records", "classes", "continuous",
                                                    "nominal")] == [150, 3, 4, 0]
    readings3 = read_cells(cells / "table3_readings.csv")
    assert set(readings3["reading"]) == {"IFN_STD", "IFN_LITERAL"}
    for code in ("IR", "LC"):
        for learner in ("IFN", "C45_R8", "BAG_C45"):
            assert 20 <= table3.loc[(code, f"accuracy[{learner}]"), "ours"] <= 100
    assert set(table3.loc[[("IR", "accuracy[IFN]"), ("LC", "accuracy[IFN]")], "verdict"]) <= {
        "reproduced", "differs"}
    # the paper's datasets not in the tiny run are not run, the Average too (with the note)
    assert table3.loc[("AU", "records"), "verdict"] == "not run"
    assert table3.loc[("mean", "records"), "verdict"] == "not run"
    assert "not the paper's average" in table3.loc[("mean", "records"), "note"]

    table4 = read_cells(cells / "table4.csv").set_index(["code", "quantity"])
    readings4 = read_cells(cells / "table4_readings.csv").set_index(
        ["code", "quantity", "reading"])
    # Iris: the default reading adds a cut to Figure 2's network (8); the literal one gives 6
    assert table4.loc[("IR", "output_size[IFN]"), "ours"] == 8
    assert table4.loc[("IR", "output_size[IFN]"), "paper"] == 6
    literal = readings4.loc[("IR", "output_size[IFN]", "IFN_LITERAL")]
    assert literal["ours"] == 6 and literal["verdict"] == "reproduced"
    for learner in ("IFN", "C45_R8", "BAG_C45"):
        assert 0 <= table4.loc[("LC", f"stability[{learner}]"), "ours"] <= 100

    network = json.loads((work / "results/last02/network/IR/IFN.json").read_text())
    assert network["output_size"] == 8 and len(network["layers"]) == 1
    agreement = pd.read_csv(work / "results/last02/stability/LC/IFN.csv")
    assert len(agreement) == 2 * 200 and agreement["agreement"].between(0, 1).all()
    sizes = pd.read_csv(work / "results/last02/stability/LC/C45_R8.sizes.csv")
    assert len(sizes) == 2 * 5

    claims = pd.read_csv(work / "results/tables/last02_claims.csv")
    assert set(claims["verdict"]) <= {"claim holds", "claim fails"} and len(claims) == 3 * 11
    claim_cells = read_cells(cells / "claims.csv")
    assert len(claim_cells) == len(claims)
    assert (claim_cells["verdict"] == "").sum() == (claims["paper"].isna()).sum()
    assert (work / "figures/last02_size_stability.png").stat().st_size > 1000

    # every reading of eq. 4 from the same fits; the default one is Table 4's
    readings = pd.read_csv(work / "results/tables/last02_stability_readings.csv")
    runs = readings[readings["code"] != "mean"]
    assert len(runs) == 2 * 5 * 6 and runs["stability"].between(0, 100).all()
    default = runs[runs["default"]].set_index(["code", "learner"])["stability"]
    assert len(default) == 2 * 5
    for code in ("IR", "LC"):
        for learner in ("IFN", "C45_R8", "BAG_C45"):
            assert default[code, learner] == table4.loc[(code, f"stability[{learner}]"), "ours"]
        assert default[code, "IFN_STD"] == readings4.loc[(code, "stability[IFN]", "IFN_STD"),
                                                         "ours"]
    eq4 = read_cells(cells / "table4_stability_readings.csv")
    assert set(eq4["reading"]) == {f"eq. 4: {r}" for r in (
        "records/all", "uniform/run", "uniform/all", "empirical/run", "empirical/all")}
    assert (work / "figures/last02_stability_readings.png").stat().st_size > 1000

    # the stability job runs the CV itself and keeps its models: the same fits, so the same fold
    # sizes; Table 4 and the claims show the second tests beside the first
    folds = pd.read_csv(work / "results/last02/cv/LC/IFN.csv")
    stability_sizes = pd.read_csv(work / "results/last02/stability/LC/IFN.sizes.csv")
    assert folds["output_size"].tolist() == stability_sizes["output_size"].tolist()
    assert {("LC", "p_runs_vs_cmm[IFN]"), ("LC", "sig_runs_vs_cmm[IFN]")} <= set(table4.index)
    assert ("IR", "p_above_quoted[IFN]") in table3.index
    assert {"stability_above_cmm_runs", "accuracy_only_iris_corrected"} <= set(claims["id"])
    for name in ("table3", "table4", "claims", "stability_readings"):
        assert "nan" not in (work / f"results/tables/last02_{name}.md").read_text().lower()
