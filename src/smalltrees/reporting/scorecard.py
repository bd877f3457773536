"""The scorecard: one row per number a paper prints and we recompute, across all studies.

Each study writes its items as a tidy table with :data:`COLUMNS` (see
:func:`scorecard_frame`); :func:`combine` stacks them and :func:`render_markdown` /
:func:`render_html` show a per-paper summary (how many items reproduced, are close, differ, were
not run, and how many claims hold or fail) above the items. The verdicts come from the shared
rules of :mod:`smalltrees.evaluation.verdicts`; ``rule`` names the one used.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import pandas as pd

from smalltrees.evaluation.verdicts import VERDICTS
from smalltrees.reporting.markdown import to_markdown

COLUMNS = ("study", "item", "paper", "paper_spread", "ours", "ours_spread", "difference",
           "verdict", "rule", "note")


def scorecard_frame(rows: Sequence[dict]) -> pd.DataFrame:
    """Scorecard items as a frame with exactly :data:`COLUMNS`; refuses unknown verdicts."""
    frame = pd.DataFrame(list(rows), columns=list(COLUMNS))
    unknown = sorted(set(frame["verdict"]) - set(VERDICTS))
    if unknown:
        raise ValueError(f"scorecard verdicts {unknown} are not among {list(VERDICTS)}")
    return frame


def item(study: str, name: str, paper, paper_spread, ours, ours_spread, verdict: str,
         rule: str, note=None) -> dict:
    """One scorecard row: the paper item ``name`` of ``study``, both values with their spreads
    (None where not printed), the verdict and the rule that gave it, and our explanation."""
    note = "" if _text(note) == "" else note
    numeric = all(isinstance(v, (int, float)) and not pd.isna(v) for v in (ours, paper))
    difference = round(float(ours) - float(paper), 2) if numeric else None
    return {"study": study, "item": name, "paper": paper, "paper_spread": paper_spread,
            "ours": ours, "ours_spread": ours_spread, "difference": difference,
            "verdict": verdict, "rule": rule, "note": note}


def combine(frames: Sequence[pd.DataFrame]) -> pd.DataFrame:
    """The items of every study, in the order given."""
    return scorecard_frame(pd.concat(frames, ignore_index=True).to_dict("records"))


def summary(card: pd.DataFrame) -> pd.DataFrame:
    """Per study: the number of items with each verdict, and the total."""
    counts = pd.crosstab(card["study"], card["verdict"]).reindex(columns=list(VERDICTS),
                                                               fill_value=0)
    counts = counts.reindex(list(dict.fromkeys(card["study"])))
    counts["items"] = counts.sum(axis=1)
    return counts.reset_index()


def render_markdown(card: pd.DataFrame) -> str:
    """The scorecard as Markdown: the summary, then every item."""
    return ("# Scorecard: every paper number we recompute\n\n"
            "## Summary per paper\n\n" + to_markdown(summary(card)) +
            "\n## Items\n\n" + to_markdown(card))


def render_html(card: pd.DataFrame) -> str:
    """The scorecard as a standalone HTML page (the report's landing page)."""
    style = ("body{font-family:sans-serif;margin:1em}table{border-collapse:collapse}"
             "td,th{border:1px solid #ccc;padding:2px 6px;font-size:90%}"
             ".differs{background:#fdd}.close{background:#ffd}.reproduced{background:#dfd}"
             ".claim-holds{background:#dfd}.claim-fails{background:#fdd}.not-run{color:#888}")
    rows = []
    for record in card.to_dict("records"):
        cells = "".join(f"<td>{_text(record[c])}</td>" for c in COLUMNS)
        rows.append(f'<tr class="{record["verdict"].replace(" ", "-")}">{cells}</tr>')
    items = ("<table><tr>" + "".join(f"<th>{c}</th>" for c in COLUMNS) + "</tr>"
             + "".join(rows) + "</table>")
    overview = summary(card).to_html(index=False, border=0)
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>Scorecard</title>"
            f"<style>{style}</style></head><body><h1>Scorecard: every paper number we "
            f"recompute</h1><h2>Summary per paper</h2>{overview}<h2>Items</h2>{items}"
            "</body></html>\n")


def _text(value) -> str:
    return "" if value is None or (isinstance(value, float) and pd.isna(value)) else \
        html.escape(str(value))
