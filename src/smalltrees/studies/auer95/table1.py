"""Auer, Holte & Maass (1995) Table 1, ours beside the paper's, every difference flagged.

The paper's legible values (size, classes, baseline accuracy, total number of non-constant
attributes) are kept in ``data/paper/auer95/table1.csv``; the other columns of the paper's
table are garbled in the available text and are reported without a comparison.
"""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd

from smalltrees.evaluation.verdicts import DIFFERS, exact_rule
from smalltrees.reporting.markdown import to_markdown
from smalltrees.reporting.paper import beside

COMPARED = {"size": 0.5, "classes": 0.5, "baseline": 0.05, "total": 0.5}
"""The compared columns, each with half a unit of the paper's last printed decimal: they are
deterministic numbers, judged by :func:`~smalltrees.evaluation.verdicts.exact_rule`."""


def make_table1(rows: Mapping[str, dict], paper: pd.DataFrame, names: Mapping[str, str],
                notes: Mapping[str, str]) -> pd.DataFrame:
    """Join our Table 1 rows (code -> :func:`~.characteristics.describe` dict) with the paper's.

    Parameters
    ----------
    rows : mapping
        Our characteristics per dataset code, in the order the table should have.
    paper : DataFrame
        The transcription, with a ``code`` column and the ``COMPARED`` columns.
    names : mapping
        The datasets' names, by code.
    notes : mapping
        Why a dataset cannot match (the registry's ``note``), by code.
    """
    paper = paper.set_index("code")
    records = []
    for code, ours in rows.items():
        record = {"code": code, "dataset": names.get(code, code), **ours}
        for key, rounding in COMPARED.items():
            theirs = paper.at[code, key] if code in paper.index else None
            record[f"paper_{key}"] = theirs
            record[f"{key}_verdict"] = exact_rule(ours[key], theirs, rounding)
        record["differs"] = ", ".join(k for k in COMPARED if record[f"{k}_verdict"] == DIFFERS)
        record["note"] = notes.get(code, "")
        records.append(record)
    return pd.DataFrame.from_records(records)


def render_table1(table: pd.DataFrame) -> str:
    """Markdown rendering: ours (paper) per compared cell, differences in bold."""
    shown = table.copy()
    for key in COMPARED:
        cells = []
        for ours, theirs, verdict in zip(shown[key], shown[f"paper_{key}"],
                                         shown[f"{key}_verdict"], strict=True):
            cells.append(beside(str(ours), str(theirs), verdict))
        shown[key] = cells
    shown = shown.drop(columns=[f"{p}{k}{s}" for k in COMPARED
                                for p, s in (("paper_", ""), ("", "_verdict"))])
    title = ("# Auer, Holte & Maass (1995), Table 1: datasets\n\n"
             "Each compared cell shows ours (paper); **bold** marks a difference, explained in "
             "the note column. Attributes constant on all examples are not counted.\n\n")
    return title + to_markdown(shown)
