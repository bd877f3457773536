"""The one input encoder of every learner: a DataFrame as a float matrix, fixed at fit time.

A :class:`Schema` remembers the training columns, their kinds and the categories of each
categorical column. :meth:`Schema.encode` turns a frame with those columns into a float matrix:
continuous values as they are, categories as their codes in the *training* categories, ``NaN``
for a missing value. A category unknown at fit time gets ``unseen`` (``NaN`` by default, i.e.
it is treated as a missing value; T1/T2 pass :data:`UNSEEN` to predict the node's majority).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from smalltrees.learners.validation import check_frame

UNSEEN = -2.0
"""Code of a category unknown at fit time, for learners that tell it apart from missing."""


@dataclass(frozen=True)
class Schema:
    """Training columns: names, and for each its categories (``None`` = continuous)."""

    names: tuple[str, ...]
    categories: tuple[tuple | None, ...]

    @classmethod
    def from_frame(cls, X: pd.DataFrame) -> Schema:
        """The schema of a training frame (checked with :func:`check_frame`)."""
        check_frame(X)
        return cls(
            names=tuple(str(c) for c in X.columns),
            categories=tuple(
                category_tuple(dtype) if isinstance(dtype, pd.CategoricalDtype) else None
                for dtype in X.dtypes
            ),
        )

    @property
    def continuous(self) -> list[bool]:
        """Per column: True when continuous."""
        return [cats is None for cats in self.categories]

    @property
    def n_values(self) -> np.ndarray:
        """Per column: the number of categories (0 for a continuous column)."""
        return np.array([0 if cats is None else len(cats) for cats in self.categories])

    def encode(self, X: pd.DataFrame, unseen: float = np.nan) -> np.ndarray:
        """``X`` as an ``(n, p)`` float matrix in this schema (see the module docstring).

        Raises ``ValueError`` when ``X`` does not have the training columns, in order, with
        their kinds.
        """
        check_frame(X, allow_empty=True)
        return self.encode_checked(X, unseen)

    def encode_checked(self, X: pd.DataFrame, unseen: float = np.nan) -> np.ndarray:
        """:meth:`encode` of a frame that already passed :func:`check_frame` (the training
        frame of ``fit``, which is checked once when its schema is made)."""
        names = tuple(str(c) for c in X.columns)
        if names != self.names:
            raise ValueError(
                f"X has columns {list(names)}; expected the training columns "
                f"{list(self.names)} in that order"
            )
        Z = np.empty(X.shape, dtype=float)
        continuous, same, same_codes = [], [], []
        for j, (column, dtype, cats) in enumerate(
                zip(X.columns, X.dtypes, self.categories, strict=True)):
            is_categorical = isinstance(dtype, pd.CategoricalDtype)
            if is_categorical != (cats is not None):
                kind = "categorical" if cats is not None else "continuous (numeric)"
                raise ValueError(f"column {column!r} has dtype {dtype}; expected {kind}")
            if cats is None:
                continuous.append(j)
                continue
            # the Categorical itself: ``.cat.codes`` would build two Series per column
            codes = X[column].array.codes
            if category_tuple(dtype) == cats:  # the training categories: codes as they are
                same.append(j)
                same_codes.append(codes)
                continue
            known = pd.Index(cats).get_indexer(dtype.categories).astype(float)
            known[known < 0] = unseen
            Z[:, j] = np.where(codes < 0, np.nan, known[np.maximum(codes, 0)] if len(known)
                               else np.nan)
        if same:  # all columns of codes at once, not a few array operations per column
            codes = np.stack(same_codes)
            Z[:, same] = np.where(codes < 0, np.nan, codes).T
        if continuous:  # all columns continuous: the frame itself, not a copy column by column
            frame = X if len(continuous) == X.shape[1] else X.iloc[:, continuous]
            Z[:, continuous] = frame.to_numpy(dtype=float, na_value=np.nan)
        return Z


def category_tuple(dtype: pd.CategoricalDtype) -> tuple:
    """The categories of a categorical dtype as a tuple (``tolist`` is the fast way there)."""
    return tuple(dtype.categories.tolist())
