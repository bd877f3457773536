"""T1, T2 and T3: decision trees of one, two and three levels with the least training error.

Implements the algorithm T2 of Auer, Holte and Maass (1995), section 2, its one-level version
T1 (Holte's 1R hypothesis class TREE(1, n, p, K)) and its three-level version T3 (the algorithm
Td of Theorem 3 for d = 3). Each searches its whole hypothesis class and returns a tree with the
minimum number of training errors.

Conventions (all deterministic):

* **Thresholds** lie between two consecutive distinct values ``lo < hi`` of the training items
  at the node, at their midpoint (:func:`~smalltrees.learners.splits.midpoint`: finite for
  any finite values; ``hi`` when the midpoint is not strictly above ``lo`` in floating
  point). An interval ``[t_i, t_{i+1})`` is closed on the left.
* **Ties** between equally good trees: the simpler tree wins, a leaf before a one-level tree
  (TREE(1) is part of TREE(2)) before a two-level tree; then the attribute that comes first in
  the columns of ``X``; then, for a continuous root, the smallest threshold; in each second-level
  node, again a leaf first and then the first column. Interval labellings use the fewest
  intervals. Ties between classes go to the first class of ``classes_``.
* **Edges without training items** (a category never seen at the node, or no missing values at
  the node) predict the majority class of the node's training items; a category not declared at
  fit time is treated the same way, never raising. A root edge without training items becomes a
  leaf with the majority class of the whole training set.
* A continuous root with a single distinct value has the threshold at that value, so only its
  "missing" edge and the edge ``>= t`` receive items; a continuous attribute that is missing on
  every training item is not tried at the root (it cannot beat a one-level tree).
* **Missing values** get an edge of their own at every test, as the paper defines
  TREE(2) (section 2, footnote 3: "we treat missing as another attribute value"). With
  ``continuous_missing="lowest"`` a continuous attribute's missing value is instead read as a
  number below every known value (:data:`LOWEST`), as a program that codes "missing" by a
  sentinel number would: it joins the first interval of each test on that attribute, and
  those tests have no missing edge (none could receive an item: a narrower class; one reading
  of how the authors' program ran, see :mod:`smalltrees.studies.auer95.sky`).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from smalltrees.learners.base import TreeClassifier, leaf_distributions
from smalltrees.learners.encoding import UNSEEN, Schema
from smalltrees.learners.optimal.depth2 import one_level, two_level
from smalltrees.learners.optimal.depth3 import three_level
from smalltrees.learners.optimal.search import Encoded
from smalltrees.learners.optimal.stumps import majority_label
from smalltrees.learners.optimal.tree import to_tree, without_continuous_missing
from smalltrees.learners.tree.export import TextStyle, tree_dict
from smalltrees.learners.tree.model import TreeModel
from smalltrees.learners.tree.routing import end_nodes, node_counts
from smalltrees.learners.validation import is_count

LOWEST = -np.finfo(float).max
"""The number a continuous attribute's missing value is read as with
``continuous_missing="lowest"``: below every finite value, and finite, so that the midpoint
thresholds next to it stay finite."""
CONTINUOUS_MISSING = ("edge", "lowest")


class _SmallTree(TreeModel, TreeClassifier):
    """What :class:`T1`, :class:`T2` and :class:`T3` share: the parameters K and
    ``continuous_missing``, encoding, prediction, export."""

    predicts_majority = False  # an interval labelling with at most K intervals may not

    def __init__(self, K: int | None = None, continuous_missing: str = "edge"):
        self.K = K
        self.continuous_missing = continuous_missing

    def check_params(self) -> None:
        """Raise ``ValueError`` unless K is None or an integer >= 1 and
        ``continuous_missing`` is one of :data:`CONTINUOUS_MISSING`."""
        if self.K is not None and not is_count(self.K):
            raise ValueError(f"K must be None or an integer >= 1, got {self.K!r}")
        if self.continuous_missing not in CONTINUOUS_MISSING:
            raise ValueError(f"continuous_missing must be one of {CONTINUOUS_MISSING}, got "
                             f"{self.continuous_missing!r}")

    def _read_missing(self, Z: np.ndarray) -> np.ndarray:
        """``Z`` as the search and the tree read it: with ``continuous_missing="lowest"``,
        the missing values of continuous columns as :data:`LOWEST` (a copy); else ``Z``."""
        if self.continuous_missing == "edge":
            return Z
        continuous = np.array([cats is None for cats in self.schema_.categories])
        missing = np.isnan(Z) & continuous
        return np.where(missing, LOWEST, Z) if missing.any() else Z

    def fit(self, X, y) -> _SmallTree:
        """Find a tree of the hypothesis class with the least errors on ``(X, y)``.

        Parameters
        ----------
        X : DataFrame or array-like of shape (m, n)
            Float columns are continuous, categorical columns categorical (every column of an
            array is continuous); NaN is missing.
        y : array-like of shape (m,)
            Class labels.

        Returns
        -------
        self
        """
        self.check_params()
        return self._fit_encoded(*self._start_fit(X, y))

    def _fit_encoded(self, Z: np.ndarray, y_codes: np.ndarray) -> _SmallTree:
        """The body of :meth:`fit` on ``Z``, already encoded in ``schema_``, with the codes
        of ``classes_`` (see :meth:`~smalltrees.learners.base.TreeClassifier._fit_rows`)."""
        self.K_ = len(self.classes_) + 1 if self.K is None else int(self.K)
        Z = self._read_missing(Z)
        enc = _encode(Z, y_codes, len(self.classes_), self.schema_)
        found = self._search(enc)
        if self.continuous_missing == "lowest":
            found = without_continuous_missing(found)
        tree = to_tree(found, len(self.classes_))
        ends = end_nodes(tree, Z)
        self.n_errors_ = int((tree.label[ends] != enc.y).sum())
        counts = node_counts(tree, Z, enc.y, len(self.classes_), ends)
        self.tree_ = replace(tree, counts=counts, proba=leaf_distributions(counts, tree.parent))
        return self

    @property
    def node_distributions_(self) -> np.ndarray:
        """Per node of the tree in pre-order, the class distribution :meth:`predict_proba`
        gives (``tree_.proba``)."""
        return self.tree_.proba

    def predict(self, X) -> np.ndarray:
        """Class labels predicted for the rows of ``X``."""
        return self._predict_encoded(self._encode_for_prediction(X))

    def _predict_encoded(self, Z: np.ndarray) -> np.ndarray:
        """:meth:`predict` of rows already encoded by :meth:`_encode_for_prediction`."""
        return self.classes_[self.tree_.label[end_nodes(self.tree_, self._read_missing(Z))]]

    def predict_proba(self, X) -> np.ndarray:
        """The training class distribution of the leaf each row reaches (of the nearest node
        above it that training items reached, for an edge without training items or a category
        unknown at fit time); columns in the order of ``classes_``.

        ``predict`` gives the leaf's label, which the search chose for the least errors: with
        at most K intervals it may be a minority class of the leaf.
        """
        Z = self._read_missing(self._encode_for_prediction(X))
        return self.tree_.proba[end_nodes(self.tree_, Z)]

    def to_dict(self) -> dict:
        """The fitted tree as nested dicts and lists, ready for ``json.dumps``."""
        self._check_fitted()
        return tree_dict(self.tree_, self.schema_.names, self.schema_.categories, self.classes_)

    def _text_style(self, tree) -> TextStyle:
        """scikit-learn's layout: ``|--- `` before each test, a leaf's class after it."""
        return TextStyle(leaf=lambda node: str(self.classes_[tree.label[node]]),
                         edge="|--- ", equals=" == ", value=repr, end="\n",
                         root_leaf=lambda text: f"|--- class: {text}",
                         missing_below=self.continuous_missing == "lowest")

    def _encode_for_prediction(self, X) -> np.ndarray:
        """``X`` in the training schema, a category unknown at fit time as
        :data:`~smalltrees.learners.encoding.UNSEEN` (the node's ``default`` decides)."""
        return self._encode(X, unseen=UNSEEN)


class T1(_SmallTree):
    """Optimal one-level decision tree, TREE(1, n, p, K) (Auer et al. 1995, section 2).

    The root queries one attribute: a categorical one with an edge per value plus "missing", or
    a continuous one with at most ``K`` intervals plus "missing"; every edge ends in a leaf.
    This is the hypothesis class of Holte's 1R. See the module docstring for thresholds and ties.

    Parameters
    ----------
    K : int or None, default None
        Maximum number of intervals of a continuous attribute; ``None`` means ``p + 1`` for
        ``p`` classes, as in the paper's experiments.
    continuous_missing : {"edge", "lowest"}, default "edge"
        A continuous attribute's missing value takes an edge of its own (the paper's
        TREE(2)), or is read as a number below every known value (see the module docstring).

    Attributes
    ----------
    classes_ : ndarray
        The sorted class labels.
    n_features_in_ : int
    feature_names_in_ : ndarray of str
        The training frame's column names (only when they are all strings).
    K_ : int
        The value of K used.
    tree_ : :class:`~smalltrees.learners.tree.Tree`
        The fitted tree, nodes in pre-order (a node, its children, its missing edge).
    n_errors_ : int
        Number of training errors, the minimum over TREE(1, n, p, K).
    node_distributions_ : ndarray of shape (n_nodes, n_classes)
        Per node of the tree in pre-order, the class distribution :meth:`predict_proba` gives
        (``tree_.proba``).

    References
    ----------
    P. Auer, R. C. Holte, W. Maass. Theory and applications of agnostic PAC-learning with small
    decision trees. ICML 1995, section 2 (TREE(1) and Theorem 3).

    Examples
    --------
    >>> import pandas as pd
    >>> X = pd.DataFrame({"x": [1.0, 2.0, 3.0, 4.0]})
    >>> T1(K=2).fit(X, ["a", "a", "b", "b"]).n_errors_
    0
    """

    def _search(self, enc: Encoded):
        return one_level(enc, K=self.K_)[1]()

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.poor_score = True  # one test: scikit-learn's blobs need more
        return tags


class T2(_SmallTree):
    """Optimal two-level decision tree, TREE(2, n, p, K) (Auer et al. 1995, section 2).

    The root queries an attribute beta: categorical with an edge per value plus "missing", or
    continuous with the edges ``beta < t``, ``beta >= t`` and "missing". Each second-level node
    is a leaf or queries an attribute alpha (``alpha == beta`` allowed) as in :class:`T1`, with
    at most ``K`` intervals for a continuous alpha. The search is exact: the thresholds of a
    continuous root are searched by branch and bound (:mod:`smalltrees.learners.optimal.cuts`),
    skipping those that provably cannot beat the best tree found so far.

    Parameters
    ----------
    K : int or None, default None
        Maximum number of intervals of a continuous second-level attribute; ``None`` means
        ``p + 1`` for ``p`` classes, as in the paper's experiments.
    continuous_missing : {"edge", "lowest"}, default "edge"
        A continuous attribute's missing value takes an edge of its own (the paper's
        TREE(2)), or is read as a number below every known value (see the module docstring).

    Attributes
    ----------
    classes_ : ndarray
        The sorted class labels.
    n_features_in_ : int
    feature_names_in_ : ndarray of str
        The training frame's column names (only when they are all strings).
    K_ : int
        The value of K used.
    tree_ : :class:`~smalltrees.learners.tree.Tree`
        The fitted tree, nodes in pre-order (a node, its children, its missing edge).
    n_errors_ : int
        Number of training errors, the minimum over TREE(2, n, p, K); ``1 - n_errors_ / m`` is
        the paper's Sky2 accuracy.
    node_distributions_ : ndarray of shape (n_nodes, n_classes)
        Per node of the tree in pre-order, the class distribution :meth:`predict_proba` gives
        (``tree_.proba``).

    References
    ----------
    P. Auer, R. C. Holte, W. Maass. Theory and applications of agnostic PAC-learning with small
    decision trees. ICML 1995, section 2 (algorithm T2, procedure MERGE, Theorem 1).

    Examples
    --------
    >>> import pandas as pd
    >>> X = pd.DataFrame({"u": [0.0, 0.0, 1.0, 1.0], "v": [0.0, 1.0, 0.0, 1.0]})
    >>> T2().fit(X, ["a", "b", "b", "a"]).n_errors_
    0
    """

    def _search(self, enc: Encoded):
        return two_level(enc, K=self.K_)[1](majority_label(enc, np.arange(len(enc.y))))


class T3(_SmallTree):
    """Optimal three-level decision tree, TREE(3, n, p, K) (Auer et al. 1995, section 2,
    Theorem 3: the algorithm Td for d = 3).

    The root queries an attribute gamma as the root of :class:`T2` (categorical: an edge per
    value plus "missing"; continuous: ``gamma < t``, ``gamma >= t`` and "missing"); each edge
    ends in a tree of TREE(2) on the edge's items, as :class:`T2` builds it. So the first two
    levels split a continuous attribute into 2 intervals and the last level into at most ``K``.
    The search is exact: the best over root tests of the sum of T2 on the root's edges, with
    branch and bound over root tests and thresholds (:mod:`smalltrees.learners.optimal.depth3`).
    Ties go to TREE(2) before a three-level tree, then as in :class:`T2` level by level.

    Parameters
    ----------
    K : int or None, default None
        Maximum number of intervals of a continuous last-level attribute; ``None`` means
        ``p + 1`` for ``p`` classes, as in the paper's experiments.
    continuous_missing : {"edge", "lowest"}, default "edge"
        A continuous attribute's missing value takes an edge of its own (the paper's
        TREE(2)), or is read as a number below every known value (see the module docstring).

    Attributes
    ----------
    classes_ : ndarray
        The sorted class labels.
    n_features_in_ : int
    feature_names_in_ : ndarray of str
        The training frame's column names (only when they are all strings).
    K_ : int
        The value of K used.
    tree_ : :class:`~smalltrees.learners.tree.Tree`
        The fitted tree, nodes in pre-order (a node, its children, its missing edge).
    n_errors_ : int
        Number of training errors, the minimum over TREE(3, n, p, K); ``1 - n_errors_ / m`` is
        Sky3, the summarising power of three-level trees (section 3).
    node_distributions_ : ndarray of shape (n_nodes, n_classes)
        Per node of the tree in pre-order, the class distribution :meth:`predict_proba` gives
        (``tree_.proba``).

    References
    ----------
    P. Auer, R. C. Holte, W. Maass. Theory and applications of agnostic PAC-learning with small
    decision trees. ICML 1995, section 2 (Theorem 3) and section 3 (Sky2).

    Examples
    --------
    >>> import pandas as pd
    >>> X = pd.DataFrame({"u": [0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 3.0, 3.0],
    ...                   "v": [0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0]})
    >>> T3(K=2).fit(X, ["a", "b", "b", "a", "a", "b", "b", "a"]).n_errors_
    0
    """

    def _search(self, enc: Encoded):
        return three_level(enc, K=self.K_)[1](majority_label(enc, np.arange(len(enc.y))))


def _encode(Z: np.ndarray, y: np.ndarray, p: int, schema: Schema) -> Encoded:
    """The training set as T2's integer codes (see :class:`Encoded`): the continuous columns
    ranked together by one sort of their values (missing values last), not one
    ``np.unique`` per column."""
    m = len(Z)
    codes, values = [None] * Z.shape[1], [None] * Z.shape[1]
    cont = [j for j, cats in enumerate(schema.categories) if cats is None]
    if cont:
        columns = np.ascontiguousarray(Z[:, cont].T)  # (n_cont, m)
        order = np.argsort(columns, axis=1, kind="stable")
        ordered = np.take_along_axis(columns, order, axis=1)
        new = np.ones(ordered.shape, dtype=bool)  # the first of a run of equal values
        np.not_equal(ordered[:, 1:], ordered[:, :-1], out=new[:, 1:])
        missing = np.isnan(ordered)
        new &= ~missing
        ranks = np.cumsum(new, axis=1) - 1
        ranks[missing] = -1
        coded = np.empty((len(cont), m), dtype=np.int64)
        np.put_along_axis(coded, order, ranks, axis=1)
        for k, j in enumerate(cont):
            codes[j], values[j] = coded[k], ordered[k, new[k]]
    for j, cats in enumerate(schema.categories):
        if cats is not None:
            column = Z[:, j]
            codes[j] = np.where(np.isnan(column), len(cats), column).astype(np.int64)
            values[j] = np.asarray(cats)
    return Encoded(y=y, p=p, continuous=schema.continuous, codes=codes, values=values)
