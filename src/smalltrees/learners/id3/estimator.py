"""ID3: the learner of CS181 lecture 6, grown to the lecture's stopping rules, unpruned.

Yildiz (2015, section V-B) grows "ID3 for discrete datasets and C4.5 for continuous datasets"
and prunes the grown tree four ways (:mod:`smalltrees.learners.id3.pruning`). This learner is that
grower for both: ID3's multiway splits on categorical attributes, and on continuous attributes
the binary midpoint cuts chosen by information gain that the author's toolkit uses for its
C4.5-style trees (not gain ratio, no minimum leaf size, no pruning).
"""

from __future__ import annotations

import numpy as np

from smalltrees.learners.base import TreeClassifier
from smalltrees.learners.id3.grow import grow
from smalltrees.learners.tree import export
from smalltrees.learners.tree.model import TreeModel
from smalltrees.learners.tree.routing import end_nodes
from smalltrees.learners.tree.structure import Tree


class ID3(TreeModel, TreeClassifier):
    """ID3 decision tree (information gain, one branch per value, grown until the lecture's
    stopping rules hold); continuous attributes get binary cuts at midpoints.

    Missing values (and categories unseen at fit time) are replaced by the training mean of a
    continuous attribute and the training mode (first category on a tie) of a categorical
    one, fixed at fit time and applied to any data predicted later, as in the author's
    toolkit (``handle_missing_values``); the lecture has no rule for them.

    Attributes
    ----------
    classes_ : ndarray
        Sorted class labels.
    n_features_in_ : int
    feature_names_in_ : ndarray of str
        The training frame's column names (only when they are all strings).
    fill_ : ndarray of float
        The encoded value that replaces a missing value of each attribute.
    tree_ : :class:`~smalltrees.learners.tree.Tree`
        The grown tree, nodes in the order they were made (a parent before its children).
    leaf_distributions_ : ndarray of shape (n_nodes, n_classes)
        Per node, the class distribution :meth:`predict_proba` gives there (``tree_.proba``).
    n_decision_nodes_, n_leaves_ : int

    References
    ----------
    CS181 lecture 6, sections 5-6; J. R. Quinlan (1986), "Induction of decision trees";
    O. T. Yildiz (2015), "VC-dimension of univariate decision trees", section V-B.

    Examples
    --------
    >>> import pandas as pd
    >>> X = pd.DataFrame({"o": pd.Categorical(["s", "s", "r", "r"]), "t": [1.0, 2.0, 3.0, 4.0]})
    >>> model = ID3().fit(X, ["no", "no", "yes", "yes"])
    >>> print(model.export_text())
    o = r: yes (2)
    o = s: no (2)
    """

    def __init__(self):
        pass

    def fit(self, X, y) -> ID3:
        """Grow the tree on attributes ``X`` and class labels ``y``."""
        self.check_params()
        Z, codes = self._start_fit(X, y)
        self.fill_ = _fill_values(Z, self.schema_.n_values)
        self.tree_ = grow(self._filled(Z), codes, len(self.classes_), self.schema_.n_values)
        self.n_decision_nodes_ = self.tree_.decision_nodes
        self.n_leaves_ = self.tree_.n_nodes - self.n_decision_nodes_
        return self

    def encode(self, X) -> np.ndarray:
        """``X`` in the training encoding, missing and unseen values filled (``fill_``)."""
        return self._filled(self._encode(X))

    @property
    def leaf_distributions_(self) -> np.ndarray:
        """Per node, the class distribution :meth:`predict_proba` gives there."""
        return self.tree_.proba

    def predict(self, X) -> np.ndarray:
        """The class of the leaf each example reaches."""
        return self.classes_[self.tree_.label[end_nodes(self.tree_, self.encode(X))]]

    def predict_proba(self, X) -> np.ndarray:
        """The training class distribution of the leaf each example reaches (of its nearest
        ancestor that training examples reached, for a leaf none did); columns in the order
        of ``classes_``."""
        return self.tree_.proba[end_nodes(self.tree_, self.encode(X))]

    def export_text(self, tree: Tree | None = None) -> str:
        """The fitted tree (or a pruned ``tree`` of it, :meth:`Tree.pruned`), one line per
        branch with the leaf's class and training count."""
        self._check_fitted()
        tree = self.tree_ if tree is None else tree
        return export.export_text(tree, self.schema_.names, self.schema_.categories,
                                  self._text_style(tree))

    def _text_style(self, tree: Tree) -> export.TextStyle:
        """``class (training count)`` at a leaf, thresholds as ``%.6g``."""
        return export.TextStyle(
            leaf=lambda node: f"{self.classes_[tree.label[node]]} ({int(tree.counts[node].sum())})",
            number=lambda t: f"{t:.6g}", root_leaf=lambda text: text)

    def _filled(self, Z: np.ndarray) -> np.ndarray:
        return np.where(np.isnan(Z), self.fill_, Z)


def _fill_values(Z: np.ndarray, n_values: np.ndarray) -> np.ndarray:
    """Per attribute: the training mean (continuous) or mode code (categorical), 0 when no
    value is known."""
    fill = np.zeros(Z.shape[1])
    for j, k in enumerate(n_values.tolist()):
        known = Z[~np.isnan(Z[:, j]), j]
        if not known.size:
            continue
        fill[j] = np.argmax(np.bincount(known.astype(np.int64), minlength=k)) if k else _mean(known)
    return fill


def _mean(values: np.ndarray) -> float:
    """The mean of finite ``values``, finite too: where their sum overflows (values near
    ``1e308``), the mean of the values scaled down by a power of two (exactly), scaled back.

    >>> _mean(np.array([1.0, 2.0])), _mean(np.array([1.7e308, 1.5e308]))
    (1.5, 1.6e+308)
    """
    with np.errstate(over="ignore"):
        mean = values.mean()
    if np.isfinite(mean):
        return float(mean)
    exponent = np.frexp(np.abs(values).max())[1]
    return float(np.ldexp(np.ldexp(values, -exponent).mean(), exponent))
