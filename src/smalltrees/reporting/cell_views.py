"""Tables rendered from cells: each compared number as "ours (paper)", in the paper's shape.

A table's builder writes its cells (:mod:`smalltrees.evaluation.cells`); its Markdown view and
the scorecard page both show those cells through :func:`cell_text` and :func:`paper_shape`, so
the two cannot show different numbers or verdicts. A number is shown at the paper's precision
(its spread one decimal finer, as ``± s``); a cell of ours alone (a dataset the paper never
used) shows our number only; the verdict marks the text: **bold** differs, *italic* close, a
trailing ``?`` inconclusive (:mod:`smalltrees.reporting.paper`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd

from smalltrees.reporting.paper import emphasise


def number(value, spread=None, decimals: int = 2) -> str:
    """``value`` at ``decimals`` places (with ``± spread`` one place finer); text as it is;
    ``""`` for a blank."""
    if _blank(value):
        return ""
    if isinstance(value, str):
        try:
            value = float(value)
        except ValueError:
            return value
    if isinstance(value, bool):
        return str(value)
    shown = f"{float(value):.{int(decimals)}f}"
    if not _blank(spread):
        shown += f" ± {float(spread):.{int(decimals) + 1}f}"
    return shown


def cell_text(cell: Mapping, spreads: bool = True) -> str:
    """One cell as ``ours (paper)`` (``ours`` alone where the paper has no number), marked by
    its verdict; ``spreads`` False leaves the ± parts out."""
    decimals = int(cell["decimals"])
    ours = number(cell["ours"], cell["ours_spread"] if spreads else None, decimals)
    if _blank(cell["paper"]):
        return ours or "—"
    paper = number(cell["paper"], cell["paper_spread"] if spreads else None, decimals)
    return emphasise(f"{ours or 'not run'} ({paper})", cell["verdict"])


def paper_shape(cells: pd.DataFrame, columns: Mapping[str, str] | None = None,
                rows: Sequence[str] | None = None, spreads: bool = True,
                row_label: str = "code") -> pd.DataFrame:
    """The default reading's cells of one table as the paper prints it: one row per code
    (``rows`` first, in that order, then any other code in order of appearance), one column
    per quantity (``columns``: quantity -> header, in the paper's order; the other quantities
    follow under their own names), each cell :func:`cell_text`; ``""`` where a row has no
    such number."""
    default = cells[cells["reading"].fillna("") == ""]
    codes = list(dict.fromkeys([*(rows or []), *default["code"]]))
    codes = [c for c in codes if c in set(default["code"])]
    headers = dict(columns or {})
    for quantity in default["quantity"]:
        headers.setdefault(quantity, quantity)
    headers = {q: h for q, h in headers.items() if q in set(default["quantity"])}
    texts = {(r["code"], r["quantity"]): cell_text(r, spreads)
             for r in default.to_dict("records")}
    frame = pd.DataFrame([{row_label: code,
                           **{header: texts.get((code, quantity), "")
                              for quantity, header in headers.items()}} for code in codes],
                         columns=[row_label, *headers.values()])
    return frame


def _blank(value) -> bool:
    return value is None or (not isinstance(value, str) and bool(pd.isna(value))) or value == ""
