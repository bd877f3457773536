"""The one input encoder of every learner: ``X`` as a float matrix, fixed at fit time.

A :class:`Schema` remembers the training columns, their kinds and the categories of each
categorical column. :meth:`Schema.encode` turns ``X`` into a float matrix: continuous values as
they are, categories as their codes in the *training* categories, ``NaN`` for a missing value.
A category unknown at fit time gets ``unseen`` (``NaN`` by default, i.e. it is treated as a
missing value; T1/T2 and IFN pass :data:`UNSEEN` to tell it apart). Only categorical columns
hold codes: a continuous column holds the values themselves, negative ones included, so a
learner must never read a negative value as "unseen" without knowing the column is categorical.

``X`` is a DataFrame (categorical dtype = categorical attribute; its column labels are compared
exactly at prediction, so ``1`` is not ``"1"``) or anything array-like of numbers (every column
continuous, named ``x0, x1, ...``, read by position, as scikit-learn reads a numpy array).
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from smalltrees.learners.validation import check_array, check_frame

UNSEEN = -2.0
"""Code of a category unknown at fit time, for learners that tell it apart from missing."""


@dataclass(frozen=True)
class Schema:
    """Training columns: display names, each one's categories (``None`` = continuous), and the
    training frame's column labels as given (``None`` when fitted on an array)."""

    names: tuple[str, ...]
    categories: tuple[tuple | None, ...]
    columns: tuple | None = None

    @classmethod
    def fit(cls, X: Any) -> tuple[Schema, np.ndarray]:
        """The schema of training data ``X`` (a DataFrame or array-like) and ``X`` encoded."""
        if isinstance(X, pd.DataFrame):
            dtypes = check_frame(X)
            schema = cls._of_frame(X, dtypes)
            return schema, schema.encode_checked(X, dtypes=dtypes)
        Z = check_array(X)
        names = tuple(f"x{j}" for j in range(Z.shape[1]))
        return cls(names=names, categories=(None,) * Z.shape[1]), Z

    @classmethod
    def from_frame(cls, X: pd.DataFrame) -> Schema:
        """The schema of a training frame (checked with :func:`check_frame`)."""
        return cls._of_frame(X, check_frame(X))

    @classmethod
    def _of_frame(cls, X: pd.DataFrame, dtypes: list) -> Schema:
        """The schema of a checked training frame whose column dtypes are ``dtypes``."""
        return cls(
            names=tuple(str(c) for c in X.columns),
            categories=tuple(
                category_tuple(dtype) if isinstance(dtype, pd.CategoricalDtype) else None
                for dtype in dtypes
            ),
            columns=tuple(X.columns.tolist()),
        )

    @property
    def continuous(self) -> list[bool]:
        """Per column: True when continuous."""
        return [cats is None for cats in self.categories]

    @property
    def n_values(self) -> np.ndarray:
        """Per column: the number of categories (0 for a continuous column)."""
        return np.array([0 if cats is None else len(cats) for cats in self.categories])

    @property
    def feature_names(self) -> np.ndarray | None:
        """scikit-learn's ``feature_names_in_``: the training frame's column labels when all
        are strings, else None."""
        if self.columns is None or not all(isinstance(c, str) for c in self.columns):
            return None
        return np.asarray(self.columns, dtype=object)

    def encode(self, X: Any, unseen: float = np.nan, owner: str = "the model") -> np.ndarray:
        """``X`` as an ``(n, p)`` float matrix in this schema (see the module docstring).

        Raises ``ValueError`` when ``X`` does not have the training columns, in order, with
        their kinds; ``owner`` (the learner) is named in the errors.
        """
        if isinstance(X, pd.DataFrame):
            dtypes = check_frame(X, allow_empty=True)
            return self.encode_checked(X, unseen, owner, dtypes)
        Z = check_array(X, allow_empty=True)
        self._check_width(Z.shape[1], owner)
        categorical = [name for name, cats in zip(self.names, self.categories, strict=True)
                       if cats is not None]
        if categorical:
            raise ValueError(
                f"{owner} was fitted on a DataFrame with categorical columns {categorical}; X "
                f"must be a DataFrame with the training columns, not {type(X).__name__}")
        if self.feature_names is not None:
            warnings.warn(f"X does not have valid feature names, but {owner} was fitted with "
                          "feature names: its columns are read in the training order",
                          UserWarning, stacklevel=3)
        return Z

    def encode_checked(self, X: pd.DataFrame, unseen: float = np.nan,
                       owner: str = "the model", dtypes: list | None = None) -> np.ndarray:
        """:meth:`encode` of a frame that already passed :func:`check_frame` (the training
        frame of ``fit``, which is checked once when its schema is made); ``dtypes``: what
        :func:`check_frame` returned, where the caller has it."""
        if self.columns is None:  # fitted on an array: the frame's columns by position
            self._check_width(X.shape[1], owner)
            warnings.warn(f"X has feature names, but {owner} was fitted without feature names: "
                          "its columns are read in the training order", UserWarning,
                          stacklevel=3)
        else:
            check_columns(tuple(X.columns.tolist()), self.columns)
        Z = np.empty(X.shape, dtype=float)
        continuous, same, same_codes = [], [], []
        dtypes = X.dtypes.tolist() if dtypes is None else dtypes
        series = None  # the columns as Series, built only where one is categorical
        for j, (column, dtype, cats) in enumerate(zip(X.columns, dtypes, self.categories,
                                                      strict=True)):
            is_categorical = isinstance(dtype, pd.CategoricalDtype)
            if is_categorical != (cats is not None):
                kind = "categorical" if cats is not None else "continuous (numeric)"
                raise ValueError(f"column {column!r} has dtype {dtype}; expected {kind}")
            if cats is None:  # a continuous column is read with the others, below
                continuous.append(j)
                continue
            if series is None:  # ``items()`` hands each column over as it is (``X.iloc[:, j]``
                series = [values for _, values in X.items()]  # costs three times more)
            # the Categorical itself: ``.cat.codes`` would build two Series per column
            codes = series[j].array.codes
            if category_tuple(dtype) == cats:  # the training categories: codes as they are
                same.append(j)
                same_codes.append(codes)
                continue
            known = pd.Index(cats).get_indexer(dtype.categories).astype(float)
            known[known < 0] = unseen
            Z[:, j] = np.where(codes < 0, np.nan, known[np.maximum(codes, 0)] if len(known)
                               else np.nan)
        if same:  # all columns of codes at once, not a few array operations per column
            block = np.empty((len(same), X.shape[0]))
            for i, codes in enumerate(same_codes):
                block[i] = codes
            block[block < 0] = np.nan
            Z[:, _columns(same, X.shape[1])] = block.T
        if continuous:  # all columns continuous: the frame itself, not a copy column by column
            frame = X if len(continuous) == X.shape[1] else X.iloc[:, continuous]
            Z[:, continuous] = frame.to_numpy(dtype=float, na_value=np.nan)
        return Z

    def _check_width(self, width: int, owner: str) -> None:
        if width != len(self.names):
            raise ValueError(f"X has {width} features, but {owner} is expecting "
                             f"{len(self.names)} features as input")


def _columns(indices: list[int], width: int) -> list[int] | slice:
    """``indices`` (increasing) as a slice when they are all ``width`` columns: assigning to
    a slice of ``Z`` costs less than to a list of columns."""
    return slice(None) if len(indices) == width else indices


def check_columns(given: tuple, expected: tuple) -> None:
    """Raise ``ValueError`` unless the column labels ``given`` are ``expected``, in order.

    Labels are compared as they are (``1`` is not ``"1"``); the message lists the unseen and
    the missing labels as scikit-learn does, then both lists in full.
    """
    if len(given) == len(expected) and all(
            _same_label(g, e) for g, e in zip(given, expected, strict=True)):
        return
    unseen = [c for c in given if not any(_same_label(c, e) for e in expected)]
    missing = [c for c in expected if not any(_same_label(c, g) for g in given)]
    lines = ["The feature names should match those that were passed during fit."]
    if unseen:
        lines += ["Feature names unseen at fit time:", *[f"- {c}" for c in unseen[:5]]]
    if missing:
        lines += ["Feature names seen at fit time, yet now missing:",
                  *[f"- {c}" for c in missing[:5]]]
    if not unseen and not missing:
        lines.append("Feature names must be in the same order as they were in fit.")
    lines.append(f"X has columns {list(given)!r}; expected the training columns "
                 f"{list(expected)!r} in that order")
    raise ValueError("\n".join(lines))


def _same_label(a: Any, b: Any) -> bool:
    """Two column labels are the same: equal, and both strings or both not (``1`` vs ``"1"``)."""
    return a is b or (isinstance(a, str) == isinstance(b, str) and bool(a == b))


def category_tuple(dtype: pd.CategoricalDtype) -> tuple:
    """The categories of a categorical dtype as a tuple (``tolist`` is the fast way there)."""
    return tuple(dtype.categories.tolist())
