"""Estimator plumbing shared by every learner, in scikit-learn's conventions.

Parameters are the keyword arguments of ``__init__``, stored unchanged and checked in ``fit``;
fitted attributes end in ``_``; ``fit`` returns ``self``. :meth:`TreeClassifier._start_fit`
does what every ``fit`` begins with: check ``(X, y)``, fix the :class:`Schema`, the sorted
classes and the feature names, and return the encoded matrix with the class codes.

scikit-learn is not a dependency: ``get_params``/``set_params`` (nested ``estimator__name``
keys included), ``score``, ``__sklearn_tags__`` (which imports scikit-learn only when asked, i.e.
only by scikit-learn itself) and ``__sklearn_is_fitted__`` are all it needs for ``clone``,
``cross_val_score``, ``GridSearchCV`` and ``Pipeline``.
"""

from __future__ import annotations

import inspect
from typing import Any, ClassVar

import numpy as np

from smalltrees.learners.encoding import Schema
from smalltrees.learners.validation import check_labels, class_codes


class TreeClassifier:
    """Base of the learners: parameters, representation, fitted-state checks and scoring."""

    allows_missing: ClassVar[bool] = True
    """Whether ``fit`` accepts missing values (NaN); scikit-learn's ``allow_nan`` tag."""

    predicts_majority: ClassVar[bool] = True
    """Whether ``predict`` gives a class of largest :meth:`predict_proba` (ties aside): True
    for every learner whose leaves (or nodes, or votes) predict their majority; False for T1
    and T2, whose interval labelling with at most K intervals may give a leaf a minority class
    (Auer et al. 1995, section 2)."""

    @classmethod
    def _param_names(cls) -> list[str]:
        signature = inspect.signature(cls.__init__)
        return [name for name in signature.parameters if name != "self"]

    def get_params(self, deep: bool = True) -> dict[str, Any]:
        """Constructor parameters, as in scikit-learn; with ``deep``, also those of a learner
        given as a parameter, as ``<parameter>__<name>``."""
        params = {}
        for name in self._param_names():
            value = getattr(self, name)
            if deep and hasattr(value, "get_params") and not isinstance(value, type):
                params.update((f"{name}__{key}", inner)
                              for key, inner in value.get_params().items())
            params[name] = value
        return params

    def set_params(self, **params: Any):
        """Set constructor parameters (``<parameter>__<name>`` for a nested learner's), as in
        scikit-learn; returns ``self``."""
        names = self._param_names()
        nested: dict[str, dict[str, Any]] = {}
        for key, value in params.items():
            name, delimiter, inner = key.partition("__")
            if name not in names:
                raise ValueError(
                    f"invalid parameter {name!r} for {type(self).__name__}; expected one of "
                    f"{names}"
                )
            if delimiter:
                nested.setdefault(name, {})[inner] = value
            else:
                setattr(self, name, value)
        for name, inner_params in nested.items():
            getattr(self, name).set_params(**inner_params)
        return self

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.get_params(deep=False).items())
        return f"{type(self).__name__}({args})"

    def __str__(self) -> str:
        return self.export_text() if self._is_fitted() else repr(self)

    def __sklearn_tags__(self):
        """scikit-learn's tags: a classifier of 2-D input, NaN allowed where ``fit`` accepts it,
        multi-class unless :meth:`_binary_only`. Imports scikit-learn, so only scikit-learn
        calls it."""
        from sklearn.utils import ClassifierTags, InputTags, Tags, TargetTags

        return Tags(
            estimator_type="classifier",
            target_tags=TargetTags(required=True),
            classifier_tags=ClassifierTags(multi_class=not self._binary_only()),
            input_tags=InputTags(allow_nan=self._allows_nan()),
        )

    def __sklearn_is_fitted__(self) -> bool:
        return self._is_fitted()

    def _allows_nan(self) -> bool:
        return self.allows_missing

    def _binary_only(self) -> bool:
        """True for a learner of two classes only (DKM's, without ``positive_class``)."""
        return False

    def check_params(self) -> None:
        """Raise ``ValueError`` naming the first parameter with an invalid value.

        Called by ``fit``, and by the workflow's config check before any job runs.
        """

    def export_text(self) -> str:  # pragma: no cover - every learner overrides it
        raise NotImplementedError

    def predict(self, X) -> np.ndarray:  # pragma: no cover - overridden
        raise NotImplementedError

    def predict_proba(self, X) -> np.ndarray:  # pragma: no cover - overridden
        """Class probabilities, one column per class of ``classes_``; rows sum to 1."""
        raise NotImplementedError

    def score(self, X, y) -> float:
        """Accuracy of :meth:`predict` on ``(X, y)``."""
        predicted = self.predict(X)
        labels = check_labels(y, len(predicted))
        return float(np.mean(predicted == labels))

    def _start_fit(self, X, y) -> tuple[np.ndarray, np.ndarray]:
        """Check ``(X, y)``, set ``schema_``, ``classes_``, ``n_features_in_`` and
        ``feature_names_in_``; return the encoded ``X`` and the class codes."""
        Z = self._fit_schema(X)
        self.classes_, codes = class_codes(check_labels(y, len(Z)))
        return Z, codes

    def _fit_schema(self, X) -> np.ndarray:
        """Check ``X`` (a DataFrame or array-like), set ``schema_``, ``n_features_in_`` and
        ``feature_names_in_`` (only for a frame whose column labels are all strings, as in
        scikit-learn); return the encoded ``X``."""
        schema, Z = Schema.fit(X)
        self._set_schema(schema, Z.shape[1])
        return Z

    def _set_schema(self, schema: Schema, width: int) -> None:
        self.schema_, self.n_features_in_ = schema, width
        names = schema.feature_names
        if names is not None:
            self.feature_names_in_ = names
        elif hasattr(self, "feature_names_in_"):  # refitted on data without names
            del self.feature_names_in_

    def _fit_rows(self, schema: Schema, Z: np.ndarray, labels: np.ndarray,
                  sample_weight: np.ndarray | None = None) -> TreeClassifier:
        """Fit on rows ``Z`` already encoded in ``schema``, as ``fit`` would on the frame rows
        they encode (parameters checked, that schema, the classes of ``labels``, which
        :func:`~smalltrees.learners.validation.check_labels` has checked); for a learner with
        ``_fit_encoded``, called by whatever encodes its data once for many fits (an
        ensemble's members, cross-validation folds, learning-curve draws). ``sample_weight``
        (only for a learner whose :meth:`_fits_weighted` is true): as ``fit``'s."""
        codes = self._start_fit_rows(schema, Z, labels)
        if sample_weight is None:
            return self._fit_encoded(Z, codes)
        if not self._fits_weighted():
            raise ValueError(f"{self!r} does not take case weights (sample_weight)")
        return self._fit_weighted(Z, codes, sample_weight)

    def _start_fit_rows(self, schema: Schema, Z: np.ndarray, labels: np.ndarray) -> np.ndarray:
        """What :meth:`_fit_rows` begins with: check the parameters, set ``schema_`` and
        ``classes_``; return the class codes of ``labels``."""
        self.check_params()
        self._set_schema(schema, Z.shape[1])
        self.classes_, codes = class_codes(labels)
        return codes

    def _fits_encoded(self) -> bool:
        """Whether :meth:`_fit_rows` and ``_predict_encoded`` work (the learner defines
        ``_fit_encoded`` and ``_predict_encoded``)."""
        return hasattr(self, "_fit_encoded") and hasattr(self, "_predict_encoded")

    def _fits_weighted(self) -> bool:
        """Whether ``fit`` and :meth:`_fit_rows` take case weights (``sample_weight``, through
        ``_fit_weighted``): a case of weight ``k`` counts as ``k`` cases, so an ensemble may
        fit a bootstrap sample on its distinct rows with their counts."""
        return False

    def _encode_for_prediction(self, X) -> np.ndarray:
        """``X`` encoded as ``predict`` reads it: in the training schema, an unknown category
        as missing (a learner that tells them apart overrides this)."""
        return self._encode(X)

    def _encode(self, X, unseen: float = np.nan) -> np.ndarray:
        """``X`` encoded in the training schema (see :meth:`Schema.encode`)."""
        self._check_fitted()
        return self.schema_.encode(X, unseen, owner=type(self).__name__)

    def _is_fitted(self) -> bool:
        return hasattr(self, "schema_")

    def _check_fitted(self) -> None:
        if not self._is_fitted():
            raise ValueError(
                f"this {type(self).__name__} is not fitted yet; call fit(X, y) first"
            )


def leaf_distributions(counts: np.ndarray, parent: np.ndarray) -> np.ndarray:
    """Per node, the class distribution that :meth:`TreeClassifier.predict_proba` gives there.

    ``counts`` are the training class counts of the cases reaching each node and ``parent``
    each node's parent (-1 at the root), parents listed before their children. A node that no
    training case reached takes the distribution of its nearest ancestor that some case did,
    as its label is that ancestor's majority.
    """
    totals = counts.sum(axis=1, keepdims=True)
    proba = np.divide(counts, totals, out=np.zeros(counts.shape), where=totals > 0)
    for node in range(len(parent)):
        if totals[node, 0] == 0 and parent[node] >= 0:
            proba[node] = proba[parent[node]]
    return proba
