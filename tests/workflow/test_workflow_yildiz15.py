"""End-to-end: the tiny yildiz15 study (monks-1 and haberman, 2 x 2 folds, a coarse grid; Figures
10-11 on d = 2 and 3; two readings of the bound), read from the shared tiny run. Byte-identity
for 1 and 2 cores is checked over all results in test_workflow_auer95."""

import pandas as pd

from smalltrees.evaluation.cells import CELL_COLUMNS, read_cells
from smalltrees_workflow.plans.yildiz15 import cells as cells_of

METHODS = ["NoPrune", "CvPrune", "SrmLocal", "SrmGlobal"]


def test_tiny_yildiz15_tables_claims_and_cd_diagrams(tiny_run):
    work, _ = tiny_run

    folds = pd.read_csv(work / "results/yildiz15/folds/MO.csv")
    assert len(folds) == 2 * 2 * 4 and (folds["n_test"] == 144).all()
    wide = folds.pivot(index="fold", columns="method", values="nodes")
    assert wide[METHODS[1:]].le(wide["NoPrune"], axis=0).all().all()

    table1 = pd.read_csv(work / "results/tables/yildiz15_table1.csv")
    assert len(table1) == 31
    monks = table1.set_index("dataset").loc["monks"]
    assert (monks["our_S"], monks["our_d"], monks["our_kind"]) == (432, 6, "discrete")
    assert table1.set_index("dataset").loc["haberman", "our_kind"] == "continuous"
    assert table1["status"].str.startswith("not available").sum() == 8

    table2 = pd.read_csv(work / "results/tables/yildiz15_table2.csv")
    assert table2["code"].tolist() == ["MO", "HA"]
    assert table2[METHODS].apply(lambda c: c.between(0, 100)).all().all()
    table4 = pd.read_csv(work / "results/tables/yildiz15_table4.csv")
    assert (table4[["SrmLocal", "SrmGlobal"]] >= 0).all().all()

    claims = pd.read_csv(work / "results/tables/yildiz15_claims.csv")
    assert len(claims) == 10
    assert set(claims["verdict"]) <= {"claim holds", "claim fails", "not run"}
    for name in ("cd_error", "cd_nodes", "fig10", "fig11"):
        assert (work / f"figures/yildiz15_{name}.png").stat().st_size > 1000

    # Figures 10-11 on the tiny dims [2, 3], shapes with up to 3 nodes and depth <= d
    vc = pd.read_csv(work / "results/tables/yildiz15_vc.csv")
    assert vc.groupby("d").size().to_dict() == {2: 3, 3: 4}
    assert (vc["exact"] >= vc["lb"]).all() and (vc["figure"] == "fig10").sum() == 3
    d3 = vc[vc["d"] == 3].set_index("shape")
    assert d3.loc["(L,(L,L))", ["lb", "exact", "paper_lb", "paper_exact", "code"]].tolist() == [
        3, 4, 3, 4, "fig10:2"]
    assert "claim holds" in (work / "results/tables/yildiz15_vc.md").read_text()


def test_tiny_yildiz15_cells(tiny_run):
    """Every cells file the plan lists exists with the contract's columns; the paper's pairs
    of d = 4 are not run on the tiny dims; Tables II-IV are ours alone; the readings explain
    the claims table's cells."""
    work, _ = tiny_run
    config = {"yildiz15": {"readings": {"tried": [{"reading": "r"}]}}}
    cells = {key: read_cells(work / f"results/yildiz15/cells/{key}.csv")
             for key in cells_of(config)}
    assert all(list(frame.columns) == list(CELL_COLUMNS) for frame in cells.values())
    # d = 3 shapes of <= 3 nodes: Figure 10's positions 1-4 run, 5-10 not; Figure 11 not run
    vc = cells["vc"]
    assert vc["table"].eq("vc").all() and len(vc) == 44
    fixed = vc[vc["reading"] != ""]  # the exact value with the polarity fixed, of the 4 run
    assert len(fixed) == 4 and fixed["quantity"].eq("exact").all()
    assert fixed["verdict"].eq("reproduced").all()
    vc = vc[vc["reading"] == ""]
    fig10, fig11 = vc[vc["code"].str.startswith("fig10:")], vc[vc["code"].str.startswith("fig11:")]
    assert (fig10["verdict"] == "reproduced").sum() == 8
    assert fig11["verdict"].eq("not run").all()
    assert cells["vc_claims"]["verdict"].tolist() == ["claim holds"]
    for key in ("table2", "table3", "table4"):
        assert cells[key]["verdict"].eq("").all() and cells[key]["code"].unique().tolist() == [
            "MO", "HA"]
    readings = cells["claims_readings"]
    assert readings["table"].eq("claims").all()
    assert set(readings["code"]) <= set(cells["claims"]["code"])
    assert sorted(set(readings["reading"])) == ["(a1, a2) per dataset",
                                                "bound at a1 = 4, a2 = 2"]
    for view in ("table1", "table2", "table3", "table4", "claims", "vc", "claims_readings"):
        assert "nan" not in (work / f"results/tables/yildiz15_{view}.md").read_text().lower()
