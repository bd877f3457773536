"""The scorecard as a page to read (``results/scorecard.html``) and as Markdown.

The page opens with one summary row per paper (items by verdict, deviations by cause, the
``unexplained`` count set apart), then one section per paper and, within it, one per table,
figure or claim set, linked to the file it comes from. In each part the deviations come first,
with their cause and note. A checkbox shows only the deviations (and the parts that have
some); the URL fragment
``#deviations`` ticks it on load (a link to share, and the hook the browser test uses). No
network access is needed: the style and the few lines of script are inline.
"""

from __future__ import annotations

import posixpath

import pandas as pd

from smalltrees.evaluation.verdicts import (
    CLAIM_FAILS,
    CLAIM_HOLDS,
    CLOSE,
    DEVIATIONS,
    DIFFERS,
    NOT_RUN,
    REPRODUCED,
)
from smalltrees.reporting.html import page, table, text
from smalltrees.reporting.markdown import to_markdown
from smalltrees.reporting.scorecard import CAUSES, UNEXPLAINED, summary

TITLE = "Scorecard: every paper number we recompute"
ORDER = {DIFFERS: 0, CLAIM_FAILS: 0, CLOSE: 1, NOT_RUN: 2, REPRODUCED: 3, CLAIM_HOLDS: 3}
"""Deviations first within a part, then what was not run, then what reproduced."""
PAGE = "results/scorecard.html"
"""Where the page lives: its links to tables and figures are relative to it."""
SHOWN = ("item", "paper", "ours", "verdict", "cause", "note", "rule")
VERDICT_HEADERS = (REPRODUCED, CLOSE, DIFFERS, NOT_RUN, CLAIM_HOLDS, CLAIM_FAILS)
SCRIPT = (
    "var box=document.getElementById('only-deviations');"
    "function filter(){document.querySelectorAll('tr.item').forEach(function(r){"
    "r.hidden=box.checked&&!r.classList.contains('deviation');});"
    "document.querySelectorAll('div.part').forEach(function(p){"
    "p.hidden=box.checked&&!p.querySelector('tr.deviation');});}"
    "box.addEventListener('change',filter);"
    "function fromHash(){if(location.hash==='#deviations'&&!box.checked){box.click();}}"
    "window.addEventListener('hashchange',fromHash);filter();fromHash();"
)


def render_markdown(card: pd.DataFrame) -> str:
    """The scorecard as Markdown: the summary, then every paper's items, deviations first."""
    out = [f"# {TITLE}\n", "## Summary per paper\n", to_markdown(summary(card))]
    for study, rows in card.groupby("study", sort=False):
        out.append(f"## {study}\n")
        shown = _ordered(rows)[["section", *SHOWN]].copy()
        shown["paper"] = [_value(r.paper, r.paper_spread, r.paper)
                          for r in _ordered(rows).itertuples()]
        shown["ours"] = [_value(r.ours, r.ours_spread, r.paper)
                         for r in _ordered(rows).itertuples()]
        out.append(to_markdown(shown))
    return "\n".join(out)


def render_html(card: pd.DataFrame) -> str:
    """The scorecard page (see the module)."""
    overview = summary(card)
    body = [f"<h1>{TITLE}</h1>",
            "<p>Each row is one number a paper prints, beside ours, with the verdict of the "
            "table that shows it. A deviation (close, differs, claim fails) has a cause: "
            + ", ".join(f"<code>{c}</code>" for c in CAUSES) + "; <b>unexplained</b> means no "
            "cause was shown. Numbers are at the paper's precision; &plusmn; is a standard "
            "deviation (a 95% half-width where the rule compares intervals).</p>",
            '<h2 id="summary">Summary per paper</h2>', _summary_table(overview),
            '<p><label><input type="checkbox" id="only-deviations"> show only what did not '
            "reproduce (deviations)</label> &middot; <a href=\"#deviations\">link to this "
            "view</a></p>"]
    for study, rows in card.groupby("study", sort=False):
        body.append(f'<section class="study" id="{study}"><h2>{text(study)}</h2>')
        for section, part in rows.groupby("section", sort=False):
            body.append(_part(study, section, part))
        body.append("</section>")
    return page(TITLE, "".join(body), SCRIPT)


def _summary_table(overview: pd.DataFrame) -> str:
    header = ["paper", "items", *VERDICT_HEADERS, *(f"cause: {c}" for c in CAUSES)]
    rows = []
    for record in overview.to_dict("records"):
        cells = [f'<a href="#{record["study"]}">{text(record["study"])}</a>',
                 str(record["items"]), *(str(record[v]) for v in VERDICT_HEADERS)]
        for cause in CAUSES:
            count = str(record[cause])
            cells.append(f'<span class="unexplained">{count}</span>'
                         if cause == UNEXPLAINED and record[cause] else count)
        rows.append(cells)
    return table(header, rows, attributes='id="summary-table"')


def _part(study: str, section: str, rows: pd.DataFrame) -> str:
    source = rows["source"].iloc[0]
    link = (f' &middot; from <a href="{text(_relative(source))}">{text(source)}</a>'
            if isinstance(source, str) and source else "")
    deviations = int(rows["verdict"].isin(DEVIATIONS).sum())
    heading = (f"<h3>{text(section)}</h3><p>{len(rows)} items, {deviations} not reproduced"
               f"{link}</p>")
    records = _ordered(rows).to_dict("records")
    cells, classes = [], []
    for r in records:
        cause = r["cause"] if isinstance(r["cause"], str) else ""
        cells.append([text(r["item"]), text(_value(r["paper"], r["paper_spread"], r["paper"])),
                      text(_value(r["ours"], r["ours_spread"], r["paper"])), text(r["verdict"]),
                      f'<span class="{cause}">{text(cause)}</span>' if cause else "",
                      text(r["note"]), text(r["rule"])])
        kind = "deviation" if r["verdict"] in DEVIATIONS else "ok"
        classes.append(f"item {kind} {r['verdict'].replace(' ', '-')}")
    return (f'<div class="part" data-study="{text(study)}">{heading}'
            + table(list(SHOWN), cells, classes) + "</div>")


def _ordered(rows: pd.DataFrame) -> pd.DataFrame:
    rank = rows["verdict"].map(ORDER).fillna(4)
    return rows.assign(_rank=rank).sort_values("_rank", kind="stable").drop(columns="_rank")


def _relative(source: str) -> str:
    """A workflow-root path as a link relative to the page (``results/``)."""
    return posixpath.relpath(source, posixpath.dirname(PAGE))


def _value(value, spread, paper) -> str:
    """A number at the paper's precision (its spread one decimal finer, as ``± sd``); text as
    it is."""
    places = _places(paper)
    value, spread = _number(value), _number(spread)
    if value is None:
        return ""
    if not isinstance(value, float):
        return str(value)
    shown = f"{value:.{places}f}"
    if isinstance(spread, float):
        shown += f" ± {spread:.{places + 1}f}"
    return shown


def _number(value):
    """A float from a number or a numeric string (a CSV cell); None for a blank; text as is."""
    if value is None or isinstance(value, bool):
        return None if value is None else str(value)
    if isinstance(value, str):
        try:
            number = float(value)
        except ValueError:
            return value
        return None if number != number else number
    return None if pd.isna(value) else float(value)


def _places(paper) -> int:
    """The decimals the paper printed: as written in a numeric string (``"2.00"`` -> 2), else
    the shortest form of the number (74.5 -> 1, 250.0 -> 0); 2 when the paper gives none."""
    if isinstance(paper, str):
        try:
            float(paper)
        except ValueError:
            return 2
        return len(paper.split(".")[1]) if "." in paper and "e" not in paper.lower() else 0
    number = _number(paper)
    if not isinstance(number, float):
        return 2
    shortest = f"{number:.10g}"
    return len(shortest.split(".")[1]) if "." in shortest and "e" not in shortest else 0
