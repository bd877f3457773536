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
                tuple(dtype.categories) if isinstance(dtype, pd.CategoricalDtype) else None
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
        continuous = []
        for j, (column, dtype, cats) in enumerate(
                zip(X.columns, X.dtypes, self.categories, strict=True)):
            is_categorical = isinstance(dtype, pd.CategoricalDtype)
            if is_categorical != (cats is not None):
                kind = "categorical" if cats is not None else "continuous (numeric)"
                raise ValueError(f"column {column!r} has dtype {dtype}; expected {kind}")
            if cats is None:
                continuous.append(j)
                continue
            codes = X[column].cat.codes.to_numpy()
            if tuple(dtype.categories) == cats:  # the training categories: codes as they are
                Z[:, j] = np.where(codes < 0, np.nan, codes)
                continue
            known = pd.Index(cats).get_indexer(dtype.categories).astype(float)
            known[known < 0] = unseen
            Z[:, j] = np.where(codes < 0, np.nan, known[np.maximum(codes, 0)] if len(known)
                               else np.nan)
        if continuous:
            Z[:, continuous] = X.iloc[:, continuous].to_numpy(dtype=float, na_value=np.nan)
        return Z
