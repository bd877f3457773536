"""Our Markdown tables as HTML, for the Snakemake report (which shows CSV only as a download).

The table renderers of every study write the same small subset of Markdown: ``#`` headings,
paragraphs, GitHub pipe tables (cells escaped by :func:`smalltrees.reporting.markdown.to_markdown`)
and ``**bold**``. :func:`markdown_to_html` turns exactly that subset into a standalone page, so no
Markdown library is needed.
"""

from __future__ import annotations

import html
import re

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_STYLE = ("body{font-family:sans-serif;margin:1em}table{border-collapse:collapse}"
          "td,th{border:1px solid #ccc;padding:2px 6px;font-size:90%}b{color:#a00}")


def markdown_to_html(text: str, title: str = "") -> str:
    """A standalone HTML page from the Markdown subset described in the module docstring."""
    body, table = [], []
    for block in text.strip().split("\n\n"):
        lines = block.splitlines()
        if lines and lines[0].startswith("|"):
            table = _table(lines)
            body.append(table)
        elif lines and lines[0].startswith("#"):
            level = len(lines[0]) - len(lines[0].lstrip("#"))
            body.append(f"<h{level}>{_inline(lines[0].lstrip('#').strip())}</h{level}>")
            if len(lines) > 1:
                body.append(f"<p>{_inline(' '.join(lines[1:]))}</p>")
        else:
            body.append(f"<p>{_inline(' '.join(lines))}</p>")
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}"
            f"</title><style>{_STYLE}</style></head><body>{''.join(body)}</body></html>\n")


def _table(lines: list[str]) -> str:
    header, rows = _cells(lines[0]), [_cells(line) for line in lines[2:]]
    head = "".join(f"<th>{_inline(c)}</th>" for c in header)
    body = "".join("<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in row) + "</tr>"
                   for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _cells(line: str) -> list[str]:
    """The cells of one pipe-table row; ``\\|`` is a literal bar inside a cell."""
    inner = line.strip()[1:-1]
    return [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", inner)]


def _inline(text: str) -> str:
    return _BOLD.sub(r"<b>\1</b>", html.escape(text))
