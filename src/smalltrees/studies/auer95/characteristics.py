"""Dataset characteristics as in Auer, Holte & Maass (1995), Table 1.

"Size" is the number of examples, "Classes" the number of classes, "Baseline Accuracy" the
percentage of examples in the most frequent class, "Missing values" whether any example has an
unknown attribute value; the remaining columns count continuous attributes and categorical
attributes by their number of distinct values (2, 3, 4, 5, 6, >6). "Attributes that have the
same value on all examples are not counted" (section 3): an attribute is constant when every
example has the same value, an unknown value counting as a value of its own. Distinct values of
a categorical attribute are those that occur (declared but unseen values are not counted).
"""

from __future__ import annotations

import pandas as pd

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
