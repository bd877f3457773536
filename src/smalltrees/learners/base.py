"""Estimator plumbing shared by every learner, in scikit-learn's conventions.

Parameters are the keyword arguments of ``__init__``, stored unchanged and checked in ``fit``;
fitted attributes end in ``_``; ``fit`` returns ``self``. :meth:`TreeClassifier._start_fit`
does what every ``fit`` begins with: check ``(X, y)``, fix the :class:`Schema`, the sorted
classes and the feature names, and return the encoded matrix with the class codes.
"""

from __future__ import annotations

import inspect
from typing import Any

import numpy as np
import pandas as pd

from smalltrees.learners.encoding import Schema
from smalltrees.learners.validation import check_labels


class TreeClassifier:
    """Base of the learners: parameters, representation, fitted-state checks and scoring."""

    @classmethod
    def _param_names(cls) -> list[str]:
        signature = inspect.signature(cls.__init__)
        return [name for name in signature.parameters if name != "self"]

    def get_params(self, deep: bool = True) -> dict[str, Any]:
        """Constructor parameters, as in scikit-learn."""
        return {name: getattr(self, name) for name in self._param_names()}

    def set_params(self, **params: Any):
        """Set constructor parameters, as in scikit-learn; returns ``self``."""
        names = self._param_names()
        for name, value in params.items():
            if name not in names:
                raise ValueError(
                    f"invalid parameter {name!r} for {type(self).__name__}; expected one of "
                    f"{names}"
                )
            setattr(self, name, value)
        return self

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.get_params().items())
        return f"{type(self).__name__}({args})"

    def __str__(self) -> str:
        return self.export_text() if self._is_fitted() else repr(self)

    def check_params(self) -> None:
        """Raise ``ValueError`` naming the first parameter with an invalid value.

        Called by ``fit``, and by the workflow's config check before any job runs.
        """

    def export_text(self) -> str:  # pragma: no cover - every learner overrides it
        raise NotImplementedError

    def predict(self, X: pd.DataFrame) -> np.ndarray:  # pragma: no cover - overridden
        raise NotImplementedError

    def score(self, X: pd.DataFrame, y) -> float:
        """Accuracy of :meth:`predict` on ``(X, y)``."""
        labels = check_labels(y, len(X))
        return float(np.mean(self.predict(X) == labels))

    def _start_fit(self, X: pd.DataFrame, y) -> tuple[np.ndarray, np.ndarray]:
        """Check ``(X, y)``, set ``schema_``, ``classes_``, ``n_features_in_`` and
        ``feature_names_in_``; return the encoded ``X`` and the class codes."""
        Z = self._fit_schema(X)
        labels = check_labels(y, len(X))
        self.classes_, codes = np.unique(labels, return_inverse=True)
        return Z, codes.ravel().astype(np.int64)

    def _fit_schema(self, X: pd.DataFrame) -> np.ndarray:
        """Check ``X``, set ``schema_``, ``n_features_in_`` and ``feature_names_in_``; return
        the encoded ``X``."""
        self.schema_ = Schema.from_frame(X)
        self.n_features_in_ = X.shape[1]
        self.feature_names_in_ = np.asarray(self.schema_.names, dtype=object)
        return self.schema_.encode_checked(X)

    def _is_fitted(self) -> bool:
        return hasattr(self, "schema_")

    def _check_fitted(self) -> None:
        if not self._is_fitted():
            raise ValueError(
                f"this {type(self).__name__} is not fitted yet; call fit(X, y) first"
            )
