"""Tests of the hypotheses about Auer et al.'s C4.5 readings (Table 2, issue 24): reading cells
of Table 2's C4.5 cells."""

import numpy as np
import pandas as pd
import pytest

from smalltrees.studies.auer95.c45_readings import (
    c45_reading_cells,
    render_c45_readings,
    summarise,
)


def folds(learner: str, depth: int, unpruned: int) -> pd.DataFrame:
    """Two datasets, two repetitions of two folds, every tree of the given depth."""
    rows = []
    for code in ("AA", "BB"):
        for repetition in (1, 2):
            for fold in (0, 1):
                rows.append({"dataset": code, "learner": learner, "repetition": repetition,
                             "fold": fold, "accuracy": 0.8 + 0.1 * fold,
                             "dynamic_complexity": 2.0, "frac_deeper_than_2": 0.25,
                             "depth": depth, "frac_deeper_than_1": 0.5 + 0.1 * repetition,
                             "mean_leaf_depth": 1.5, "distinct_attributes": 1.75,
                             "unpruned_depth": unpruned})
    return pd.DataFrame(rows)


def paper() -> pd.DataFrame:
    """A transcription of table ``table2`` for AA and BB (the paper's decimals)."""
    values = {"c45_dynamic_complexity": (2.0, np.nan, 2),
              "c45_pct_deeper_than_2": (25.0, np.nan, 0),
              "c45_depth": (6.0, np.nan, 1), "c45_accuracy": (85.0, 1.0, 1)}
    return pd.DataFrame([{"table": "table2", "code": code, "quantity": metric, "value": value,
                          "spread": sd, "decimals": decimals, "where": ""}
                         for code in ("AA", "BB")
                         for metric, (value, sd, decimals) in values.items()])


HYPOTHESES = [
    {"hypothesis": "edges", "learner": "C", "reading": "edges"},
    {"hypothesis": "levels", "learner": "C", "reading": "levels"},
    {"hypothesis": "unpruned", "learner": "C", "reading": "unpruned_depth"},
    {"hypothesis": "leaves", "learner": "C", "reading": "mean_leaf_depth"},
]


MEASURES = {"d.c.": "c45_dynamic_complexity", "% > 2": "c45_pct_deeper_than_2",
            "depth": "c45_depth", "accuracy": "c45_accuracy"}


@pytest.fixture
def table() -> pd.DataFrame:
    return c45_reading_cells(folds("C", depth=3, unpruned=6), paper(), ["AA", "BB"],
                             HYPOTHESES, tolerance=2.0)


def cell(table, hypothesis, measure, code="AA"):
    return table[(table["reading"] == hypothesis) & (table["quantity"] == MEASURES[measure])
                 & (table["code"] == code)].iloc[0]


def test_each_reading_reads_the_same_runs(table):
    assert cell(table, "edges", "depth")["ours"] == 3.0
    assert cell(table, "edges", "d.c.")["ours"] == 2.0
    assert cell(table, "edges", "% > 2")["ours"] == 25.0
    assert cell(table, "levels", "depth")["ours"] == 4.0          # the leaf counted
    assert cell(table, "levels", "d.c.")["ours"] == 3.0
    levels = cell(table, "levels", "% > 2")                       # more than one test deep
    assert levels["ours"] == pytest.approx(65.0)
    assert levels["ours_spread"] == pytest.approx(7.071, abs=1e-3)    # 60 and 70 per repetition
    assert cell(table, "unpruned", "depth")["ours"] == 6.0
    assert cell(table, "leaves", "depth")["ours"] == 1.5
    # the accuracy is the mean of the repetitions' CV estimates, whatever the reading
    assert {cell(table, h["hypothesis"], "accuracy")["ours"] for h in HYPOTHESES} == {85.0}


def test_distinct_attributes_reads_only_dc_otherwise():
    distinct = [{"hypothesis": "distinct", "learner": "C", "reading": "distinct_attributes"}]
    table = c45_reading_cells(folds("C", depth=3, unpruned=6), paper(), ["AA", "BB"],
                              distinct, tolerance=2.0)
    assert cell(table, "distinct", "d.c.")["ours"] == 1.75        # each attribute once
    assert cell(table, "distinct", "depth")["ours"] == 3.0        # the rest as edges
    assert cell(table, "distinct", "% > 2")["ours"] == 25.0


def test_verdicts_use_table2s_rule(table):
    assert cell(table, "edges", "depth")["verdict"] == "differs"   # 3 vs 6, no spread
    assert cell(table, "unpruned", "depth")["verdict"] == "reproduced"
    assert cell(table, "edges", "d.c.")["verdict"] == "reproduced"
    assert cell(table, "edges", "accuracy")["verdict"] == "reproduced"


def test_only_a_reading_that_fixes_depth_everywhere_explains_the_paper(table):
    summary = summarise(table, "edges").set_index("hypothesis")
    assert summary.at["edges", "depth"] == 0
    assert summary.at["unpruned", "depth"] == 2
    assert summary["explains"].to_dict() == {"edges": False, "levels": False,
                                              "unpruned": True, "leaves": False}
    # a reading that fixes depth but loses d.c. does not explain the paper
    broken = table.copy()
    broken.loc[(broken["reading"] == "unpruned") & (broken["quantity"] == MEASURES["d.c."]),
               "verdict"] = "differs"
    assert not summarise(broken, "edges").set_index("hypothesis").at["unpruned", "explains"]


def test_markdown_has_a_block_and_a_verdict_per_hypothesis(table):
    # a dataset the study does not include (ZZ) is not spelled out
    text = render_c45_readings(table, "edges", ["BB", "ZZ"], {"(d) windowing": "not run"})
    for hypothesis in ("edges", "levels", "unpruned", "leaves"):
        assert f"\n## {hypothesis}\n" in text
    assert text.count("Explains the paper across the board: **no**") == 3
    assert "Explained across the board by: unpruned." in text
    assert "accuracy 2/2; accuracy BB 85.0 (85). Explains" in text and "ZZ" not in text
    assert "Not tried: (d) windowing (not run)." in text


def test_readings_are_cells_of_table2s_c45_cells(table):
    assert set(table["table"]) == {"table2"} and set(table["study"]) == {"auer95"}
    assert (table["reading"] != "").all()
    assert table.groupby("reading").size().eq(8).all()        # 2 datasets x 4 measures


def test_a_dataset_the_paper_did_not_use_is_ours_alone():
    runs = pd.concat([folds("C", 3, 6), folds("C", 3, 6).assign(dataset="NEW")])
    runs = runs.drop_duplicates(["dataset", "repetition", "fold"])
    cells = c45_reading_cells(runs, paper(), ["AA", "BB", "NEW"], HYPOTHESES[:1], 2.0)
    new = cells[cells["code"] == "NEW"]
    assert len(new) == 4 and new["paper"].isna().all() and (new["verdict"] == "").all()
    assert new["ours"].notna().all()
    summary = summarise(cells, "edges").set_index("hypothesis")   # counted over AA, BB only
    assert summary.at["edges", "accuracy"] == 2
    text = render_c45_readings(cells, "edges", [], {})
    assert "nan" not in text and "| NEW | 2.00 | 25 | 3.00 | 85.0 |" in text
    assert "accuracy 2/2" in text


def test_bad_hypotheses_are_named():
    with pytest.raises(ValueError, match="'x': unknown reading 'depthish'"):
        c45_reading_cells(folds("C", 3, 6), paper(), ["AA"],
                          [{"hypothesis": "x", "learner": "C", "reading": "depthish"}], 2.0)
    with pytest.raises(ValueError, match="no per-fold rows of learner 'D' on dataset 'AA'"):
        c45_reading_cells(folds("C", 3, 6), paper(), ["AA"],
                          [{"hypothesis": "y", "learner": "D", "reading": "edges"}], 2.0)


def test_config_check_names_a_hypothesis_that_is_not_c45():
    from smalltrees_workflow.config import ConfigError
    from smalltrees_workflow.plans.auer95 import check_c45_readings

    readings = {"refit": ["M1"], "baseline": "edges", "hypotheses": HYPOTHESES}
    classes = {"C": "C45", "M1": "C45", "T": "T2"}
    check_c45_readings(readings, classes)
    bad = {**readings, "hypotheses": [*HYPOTHESES, {"hypothesis": "t2", "learner": "T",
                                                    "reading": "edges"}]}
    with pytest.raises(ConfigError, match=r"hypotheses\[4\].learner: learner 'T' has class"):
        check_c45_readings(bad, classes)
    with pytest.raises(ConfigError, match="baseline: unknown hypothesis"):
        check_c45_readings({**readings, "baseline": "nope"}, classes)


def test_the_deepest_tree_bounds_every_mean_of_that_c45():
    """deepest_unpruned: one depth cell per dataset, the deepest tree before pruning of any
    fold; a paper mean above it cannot come from that C4.5 (here 5 < the paper's 6)."""
    runs = folds("C", 3, 4)
    runs.loc[(runs["dataset"] == "AA") & (runs["fold"] == 1), "unpruned_depth"] = 5
    bound = [{"hypothesis": "deepest", "learner": "C", "reading": "deepest_unpruned"}]
    cells = c45_reading_cells(runs, paper(), ["AA", "BB"], bound, 2.0)
    assert cells["quantity"].tolist() == ["c45_depth", "c45_depth"]
    assert cells["ours"].tolist() == [5.0, 4.0] and (cells["ours_spread"] == 0).all()
    assert (cells["verdict"] == "differs").all()
    text = render_c45_readings(cells, "deepest", [], {})
    assert "| AA | **5.0 (6.0)** |" in text
    # a bound is no estimate: at or above the paper's mean (6.04 within half a printed unit
    # of 6.0 included) it has no verdict, never "reproduced", and counts for no hypothesis
    for deepest in (6, 9):
        runs.loc[runs["dataset"] == "BB", "unpruned_depth"] = deepest
        cells = c45_reading_cells(runs, paper(), ["AA", "BB"], bound, 2.0)
        assert cells["verdict"].tolist() == ["differs", ""]
        assert cells["rule"].str.startswith("bound:").all()
        assert summarise(cells, "deepest").set_index("hypothesis").at["deepest", "depth"] == 0
    paper_above = paper().assign(value=lambda p: np.where(p["code"] == "BB", 6.04, p["value"]))
    runs.loc[runs["dataset"] == "BB", "unpruned_depth"] = 6
    cells = c45_reading_cells(runs, paper_above, ["AA", "BB"], bound, 2.0)
    assert cells["verdict"].tolist() == ["differs", ""]
