"""The shared reporting pieces and the Auer et al. table builders, on small hand-made frames."""

import numpy as np
import pandas as pd
import pytest

from smalltrees.evaluation.verdicts import (
    claim_rule,
    exact_rule,
    interval_rule,
    sd_rule,
    within_tolerance,
    worst,
)
from smalltrees.reporting.html import markdown_to_html
from smalltrees.reporting.markdown import to_markdown
from smalltrees.reporting.paper import beside, emphasise
from smalltrees.reporting.scorecard import (
    Part,
    combine,
    explain,
    item,
    read_notes,
    summary,
)
from smalltrees.reporting.scorecard_page import render_html, render_markdown
from smalltrees.studies.auer95.sky import make_sky_table, render_sky_table
from smalltrees.studies.auer95.table1 import make_table1, render_table1
from smalltrees.studies.auer95.table2 import make_table2, render_table2


def test_markdown_escapes_pipes_newlines_and_blanks_missing():
    frame = pd.DataFrame({"a|b": ["x|y", None], "c": [1.5, np.nan]})
    assert to_markdown(frame) == (
        "| a\\|b | c |\n|---|---|\n| x\\|y | 1.5 |\n|  |  |\n"
    )


def test_ours_beside_paper_is_marked_by_its_verdict():
    assert beside("1.0", "2.0") == "1.0 (2.0)"
    assert beside("1.0", "2.0", "reproduced") == "1.0 (2.0)"
    assert beside("1.0", "2.0", "differs") == "**1.0 (2.0)**"
    assert beside("1.0", "2.0", "close") == "*1.0 (2.0)*"
    assert emphasise("7", "") == "7"


def test_tolerance_rule():
    assert within_tolerance(80.0, 82.0, 1.0, 1.0, k=2.0)
    assert not within_tolerance(80.0, 83.0, 1.0, 1.0, k=2.0)


def test_table1_flags_only_the_differing_cells():
    ours = {"AA": {"size": 10, "classes": 2, "baseline": 60.0, "total": 3},
            "BB": {"size": 20, "classes": 3, "baseline": 40.0, "total": 5}}
    paper = pd.DataFrame({"code": ["AA", "BB"], "size": [10, 20], "classes": [2, 3],
                          "baseline": [60.0, 40.5], "total": [3, 5]})
    table = make_table1(ours, paper, {"AA": "a"}, {"BB": "why"})
    assert table["differs"].tolist() == ["", "baseline"]
    assert table["baseline_verdict"].tolist() == ["reproduced", "differs"]
    text = render_table1(table)
    assert "**40.0 (40.5)**" in text and "| 20 (20) |" in text


def test_sky_table_verdicts_at_the_papers_rounding():
    rows = {"AA": {"n": 10, "sky1": 80.0, "sky2": 87.65, "t2_errors": 1},
            "BB": {"n": 10, "sky1": 80.0, "sky2": 90.0, "t2_errors": 1}}
    paper = pd.DataFrame({"code": ["AA", "BB"], "metric": ["sky2", "sky2"],
                          "value": [87.7, 89.0], "sd": [np.nan, np.nan]})
    table = make_sky_table(rows, paper, {})
    assert table["verdict"].tolist() == ["reproduced", "differs"]
    assert "**90.0**" in render_sky_table(table)


def test_table2_from_per_fold_rows():
    folds = []
    for learner, accuracies in (("T2", [0.8, 0.9, 0.7, 0.8]), ("C45", [0.9, 0.9, 0.9, 0.9])):
        for i, accuracy in enumerate(accuracies):
            folds.append({"dataset": "AA", "learner": learner, "repetition": 1 + i // 2,
                          "fold": i % 2, "n_train": 8, "n_test": 2, "accuracy": accuracy,
                          "dynamic_complexity": 2.0, "frac_deeper_than_2": 0.5, "depth": 3})
    folds = pd.DataFrame(folds)
    sky = pd.DataFrame({"code": ["AA"], "sky1": [80.0], "sky2": [90.0]})
    paper = pd.DataFrame({"code": ["AA"] * 6,
                          "metric": ["sky2", "t2_accuracy", "c45_accuracy",
                                     "c45_dynamic_complexity", "c45_pct_deeper_than_2",
                                     "c45_depth"],
                          "value": [90.0, 80.0, 70.0, 2.0, 50.0, 2.0],
                          "sd": [np.nan, 1.0, 0.1, np.nan, np.nan, np.nan]})
    table = make_table2(folds, sky, paper, ["AA"], ["T2", "C45"], {"t2": "T2", "c45": "C45"},
                        tolerance=2.0)
    row = table.iloc[0]
    assert row["accuracy[T2]"] == 80.0 and row["accuracy_sd[T2]"] == 7.07  # 85 and 75
    assert row["accuracy[C45]"] == 90.0
    assert row["t2_accuracy_verdict"] == "reproduced" and row["c45_accuracy_verdict"] == "differs"
    assert row["paired_diff"] == -10.0 and row["c45_pct_deeper_than_2"] == 50.0
    assert row["sky2_verdict"] == "reproduced"
    # complexity: no spread over repetitions here, so judged at the paper's rounding
    assert row["c45_depth_sd"] == 0.0 and row["c45_depth_verdict"] == "differs"  # 3 vs 2
    text = render_table2(table, ["T2", "C45"], {"t2": "T2", "c45": "C45"}, {})
    assert "**90.0 ± 0.0 (70.0 ± 0.1)**" in text and "80.0 ± 7.1 (80.0 ± 1.0)" in text


def test_verdict_rules_one_per_kind():
    assert exact_rule(98.67, 98.7) == "reproduced" and exact_rule(94.3, 96.2) == "differs"
    assert exact_rule(87.65, 87.7) == "reproduced"  # exactly half a unit, despite float error
    assert exact_rule(float("nan"), 1.0) == "not run"
    assert exact_rule(1.0, float("nan")) == ""  # nothing to compare
    assert sd_rule(80.0, float("nan"), 1.0, 1.0, k=2.0) == ""
    assert sd_rule(80.0, 82.0, 1.0, 1.0, k=2.0) == "reproduced"      # 2.0 <= 2.83 + 0.05
    assert sd_rule(80.0, 84.0, 1.0, 1.0, k=2.0) == "close"           # 4.0 <= 5.66 + 0.05
    assert sd_rule(80.0, 86.0, 1.0, 1.0, k=2.0) == "differs"
    assert interval_rule(0.1, 0.3, 0.25, 0.5) == "reproduced"
    assert interval_rule(0.1, 0.2, 0.25, 0.5) == "differs"
    assert [claim_rule(True), claim_rule(False), claim_rule(None)] == [
        "claim holds", "claim fails", "not run"]
    assert worst("reproduced", "close") == "close" and worst("differs", "close") == "differs"
    assert worst("", "") == ""


PART = Part("table2", "Table 2", "results/tables/x_table2.html")


def _card(verdicts):
    return pd.DataFrame([item("a", PART, f"C{i}", "q", f"i{i}", 1.0, None, 1.0, None, v, "r")
                         for i, v in enumerate(verdicts)])


def test_scorecard_summary_counts_verdicts_and_causes_per_study():
    notes = pd.DataFrame({"table": ["table2"], "code": ["C1"], "quantity": [""],
                          "cause": ["data"], "note": ["other file"]})
    first = explain(_card(["reproduced", "differs", "close"]), notes)
    second = explain(_card(["not run", "claim holds"]).assign(study="b"), notes.iloc[:0])
    card = combine([first, second])
    counts = summary(card).set_index("study")
    assert counts.loc["a", "reproduced"] == 1 and counts.loc["a", "differs"] == 1
    assert counts.loc["a", "data"] == 1 and counts.loc["a", "unexplained"] == 1
    assert counts.loc["b", "items"] == 2 and counts.loc["b", "claim holds"] == 1
    assert counts.loc["b", "unexplained"] == 0
    assert first["cause"].tolist() == ["", "data", "unexplained"]
    assert first["note"].iloc[2].startswith("no explanation recorded")
    assert "| a | 1 | 1 | 1 | 0 | 0 | 0 | 1 | 0 | 0 | 0 | 1 | 3 |" in render_markdown(card)
    assert 'class="item ok claim-holds"' in render_html(card)
    with pytest.raises(ValueError, match="'maybe'"):
        combine([_card(["maybe"])])


def test_the_most_specific_note_gives_the_cause(tmp_path):
    path = tmp_path / "notes.csv"
    path.write_text("table,code,quantity,cause,note\n"
                    "table2,,c45_*,unexplained,all C4.5 measures\n"
                    "table2,C0,,protocol,all of C0\n"
                    "table2,C0,c45_depth,paper,C0's depth\n"
                    "table2,,acc[*],data,every learner's accuracy\n")
    notes = read_notes(path)
    card = pd.DataFrame([item("a", PART, code, quantity, "x", 1.0, None, 2.0, None, "differs",
                              "r") for code, quantity in (("C0", "c45_depth"), ("C0", "acc"),
                                                          ("C1", "c45_dc"), ("C1", "acc"),
                                                          ("C1", "acc[T2]"))])
    explained = explain(card, notes)
    assert explained["cause"].tolist() == ["paper", "protocol", "unexplained", "unexplained",
                                           "data"]
    assert explained["note"].tolist()[:3] == ["C0's depth", "all of C0", "all C4.5 measures"]
    # a cause explains deviations only: a reproduced number gets no "why it differs" note
    reproduced = explain(card.assign(verdict="reproduced"), notes)
    assert (reproduced["cause"] == "").all() and (reproduced["note"] == "").all()
    path.write_text("table,code,quantity,cause,note\ntable2,,,maybe,x\n")
    with pytest.raises(ValueError, match="'maybe'.*row 2"):
        read_notes(path)


def test_markdown_tables_become_html():
    text = "# Title\n\nSome *text* & more.\n\n" + to_markdown(
        pd.DataFrame({"a|b": ["**1 (2)**", "x"], "c": [1, 2]}))
    page = markdown_to_html(text, "T")
    assert "<h1>Title</h1>" in page and "<p>Some <i>text</i> &amp; more.</p>" in page
    assert "<th>a|b</th>" in page and "<td><b>1 (2)</b></td>" in page
    assert page.count("<tr>") == 3
