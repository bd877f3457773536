"""The one way this project writes HTML: standalone pages with one stylesheet, tables, and our
Markdown tables rendered for the Snakemake report (which shows CSV only as a download).

The table renderers of every study write the same small subset of Markdown: ``#`` headings,
paragraphs, ``-`` lists, GitHub pipe tables (cells escaped by
:func:`smalltrees.reporting.markdown.to_markdown`), ``**bold**`` (a number that differs from the
paper) and ``*italic*`` (a number close to it, :mod:`smalltrees.reporting.paper`).
:func:`markdown_to_html` turns exactly that subset into a page, so no Markdown library is needed;
the scorecard (:mod:`smalltrees.reporting.scorecard`) builds its page from :func:`page` and
:func:`table` too.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

STYLE = (
    "body{font-family:sans-serif;margin:1em;max-width:80em}"
    "table{border-collapse:collapse;margin:.5em 0}"
    "td,th{border:1px solid #ccc;padding:2px 6px;font-size:90%;vertical-align:top}"
    "th{background:#f4f4f4}b{color:#a00}i{color:#850}"
    ".differs,.claim-fails{background:#fdd}.close{background:#ffd}"
    ".reproduced,.claim-holds{background:#efe}.not-run{color:#888}.inconclusive{background:#eef}"
    ".unexplained{font-weight:bold;color:#a00}"
)
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
_CODE = re.compile(r"`([^`]+)`")


def page(title: str, body: str, script: str = "") -> str:
    """A standalone page (no network access needed): ``body`` is HTML, ``script`` inline JS."""
    tail = f"<script>{script}</script>" if script else ""
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}"
            f"</title><style>{STYLE}</style></head><body>{body}{tail}</body></html>\n")


def table(header: Sequence[str], rows: Sequence[Sequence[str]],
          classes: Sequence[str] | None = None, attributes: str = "") -> str:
    """An HTML table; ``header`` and the cells are HTML already (see :func:`text`), ``classes``
    one CSS class per row."""
    head = "".join(f"<th>{cell}</th>" for cell in header)
    body = []
    for i, row in enumerate(rows):
        css = f' class="{classes[i]}"' if classes is not None and classes[i] else ""
        body.append(f"<tr{css}>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>")
    space = " " if attributes else ""
    return f"<table{space}{attributes}><tr>{head}</tr>{''.join(body)}</table>"


def text(value) -> str:
    """A value as escaped HTML text; ``""`` for None and NaN."""
    import pandas as pd  # here, not at the top: a table_html job renders Markdown only

    if value is None or (not isinstance(value, str) and bool(pd.isna(value))):
        return ""
    return html.escape(str(value))


def inline(markdown: str) -> str:
    """Escaped text with the Markdown subset's ``**bold**``, ``*italic*`` and ```code```."""
    out = _BOLD.sub(r"<b>\1</b>", html.escape(markdown, quote=False))
    return _CODE.sub(r"<code>\1</code>", _ITALIC.sub(r"<i>\1</i>", out))


def markdown_to_html(markdown: str, title: str = "") -> str:
    """A standalone page from the Markdown subset described in the module docstring."""
    body = []
    for block in markdown.strip().split("\n\n"):
        lines = block.splitlines()
        if lines and lines[0].startswith("|"):
            rows = [_cells(line) for line in lines]
            body.append(table([inline(c) for c in rows[0]],
                              [[inline(c) for c in row] for row in rows[2:]]))
        elif lines and lines[0].startswith("#"):
            level = len(lines[0]) - len(lines[0].lstrip("#"))
            body.append(f"<h{level}>{inline(lines[0].lstrip('#').strip())}</h{level}>")
            if len(lines) > 1:
                body.append(f"<p>{inline(' '.join(lines[1:]))}</p>")
        elif lines and all(line.startswith("- ") for line in lines):
            body.append("<ul>" + "".join(f"<li>{inline(line[2:])}</li>" for line in lines)
                        + "</ul>")
        else:
            body.append(f"<p>{inline(' '.join(lines))}</p>")
    return page(title, "".join(body))


def _cells(line: str) -> list[str]:
    """The cells of one pipe-table row; ``\\|`` is a literal bar inside a cell."""
    inner = line.strip()[1:-1]
    return [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", inner)]
