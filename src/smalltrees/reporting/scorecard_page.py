"""The scorecard as a page to read (``results/scorecard.html``) and as Markdown.

The page opens with one summary row per paper (numbers by verdict, deviations by cause, the
``unexplained`` count set apart). Then, per paper, its figure of ours against the paper's
numbers and each of its tables in the paper's own shape: one row per dataset (or domain,
shape), one column per printed quantity, each cell "ours (paper)" coloured by its verdict with
the rule, cause and note on hover; below the grid, the cells that did not reproduce with their
cause, note and the readings tried. Claims (and numbers several to a cell) are listed. A
checkbox shows only the deviations (and the parts that have some); the URL fragment
``#deviations`` ticks it on load (a link to share, and the hook the browser test uses). No
network access is needed: the style and the few lines of script are inline. The links (tables,
figures) are given by the workflow, relative to the page.
"""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd

from smalltrees.evaluation.verdicts import (
    CLAIM_FAILS,
    CLAIM_HOLDS,
    CLOSE,
    DEVIATIONS,
    DIFFERS,
    INCONCLUSIVE,
    NOT_RUN,
    REPRODUCED,
)
from smalltrees.reporting.cell_views import number
from smalltrees.reporting.html import page, table, text
from smalltrees.reporting.markdown import to_markdown
from smalltrees.reporting.scorecard import CAUSES, UNEXPLAINED, summary

TITLE = "Scorecard: every paper number we recompute"
ORDER = {DIFFERS: 0, CLAIM_FAILS: 0, CLOSE: 1, INCONCLUSIVE: 2, NOT_RUN: 3, REPRODUCED: 4,
         CLAIM_HOLDS: 4}
"""Deviations first within a list, then the inconclusive, what was not run, what reproduced."""
LISTED = ("item", "paper", "ours", "verdict", "cause", "note", "readings", "rule")
VERDICT_HEADERS = (REPRODUCED, CLOSE, DIFFERS, INCONCLUSIVE, NOT_RUN, CLAIM_HOLDS, CLAIM_FAILS)
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
CLAIM_RULE = "computed check"


def render_markdown(card: pd.DataFrame) -> str:
    """The scorecard as Markdown: the summary, then every paper's rows, deviations first."""
    out = [f"# {TITLE}\n", "## Summary per paper\n", to_markdown(summary(card))]
    for study, rows in card.groupby("study", sort=False):
        out.append(f"## {study}\n")
        ordered = _ordered(rows)
        shown = ordered[["title", *LISTED]].copy()
        shown["paper"] = [_value(r, "paper") for r in ordered.to_dict("records")]
        shown["ours"] = [_value(r, "ours") for r in ordered.to_dict("records")]
        out.append(to_markdown(shown))
    return "\n".join(out)


def render_html(card: pd.DataFrame, figures: Mapping[str, str] | None = None) -> str:
    """The scorecard page (see the module); ``figures``: per study, the link of its figure of
    ours against the paper's numbers."""
    figures = figures or {}
    body = [f"<h1>{TITLE}</h1>",
            "<p>Each cell is one number a paper prints: ours (the paper's), coloured by its "
            "verdict; hover for the rule, the cause and our note. A deviation (close, differs, "
            "claim fails) has a cause: " + ", ".join(f"<code>{c}</code>" for c in CAUSES)
            + "; <b>unexplained</b> means no cause was shown. <i>inconclusive</i>: the "
            "tolerance is too wide to tell. Numbers are at the paper's precision; &plusmn; is "
            "a standard deviation (a 95% half-width where the rule compares intervals).</p>",
            '<h2 id="summary">Summary per paper</h2>', _summary_table(summary(card)),
            '<p><label><input type="checkbox" id="only-deviations"> show only what did not '
            "reproduce (deviations)</label> &middot; <a href=\"#deviations\">link to this "
            "view</a></p>"]
    for study, rows in card.groupby("study", sort=False):
        body.append(f'<section class="study" id="{text(study)}"><h2>{text(study)}</h2>')
        if study in figures:
            body.append(f'<p><img src="{text(figures[study])}" alt="ours against the paper, '
                        f'{text(study)}" style="max-width:100%"></p>')
        for _, part in rows.groupby("title", sort=False):
            body.append(_part(study, part))
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


def _part(study: str, rows: pd.DataFrame) -> str:
    """One table, figure or claim set: its grid (numbers) and its list of deviations; a claim
    set, or numbers the grid cannot tell apart (several per code and quantity, told apart by
    their item), are listed whole."""
    first = rows.iloc[0]
    link = (f' &middot; <a href="{text(first["link"])}">{text(first["link"])}</a>'
            if first["link"] else "")
    deviations = int(rows["verdict"].isin(DEVIATIONS).sum())
    heading = (f"<h3>{text(first['title'])}</h3><p>{len(rows)} numbers, {deviations} not "
               f"reproduced{link}</p>")
    listing = (rows["rule"].str.startswith(CLAIM_RULE).all()
               or rows.duplicated(["code", "quantity"]).any())
    grid = "" if listing else _grid(rows)
    listed = rows if listing else rows[rows["verdict"].isin(DEVIATIONS)]
    return (f'<div class="part" data-study="{text(study)}">{heading}{grid}'
            + (_list(listed) if len(listed) else "") + "</div>")


def _grid(rows: pd.DataFrame) -> str:
    """The numbers in the paper's shape: codes down, quantities across."""
    codes = list(dict.fromkeys(rows["code"]))
    quantities = list(dict.fromkeys(rows["quantity"]))
    found = {(r["code"], r["quantity"]): r for r in rows.to_dict("records")}
    body = []
    for code in codes:
        cells = [text(code)]
        for quantity in quantities:
            record = found.get((code, quantity))
            cells.append("" if record is None else _grid_cell(record))
        body.append(cells)
    return table(["", *(text(q) for q in quantities)], body, attributes='class="grid"')


def _grid_cell(record: Mapping) -> str:
    hover = " — ".join(x for x in (record["item"], record["verdict"], record["rule"],
                                   f"cause: {record['cause']}" if record["cause"] else "",
                                   record["note"]) if x)
    shown = f"{_value(record, 'ours') or 'not run'} ({_value(record, 'paper')})"
    css = record["verdict"].replace(" ", "-")
    return f'<span class="{css}" title="{text(hover)}">{text(shown)}</span>'


def _list(rows: pd.DataFrame) -> str:
    cells, classes = [], []
    for r in _ordered(rows).to_dict("records"):
        cause = r["cause"] if isinstance(r["cause"], str) else ""
        cells.append([text(r["item"]), text(_value(r, "paper")), text(_value(r, "ours")),
                      text(r["verdict"]),
                      f'<span class="{cause}">{text(cause)}</span>' if cause else "",
                      text(r["note"]), text(r["readings"]), text(r["rule"])])
        kind = "deviation" if r["verdict"] in DEVIATIONS else "ok"
        classes.append(f"item {kind} {r['verdict'].replace(' ', '-')}")
    return table(list(LISTED), cells, classes)


def _ordered(rows: pd.DataFrame) -> pd.DataFrame:
    rank = rows["verdict"].map(ORDER).fillna(5)
    return rows.assign(_rank=rank).sort_values("_rank", kind="stable").drop(columns="_rank")


def _value(record: Mapping, side: str) -> str:
    """One side of a row at the paper's precision, with its spread; text as it is."""
    return number(record[side], record[f"{side}_spread"], int(record["decimals"]))
