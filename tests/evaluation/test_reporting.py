"""The shared reporting pieces and the Auer et al. table builders, on small hand-made frames."""

import numpy as np
import pandas as pd
import pytest

from smalltrees.evaluation.cells import cells_frame
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
from smalltrees.reporting.scorecard import combine, explain, read_notes, study_card, summary
from smalltrees.reporting.scorecard_page import render_html, render_markdown


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


PART = {"title": "Table 2", "link": "tables/x_table2.html"}


def _cells(verdicts, study="a"):
    """Cells of one table whose verdicts are given (paper 1.0, ours 1.0)."""
    return cells_frame([{"study": study, "table": "table2", "code": f"C{i}", "quantity": "q",
                         "reading": "", "item": f"i{i}", "paper": 1.0, "paper_spread": None,
                         "ours": 1.0, "ours_spread": None, "decimals": 1, "difference": 0.0,
                         "rule": "r", "verdict": v, "note": ""}
                        for i, v in enumerate(verdicts)])


def test_scorecard_summary_counts_verdicts_and_causes_per_study():
    notes = pd.DataFrame({"table": ["table2"], "code": ["C1"], "quantity": [""],
                          "cause": ["data"], "note": ["other file"]})
    card = combine([(PART, _cells(["reproduced", "differs", "close", "inconclusive"])),
                    (PART, _cells(["not run", "claim holds"], "b"))])
    first = explain(card[card["study"] == "a"], notes)
    second = explain(card[card["study"] == "b"], notes.iloc[:0])
    card = pd.concat([first, second], ignore_index=True)
    counts = summary(card).set_index("study")
    assert counts.loc["a", "reproduced"] == 1 and counts.loc["a", "differs"] == 1
    assert counts.loc["a", "inconclusive"] == 1
    assert counts.loc["a", "data"] == 1 and counts.loc["a", "unexplained"] == 1
    assert counts.loc["b", "items"] == 2 and counts.loc["b", "claim holds"] == 1
    assert counts.loc["b", "unexplained"] == 0
    assert first["cause"].tolist() == ["", "data", "unexplained", ""]
    assert first["note"].iloc[2].startswith("no explanation recorded")
    assert "| a | 1 | 1 | 1 | 1 | 0 | 0 | 0 | 1 | 0 | 0 | 0 | 1 | 4 |" in render_markdown(card)
    assert 'class="item ok claim-holds"' not in render_html(card)  # numbers are gridded
    with pytest.raises(ValueError, match="'maybe'"):
        _cells(["maybe"])


def test_the_most_specific_note_gives_the_cause(tmp_path):
    path = tmp_path / "notes.csv"
    path.write_text("table,code,quantity,cause,note\n"
                    "table2,,c45_*,unexplained,all C4.5 measures\n"
                    "table2,C0,,protocol,all of C0\n"
                    "table2,C0,c45_depth,paper,C0's depth\n"
                    "table2,,acc[*],data,every learner's accuracy\n")
    notes = read_notes(path)
    cells = _cells(["differs"] * 5)
    cells["code"] = ["C0", "C0", "C1", "C1", "C1"]
    cells["quantity"] = ["c45_depth", "acc", "c45_dc", "acc", "acc[T2]"]
    card = combine([(PART, cells)])
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


def _reading_card(readings):
    """Table 2 of study ``a``: C0's depth differs, C0's d.c. and C1's depth reproduce; the
    reading cells ``readings`` map (reading, code, quantity) -> verdict."""
    cells = _cells(["differs", "reproduced", "reproduced"])
    cells["code"], cells["quantity"] = ["C0", "C0", "C1"], ["depth", "dc", "depth"]
    extra = cells_frame([{**cells.iloc[0].to_dict(), "code": code, "quantity": quantity,
                          "reading": reading, "verdict": verdict, "ours": 2.0}
                         for (reading, code, quantity), verdict in readings.items()])
    return combine([(PART, cells), (PART, extra)]), extra


NOTES = "table,code,quantity,cause,note\ntable2,,,unexplained,what was tried\n"


def test_a_deviation_a_declared_reading_reproduces_has_the_cause_protocol(tmp_path):
    path = tmp_path / "notes.csv"
    path.write_text(NOTES)
    card, readings = _reading_card({("R", "C0", "depth"): "reproduced",
                                    ("R", "C1", "depth"): "reproduced",
                                    ("S", "C0", "depth"): "close"})
    explained = explain(card, read_notes(path), readings=readings)
    assert explained["cause"].tolist() == ["protocol", "", ""]
    note = explained["note"].iloc[0]
    assert note.startswith("Protocol, by the rule for readings")
    assert ("under 1 of the 2 readings declared for it, 'R' (ours 2.0; on depth it gives the "
            "paper's number in 2 of the 2 rows of table2 it was scored on, the default in 1)"
            in note)
    assert "chance agreement is possible" in note and "not from this match" in note
    assert note.endswith("what was tried")  # the broad note's text follows: what was tried
    # without the reading cells, or with the reading only close, it stays unexplained
    assert explain(card, read_notes(path))["cause"].iloc[0] == "unexplained"
    close = _reading_card({("S", "C0", "depth"): "close"})
    assert explain(close[0], read_notes(path), readings=close[1])["cause"].iloc[0] == (
        "unexplained")


def test_a_reading_that_breaks_its_row_or_the_table_explains_nothing(tmp_path):
    path = tmp_path / "notes.csv"
    path.write_text(NOTES)
    # reproduces C0's depth but breaks C0's d.c., which the default reproduces
    row = _reading_card({("R", "C0", "depth"): "reproduced", ("R", "C0", "dc"): "differs"})
    # reproduces C0's depth but loses C1's: 1 of 2 depths, as the default; then 1 of 3 vs 2
    even = _reading_card({("R", "C0", "depth"): "reproduced", ("R", "C1", "depth"): "close"})
    assert explain(even[0], read_notes(path), readings=even[1])["cause"].iloc[0] == "protocol"
    cells = _cells(["differs", "reproduced", "reproduced", "reproduced"])
    cells["code"] = ["C0", "C0", "C1", "C2"]
    cells["quantity"] = ["depth", "dc", "depth", "depth"]
    worse = cells_frame([{**cells.iloc[0].to_dict(), "code": code, "reading": "R",
                          "verdict": verdict}
                         for code, verdict in (("C0", "reproduced"), ("C1", "differs"),
                                               ("C2", "close"))])
    # one random draw of the default's protocol (a partition) that lands on the number: luck
    draw = _reading_card({("one draw: partition 3", "C0", "depth"): "reproduced",
                          ("one draw: partition 3", "C1", "depth"): "reproduced"})
    for card, readings in (row, (combine([(PART, cells), (PART, worse)]), worse), draw):
        assert explain(card, read_notes(path), readings=readings)["cause"].iloc[0] == (
            "unexplained")


def test_an_explicit_note_decides_over_the_readings_rule(tmp_path):
    path = tmp_path / "notes.csv"
    card, readings = _reading_card({("R", "C0", "depth"): "reproduced"})
    for row, cause in (("table2,C0,,data,another file", "data"),
                       ("table2,,depth,paper,impossible", "paper"),
                       ("table2,C0,depth,unexplained,the reading measures something else",
                        "unexplained")):
        path.write_text(NOTES + row + "\n")
        explained = explain(card, read_notes(path), readings=readings)
        assert explained["cause"].iloc[0] == cause
        assert explained["note"].iloc[0] == row.split(",", 4)[4]
    # an unexplained row naming the code only (or a glob) gives way to the rule
    path.write_text(NOTES + "table2,C0,,unexplained,all of C0\ntable2,,dep*,unexplained,x\n")
    assert explain(card, read_notes(path), readings=readings)["cause"].iloc[0] == "protocol"


def test_a_study_card_is_that_studys_rows_of_the_whole_scorecard(tmp_path):
    """:func:`study_card` of each study, one after the other, is the scorecard of all of them
    (combined, then explained study by study with every reading cell), so a paper's figure
    drawn from its own cells shows the scorecard's rows."""
    path = tmp_path / "notes.csv"
    path.write_text(NOTES)
    notes = read_notes(path)
    _, readings_a = _reading_card({("R", "C0", "depth"): "reproduced"})
    parts = {"a": [(PART, _cells(["differs", "reproduced", "reproduced"])),
                   (PART, readings_a)],
             "b": [(PART, _cells(["differs", "close"], study="b"))]}
    parts["a"][0][1]["code"], parts["a"][0][1]["quantity"] = ["C0", "C0", "C1"], \
        ["depth", "dc", "depth"]
    every = [part for study in parts for part in parts[study]]
    whole = combine(every)
    cells = pd.concat([c for _, c in every], ignore_index=True)
    expected = pd.concat([explain(whole[whole["study"] == study], notes, str(path),
                                  cells[cells["reading"] != ""]) for study in parts],
                         ignore_index=True)
    cards = pd.concat([study_card(parts[study], notes, str(path)) for study in parts],
                      ignore_index=True)
    pd.testing.assert_frame_equal(cards, expected)
    assert cards["cause"].tolist() == ["protocol", "", "", "unexplained", "unexplained"]
    assert study_card([], notes).empty
