"""A fitted C4.5 tree as arrays, to send many cases down it one depth at a time.

Routing cases node by node (``descend`` in ``docs/c45/c45_prediction_reference.py``, the
readable reference) takes a few array operations per node. :meth:`FlatTree.reach` routes all cases
through all nodes of a depth in a few array operations, with the same numbers: a case with an
unknown tested value goes down every branch whose share of the node's training weight exceeds
:data:`EPS`, its weight multiplied by that share (Quinlan 1993, ch. 3), and the leaves a case
reaches come in the order the reference visits them, so that sums over them add the same
numbers in the same order (:func:`flat_proba`,
:func:`~smalltrees.learners.c45.complexity.tree_complexity`).

References
----------
J. R. Quinlan (1993), *C4.5: Programs for Machine Learning*, Morgan Kaufmann, ch. 3.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from smalltrees.learners.c45.tree import Node
from smalltrees.learners.criteria import EPS


@dataclass(frozen=True)
class FlatTree:
    """The nodes of a fitted tree as arrays, numbered in the order the reference visits them
    (depth first from the root, numbered 0, a node's branches last to first).

    Attributes
    ----------
    nodes : list of Node
        The nodes by number.
    feature : ndarray of int, shape (n_nodes,)
        The tested attribute, ``-1`` at a leaf.
    threshold : ndarray of shape (n_nodes,)
        The threshold of a continuous test, ``NaN`` elsewhere.
    branches : ndarray of int, shape (n_nodes, width)
        Each node's branches (node numbers) in order, padded with 0.
    child : ndarray of int, shape (n_nodes, width)
        The node reached by a known value: by branch 0 (``x <= threshold``) or 1 of a
        continuous test, by category code ``v`` of a categorical test (through the node's
        groups of values, if it has some).
    depth : ndarray of int, shape (n_nodes,)
        Number of tests above each node.
    proba : ndarray of shape (n_nodes, n_classes)
        At a leaf, the class distribution it predicts (the leaf's, or its parent's if the leaf
        received no training cases); zeros elsewhere.
    """

    nodes: list[Node]
    feature: np.ndarray
    threshold: np.ndarray
    branches: np.ndarray
    child: np.ndarray
    depth: np.ndarray
    proba: np.ndarray

    @classmethod
    def of(cls, root: Node) -> FlatTree:
        """The arrays of the tree below ``root``."""
        nodes, parent, depth, links, width = [], [], [], [], 2
        stack: list[tuple[Node, int, int, int]] = [(root, -1, 0, 0)]
        while stack:
            node, above, branch, level = stack.pop()
            number = len(nodes)
            nodes.append(node)
            parent.append(above)
            depth.append(level)
            if above >= 0:
                links.append((above, branch, number))
            if node.children:
                width = max(width, len(node.children) if node.groups is None
                            else node.groups.size)
                stack.extend((child, number, b, level + 1)
                             for b, child in enumerate(node.children))
        parent = np.array(parent, dtype=np.intp)
        branches = np.zeros((len(nodes), width), dtype=np.intp)
        if links:
            above, branch, number = np.array(links, dtype=np.intp).T
            branches[above, branch] = number
        child = branches.copy()
        for i, node in enumerate(nodes):
            if node.groups is not None:
                child[i, :node.groups.size] = branches[i, node.groups]
        dists = np.array([node.dist for node in nodes])
        totals = dists.sum(axis=1)  # each row summed as Node.total sums it
        feature = np.array([node.feature for node in nodes], dtype=np.intp)
        numbers = np.arange(len(nodes))
        source = np.where((totals >= EPS) | (parent < 0), numbers, parent)
        proba = np.where((feature < 0)[:, None],
                         dists[source] / np.maximum(totals[source], EPS)[:, None], 0.0)
        return cls(nodes, feature, np.array([node.threshold for node in nodes], dtype=float),
                   branches, child, np.array(depth, dtype=np.intp), proba)

    @property
    def root(self) -> Node:
        """The root node."""
        return self.nodes[0]

    @cached_property
    def fractions(self) -> np.ndarray:
        """``(n_nodes, width)``: the share of a case with an unknown tested value sent down
        each branch, the branch's share of the node's training weight (0 at the padding),
        node by node as the reference computes it; made on first use (by a case with an
        unknown value)."""
        fractions = np.zeros(self.branches.shape)
        for i, node in enumerate(self.nodes):
            if node.children:
                totals = np.array([child.total for child in node.children])
                fractions[i, :totals.size] = totals / totals.sum()
        return fractions

    def reach(self, Z: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(rows, leaf, weight)``: each leaf (node number) that each row of ``Z`` reaches,
        with the row's weight there (1 unless an unknown tested value split it), sorted by
        leaf: each row's leaves in the order the reference visits them."""
        n = Z.shape[0]
        rows, at, weight = np.arange(n), np.zeros(n, dtype=np.intp), np.ones(n)
        continuous = ~np.isnan(self.threshold)
        found = []
        while rows.size:
            arrived = self.feature[at] < 0
            if arrived.any():
                found.append((rows[arrived], at[arrived], weight[arrived]))
                rows, at, weight = rows[~arrived], at[~arrived], weight[~arrived]
            values = Z[rows, self.feature[at]]
            unknown = np.isnan(values)
            branch = np.where(continuous[at], values > self.threshold[at],
                              np.where(unknown, 0.0, values)).astype(np.intp)
            next_at = self.child[at, branch]
            if unknown.any():  # every branch with a share above EPS, in branch order
                split, b = np.nonzero(self.fractions[at[unknown]] > EPS)
                lost = np.flatnonzero(unknown)[split]
                known = ~unknown
                rows = np.concatenate([rows[known], rows[lost]])
                weight = np.concatenate([weight[known],
                                         weight[lost] * self.fractions[at[lost], b]])
                next_at = np.concatenate([next_at[known], self.branches[at[lost], b]])
            at = next_at
        rows, leaf, weight = (np.concatenate(part) for part in zip(*found, strict=True)) \
            if found else (np.zeros(0, dtype=np.intp),) * 2 + (np.zeros(0),)
        order = np.argsort(leaf, kind="stable")
        return rows[order], leaf[order], weight[order]


def flat_proba(flat: FlatTree, Z: np.ndarray) -> np.ndarray:
    """Class probabilities of the rows of ``Z`` (classes on axis 1): a leaf gives its training
    class distribution (its parent's if it received no training cases); an unknown tested
    value combines the branches by weight, each leaf's distribution times the row's weight
    there added to zeros leaf after leaf, as the reference adds them."""
    rows, leaf, weight = flat.reach(Z)
    proba = np.zeros((Z.shape[0], flat.proba.shape[1]))
    add_in_order(proba, rows, weight[:, None] * flat.proba[leaf])
    return proba


def add_in_order(totals: np.ndarray, rows: np.ndarray, values: np.ndarray) -> None:
    """``totals[rows] += values`` where ``totals`` is zero, a row listed several times getting
    its values added in the order listed: as ``np.add.at``, but a row listed once is simply
    assigned its value (zero plus a number is that number), which is much faster."""
    once = np.bincount(rows, minlength=totals.shape[0])[rows] == 1
    if once.all():
        totals[rows] = values
        return
    totals[rows[once]] = values[once]
    np.add.at(totals, rows[~once], values[~once])
