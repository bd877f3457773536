"""End-to-end: the DKM 1996 readings in the shared offline tiny run (Table 1's rows AN_3, PI and
IS_E, Table 2's DL and PI): the readings of domains outside the table (LE_H, CH, SA_4) are
dropped, Annealing's are computed, Pima's rounds are counted on Table 2's 3 folds."""

import pandas as pd


def test_tiny_readings_cover_the_tables_rows_only(tiny_run):
    work, _ = tiny_run
    table = pd.read_csv(work / "results/tables/dkm96_readings.csv")
    assert table["block"].unique().tolist() == ["AN_3", "PI rounds"]
    annealing = table[table["block"] == "AN_3"]
    assert annealing["reading"].unique().tolist() == ["not_applicable", "unknown", "own_value"]
    assert (annealing["partitions"] == 2).all() and annealing["ours"].notna().all()
    assert annealing.set_index(["reading", "metric"]).loc[("unknown", "err_G"), "paper"] == 3.78
    rounds = table[(table["block"] == "PI rounds") & (table["metric"] == "tests")]
    assert rounds.set_index("reading").loc["TopDown", "partitions"] == 3
    assert (rounds.set_index("reading")["paper"].drop("Table 1 C4.5(H) unpruned") == 143.6).all()
    assert (work / "results/dkm96/readings/AN/AN_3/unknown.json").exists()
    assert not (work / "results/dkm96/readings/AN/AN_3/not_applicable.json").exists()  # Table 1's
    md = (work / "results/tables/dkm96_readings.md").read_text()
    assert "## Annealing ('3') (AN_3)" in md and "Outcome (data/paper/dkm96/notes.csv)" in md
