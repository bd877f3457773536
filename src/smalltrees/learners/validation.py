"""Input checks shared by every learner: the project's (X, y) contract, with clear errors.

X is a pandas DataFrame whose columns are continuous (a numeric, non-boolean dtype; float in
the datasets the workflow produces) or categorical (a pandas CategoricalDtype), NaN = missing;
y holds one class label per row. Infinite values are refused: no learner in the papers defines
a test on them, and a threshold at infinity cannot be written to JSON.
"""

from __future__ import annotations

from numbers import Integral, Real
from typing import Any

import numpy as np
import pandas as pd


def check_frame(X: Any, allow_empty: bool = False) -> None:
    """Raise ``ValueError`` unless ``X`` is a DataFrame of continuous and categorical columns.

    ``allow_empty`` admits zero rows (prediction on an empty frame returns an empty array).
    """
    if not isinstance(X, pd.DataFrame):
        raise ValueError(f"X must be a pandas DataFrame, got {type(X).__name__}")
    if X.shape[1] == 0 or (X.shape[0] == 0 and not allow_empty):
        raise ValueError(f"X is empty (shape {X.shape}); expected at least one row and column")
    if not X.columns.is_unique:
        raise ValueError(f"X has duplicate column names {list(X.columns)}; expected unique names")
    numeric = []
    for j, (column, dtype) in enumerate(X.dtypes.items()):
        if isinstance(dtype, pd.CategoricalDtype):
            continue
        if pd.api.types.is_bool_dtype(dtype) or not pd.api.types.is_numeric_dtype(dtype):
            raise ValueError(
                f"column {column!r} has unsupported dtype {dtype}; expected a float dtype "
                "(continuous) or a pandas CategoricalDtype (categorical)"
            )
        numeric.append(j)
    if not numeric:
        return
    # all columns numeric: the frame itself, not a copy of it taken column by column
    frame = X if len(numeric) == X.shape[1] else X.iloc[:, numeric]
    values = frame.to_numpy(dtype=float, na_value=np.nan)
    infinite = np.isinf(values)
    if infinite.any():
        j = int(np.flatnonzero(infinite.any(axis=0))[0])  # the first column with one
        rows = np.flatnonzero(infinite[:, j])
        raise ValueError(
            f"column {X.columns[numeric[j]]!r} has {rows.size} infinite value(s) (first at row "
            f"{int(rows[0])}: {values[rows[0], j]}); expected finite numbers, with NaN for a "
            "missing value"
        )


def check_labels(y: Any, n_samples: int) -> np.ndarray:
    """Class labels as a 1-D object array of length ``n_samples`` without missing values."""
    labels = y if isinstance(y, np.ndarray) else np.asarray(y, dtype=object)
    if labels.ndim != 1:
        raise ValueError(f"y must be one-dimensional, got shape {labels.shape}")
    if len(labels) != n_samples:
        raise ValueError(f"y has {len(labels)} labels; expected one per row of X ({n_samples})")
    if pd.isna(labels).any():
        raise ValueError("y has missing class labels; expected a label for every row")
    return labels


def is_number(value: Any) -> bool:
    """A real number that is not a bool."""
    return isinstance(value, Real) and not isinstance(value, bool)


def is_count(value: Any, minimum: int = 1) -> bool:
    """An integer (not a bool) of at least ``minimum``."""
    return isinstance(value, Integral) and not isinstance(value, bool) and value >= minimum
