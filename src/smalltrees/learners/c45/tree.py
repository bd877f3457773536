"""Nodes of a C4.5 tree while it grows and is pruned, the routing of weighted training cases
through their tests, and the fitted tree made of them (:func:`to_tree`).

Cases are passed around as ``(rows, weights)``: indices into an encoded attribute matrix ``Z``
(continuous values as floats, categorical values as category codes, ``NaN`` = unknown) and
fractional case weights. A case whose tested value is unknown goes down every branch, its
weight multiplied by the fraction of the known weight in that branch (Quinlan 1993, ch. 3).

References
----------
J. R. Quinlan (1993), *C4.5: Programs for Machine Learning*, Morgan Kaufmann, ch. 3
("Unknown attribute values").
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np

from smalltrees.learners.criteria import EPS
from smalltrees.learners.tree.structure import Tree


@dataclass(eq=False)
class Node:
    """A node of a C4.5 tree while it grows and is pruned (the fitted tree is
    :func:`to_tree`'s).

    Attributes
    ----------
    dist : ndarray of shape (n_classes,)
        Class weights of the training cases that reach the node.
    feature : int
        Index of the tested attribute, ``-1`` for a leaf.
    threshold : float
        For a continuous test, the left branch takes ``x <= threshold``; ``NaN`` for a
        categorical test (one branch per declared category, in declared order) and leaves.
    groups : ndarray of int or None
        For a test on groups of values (C4.5's subsetting), the branch of each declared
        category; ``None`` otherwise.
    children : list of Node
        Branches, empty for a leaf.
    rows, weights : ndarray or None
        Training cases at the node; kept only while fitting.
    """

    dist: np.ndarray
    feature: int = -1
    threshold: float = np.nan
    children: list[Node] = field(default_factory=list)
    groups: np.ndarray | None = None
    rows: np.ndarray | None = None
    weights: np.ndarray | None = None

    @property
    def is_leaf(self) -> bool:
        """True if the node has no test."""
        return not self.children

    @property
    def total(self) -> float:
        """Total training weight at the node (``dist.sum()``, summed in Python: the same
        number, :func:`numpy_sum`)."""
        return numpy_sum(self.dist.tolist())

    def make_leaf(self) -> None:
        """Drop the node's test and branches."""
        self.feature, self.threshold, self.children, self.groups = -1, np.nan, [], None


def sequential_first_max(values: list[float]) -> int:
    """Index of the first value exceeding all earlier ones by more than :data:`EPS`.

    This is how C4.5 (and J48) break ties: equal class weights go to the first class in the
    declared order, equal branch weights to the first branch.
    """
    best, best_value = 0, 0.0
    for i, value in enumerate(values):
        if value > best_value + EPS:
            best, best_value = i, value
    return best


def first_max_rows(values: np.ndarray) -> np.ndarray:
    """:func:`sequential_first_max` of every row of the 2-D ``values``, the rule applied
    column by column to all rows at once (the same comparisons, so the same index)."""
    best = np.zeros(values.shape[0], dtype=np.intp)
    best_value = np.zeros(values.shape[0])
    for index, column in enumerate(values.T):
        better = column > best_value + EPS
        best[better], best_value[better] = index, column[better]
    return best


def sequential_sum(values) -> float:
    """The double sum of ``values`` added left to right, as C4.5's and J48's loops add
    (``Sum += ...``), the same bits on every Python: the built-in ``sum`` of floats rounds
    each addition so on Python 3.11, but compensates its roundings (Neumaier) from Python
    3.12 on, which can change the last bit and so a pruning decision at a tie."""
    total = 0.0
    for value in values:
        total += value
    return total


def numpy_sum(values: list[float]) -> float:
    """``float(np.array(values).sum())``, the same number to the last bit.

    Pruning and test choice look at a few numbers per node many times, and a few Python
    additions cost less than a NumPy call. NumPy adds fewer than 8 numbers one by one from 0,
    as :func:`sequential_sum` does; more are added pairwise, so NumPy adds those.
    """
    if len(values) >= 8:
        return float(np.array(values).sum())
    return sequential_sum(values)


def class_weights(y: np.ndarray, weights: np.ndarray, n_classes: int) -> np.ndarray:
    """Sum of ``weights`` per class code in ``y``."""
    return np.bincount(y, weights=weights, minlength=n_classes).astype(float, copy=False)


def branch_of(node: Node, values: np.ndarray) -> np.ndarray:
    """Branch index of each value under the node's test, ``-1`` where the value is unknown."""
    if node.groups is not None:
        known = ~np.isnan(values)
        return np.where(known, node.groups[np.where(known, values, 0).astype(int)], -1)
    if np.isnan(node.threshold):
        return np.where(np.isnan(values), -1.0, values).astype(int)
    return np.where(np.isnan(values), -1, values > node.threshold).astype(int)


def route(
    node: Node,
    Z: np.ndarray,
    rows: np.ndarray,
    weights: np.ndarray,
    n_branches: int,
    fractions: np.ndarray | None = None,
) -> list[tuple[np.ndarray, np.ndarray]]:
    """Split weighted cases among the node's branches.

    Parameters
    ----------
    node : Node
        Node whose ``feature`` and ``threshold`` define the test.
    Z : ndarray of shape (n_samples, n_features)
        Encoded attribute values.
    rows, weights : ndarray
        The cases to split.
    n_branches : int
        Number of branches of the test.
    fractions : ndarray of shape (n_branches,), optional
        Share of an unknown-valued case sent down each branch. By default the share of the
        known weight of these cases in each branch (uniform if no value is known), as C4.5
        does while growing and pruning.

    Returns
    -------
    list of (rows, weights)
        One entry per branch. Cases with an unknown value appear in every branch whose
        fraction exceeds :data:`EPS`.
    """
    values = Z[rows, node.feature]
    if not math.isnan(node.threshold):
        if not np.isnan(values).any():
            # no unknown value: the same parts as below, in fewer array operations
            right = values > node.threshold
            left = ~right
            return [(rows[left], weights[left]), (rows[right], weights[right])]
    parts = split_positions(branch_of(node, values), weights, n_branches, fractions)
    return [(rows[positions], part_weights) for positions, part_weights in parts]


def split_positions(
    branch: np.ndarray,
    weights: np.ndarray,
    n_branches: int,
    fractions: np.ndarray | None = None,
) -> list[tuple[np.ndarray, np.ndarray]]:
    """Positions and weights of the cases going down each branch (see :func:`route`).

    ``branch`` is each case's branch, ``-1`` for an unknown value. A branch lists its own
    cases in their order, then the cases with an unknown value in theirs.
    """
    # one stable sort by branch (unknown values first) lists every branch's cases in order
    order = np.argsort(branch, kind="stable")
    ends = np.cumsum(np.bincount(branch + 1, minlength=n_branches + 1)).tolist()
    ordered_weights = weights[order]
    missing = order[: ends[0]]
    if fractions is None and missing.size:
        bag = np.bincount(branch[order[ends[0]:]], weights=ordered_weights[ends[0]:],
                          minlength=n_branches)
        known_total = bag.sum()
        uniform = np.full(n_branches, 1.0 / n_branches)
        fractions = bag / known_total if known_total >= EPS else uniform
    parts = []
    for b in range(n_branches):
        positions, part_weights = order[ends[b]:ends[b + 1]], ordered_weights[ends[b]:ends[b + 1]]
        if missing.size and fractions[b] > EPS:
            positions = np.concatenate([positions, missing])
            part_weights = np.concatenate([part_weights, ordered_weights[: ends[0]] * fractions[b]])
        parts.append((positions, part_weights))
    return parts


def iter_nodes(root: Node) -> Iterator[tuple[Node, int]]:
    """Yield every node with its depth (number of tests above it), depth-first."""
    stack = [(root, 0)]
    while stack:
        node, depth = stack.pop()
        yield node, depth
        stack.extend((child, depth + 1) for child in reversed(node.children))


def to_tree(root: Node, n_classes: int) -> Tree:
    """The fitted tree below ``root``, with C4.5's fractional routing of unknown values.

    Nodes are numbered in the order the node-by-node reference visits them (depth first from
    the root, a node's branches last to first), so that sums over the leaves a case reaches add
    the same numbers in the same order. A leaf predicts its class distribution, its parent's
    if it received no training cases (weighs less than :data:`EPS`), and labels itself with that
    distribution's first most probable class; a test labels itself with its own.

    The arrays are those :func:`~smalltrees.learners.tree.structure.build` makes of one record
    per node, filled at once rather than record by record: windowing makes a tree per cycle.
    """
    return listed_tree(*preorder(root), n_classes)


def preorder(root: Node) -> tuple[list[Node], list[int], list[int]]:
    """The nodes below ``root`` in :func:`to_tree`'s order (depth first, a node's branches
    last to first: a node's descendants come after it, its branches' subtrees in reverse
    branch order), each node's parent's number (-1 for the root) and its branch number."""
    nodes, parent, branch = [], [], []
    stack: list[tuple[Node, int, int]] = [(root, -1, 0)]
    while stack:
        node, above, b = stack.pop()
        children = node.children
        if children:
            n = len(children)
            stack.extend(zip(children, [len(nodes)] * n, range(n), strict=True))
        nodes.append(node)
        parent.append(above)
        branch.append(b)
    return nodes, parent, branch


def listed_tree(nodes: list[Node], parent: list[int], branch: list[int], n_classes: int
                ) -> Tree:
    """:func:`to_tree` of the nodes listed by :func:`preorder` (or a subtree's nodes taken
    out of such a list, renumbered in the same order)."""
    n = len(nodes)
    n_kids = np.array([len(node.children) for node in nodes])
    grouped = [(k, node.groups) for k, node in enumerate(nodes)
               if node.groups is not None and node.children]
    width = max([2, int(n_kids.max())] + [groups.size for _, groups in grouped])
    branches = np.full((n, width), -1, dtype=np.int64)
    branches[parent[1:], branch[1:]] = np.arange(1, n)
    children = branches.copy()  # by category code: the branches, unless grouped
    for k, groups in grouped:
        children[k] = -1
        children[k, :groups.size] = branches[k, groups]
    threshold = np.array([node.threshold for node in nodes], dtype=float)
    continuous = (n_kids > 0) & ~np.isnan(threshold)
    # every node's class weights at once: each row summed as Node.total sums it, the leaves'
    # distributions divided as one leaf's; the labels the rule of sequential_first_max,
    # column by column
    counts = np.array([node.dist for node in nodes]).reshape(n, n_classes)
    dists = counts.astype(float, copy=False)
    totals = dists.sum(axis=1)
    above = np.array(parent)
    source = np.where((totals >= EPS) | (above < 0), np.arange(n), above)
    shown = dists[source]
    leaf = n_kids == 0
    proba = np.where(leaf[:, None], shown / np.maximum(totals[source], EPS)[:, None], 0.0)
    labels = first_max_rows(shown)
    return Tree(
        feature=np.array([node.feature for node in nodes], dtype=np.int64),
        thresholds=np.where(continuous, threshold, np.nan)[:, None],
        branches=branches, children=children, missing=np.full(n, -1, dtype=np.int64),
        intervals=np.where(continuous, 2, 0).astype(np.int64), counts=counts, proba=proba,
        label=labels.astype(np.int64), left_closed=False, fractional=True,
    )
