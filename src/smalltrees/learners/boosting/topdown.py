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

import numpy as np
import pandas as pd

from smalltrees.learners.base import leaf_distributions
from smalltrees.learners.boosting.sweep import Attributes
from smalltrees.learners.boosting.topdown_grow import IMPURITIES, Problem, Tree, grow
from smalltrees.learners.boosting.twoclass import BooleanClassifier
from smalltrees.learners.validation import is_count

HISTORY_COLUMNS = ("round", "attribute", "test", "w", "q", "gain", "advantage", "train_error",
                   "depth")


class TopDown(BooleanClassifier):
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
    tree_ : :class:`~smalltrees.learners.boosting.topdown_grow.Tree`
    node_distributions_ : ndarray of shape (n_nodes, 2)
        Per node, the class distribution :meth:`predict_proba` gives there.
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
        self.tree_ = grow(problem, self.max_splits)
        self.n_splits_ = len(self.tree_.rounds)
        self.stop_reason_ = self.tree_.stop_reason
        self.history_ = self._history(self.tree_)
        self.node_distributions_ = leaf_distributions(node_counts(self.tree_, Z, f),
                                                      tree_parents(self.tree_))
        if self.stop_reason_.startswith("no test"):
            warnings.warn(f"TopDown stopped after {self.n_splits_} rounds: {self.stop_reason_}",
                          stacklevel=2)
        return self

    def _history(self, tree: Tree) -> pd.DataFrame:
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
        Z = self._encode(X)
        path, moved_at = descend(self.tree_, Z)
        limit = np.inf if n_splits is None else n_splits
        return self.classes_[np.array(self.tree_.label)[stop_node(path, moved_at, limit)]]

    def staged_predict(self, X) -> Iterator[np.ndarray]:
        """Labels from the tree after each round 1, 2, ..., ``n_splits_`` (as scikit-learn's
        ``staged_predict``; ``predict(X, n_splits=0)`` is the root alone)."""
        Z = self._encode(X)
        path, moved_at = descend(self.tree_, Z)
        labels = np.array(self.tree_.label)
        for limit in range(1, self.n_splits_ + 1):
            yield self.classes_[labels[stop_node(path, moved_at, limit)]]

    def predict_proba(self, X) -> np.ndarray:
        """The training class distribution (negative, positive) of the leaf each case reaches
        (of the node where it stops, for a missing value or an unseen category; of the parent,
        for a branch no training case took). A tie predicts the positive class."""
        Z = self._encode(X)
        path, moved_at = descend(self.tree_, Z)
        return self.node_distributions_[stop_node(path, moved_at, np.inf)]

    def export_text(self) -> str:
        """The tree as indented text, one line per branch, with each node's round."""
        self._check_fitted()
        tree, lines = self.tree_, []

        def walk(node: int, indent: str) -> None:
            j = tree.feature[node]
            if j < 0:
                return
            name, categories = self.schema_.names[j], self.schema_.categories[j]
            for b, child in enumerate(tree.children[node]):
                test = (f"{name} {'<=' if b == 0 else '>'} {tree.threshold[node]:g}"
                        if categories is None else f"{name} = {categories[b]}")
                leaf = "" if tree.feature[child] >= 0 else f": {self.classes_[tree.label[child]]}"
                lines.append(f"{indent}{test} [round {int(tree.split_round[node])}]{leaf}")
                walk(child, indent + "|   ")

        walk(0, "")
        return "\n".join(lines) if lines else f": {self.classes_[tree.label[0]]}"


def descend(tree: Tree, Z: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each row's path down the grown tree: ``(path, moved_at)``, where ``path[:, j]`` is the
    node after ``j`` moves (the last node repeated once the row stops) and ``moved_at[:, j]``
    the round that split the node left at move ``j`` (``inf`` where the row did not move).

    A row stops at a leaf, or at a node whose tested value it lacks: a missing value or a
    category unseen in training, both encoded as NaN. A continuous value is compared with the
    threshold whatever its sign (category codes are never negative).
    """
    feature = np.array(tree.feature)
    threshold = np.array(tree.threshold, dtype=float)
    split_round = np.array(tree.split_round, dtype=float)
    width = max((len(c) for c in tree.children), default=0)
    children = np.full((len(tree.feature), max(width, 1)), -1)
    for i, kids in enumerate(tree.children):
        children[i, :len(kids)] = kids
    n = Z.shape[0]
    node = np.zeros(n, dtype=np.int64)
    path, moved_at = [node.copy()], []
    moving = np.arange(n)
    while moving.size:
        moving = moving[feature[node[moving]] >= 0]
        at = node[moving]
        x = Z[moving, feature[at]]
        known = ~np.isnan(x)
        moving, at, x = moving[known], at[known], x[known]
        continuous = ~np.isnan(threshold[at])
        branch = np.where(continuous, x > np.where(continuous, threshold[at], 0), x)
        node[moving] = children[at, branch.astype(np.int64)]
        rounds = np.full(n, np.inf)
        rounds[moving] = split_round[at]
        path.append(node.copy())
        moved_at.append(rounds)
    return np.stack(path, axis=1), np.stack(moved_at, axis=1) if moved_at else np.zeros((n, 0))


def stop_node(path: np.ndarray, moved_at: np.ndarray, limit: float) -> np.ndarray:
    """The node where each row stops in the tree of rounds ``<= limit``: a node's children are
    split after it, so the moves made by then are the first ones along the path."""
    return path[np.arange(path.shape[0]), (moved_at <= limit).sum(axis=1)]


def node_counts(tree: Tree, Z: np.ndarray, f: np.ndarray) -> np.ndarray:
    """``(n_nodes, 2)``: the negative and positive training cases reaching each node."""
    path, moved_at = descend(tree, Z)
    counts = np.zeros((len(tree.feature), 2))
    np.add.at(counts, (stop_node(path, moved_at, np.inf), f), 1)
    parent = tree_parents(tree)
    for node in range(len(parent) - 1, 0, -1):  # a child is made after its parent
        counts[parent[node]] += counts[node]
    return counts


def tree_parents(tree: Tree) -> np.ndarray:
    """Each node's parent (-1 at the root)."""
    parent = np.full(len(tree.feature), -1, dtype=np.int64)
    for node, kids in enumerate(tree.children):
        parent[kids] = node
    return parent
