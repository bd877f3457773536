"""TopDown_F (Dietterich, Kearns & Mansour 1996, Figure 1) as an estimator, with its rounds.

References
----------
T. Dietterich, M. Kearns and Y. Mansour (1996), "Applying the weak learning framework to
understand and improve C4.5", ICML: Figure 1 (TopDown_F), eq. 1 (H(T)), eq. 5 (G(T)), eq. 7
(the advantage of a split on the balanced distribution), section 4.1 (the advantage sequence).
M. Kearns and Y. Mansour (1996), "On the boosting ability of top-down decision tree learning
algorithms", STOC.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from dataclasses import replace

import numpy as np
import pandas as pd

from smalltrees.learners.base import leaf_distributions
from smalltrees.learners.boosting.topdown_grow import IMPURITIES, Growth, Problem, grow, to_tree
from smalltrees.learners.boosting.twoclass import BooleanClassifier
from smalltrees.learners.splits import Attributes
from smalltrees.learners.tree.export import TextStyle
from smalltrees.learners.tree.model import TreeModel
from smalltrees.learners.tree.routing import end_nodes, node_counts
from smalltrees.learners.validation import is_count

HISTORY_COLUMNS = ("round", "attribute", "test", "w", "q", "gain", "advantage", "train_error",
                   "depth")


class TopDown(TreeModel, BooleanClassifier):
    """TopDown_F: grow a tree best-first, one split per round, to zero training error.

    Each round splits the (leaf, test) pair with the largest *weighted* drop of the criterion,
    ``w(l) x`` the local gain, over C4.5's family of tests: a binary threshold on a continuous
    attribute (cut between consecutive distinct values, placed as C4.5 places it) and one branch
    per declared value of a categorical attribute (an empty branch predicts its parent's label).
    Leaves carry the majority label (positive when ``q >= 1/2``). How Figure 1's open points
    are read (candidates, zero-gain splits, ties) is in :mod:`.topdown_grow`.

    Parameters
    ----------
    criterion : {"entropy", "G"}, default="entropy"
        H(q), the binary entropy in bits (eq. 1, C4.5's information gain), or
        ``G(q) = 2 sqrt(q (1 - q))`` (eq. 5, Kearns & Mansour's improved criterion).
    max_splits : int or None, default=None
        Stop after this many rounds (N of Figure 1); None grows to zero training error.
    positive_class : label or None, default=None
        The class that is f = 1. None: y must have exactly two classes and the larger (sorted
        last) is positive. Given: that class against all others (predicted as ``"rest"``).

    Attributes
    ----------
    classes_ : ndarray
        The negative and the positive label.
    history_ : DataFrame
        One row per round: ``round``; ``attribute`` (name) and ``test`` (the threshold, or the
        tuple of the attribute's values, one per branch); ``w`` (fraction of the training
        sample at the leaf split) and ``q`` (its positive fraction); ``gain`` (local gain of the
        criterion, bits for entropy); ``advantage`` (gamma of eq. 7 on the balanced
        distribution at the leaf; for a multi-way split the best boolean labelling of its
        branches, see :func:`~.twoclass.split_advantage`); ``train_error``
        (fraction, after the round); ``depth`` of the leaf split (0 = root).
    n_splits_ : int
        Rounds made.
    stop_reason_ : str
        "zero training error", "max_splits = N reached", or why zero training error is
        unreachable (an impure leaf whose cases share one x; a warning says so too).
    tree_ : :class:`~smalltrees.learners.tree.Tree`
        The grown tree, nodes in the order they were made.
    split_round_ : ndarray of shape (n_nodes,)
        The round that split each node (``inf`` at a leaf).
    node_distributions_ : ndarray of shape (n_nodes, 2)
        Per node, the class distribution :meth:`predict_proba` gives there (``tree_.proba``).
    """

    def __init__(self, criterion: str = "entropy", max_splits: int | None = None,
                 positive_class=None):
        self.criterion = criterion
        self.max_splits = max_splits
        self.positive_class = positive_class

    def check_params(self) -> None:
        """Raise ``ValueError`` naming an invalid parameter."""
        if self.criterion not in IMPURITIES:
            raise ValueError(f"criterion={self.criterion!r}; expected one of {list(IMPURITIES)}")
        if self.max_splits is not None and not is_count(self.max_splits, minimum=0):
            raise ValueError(f"max_splits={self.max_splits!r}; expected None or an integer "
                             ">= 0")

    def fit(self, X, y) -> TopDown:
        """Grow the tree on ``(X, y)``; returns ``self``."""
        self.check_params()
        Z, f = self._start_boolean_fit(X, y)
        problem = Problem(Attributes(Z, self.schema_.n_values), f, IMPURITIES[self.criterion])
        growth = grow(problem, self.max_splits)
        self.n_splits_ = len(growth.rounds)
        self.stop_reason_ = growth.stop_reason
        self.history_ = self._history(growth)
        self.split_round_ = np.array(growth.split_round, dtype=float)
        tree = to_tree(growth)
        counts = node_counts(tree, Z, f, 2)
        self.tree_ = replace(tree, counts=counts, proba=leaf_distributions(counts, tree.parent))
        if self.stop_reason_.startswith("no test"):
            warnings.warn(f"TopDown stopped after {self.n_splits_} rounds: {self.stop_reason_}",
                          stacklevel=2)
        return self

    def _history(self, tree: Growth) -> pd.DataFrame:
        rows = []
        for record in tree.rounds:
            j = record["feature"]
            categories = self.schema_.categories[j]
            test = record["threshold"] if categories is None else tuple(categories)
            rows.append({**record, "attribute": self.schema_.names[j], "test": test})
        return pd.DataFrame(rows, columns=list(HISTORY_COLUMNS))

    def predict(self, X, n_splits: int | None = None) -> np.ndarray:
        """Labels from the tree after the first ``n_splits`` rounds (all when None).

        A case whose tested value is missing or a category unseen in training stops at that
        node and takes its majority label.
        """
        if n_splits is not None and not is_count(n_splits, minimum=0):
            raise ValueError(f"n_splits={n_splits!r}; expected None or an integer >= 0")
        limit = np.inf if n_splits is None else n_splits
        return self.classes_[self._codes(self._encode(X), limit)]

    def staged_predict(self, X) -> Iterator[np.ndarray]:
        """Labels from the tree after each round 1, 2, ..., ``n_splits_`` (as scikit-learn's
        ``staged_predict``; ``predict(X, n_splits=0)`` is the root alone)."""
        Z = self._encode(X)
        for limit in range(1, self.n_splits_ + 1):
            yield self.classes_[self._codes(Z, limit)]

    def _codes(self, Z: np.ndarray, limit: float) -> np.ndarray:
        """The class codes from the tree of the rounds up to ``limit``: a node split later is
        a leaf of it."""
        return self.tree_.label[end_nodes(self.tree_, Z, stop=self.split_round_ > limit)]

    def predict_proba(self, X) -> np.ndarray:
        """The training class distribution (negative, positive) of the leaf each case reaches
        (of the node where it stops, for a missing value or an unseen category; of the parent,
        for a branch no training case took). A tie predicts the positive class."""
        return self.tree_.proba[end_nodes(self.tree_, self._encode(X))]

    @property
    def node_distributions_(self) -> np.ndarray:
        """Per node, the class distribution :meth:`predict_proba` gives there."""
        return self.tree_.proba

    def _text_style(self, tree) -> TextStyle:
        """One line per branch with the round that split the node; ``x <= t`` printed as
        ``%g``."""
        return TextStyle(leaf=lambda node: str(self.classes_[tree.label[node]]),
                         number=lambda t: f"{t:g}",
                         note=lambda node: f" [round {int(self.split_round_[node])}]")
