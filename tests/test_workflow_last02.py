"""End-to-end: the tiny last02 study (Iris and Lung-cancer, 2 x 5-fold CV) through the workflow."""

import json

import pandas as pd


def test_tiny_last02_tables_figure_and_claims(tiny_run):
    work, _ = tiny_run

    table3 = pd.read_csv(work / "results/tables/last02_table3.csv")
    assert table3["code"].tolist() == ["IR", "LC", "mean"]
    assert table3.loc[0, ["records", "classes", "continuous", "nominal"]].tolist() == [150, 3, 4, 0]
    for learner in ("IFN", "IFN_STD", "IFN_LITERAL", "C45_R8", "BAG_C45"):
        assert table3[f"accuracy[{learner}]"].between(20, 100).all(), learner
    assert set(table3["accuracy_verdict[IFN]"].dropna()) <= {"reproduced", "differs"}

    table4 = pd.read_csv(work / "results/tables/last02_table4.csv")
    # Iris: the default reading adds a cut to Figure 2's network (8); the literal one gives 6
    assert table4.loc[0, "output_size[IFN]"] == 8 and table4.loc[0, "paper_size_IFN"] == 6
    assert table4.loc[0, "output_size[IFN_LITERAL]"] == 6
    assert table4.loc[0, "size_verdict[IFN_LITERAL]"] == "reproduced"
    for learner in ("IFN", "IFN_STD", "IFN_LITERAL", "C45_R8", "BAG_C45"):
        assert table4[f"stability[{learner}]"].between(0, 100).all(), learner

    network = json.loads((work / "results/last02/network/IR/IFN.json").read_text())
    assert network["output_size"] == 8 and len(network["layers"]) == 1
    agreement = pd.read_csv(work / "results/last02/stability/LC/IFN.csv")
    assert len(agreement) == 2 * 200 and agreement["agreement"].between(0, 1).all()
    sizes = pd.read_csv(work / "results/last02/stability/LC/C45_R8.sizes.csv")
    assert len(sizes) == 2 * 5

    claims = pd.read_csv(work / "results/tables/last02_claims.csv")
    assert set(claims["verdict"]) <= {"claim holds", "claim fails"} and len(claims) == 3 * 11
    assert (work / "figures/last02_size_stability.png").stat().st_size > 1000

    # every reading of eq. 4 from the same fits; the default one is Table 4's
    readings = pd.read_csv(work / "results/tables/last02_stability_readings.csv")
    runs = readings[readings["code"] != "mean"]
    assert len(runs) == 2 * 5 * 6 and runs["stability"].between(0, 100).all()
    default = runs[runs["default"]].set_index(["code", "learner"])["stability"]
    assert len(default) == 2 * 5
    for learner in ("IFN", "IFN_STD", "IFN_LITERAL", "C45_R8", "BAG_C45"):
        for i, code in enumerate(("IR", "LC")):
            assert default[code, learner] == table4.loc[i, f"stability[{learner}]"]
    assert (work / "figures/last02_stability_readings.png").stat().st_size > 1000

    # the stability job runs the CV itself and keeps its models: the same fits, so the same fold
    # sizes; Table 4 and the claims show the second tests beside the first
    folds = pd.read_csv(work / "results/last02/cv/LC/IFN.csv")
    stability_sizes = pd.read_csv(work / "results/last02/stability/LC/IFN.sizes.csv")
    assert folds["output_size"].tolist() == stability_sizes["output_size"].tolist()
    assert {"p_runs_vs_cmm[IFN]", "sig_runs_vs_cmm[IFN]"} <= set(table4.columns)
    assert "p_above_quoted[IFN]" in table3.columns
    assert {"stability_above_cmm_runs", "accuracy_only_iris_corrected"} <= set(claims["id"])
