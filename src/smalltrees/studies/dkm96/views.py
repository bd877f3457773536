"""What DKM 1996's table views share beyond :mod:`smalltrees.reporting.cell_views`: the CSV
view of a table's cells (numbers, one row per code) and the problem names of its rows."""

from __future__ import annotations

import pandas as pd


def wide_numbers(cells: pd.DataFrame, row_label: str = "code") -> pd.DataFrame:
    """The default reading's cells as numbers, one row per code (in order): per quantity q
    our number ``q``, our spread ``q_sd``, the paper's ``paper_q`` and the verdict
    ``q_verdict`` (empty where there is none)."""
    rows: dict[str, dict] = {}
    for cell in cells[cells["reading"] == ""].to_dict("records"):
        row = rows.setdefault(cell["code"], {row_label: cell["code"]})
        quantity = cell["quantity"]
        row.update({quantity: cell["ours"], f"{quantity}_sd": cell["ours_spread"],
                    f"paper_{quantity}": cell["paper"], f"{quantity}_verdict": cell["verdict"]})
    return pd.DataFrame(list(rows.values()), columns=None if rows else [row_label])


def problem_names(paper: pd.DataFrame, table: str, ours: pd.DataFrame) -> dict[str, str]:
    """Code -> the problem's name: the config's (``ours``: ``domain`` and ``problem``), else
    the transcription's (its ``problem`` column)."""
    rows = paper[paper["table"] == table]
    return {**dict(zip(rows["code"], rows["problem"], strict=True)),
            **dict(zip(ours["domain"], ours["problem"], strict=True))}


def with_details(cells: pd.DataFrame, ours: pd.DataFrame, names: dict[str, str]
                 ) -> pd.DataFrame:
    """The CSV view of a table: one row per code in the cells' order (config order, then the
    paper's codes we did not configure), our columns (``ours``, by ``domain``) first, then
    :func:`wide_numbers`; a code the config lacks is named from ``names`` and marked."""
    numbers = wide_numbers(cells, "domain")
    table = numbers[["domain"]].merge(ours, on="domain", how="left")
    table["problem"] = table["domain"].map(names)
    if "status" in table.columns:
        table["status"] = table["status"].fillna("not configured")
    return table.merge(numbers, on="domain", how="left")
