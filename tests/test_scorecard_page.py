"""The scorecard page in a real browser: headless Chromium renders it, the sections are there
and the "only what did not reproduce" filter hides every other row (skipped without Chromium;
``apt-get install chromium``)."""

import re
import shutil
import subprocess
from pathlib import Path

import pandas as pd
import pytest

from smalltrees.reporting.scorecard import Part, combine, explain, item
from smalltrees.reporting.scorecard_page import render_html

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run"]
needs_chromium = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Chromium not installed")
TABLE = Part("table2", "Table 2: accuracies", "results/tables/p_table2.html")
FIGURE = Part("vc", "Figure 10", "figures/p_fig10.png")
CLAIMS = Part("claims", "Claims", "results/tables/p_claims.html")


def _card() -> pd.DataFrame:
    notes = pd.DataFrame({"table": ["table2"], "code": ["B"], "quantity": [""],
                          "cause": ["data"], "note": ["another file"]})
    first = [item("p1", TABLE, code, "acc", f"Table 2, acc, {code}", paper, 1.0, ours, 0.5,
                  verdict, "spread") for code, paper, ours, verdict in (
                      ("A", 80.1, 80.0, "reproduced"), ("B", 80.1, 70.0, "differs"),
                      ("C", 80.1, 77.0, "close"), ("D", 80.1, None, "not run"))]
    first.append(item("p1", FIGURE, "fig10:1", "lb", "Figure 10, LB", 3, None, 3, None,
                      "reproduced", "exact"))
    second = [item("p2", CLAIMS, "c1", "", "Claim: small", "7 of 8", None, "8 of 8", None,
                   "claim holds", "check"),
              item("p2", CLAIMS, "c2", "", "Claim: stable", "7 of 8", None, "2 of 8", None,
                   "claim fails", "check")]
    return combine([explain(pd.DataFrame(first), notes), explain(pd.DataFrame(second), notes)])


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
    page = render_html(_card())
    assert page.index('id="summary-table"') < page.index('id="p1"') < page.index('id="p2"')
    part = page[page.index("Table 2: accuracies"):page.index("Figure 10")]
    # deviations first, then not run, then reproduced; relative links from results/
    assert part.index("differs") < part.index("close") < part.index("not run") \
        < part.index(">reproduced<")
    assert 'href="tables/p_table2.html"' in page and 'href="../figures/p_fig10.png"' in page
    assert "70.0 ± 0.5" in page and "80.1 ± 1.0" in page  # the paper's precision, ± sd
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
    rows = _rows(everything)
    assert len(rows) == 7 and not any(hidden for _, hidden in rows)
    filtered = _rows(_dom(page, "#deviations", tmp_path))  # the hook clicks the checkbox
    assert len(filtered) == 7
    shown = [classes for classes, hidden in filtered if not hidden]
    assert shown and all("deviation" in classes for classes in shown)
    assert len(shown) == 3  # differs, close, claim fails
    assert all(hidden for classes, hidden in filtered if "deviation" not in classes)
    # the figure's part has no deviation: hidden as a whole
    dom = _dom(page, "#deviations", tmp_path)
    assert re.search(r'<div class="part" data-study="p1" hidden="">\s*<h3>Figure 10', dom)
