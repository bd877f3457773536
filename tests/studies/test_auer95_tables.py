"""Auer et al. (1995) Table 1, Sky2 and Table 2 as cells: one comparison per table, views
rendered from the cells, a dataset the paper did not use shown as ours alone."""

from pathlib import Path

import numpy as np
import pandas as pd

from smalltrees.evaluation.transcriptions import (
    check_quantities,
    read_paper,
    transcription_files,
)
from smalltrees.reporting.cell_views import cell_text
from smalltrees.studies.auer95 import PRODUCES
from smalltrees.studies.auer95.sky import make_sky_table, render_sky_table, sky_cells
from smalltrees.studies.auer95.table1 import render_table1, table1_cells, table1_view
from smalltrees.studies.auer95.table2 import (
    paired_tests,
    render_table2,
    table2_cells,
    table2_view,
)
from smalltrees.studies.auer95.vc_factors import factor_cells, predicted_factors

PAPER = Path(__file__).resolve().parents[2] / "data" / "paper" / "auer95"


def transcription(rows) -> pd.DataFrame:
    """A transcription frame from (table, code, quantity, value, spread, decimals) tuples."""
    return pd.DataFrame([{"table": t, "code": c, "quantity": q, "value": v, "spread": s,
                          "decimals": d, "where": ""} for t, c, q, v, s, d in rows])


def test_the_transcriptions_are_in_the_long_layout_and_produced():
    paper = read_paper(transcription_files(PAPER))
    check_quantities(paper, PRODUCES)
    assert paper.groupby("table").size().to_dict() == {"factors": 4, "sky2": 15,
                                                       "table1": 60, "table2": 75}
    cr = paper[(paper["table"] == "factors") & (paper["code"] == "CR")]
    assert (cr["value"] - cr["spread"]).tolist() == [17.0, 17.0]   # "between 17 and 25"
    assert (cr["value"] + cr["spread"]).tolist() == [25.0, 25.0]
    depth = paper[(paper["quantity"] == "c45_depth")].set_index("code")["decimals"]
    assert (depth["HE"], depth["PI"]) == (2, 1)                   # 4.82, 33.3 as printed


def table1_rows() -> dict:
    base = {"missing": "no", "continuous": 1, **{f"values_{b}": 0 for b in
                                                 ("2", "3", "4", "5", "6", ">6")}}
    return {"AA": base | {"size": 10, "classes": 2, "baseline": 60.0, "total": 3},
            "BB": base | {"size": 20, "classes": 3, "baseline": 40.0, "total": 5},
            "NEW": base | {"size": 30, "classes": 2, "baseline": 50.0, "total": 4}}


def table1_paper() -> pd.DataFrame:
    numbers = {"AA": (10, 2, 60.0, 3), "BB": (20, 3, 40.5, 5), "ZZ": (9, 2, 50.0, 1)}
    return transcription([("table1", code, q, v, np.nan, 1 if q == "baseline" else 0)
                          for code, values in numbers.items()
                          for q, v in zip(("size", "classes", "baseline", "total"), values,
                                          strict=True)])


def test_table1_cells_flag_only_the_differing_numbers_and_show_ours_alone():
    rows = table1_rows()
    cells = table1_cells(rows, table1_paper())
    judged = cells.set_index(["code", "quantity"])["verdict"]
    assert judged[("BB", "baseline")] == "differs" and judged[("AA", "baseline")] == "reproduced"
    assert (cells[cells["code"] == "NEW"]["verdict"] == "").all()
    assert cells[cells["code"] == "NEW"]["paper"].isna().all()
    assert "ZZ" not in set(cells["code"])   # a dataset the config leaves out is not "not run"
    view = table1_view(cells, rows, {"AA": "a"}, {"BB": "why"})
    assert view["differs"].tolist() == ["", "baseline", ""]
    text = render_table1(view)
    assert "**40.0 (40.5)**" in text and "| 20 (20) |" in text and "| 30 | 2 | 50.0 | 4 |" in text
    assert "nan" not in text


def test_sky2_cells_at_the_papers_rounding():
    rows = {"AA": {"n": 10, "sky1": 80.0, "sky2": 87.65, "t2_errors": 1},
            "BB": {"n": 10, "sky1": 80.0, "sky2": 90.0, "t2_errors": 1},
            "NEW": {"n": 10, "sky1": 70.0, "sky2": 75.0, "t2_errors": 2}}
    paper = transcription([("sky2", "AA", "sky2", 87.7, np.nan, 1),
                           ("sky2", "BB", "sky2", 89.0, np.nan, 1),
                           ("table2", "AA", "c45_accuracy", 80.0, 1.0, 1)])
    cells = sky_cells(rows, paper)
    assert cells["verdict"].tolist() == ["reproduced", "differs", ""]
    deeper = {code: {"sky3": 95.0, "t3_errors": 0} for code in rows}
    table = make_sky_table(cells, rows, paper, {}, deeper)
    text = render_sky_table(table, rows)
    assert "**90.0 (89.0)**" in text and "| NEW | 10 | 70.0 | 75.0 |" in text
    assert "on 1 of 1 datasets" in text and "nan" not in text


def table2_folds() -> pd.DataFrame:
    folds = []
    for code in ("AA", "NEW"):
        for learner, accuracies in (("T2", [0.8, 0.9, 0.7, 0.8]), ("C45", [0.9] * 4),
                                    ("C45_X", [0.85] * 4)):
            for i, accuracy in enumerate(accuracies):
                folds.append({"dataset": code, "learner": learner, "repetition": 1 + i // 2,
                              "fold": i % 2, "n_train": 8, "n_test": 2, "accuracy": accuracy,
                              "dynamic_complexity": 2.0, "frac_deeper_than_2": 0.5,
                              "depth": 3})
    return pd.DataFrame(folds)


def table2_paper() -> pd.DataFrame:
    return transcription([("sky2", "AA", "sky2", 90.0, np.nan, 1),
                          ("table2", "AA", "t2_accuracy", 80.0, 1.0, 1),
                          ("table2", "AA", "c45_accuracy", 70.0, 0.1, 1),
                          ("table2", "AA", "c45_dynamic_complexity", 2.0, np.nan, 2),
                          ("table2", "AA", "c45_pct_deeper_than_2", 50.0, np.nan, 0),
                          ("table2", "AA", "c45_depth", 2.0, np.nan, 1)])


COMPARE = {"t2": "T2", "c45": "C45"}
LEARNERS = ["T2", "C45", "C45_X"]


def test_table2_cells_from_per_fold_rows():
    cells = table2_cells(table2_folds(), table2_paper(), ["AA", "NEW"], LEARNERS, COMPARE, 2.0)
    aa = cells[cells["code"] == "AA"].set_index("quantity")
    assert aa.at["t2_accuracy", "ours"] == 80.0 and aa.at["t2_accuracy", "ours_spread"] == 7.07
    assert aa.at["c45_accuracy", "ours"] == 90.0
    assert aa.at["t2_accuracy", "verdict"] == "reproduced"
    assert aa.at["c45_accuracy", "verdict"] == "differs"
    assert aa.at["c45_pct_deeper_than_2", "ours"] == 50.0
    # complexity: no spread over repetitions here, so judged at the paper's rounding
    assert aa.at["c45_depth", "ours_spread"] == 0.0 and aa.at["c45_depth", "verdict"] == "differs"
    # a learner the paper did not run and a dataset it did not use: ours alone
    assert aa.at["accuracy[C45_X]", "verdict"] == "" and np.isnan(aa.at["accuracy[C45_X]",
                                                                        "paper"])
    new = cells[cells["code"] == "NEW"]
    assert len(new) == 6 and (new["verdict"] == "").all() and new["ours"].notna().all()


def test_table2_markdown_is_rendered_from_its_cells():
    folds, paper = table2_folds(), table2_paper()
    cells = table2_cells(folds, paper, ["AA", "NEW"], LEARNERS, COMPARE, 2.0)
    sky = sky_cells({"AA": {"sky2": 90.0}, "NEW": {"sky2": 88.0}}, paper)
    view = table2_view(cells, sky, paired_tests(folds, ["AA", "NEW"], COMPARE), ["AA", "NEW"],
                       LEARNERS, COMPARE, {"AA": "a note"})
    text = render_table2(view, COMPARE)
    # every default cell is shown as its cell_text, marked by the cell's own verdict
    for cell in cells.to_dict("records"):
        assert cell_text(cell) in text, cell
    assert "**90.0 ± 0.00 (70.0 ± 0.10)**" in text and "80.0 ± 7.07 (80.0 ± 1.00)" in text
    assert "| NEW | 88.0 | 80.0 ± 7.07 | 90.0 ± 0.00 | 85.0 ± 0.00 |" in text
    assert "-10.0 (p = " in text and "a note" in text and "nan" not in text


def test_factors_of_a_dataset_the_paper_does_not_quote_are_ours_alone():
    factors = predicted_factors({"SE": {"n": 25, "b": 2, "b_missing": 3, "p": 2},
                                 "NEW": {"n": 5, "b": 3, "b_missing": 4, "p": 2}},
                                {"SE": {"sky1": 95.0, "sky2": 97.5},
                                 "NEW": {"sky1": 80.0, "sky2": 85.0}})
    cells = factor_cells(factors, read_paper(transcription_files(PAPER)), around=0.25)
    assert len(cells) == 2 * len(factors)                         # no CR: not "not run"
    new = cells[cells["code"] == "NEW"]
    assert (new["verdict"] == "").all() and new["paper"].isna().all()
    assert set(cells[cells["code"] == "SE"]["verdict"]) <= {"reproduced", "differs"}


def test_sky2_readings_are_reading_cells_and_say_what_they_change():
    from smalltrees.studies.auer95.sky import readings_text, sky_reading_cells
    reading = "missing below"
    rows = {"AA": {"sky2": 90.97, "readings": {reading: {"sky2": 89.03, "t2_errors": 17}}},
            "BB": {"sky2": 90.0, "readings": {reading: {"sky2": 90.0, "t2_errors": 1}}},
            "NEW": {"sky2": 75.0, "readings": {reading: {"sky2": 75.0, "t2_errors": 2}}}}
    paper = transcription([("sky2", "AA", "sky2", 89.0, np.nan, 1),
                           ("sky2", "BB", "sky2", 90.0, np.nan, 1)])
    cells = sky_reading_cells(rows, paper)
    assert set(cells["reading"]) == {reading}
    by_code = cells.set_index("code")
    assert by_code.at["AA", "verdict"] == "reproduced"            # 89.03 vs 89.0 at +- 0.05
    assert pd.isna(by_code.at["NEW", "paper"])                    # a dataset of ours alone
    text = readings_text(cells, sky_cells(rows, paper))
    assert "AA 89.03 (paper 89: reproduced)" in text and "BB" not in text
    assert sky_reading_cells({"AA": {"sky2": 1.0}}, paper).empty  # no readings, no cells
