"""Input checks shared by every learner: the project's (X, y) contract, with clear errors.

X is either a pandas DataFrame whose columns are continuous (a numeric, non-boolean dtype; float
in the datasets the workflow produces) or categorical (a pandas CategoricalDtype), or anything
array-like of numbers, two-dimensional, whose columns are all continuous (as scikit-learn's
estimators read a numpy array); NaN = missing. Infinite values are refused: no learner in the
papers defines a test on them, and a threshold at infinity cannot be written to JSON.

y holds one class label per row: strings, or numbers that are class codes (integers, or floats
with integral values), never a mixture (which cannot be sorted into ``classes_``) and never a
continuous target.
"""

from __future__ import annotations

from numbers import Integral, Number, Real
from typing import Any

import numpy as np
import pandas as pd


def check_frame(X: Any, allow_empty: bool = False) -> list:
    """Raise ``ValueError`` unless ``X`` is a DataFrame of continuous and categorical columns;
    return its columns' dtypes (read once: pandas builds a Series each time it is asked).

    ``allow_empty`` admits zero rows (prediction on an empty frame returns an empty array).
    """
    if not isinstance(X, pd.DataFrame):
        raise ValueError(f"X must be a pandas DataFrame, got {type(X).__name__}")
    check_shape(X.shape, allow_empty)
    if not X.columns.is_unique:
        raise ValueError(f"X has duplicate column names {list(X.columns)}; expected unique names")
    dtypes = X.dtypes.tolist()
    numeric = []
    for j, (column, dtype) in enumerate(zip(X.columns, dtypes, strict=True)):
        if isinstance(dtype, pd.CategoricalDtype):
            continue
        if not _plain_number(dtype) and (pd.api.types.is_bool_dtype(dtype)
                                         or pd.api.types.is_complex_dtype(dtype)
                                         or not pd.api.types.is_numeric_dtype(dtype)):
            raise ValueError(
                f"column {column!r} has unsupported dtype {dtype}; expected a float dtype "
                "(continuous) or a pandas CategoricalDtype (categorical)"
            )
        numeric.append(j)
    if numeric:
        # all columns numeric: the frame itself, not a copy of it taken column by column
        frame = X if len(numeric) == X.shape[1] else X.iloc[:, numeric]
        check_finite(frame.to_numpy(dtype=float, na_value=np.nan),
                     [X.columns[j] for j in numeric])
    return dtypes


def _plain_number(dtype) -> bool:
    """A numpy float or integer dtype: numeric and not boolean, without pandas' slower
    checks (which decide every other dtype)."""
    return isinstance(dtype, np.dtype) and dtype.kind in "fiu"


def check_array(X: Any, allow_empty: bool = False) -> np.ndarray:
    """``X`` (array-like, not a DataFrame) as a new two-dimensional float matrix, every column
    continuous, named ``x0, x1, ...`` in the errors; raise ``ValueError`` (``TypeError`` for a
    sparse matrix or a value that is not a number) naming the problem."""
    if hasattr(X, "toarray") or type(X).__module__.startswith("scipy.sparse"):
        raise TypeError(f"X is a sparse matrix ({type(X).__name__}); sparse input is not "
                        "supported: pass a dense array (X.toarray()) or a DataFrame")
    raw = np.asarray(X)
    if raw.ndim != 2:
        raise ValueError(
            f"X must be two-dimensional (rows x attributes), got shape {raw.shape}. Reshape your "
            "data either using X.reshape(-1, 1) if it has a single attribute or "
            "X.reshape(1, -1) if it has a single row")
    if np.iscomplexobj(raw):
        raise ValueError("X has complex numbers: Complex data not supported; expected real "
                         "numbers")
    if raw.dtype.kind == "b":
        raise ValueError("X has dtype bool; expected numbers (continuous attributes), or a "
                         "DataFrame with a CategoricalDtype column for a categorical attribute")
    if raw.dtype.kind in "OUS":
        try:
            values = raw.astype(float)
        except (TypeError, ValueError) as error:
            raise type(error)(
                f"X has a value that is not a number ({error}); an array's columns are "
                "continuous: pass a DataFrame with a CategoricalDtype column for a categorical "
                "attribute") from None
    else:
        values = np.array(raw, dtype=float)
    check_shape(values.shape, allow_empty)
    check_finite(values, [f"x{j}" for j in range(values.shape[1])])
    return values


def check_shape(shape: tuple[int, int], allow_empty: bool) -> None:
    """Raise ``ValueError`` for a matrix without columns, or without rows unless
    ``allow_empty``."""
    if shape[1] == 0:
        raise ValueError(f"X has 0 feature(s) (shape={shape}) while a minimum of 1 is required.")
    if shape[0] == 0 and not allow_empty:
        raise ValueError(f"X has 0 sample(s) (shape={shape}) while a minimum of 1 is required.")


def check_finite(values: np.ndarray, names: list) -> None:
    """Raise ``ValueError`` naming the first column of ``values`` with an infinite value."""
    infinite = np.isinf(values)
    if infinite.any():
        j = int(np.flatnonzero(infinite.any(axis=0))[0])  # the first column with one
        rows = np.flatnonzero(infinite[:, j])
        raise ValueError(
            f"column {names[j]!r} has {rows.size} infinite value(s) (first at row "
            f"{int(rows[0])}: {values[rows[0], j]}); expected finite numbers, with NaN for a "
            "missing value"
        )


def check_labels(y: Any, n_samples: int) -> np.ndarray:
    """Class labels as a 1-D array of length ``n_samples``, checked (see the module
    docstring)."""
    if y is None:
        raise ValueError("this learner requires y to be passed, but the target y is None")
    labels = y if isinstance(y, np.ndarray) else np.asarray(y, dtype=object)
    if labels.ndim != 1:
        raise ValueError(f"y should be a 1d array of class labels, got shape {labels.shape}")
    if len(labels) != n_samples:
        raise ValueError(f"y has {len(labels)} labels; expected one per row of X ({n_samples})")
    if pd.isna(labels).any():
        raise ValueError("y has missing class labels; expected a label for every row")
    if labels.dtype == object:
        types = set(map(type, labels))  # one C-level pass; the kinds from these few types
        kinds = {"string"} if types == {str} else {_label_kind(label) for label in labels}
        if len(kinds) > 1:
            examples = [next(repr(v) for v in labels if _label_kind(v) == k) for k in sorted(kinds)]
            raise ValueError(
                f"y mixes label types ({', '.join(sorted(kinds))}: e.g. {', '.join(examples)}); "
                "expected labels of one type, e.g. all strings")
        if kinds == {"number"}:  # numbers given as a list: as numpy's numbers, as sklearn has
            labels = np.asarray(labels.tolist())
            _check_numeric_labels(labels.astype(float))
    elif labels.dtype.kind in "fc":
        _check_numeric_labels(labels)
    elif labels.dtype.kind not in "iubUS":
        raise ValueError(f"y has dtype {labels.dtype}; expected class labels (strings or "
                         "integers)")
    return labels


def class_codes(labels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The sorted classes of checked ``labels`` (:func:`check_labels`) and each label's
    index among them (int64): ``np.unique(labels, return_inverse=True)``, with string labels
    hashed (``pd.factorize``, sorted) rather than sorted as Python objects, which costs
    numpy a comparison per pair (58,000 labels of SU: 86 -> 3 ms; 3,000: 1.8 -> 0.1). The
    few distinct labels are sorted here, not by ``factorize(sort=True)`` (150 labels of IR:
    62 -> 56 us; 12: 64 -> 42; 58,000: 4.7 -> 3.3 ms)."""
    if labels.dtype == object and len(labels) and isinstance(labels[0], str):  # all strings
        codes, found = pd.factorize(labels)  # in order of first appearance
        order = np.argsort(found)
        rank = np.empty(len(order), dtype=np.int64)
        rank[order] = np.arange(len(order))
        return np.asarray(found[order], dtype=object), rank[codes]
    classes, codes = np.unique(labels, return_inverse=True)
    return classes, codes.ravel().astype(np.int64)


def check_sample_weight(sample_weight: Any, n_samples: int) -> np.ndarray:
    """Case weights (scikit-learn's ``sample_weight``) as a 1-D float array of length
    ``n_samples``: finite, non-negative, not all zero. A case of weight ``w`` counts as ``w``
    cases: whole numbers give the model of the rows repeated that many times."""
    weights = np.asarray(sample_weight)
    if weights.ndim != 1 or len(weights) != n_samples:
        raise ValueError(f"sample_weight has shape {weights.shape}; expected one weight per row "
                         f"of X ({n_samples},)")
    if weights.dtype.kind not in "iuf":
        raise ValueError(f"sample_weight has dtype {weights.dtype}; expected numbers")
    weights = weights.astype(float)
    bad = ~np.isfinite(weights) | (weights < 0)
    if bad.any():
        row = int(np.flatnonzero(bad)[0])
        raise ValueError(f"sample_weight has {int(bad.sum())} negative or non-finite value(s) "
                         f"(first at row {row}: {weights[row]}); expected finite weights >= 0")
    if not (weights > 0).any():
        raise ValueError("sample_weight is zero for every row; expected a positive weight")
    return weights


def _label_kind(label: Any) -> str:
    if isinstance(label, str):
        return "string"
    return "number" if isinstance(label, Number) else type(label).__name__


def _check_numeric_labels(values: np.ndarray) -> None:
    """Refuse infinite labels and a continuous target (non-integral numbers)."""
    if np.iscomplexobj(values):
        raise ValueError("y has complex labels: Complex data not supported; expected class "
                         "labels")
    if np.isinf(values).any():
        raise ValueError("y has infinite labels; expected class labels")
    fractional = values != np.round(values)
    if fractional.any():
        raise ValueError(
            f"Unknown label type: continuous (y has non-integral numbers such as "
            f"{values[fractional][0]!r}); a classifier needs class labels: strings or integers")


def is_number(value: Any) -> bool:
    """A real number that is not a bool."""
    return isinstance(value, Real) and not isinstance(value, bool)


def is_count(value: Any, minimum: int = 1) -> bool:
    """An integer (not a bool) of at least ``minimum``."""
    return isinstance(value, Integral) and not isinstance(value, bool) and value >= minimum
