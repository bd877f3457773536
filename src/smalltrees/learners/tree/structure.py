"""The one fitted-tree structure of the tree learners: a tree as parallel arrays, one entry per
node, as scikit-learn's ``Tree``.

C4.5, ID3, TopDown and T1/T2/T3 each grow their trees their own way and then describe the result
in this structure; one router (:mod:`.routing`), one printer (:mod:`.export`) and one traversal
for the complexity measures (:mod:`.measures`) serve them all. The structure holds every test
these learners make:

* a continuous attribute cut into 2 or K intervals (``thresholds``; the intervals closed on the
  left, ``[t_i, t_{i+1})``, for T1/T2/T3, Auer et al. 1995, section 2; on the right, ``x <= t``
  to the first branch, for C4.5, ID3 and TopDown);
* a categorical attribute with one branch per declared value, or C4.5's branches on groups of
  values (Quinlan 1993, ch. 5): ``children[i, v]`` is the node a category code ``v`` reaches,
  ``branches[i, b]`` the node of branch ``b`` in print order;
* what an unknown value does: follow the node's missing-value edge (``missing``: T1/T2/T3),
  go down every branch with a fractional weight (``fractional``: C4.5, Quinlan 1993, ch. 3), or
  stop at the node, which predicts its own class (TopDown; a category unknown at fit time in
  T1/T2/T3 too).

Nodes are numbered so that a parent comes before its children; each learner keeps its own order
(C4.5 the order its reference visits nodes in, so that sums over leaves add in that order).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from smalltrees.learners.criteria import EPS


def first_best(proba: np.ndarray) -> np.ndarray:
    """Per row of ``proba``, the first class whose probability is within
    :data:`~smalltrees.learners.criteria.EPS` of the row's largest (C4.5's choice of class)."""
    return np.argmax(proba >= proba.max(axis=1, keepdims=True) - EPS, axis=1)


@dataclass(frozen=True, eq=False)
class Tree:
    """A fitted decision tree as arrays.

    Attributes
    ----------
    feature : ndarray of int, shape (n_nodes,)
        The tested attribute (column of the encoded matrix), ``-1`` at a leaf.
    thresholds : ndarray of float, shape (n_nodes, max_cuts)
        A continuous test's cuts in increasing order, padded with ``NaN``; all ``NaN`` for a
        categorical test and at a leaf (a continuous test with no cut has one interval).
    branches : ndarray of int, shape (n_nodes, width)
        Each node's branches (node numbers) in order, padded with ``-1``.
    children : ndarray of int, shape (n_nodes, width)
        The node a known value reaches: by interval of a continuous test, by category code of a
        categorical one (through the node's groups of values, if it has some); ``-1`` where
        there is none. A case whose value has no branch (a category unknown at fit time)
        stops at the node.
    missing : ndarray of int, shape (n_nodes,)
        The node an unknown value reaches, ``-1`` where the test has no missing-value edge.
    intervals : ndarray of int, shape (n_nodes,)
        The number of intervals of a continuous test (its cuts plus one), 0 for a categorical
        test and at a leaf.
    counts : ndarray, shape (n_nodes, n_classes)
        Class weights (or counts) of the training cases reaching each node.
    proba : ndarray of float, shape (n_nodes, n_classes)
        The class distribution a case stopping at the node gets.
    label : ndarray of int, shape (n_nodes,)
        The class code a case stopping at the node is given (``-1`` where none can stop).
    left_closed : bool
        Intervals ``[t_i, t_{i+1})`` (a value equal to a cut goes up) rather than
        ``(t_i, t_{i+1}]``.
    fractional : bool
        An unknown value at a node without a missing-value edge goes down every branch whose
        share of the node's training weight exceeds :data:`~smalltrees.learners.criteria.EPS`,
        its weight times that share (C4.5); else it stops at the node.
    """

    feature: np.ndarray
    thresholds: np.ndarray
    branches: np.ndarray
    children: np.ndarray
    missing: np.ndarray
    intervals: np.ndarray
    counts: np.ndarray
    proba: np.ndarray
    label: np.ndarray
    left_closed: bool = False
    fractional: bool = False

    @property
    def n_nodes(self) -> int:
        """Number of nodes, leaves included."""
        return int(self.feature.size)

    @property
    def is_leaf(self) -> np.ndarray:
        """Per node: True at a leaf."""
        return self.feature < 0

    @property
    def n_leaves(self) -> int:
        """Number of leaves."""
        return int(self.is_leaf.sum())

    @property
    def decision_nodes(self) -> int:
        """Number of internal (decision) nodes, the complexity of Yildiz (2015, Table III)."""
        return self.n_nodes - self.n_leaves

    @cached_property
    def ended_children(self) -> np.ndarray:
        """:attr:`children` with a last column of ``-1``: where a category code without a
        branch (negative, as :data:`~smalltrees.learners.encoding.UNSEEN`) or an unknown
        value is sent, so that the router looks every case up in one indexing."""
        return np.concatenate([self.children, np.full((self.n_nodes, 1), -1)], axis=1)

    @cached_property
    def parent(self) -> np.ndarray:
        """Each node's parent, ``-1`` at the root."""
        parent = np.full(self.n_nodes, -1, dtype=np.int64)
        edges = np.concatenate([self.branches, self.missing[:, None]], axis=1)
        above, _ = np.nonzero(edges >= 0)
        parent[edges[edges >= 0]] = above
        return parent

    @cached_property
    def depth(self) -> np.ndarray:
        """Per node, the number of tests above it."""
        depth, parent = [0] * self.n_nodes, self.parent.tolist()
        for node in range(1, self.n_nodes):  # parents come first
            depth[node] = depth[parent[node]] + 1
        return np.array(depth, dtype=np.int64)

    def edges(self, node: int) -> np.ndarray:
        """The node's children in print order: its branches, then its missing-value edge."""
        kids = self.branches[node][self.branches[node] >= 0]
        return np.append(kids, self.missing[node]) if self.missing[node] >= 0 else kids

    def groups(self, node: int) -> np.ndarray | None:
        """At a test on groups of categorical values (C4.5's subsetting), the branch of each
        category code; ``None`` at any other node (one branch per value in declared order
        is no grouping, even when C4.5's search returned it as one)."""
        if self.is_leaf[node] or self.intervals[node]:
            return None
        by_value = self.children[node][self.children[node] >= 0]
        kids = self.branches[node][self.branches[node] >= 0]
        if np.array_equal(by_value, kids):
            return None
        return np.array([kids.tolist().index(kid) for kid in by_value.tolist()])

    def preorder(self) -> np.ndarray:
        """Node numbers in depth-first pre-order, children in print order."""
        order, stack = [], [0]
        while stack:
            node = stack.pop()
            order.append(node)
            stack.extend(reversed(self.edges(node).tolist()))
        return np.array(order, dtype=np.int64)

    @cached_property
    def proba_codes(self) -> np.ndarray:
        """Per node, the class of largest :attr:`proba` (ties within
        :data:`~smalltrees.learners.criteria.EPS` to the first): what a case with all its
        weight at the node is predicted under fractional routing."""
        return first_best(self.proba)

    @cached_property
    def fractions(self) -> np.ndarray:
        """``(n_nodes, width)``: the share of a case with an unknown tested value sent down
        each branch, the branch's share of the node's training weight (0 at the padding); the
        weights summed as C4.5 sums them (each node's class weights, then the branches)."""
        fractions = np.zeros(self.branches.shape)
        totals = np.array([float(row.sum()) for row in self.counts])
        for node in np.flatnonzero(~self.is_leaf).tolist():
            kids = self.branches[node][self.branches[node] >= 0]
            weights = totals[kids]
            fractions[node, :kids.size] = weights / weights.sum()
        return fractions

    def alive(self, cut: np.ndarray) -> np.ndarray:
        """Per node (or node x column of a 2-D ``cut``): True if the node belongs to the tree
        pruned at ``cut`` (True = the node is made a leaf), i.e. no proper ancestor is cut."""
        alive = np.ones(cut.shape, dtype=bool)
        for nodes, parents in self._levels:  # a level at a time: parents are done before
            alive[nodes] = alive[parents] & ~cut[parents]
        return alive

    @cached_property
    def _levels(self) -> list[tuple[np.ndarray, np.ndarray]]:
        """Per depth 1, 2, ...: the nodes at that depth and their parents."""
        nodes = np.arange(1, self.n_nodes)
        at = self.depth[nodes]
        return [(nodes[at == level], self.parent[nodes[at == level]])
                for level in range(1, int(at.max(initial=0)) + 1)]

    def pruned(self, cut: np.ndarray) -> Tree:
        """The tree with every node where ``cut`` is True (and still in the tree) made a leaf,
        the nodes kept numbered in the same order."""
        cut = np.asarray(cut, dtype=bool) | self.is_leaf
        keep = np.flatnonzero(self.alive(cut))
        new = np.full(self.n_nodes + 1, -1, dtype=np.int64)  # new[-1] = -1 keeps the padding
        new[keep] = np.arange(keep.size)
        leaf = cut[keep][:, None]
        return Tree(
            feature=np.where(cut[keep], -1, self.feature[keep]),
            thresholds=np.where(leaf, np.nan, self.thresholds[keep]),
            branches=np.where(leaf, -1, new[self.branches[keep]]),
            children=np.where(leaf, -1, new[self.children[keep]]),
            missing=np.where(cut[keep], -1, new[self.missing[keep]]),
            intervals=np.where(cut[keep], 0, self.intervals[keep]),
            counts=self.counts[keep], proba=self.proba[keep], label=self.label[keep],
            left_closed=self.left_closed, fractional=self.fractional,
        )

    def shape(self, node: int = 0):
        """The tree's shape in the notation of :mod:`smalltrees.vc`: ``"L"`` for a leaf, a
        tuple of the branches' shapes for a decision node."""
        if self.is_leaf[node]:
            return "L"
        return tuple(self.shape(int(child)) for child in self.branches[node] if child >= 0)


def build(nodes: list[dict], n_classes: int, left_closed: bool = False,
          fractional: bool = False) -> Tree:
    """A :class:`Tree` from one record per node, parents first.

    Each record has ``feature`` (-1 at a leaf), ``counts`` (class weights), ``proba`` and
    ``label`` (what a case stopping there gets), and at a test ``branches`` (node numbers in
    order); optionally ``thresholds`` (a continuous test's cuts, possibly none: one interval;
    absent: a categorical test), ``groups`` (C4.5's branch of each category code) and
    ``missing`` (the missing-value edge's node).
    """
    n = len(nodes)
    kids = [[int(kid) for kid in node.get("branches", ())] for node in nodes]
    by_value = [kid if node.get("groups") is None else [kid[g] for g in node["groups"]]
                for kid, node in zip(kids, nodes, strict=True)]
    cuts = [None if node.get("thresholds") is None else [float(t) for t in node["thresholds"]]
            for node in nodes]
    width = max([2] + [len(row) for row in by_value] + [len(row) for row in kids])
    most = max([1] + [len(cut) for cut in cuts if cut is not None])
    feature = np.array([node["feature"] for node in nodes], dtype=np.int64)
    thresholds = np.array([(cut or []) + [np.nan] * (most - len(cut or [])) for cut in cuts],
                          dtype=float).reshape(n, most)
    branches = np.array([row + [-1] * (width - len(row)) for row in kids],
                        dtype=np.int64).reshape(n, width)
    children = np.array([row + [-1] * (width - len(row)) for row in by_value],
                        dtype=np.int64).reshape(n, width)
    missing = np.array([node.get("missing", -1) for node in nodes], dtype=np.int64)
    intervals = np.array([0 if cut is None else len(cut) + 1 for cut in cuts], dtype=np.int64)
    counts = np.array([node["counts"] for node in nodes]).reshape(n, n_classes)
    return Tree(feature, thresholds, branches, children, missing, intervals, counts,
                np.array([node["proba"] for node in nodes], dtype=float).reshape(n, n_classes),
                np.array([node["label"] for node in nodes], dtype=np.int64),
                left_closed, fractional)
