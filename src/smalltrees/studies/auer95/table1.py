"""Auer, Holte & Maass (1995) Table 1: the datasets' characteristics, ours beside the paper's.

"Size" is the number of examples, "Classes" the number of classes, "Baseline Accuracy" the
percentage of examples in the most frequent class, "Missing values" whether any example has an
unknown attribute value; the remaining columns count continuous attributes and categorical
attributes by their number of distinct values (2, 3, 4, 5, 6, >6). "Attributes that have the
same value on all examples are not counted" (section 3): an attribute is constant when every
example has the same value, an unknown value counting as a value of its own. Distinct values of
a categorical attribute are those that occur (declared but unseen values are not counted).

The paper's legible values (size, classes, baseline accuracy, total number of non-constant
attributes) are kept in ``data/paper/auer95/table1.csv``; the other columns of the paper's
table are garbled in the available text and are reported without a comparison; every
difference is flagged.
"""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd

from smalltrees.evaluation.verdicts import within_tolerance
from smalltrees.reporting.markdown import to_markdown
from smalltrees.reporting.paper import beside

COMPARED = ("size", "classes", "baseline", "total")
VALUE_BINS = ("2", "3", "4", "5", "6", ">6")


def is_constant(column: pd.Series) -> bool:
    """True when all examples share one value (missing counts as a value)."""
    return column.nunique(dropna=False) <= 1


def describe(X: pd.DataFrame, y: pd.Series) -> dict:
    """The Table 1 row of one dataset (see the module docstring for the definitions)."""
    counts = y.value_counts()
    row = {
        "size": len(y),
        "classes": int(counts.size),
        "baseline": round(100.0 * counts.max() / len(y), 1),
        "missing": "yes" if X.isna().to_numpy().any() else "no",
        "continuous": 0,
        **{f"values_{b}": 0 for b in VALUE_BINS},
    }
    for name in X.columns:
        column = X[name]
        if is_constant(column):
            continue
        if isinstance(column.dtype, pd.CategoricalDtype):
            distinct = column.nunique(dropna=True)
            key = ">6" if distinct > 6 else str(max(distinct, 2))
            row[f"values_{key}"] += 1
        else:
            row["continuous"] += 1
    row["total"] = row["continuous"] + sum(row[f"values_{b}"] for b in VALUE_BINS)
    return row


def make_table1(rows: Mapping[str, dict], paper: pd.DataFrame, names: Mapping[str, str],
                notes: Mapping[str, str]) -> pd.DataFrame:
    """Join our Table 1 rows (code -> :func:`describe` dict) with the paper's.

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
        differs = []
        for key in COMPARED:
            theirs = paper.at[code, key] if code in paper.index else None
            record[f"paper_{key}"] = theirs
            if theirs is not None and not within_tolerance(ours[key], theirs):
                differs.append(key)
        record["differs"] = ", ".join(differs)
        record["note"] = notes.get(code, "")
        records.append(record)
    return pd.DataFrame.from_records(records)


def render_table1(table: pd.DataFrame) -> str:
    """Markdown rendering: ours (paper) per compared cell, differences in bold."""
    shown = table.copy()
    for key in COMPARED:
        cells = []
        for ours, theirs, differs in zip(shown[key], shown[f"paper_{key}"], shown["differs"],
                                         strict=True):
            cells.append(beside(str(ours), str(theirs), key in differs.split(", ")))
        shown[key] = cells
    shown = shown.drop(columns=[f"paper_{k}" for k in COMPARED])
    title = ("# Auer, Holte & Maass (1995), Table 1: datasets\n\n"
             "Each compared cell shows ours (paper); **bold** marks a difference, explained in "
             "the note column. Attributes constant on all examples are not counted.\n\n")
    return title + to_markdown(shown)
