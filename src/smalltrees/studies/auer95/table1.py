"""Auer, Holte & Maass (1995) Table 1: the datasets' characteristics, ours beside the paper's.

"Size" is the number of examples, "Classes" the number of classes, "Baseline Accuracy" the
percentage of examples in the most frequent class, "Missing values" whether any example has an
unknown attribute value; the remaining columns count continuous attributes and categorical
attributes by their number of distinct values (2, 3, 4, 5, 6, >6). "Attributes that have the
same value on all examples are not counted" (section 3): an attribute is constant when every
example has the same value, an unknown value counting as a value of its own. Distinct values of
a categorical attribute are those that occur (declared but unseen values are not counted).

The paper's legible values (size, classes, baseline accuracy, total number of non-constant
attributes) are kept in ``data/paper/auer95/table1.csv`` (the long transcription layout,
table ``table1``); the other columns of the paper's table are garbled in the available text
and are reported without a comparison; every difference is flagged.
"""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd

from smalltrees.evaluation.cells import compare
from smalltrees.evaluation.verdicts import DIFFERS, Exact
from smalltrees.reporting.cell_views import paper_shape
from smalltrees.reporting.markdown import to_markdown
from smalltrees.studies.auer95 import STUDY

COMPARED = ("size", "classes", "baseline", "total")
"""The compared columns: deterministic numbers, judged exactly at half a unit of the paper's
last printed decimal (:class:`~smalltrees.evaluation.verdicts.Exact`)."""
VALUE_BINS = ("2", "3", "4", "5", "6", ">6")
OURS_ONLY = ("missing", "continuous", *(f"values_{b}" for b in VALUE_BINS))
"""The columns the paper's copy garbles: shown, not compared."""


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


def table1_cells(rows: Mapping[str, dict], paper: pd.DataFrame) -> pd.DataFrame:
    """The cells of Table 1: our :data:`COMPARED` numbers per dataset (``rows``: code ->
    :func:`describe` dict, in the table's order) beside the paper's (the transcription, rows
    of table ``table1``), each judged exactly at the paper's printed decimals; a dataset the
    paper did not use is ours alone."""
    ours = pd.DataFrame([{"code": code, "quantity": key, "ours": float(row[key]),
                          "decimals": 1 if key == "baseline" else 0,
                          "item": f"Table 1, {key}, {code}"}
                         for code, row in rows.items() for key in COMPARED])
    return compare(STUDY, "table1", ours, paper[paper["code"].isin(list(rows))], Exact())


def table1_view(cells: pd.DataFrame, rows: Mapping[str, dict], names: Mapping[str, str],
                notes: Mapping[str, str]) -> pd.DataFrame:
    """The table as shown: per dataset its name, the compared columns as "ours (paper)" from
    ``cells``, the columns the paper's copy garbles (ours only), the compared columns that
    differ and the note (the registry's, by code)."""
    shown = paper_shape(cells, {key: key for key in COMPARED}, rows=list(rows))
    differs = cells[cells["verdict"] == DIFFERS].groupby("code", sort=False)["quantity"]
    differs = differs.agg(", ".join)
    records = []
    for record in shown.to_dict("records"):
        code, ours = record["code"], rows[record["code"]]
        records.append({"code": code, "dataset": names.get(code, code), **record,
                        **{key: ours[key] for key in OURS_ONLY},
                        "differs": differs.get(code, ""), "note": notes.get(code, "")})
    return pd.DataFrame(records)


def render_table1(view: pd.DataFrame) -> str:
    """Markdown of :func:`table1_view`."""
    title = ("# Auer, Holte & Maass (1995), Table 1: datasets\n\n"
             "Each compared cell shows ours (paper); **bold** marks a difference, explained in "
             "the note column. Attributes constant on all examples are not counted.\n\n")
    return title + to_markdown(view)
