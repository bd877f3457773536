"""End-to-end: the DKM 1996 readings in the shared offline tiny run (Table 1's rows AN_3, PI and
IS_E, Table 2's DL and PI): the readings of domains outside the table (LE_H, CH, SA_4) are
dropped, Annealing's are computed, Pima's rounds are counted on Table 2's 3 folds; each reading
is a cell of the table whose deviation it explains."""

from smalltrees.evaluation.cells import read_cells


def test_tiny_readings_cover_the_tables_rows_only(tiny_run):
    work, _ = tiny_run
    table1 = read_cells(work / "results/dkm96/cells/table1_readings.csv")
    assert table1["code"].unique().tolist() == ["AN_3", "PI"]
    annealing = table1[table1["code"] == "AN_3"]
    assert annealing["reading"].unique().tolist() == ["not_applicable", "unknown", "own_value"]
    assert annealing["note"].str.endswith("mean over R = 2 partitions").all()
    assert annealing["ours"].notna().all()
    cell = annealing.set_index(["reading", "quantity"]).loc[("unknown", "err_G")]
    assert cell["paper"] == 3.78 and cell["verdict"] != ""
    table2 = read_cells(work / "results/dkm96/cells/table2_readings.csv")
    rounds = table2[table2["quantity"] == "topdown_rounds"]
    assert (rounds["code"] == "PI").all() and (rounds["paper"] == 143.6).all()
    assert rounds["note"].str.contains("3 trials").all()
    assert (work / "results/dkm96/readings/AN/AN_3/unknown.json").exists()
    assert not (work / "results/dkm96/readings/AN/AN_3/not_applicable.json").exists()  # Table 1's
    md = (work / "results/tables/dkm96_readings.md").read_text()
    assert "## Annealing ('3') (AN_3), Table 1" in md and "| default |" in md
    assert "Outcome (data/paper/dkm96/notes.csv)" in md
