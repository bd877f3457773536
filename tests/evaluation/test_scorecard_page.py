"""The scorecard page in a real browser: headless Chromium renders it, the sections are there
and the "only what did not reproduce" filter hides every other row (skipped without Chromium;
``apt-get install chromium``)."""

import re
import shutil
import subprocess
from pathlib import Path

import pandas as pd
import pytest

from smalltrees.evaluation.cells import cells_frame
from smalltrees.reporting.scorecard import combine, explain
from smalltrees.reporting.scorecard_page import render_html

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run"]
needs_chromium = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Chromium not installed")
TABLE = {"title": "Table 2: accuracies", "link": "tables/p_table2.html"}
FIGURE = {"title": "Figure 10", "link": "../figures/p_fig10.png"}
CLAIMS = {"title": "Claims", "link": "tables/p_claims.html"}


def _cell(study, table, code, quantity, paper, paper_spread, ours, ours_spread, verdict, rule,
          decimals=1):
    return {"study": study, "table": table, "code": code, "quantity": quantity, "reading": "",
            "item": f"{table}, {quantity}, {code}", "paper": paper,
            "paper_spread": paper_spread, "ours": ours, "ours_spread": ours_spread,
            "decimals": decimals, "difference": None, "rule": rule, "verdict": verdict,
            "note": ""}


def _card() -> pd.DataFrame:
    notes = pd.DataFrame({"table": ["table2"], "code": ["B"], "quantity": [""],
                          "cause": ["data"], "note": ["another file"]})
    table = cells_frame([_cell("p1", "table2", code, "acc", paper, 1.0, ours, 0.5, verdict,
                               "spread") for code, paper, ours, verdict in (
        ("A", 80.1, 80.0, "reproduced"), ("B", 80.1, 70.0, "differs"),
        ("C", 80.1, 77.0, "close"), ("D", 80.1, None, "not run"), ("E", 80.1, 79.0,
                                                                    "inconclusive"))])
    figure = cells_frame([_cell("p1", "vc", "fig10:1", "lb", 3, None, 3, None, "reproduced",
                                "exact", 0)])
    claims = cells_frame([_cell("p2", "claims", "c1", "", "7 of 8", None, "8 of 8", None,
                                "claim holds", "computed check: x"),
                          _cell("p2", "claims", "c2", "", "7 of 8", None, "2 of 8", None,
                                "claim fails", "computed check: y")])
    card = combine([(TABLE, table), (FIGURE, figure), (CLAIMS, claims)])
    return pd.concat([explain(card[card["study"] == s], notes) for s in ("p1", "p2")],
                     ignore_index=True)


def _dom(page: Path, fragment: str, tmp_path: Path) -> str:
    result = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}",
                             "--dump-dom", page.as_uri() + fragment],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout


def _rows(dom: str) -> list[tuple[str, bool]]:
    """(classes, hidden) of every item row of the rendered DOM."""
    return [(m.group(1), "hidden" in m.group(2))
            for m in re.finditer(r'<tr class="(item [^"]*)"([^>]*)>', dom)]


def test_page_is_ordered_and_linked_without_a_browser():
    page = render_html(_card(), {"p1": "../figures/p1_vs_paper.png"})
    assert page.index('id="summary-table"') < page.index('id="p1"') < page.index('id="p2"')
    part = page[page.index("Table 2: accuracies"):page.index("Figure 10")]
    # the grid in the paper's shape (codes down, quantities across), then the deviations,
    # differs before close; links relative to results/ as the workflow gives them
    assert part.index(">A<") < part.index(">B<") < part.index(">E<")
    assert "70.0 ± 0.50 (80.1 ± 1.00)" in part and "not run (80.1 ± 1.00)" in part
    listed = part[part.index('<tr class="item'):]
    assert listed.index("differs") < listed.index("close") and ">reproduced<" not in listed
    assert 'class="inconclusive"' in part
    assert 'href="tables/p_table2.html"' in page and 'href="../figures/p_fig10.png"' in page
    assert 'src="../figures/p1_vs_paper.png"' in page
    # one unexplained deviation per paper (close, claim fails: no note), set apart
    assert page.count('<span class="unexplained">1</span>') == 2
    assert "another file" in page and "<script>" in page and "http" not in page


@needs_chromium
def test_page_renders_in_chromium_and_the_filter_shows_only_deviations(tmp_path):
    page = tmp_path / "results" / "scorecard.html"
    page.parent.mkdir()
    page.write_text(render_html(_card()))
    everything = _dom(page, "", tmp_path)
    assert re.search(r"<h2[^>]*>p1</h2>", everything) and re.search(r"<h2[^>]*>p2</h2>",
                                                                    everything)
    assert everything.count("<h3>") == 3
    rows = _rows(everything)  # listed: the table's two deviations and both claims
    assert len(rows) == 4 and not any(hidden for _, hidden in rows)
    filtered = _rows(_dom(page, "#deviations", tmp_path))  # the hook clicks the checkbox
    assert len(filtered) == 4
    shown = [classes for classes, hidden in filtered if not hidden]
    assert shown and all("deviation" in classes for classes in shown)
    assert len(shown) == 3  # differs, close, claim fails
    assert all(hidden for classes, hidden in filtered if "deviation" not in classes)
    # the figure's part has no deviation: hidden as a whole
    dom = _dom(page, "#deviations", tmp_path)
    assert re.search(r'<div class="part" data-study="p1" hidden="">\s*<h3>Figure 10', dom)
