"""A grown ID3 tree as flat arrays, and the routing of examples through it.

Node ``0`` is the root and every child has a larger index than its parent, so a loop over
increasing indices visits parents first (top-down pruning) and a loop over decreasing indices
children first (bottom-up pruning). The pruning methods of Yildiz (2015, section V-B) work on
these arrays: per node they need the training class counts (stored), the class counts of the
validation and test examples reaching the node (:meth:`FlatTree.node_counts`) and the shape of
the subtree below it.

A pruned tree is the grown tree with some nodes turned into leaves: a boolean ``cut`` array
(True = the node is a leaf of the pruned tree) describes it, and :meth:`FlatTree.pruned`
returns it as a tree of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class FlatTree:
    """A decision tree with one entry per node in each array.

    Attributes
    ----------
    feature : ndarray of int
        The tested attribute, ``-1`` at a leaf.
    threshold : ndarray of float
        A continuous test sends ``x <= threshold`` to the first child and the rest to the
        second; ``NaN`` for a categorical test (child ``v`` takes category code ``v``) and at
        leaves.
    children : tuple of ndarray
        The child indices of each node (empty at a leaf).
    parent : ndarray of int
        The parent of each node, ``-1`` at the root.
    counts : ndarray of shape (n_nodes, n_classes)
        Class counts of the training examples reaching each node.
    label : ndarray of int
        The class code a node predicts as a leaf: its training majority (first class on a
        tie), the parent's label for a node no training example reached.
    """

    feature: np.ndarray
    threshold: np.ndarray
    children: tuple[np.ndarray, ...]
    parent: np.ndarray
    counts: np.ndarray
    label: np.ndarray

    @property
    def n_nodes(self) -> int:
        """Number of nodes, leaves included."""
        return int(self.feature.size)

    @property
    def is_leaf(self) -> np.ndarray:
        """Per node: True at a leaf."""
        return self.feature < 0

    @property
    def decision_nodes(self) -> int:
        """Number of internal (decision) nodes, the complexity of Yildiz (2015, Table III)."""
        return int((~self.is_leaf).sum())

    @property
    def depth(self) -> np.ndarray:
        """Per node: the number of tests above it."""
        depth = np.zeros(self.n_nodes, dtype=np.int64)
        for node in range(1, self.n_nodes):
            depth[node] = depth[self.parent[node]] + 1
        return depth

    def preorder(self) -> np.ndarray:
        """Node indices in depth-first pre-order, children in branch order."""
        order, stack = [], [0]
        while stack:
            node = stack.pop()
            order.append(node)
            stack.extend(reversed(self.children[node].tolist()))
        return np.array(order, dtype=np.int64)

    def reach(self, Z: np.ndarray) -> list[np.ndarray]:
        """Per node, the rows of the encoded matrix ``Z`` (no missing values) reaching it."""
        rows: list[np.ndarray] = [np.empty(0, dtype=np.int64)] * self.n_nodes
        rows[0] = np.arange(Z.shape[0])
        for node in range(self.n_nodes):
            kids = self.children[node]
            if not kids.size or not rows[node].size:
                continue
            values = Z[rows[node], self.feature[node]]
            if np.isnan(self.threshold[node]):
                branch = values.astype(np.int64)
            else:
                branch = (values > self.threshold[node]).astype(np.int64)
            for b, child in enumerate(kids.tolist()):
                rows[child] = rows[node][branch == b]
        return rows

    def node_counts(self, Z: np.ndarray, y: np.ndarray, n_classes: int | None = None
                    ) -> np.ndarray:
        """``(n_nodes, n_classes)`` class counts of the examples ``(Z, y)`` reaching each node
        (``n_classes`` beyond the training classes counts examples of classes unseen in
        training, which every leaf gets wrong)."""
        k = self.counts.shape[1] if n_classes is None else n_classes
        return np.array([np.bincount(y[rows], minlength=k) for rows in self.reach(Z)],
                        dtype=np.int64).reshape(self.n_nodes, k)

    def leaf_of(self, Z: np.ndarray) -> np.ndarray:
        """The leaf each row of ``Z`` reaches."""
        out = np.empty(Z.shape[0], dtype=np.int64)
        for node, rows in enumerate(self.reach(Z)):
            if self.is_leaf[node]:
                out[rows] = node
        return out

    def subtree_sizes(self) -> np.ndarray:
        """Per node, the number of decision nodes in the subtree rooted there."""
        size = (~self.is_leaf).astype(np.int64)
        for node in range(self.n_nodes - 1, 0, -1):
            size[self.parent[node]] += size[node]
        return size

    def alive(self, cut: np.ndarray) -> np.ndarray:
        """Per node (or node x column of a 2-D ``cut``): True if the node belongs to the tree
        pruned at ``cut``, i.e. no proper ancestor is cut."""
        alive = np.ones(cut.shape, dtype=bool)
        for node in range(1, self.n_nodes):
            parent = self.parent[node]
            alive[node] = alive[parent] & ~cut[parent]
        return alive

    def pruned(self, cut: np.ndarray) -> FlatTree:
        """The tree with every node where ``cut`` is True (and still in the tree) made a leaf."""
        cut = np.asarray(cut, dtype=bool) | self.is_leaf
        keep = np.flatnonzero(self.alive(cut))
        new = np.full(self.n_nodes, -1, dtype=np.int64)
        new[keep] = np.arange(keep.size)
        leaf = cut[keep]
        return FlatTree(
            feature=np.where(leaf, -1, self.feature[keep]),
            threshold=np.where(leaf, np.nan, self.threshold[keep]),
            children=tuple(np.empty(0, dtype=np.int64) if is_leaf else new[self.children[old]]
                           for old, is_leaf in zip(keep.tolist(), leaf.tolist(), strict=True)),
            parent=np.where(self.parent[keep] < 0, -1, new[np.maximum(self.parent[keep], 0)]),
            counts=self.counts[keep],
            label=self.label[keep],
        )

    def shape(self, node: int = 0):
        """The tree's shape in the notation of :mod:`smalltrees.vc`: ``"L"`` for a leaf, a
        tuple of the children's shapes for a decision node."""
        if self.is_leaf[node]:
            return "L"
        return tuple(self.shape(int(child)) for child in self.children[node])
