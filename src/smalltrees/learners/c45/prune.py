"""Pessimistic error-based pruning of a C4.5 tree: subtree replacement and subtree raising.

The predicted errors of a leaf with ``N`` training cases, ``E`` of them misclassified, are
``N * U_CF(E, N)``, the upper limit of a binomial confidence interval at confidence ``CF``,
computed as J48 or as Quinlan's program does (:mod:`smalltrees.learners.c45.error_estimate`).
A subtree is replaced by a leaf, or by its most populous branch, when that does not increase
the predicted errors by more than 0.1 (Quinlan 1993, ch. 4; Quinlan's ``prune.c``; Weka's J48).

References
----------
J. R. Quinlan (1993), *C4.5: Programs for Machine Learning*, Morgan Kaufmann, ch. 4.
Weka 3.6 ``weka.classifiers.trees.j48.C45PruneableClassifierTree``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from smalltrees.learners.c45.error_estimate import added_errors
from smalltrees.learners.c45.tree import (
    Node,
    class_weights,
    first_max_rows,
    numpy_sum,
    preorder,
    route,
    sequential_first_max,
    sequential_sum,
)
from smalltrees.learners.criteria import EPS

#: A replacement may increase the predicted errors by this much (C4.5 and J48).
PRUNING_SLACK = 0.1
#: Collapsing a subtree needs it to save at least this many training errors.
COLLAPSE_SLACK = 1e-3


def largest_branch(totals: list[float]) -> int:
    """Index of the branch with most training weight; ties go to the *last* such branch.

    This is J48's ``Distribution.maxBag``, which compares with ``>=`` (up to 1e-6).
    """
    best, best_total = -1, 0.0
    for i, total in enumerate(totals):
        if total > best_total - EPS:
            best, best_total = i, total
    return best


def leaf_errors(dist: np.ndarray) -> float:
    """Training errors of a leaf predicting the majority of ``dist``."""
    values = dist.tolist()
    return numpy_sum(values) - values[sequential_first_max(values)]


def predicted_errors(dist: np.ndarray | list[float], cf: float, estimate: str = "j48") -> float:
    """Predicted errors of a leaf with class weights ``dist`` (0 for an empty leaf), by
    ``estimate`` (:func:`~smalltrees.learners.c45.error_estimate.added_errors`)."""
    values = dist.tolist() if isinstance(dist, np.ndarray) else dist
    n = numpy_sum(values)
    if n < EPS:
        return 0.0
    e = n - values[sequential_first_max(values)]
    return e + added_errors(n, e, cf, estimate)


def collapse(node: Node) -> float:
    """Replace subtrees that do not reduce the training errors by leaves (C4.5's growing step);
    return the training errors of the collapsed subtree (:func:`training_errors` after it:
    windowing counts them every cycle)."""
    return collapse_listed(*preorder(node))[0]


def collapse_listed(nodes: list[Node], parent: list[int], branch: list[int]
                    ) -> tuple[float, tuple[list[Node], list[int], list[int]]]:
    """:func:`collapse` of the tree whose nodes :func:`~smalltrees.learners.c45.tree.preorder`
    listed: the collapsed tree's training errors and its own listing (the nodes it keeps,
    renumbered in the same order: windowing makes the fitted tree of it to judge).

    Top-down, each test is judged on its subtree as grown: a test is made a leaf if its
    subtree's training errors as grown are at least its own as a leaf (less
    :data:`COLLAPSE_SLACK`), unless a test above it already was. Every node's errors as a
    leaf are computed at once (:func:`leaf_errors` row by row: the row summed as
    :func:`~smalltrees.learners.c45.tree.numpy_sum` sums it, less its first maximum's
    weight); then, children before parents (last listed first, so a test's branches come in
    branch order), each test's grown and collapsed errors are the sums of its branches' from
    0 in branch order, as :func:`training_errors` sums them.
    """
    n = len(nodes)
    dists = np.array([node.dist for node in nodes]).reshape(n, -1)
    as_leaf = (dists.sum(axis=1) - dists[np.arange(n), first_max_rows(dists)]).tolist()
    grown, collapsed, cut = [0.0] * n, [0.0] * n, [False] * n
    errors = 0.0
    for k in range(n - 1, -1, -1):
        if nodes[k].children:
            grown_errors, errors = grown[k], collapsed[k]
            if grown_errors >= as_leaf[k] - COLLAPSE_SLACK:
                errors, cut[k] = as_leaf[k], True
        else:
            grown_errors = errors = as_leaf[k]
        above = parent[k]
        if above >= 0:
            grown[above] += grown_errors
            collapsed[above] += errors
    number = [-1] * n  # in the collapsed tree; -1: cut off
    kept: tuple[list[Node], list[int], list[int]] = ([], [], [])
    for k in range(n):  # parents before children
        above = parent[k]
        if above < 0 or (number[above] >= 0 and not cut[above]):
            number[k] = len(kept[0])
            kept[0].append(nodes[k])
            kept[1].append(number[above] if above >= 0 else -1)
            kept[2].append(branch[k])
            if cut[k]:
                nodes[k].make_leaf()
    return errors, kept


@dataclass(frozen=True)
class Routes:
    """Where every case of the data ends in a pruned subtree: ``leaf[r]`` is the number of
    the leaf case ``r`` reaches (leaves numbered depth first, branches in order), for data
    without unknown values (each case reaches one leaf) and a subtree of two-way tests (a
    test of many values would cost a pass over the data per branch, for branches that are
    mostly leaves)."""

    leaf: np.ndarray
    n_leaves: int


def training_errors(node: Node) -> float:
    """Training errors of the subtree's leaves, summed branch by branch."""
    if node.is_leaf:
        return leaf_errors(node.dist)
    return sequential_sum(training_errors(child) for child in node.children)


@dataclass(frozen=True)
class Pruner:
    """Pessimistic pruning of trees grown on the encoded data ``(Z, y)``.

    Parameters
    ----------
    Z : ndarray of shape (n_samples, n_features)
    y : ndarray of int
    n_classes : int
    cf : float
        Confidence factor.
    subtree_raising : bool
    estimate : {"j48", "quinlan"}
        How a leaf's predicted errors are computed
        (:mod:`~smalltrees.learners.c45.error_estimate`).
    """

    Z: np.ndarray
    y: np.ndarray
    n_classes: int
    cf: float
    subtree_raising: bool = True
    estimate: str = "j48"
    #: ``Z`` transposed (one attribute's values are contiguous)
    ZT: np.ndarray = field(init=False, repr=False)
    #: whether each attribute has an unknown value
    unknown_columns: list[bool] = field(init=False, repr=False)
    #: twice the class codes (the key of a case's class and branch at a two-way test)
    y2: np.ndarray = field(init=False, repr=False)
    #: a leaf's :class:`Routes` (every case at leaf 0); ``None`` if some value is unknown
    leaf_routes: Routes | None = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ZT", np.ascontiguousarray(self.Z.T))
        object.__setattr__(self, "unknown_columns", np.isnan(self.Z).any(axis=0).tolist())
        object.__setattr__(self, "y2", 2 * self.y)
        object.__setattr__(self, "leaf_routes", None if any(self.unknown_columns) else
                           Routes(np.zeros(len(self.Z), dtype=np.intp), 1))

    def subtree_errors(self, node: Node) -> float:
        """Predicted errors of the subtree: the sum over its leaves."""
        if node.is_leaf:
            return predicted_errors(node.dist, self.cf, self.estimate)
        return sequential_sum(self.subtree_errors(child) for child in node.children)

    def branch_errors(self, node: Node, rows: np.ndarray, weights: np.ndarray) -> float:
        """Predicted errors of the subtree if the cases ``(rows, weights)`` went through it.

        At a test where every case's value is known, the class weights of all branches come
        from one ``bincount`` of (branch, class), which adds each branch's weights in the
        order :func:`.route` gives them to it: a leaf branch's are its class weights, and only
        the cases of the branches that test again are split off. A test that meets an unknown
        value splits the cases by :func:`.route` (fractional weights, Quinlan 1993, ch. 3).
        """
        if not rows.size:  # every leaf below gets no case: no predicted error
            return 0.0
        if node.is_leaf:
            return predicted_errors(class_weights(self.y[rows], weights, self.n_classes), self.cf,
                                    self.estimate)
        values = self.ZT[node.feature][rows]
        if self.unknown_columns[node.feature] and np.isnan(values).any():
            parts = route(node, self.Z, rows, weights, len(node.children))
            pairs = zip(node.children, parts, strict=True)
            return sequential_sum(self.branch_errors(child, r, w) for child, (r, w) in pairs)
        k = len(node.children)
        branch = _branch(node, values)
        key = self.y2[rows] + branch if branch.dtype == bool else self.y[rows] * k + branch
        counts = None
        if not all(child.children for child in node.children):
            # class weights by (class, branch), each added in the order of the cases
            counts = np.bincount(key, weights, minlength=k * self.n_classes).tolist()
        errors = []
        for b, child in enumerate(node.children):
            if child.children:
                part = (branch if b else ~branch) if branch.dtype == bool else branch == b
                errors.append(self.branch_errors(child, rows[part], weights[part]))
            else:
                errors.append(predicted_errors(counts[b::k], self.cf, self.estimate))
        return sequential_sum(errors)

    def raised_errors(self, branch: Node, node: Node, routes: Routes | None) -> float:
        """Predicted errors of ``branch`` if every case of ``node`` went through it (subtree
        raising), ``routes`` being the branch's :class:`Routes` (``None``: routed node by
        node, :meth:`branch_errors`).

        With routes, one ``bincount`` of (leaf, class) gives every leaf's class weights,
        each added in the order of the node's cases, as :meth:`branch_errors` adds them; the
        leaves' predicted errors are then summed up the branch in its order (a subtree no case
        reaches sums to 0, as there).
        """
        if routes is None or branch.is_leaf:
            return self.branch_errors(branch, node.rows, node.weights)
        rows, n_leaves = node.rows, routes.n_leaves
        counts = np.bincount(routes.leaf[rows] * self.n_classes + self.y[rows], node.weights,
                             minlength=n_leaves * self.n_classes)
        return self._summed_up(branch, iter(counts.reshape(n_leaves, -1).tolist()))

    def _summed_up(self, node: Node, leaves) -> float:
        """The subtree's predicted errors, its leaves' class weights taken from ``leaves`` in
        :class:`Routes`' order (a leaf no case reaches has no predicted error)."""
        if node.is_leaf:
            weights = next(leaves)
            return predicted_errors(weights, self.cf, self.estimate) if any(weights) else 0.0
        return sequential_sum([self._summed_up(child, leaves) for child in node.children])

    def routes(self, node: Node) -> Routes | None:
        """The subtree's :class:`Routes` as it stands (``None`` if some value of the data is
        unknown or some test has more than two branches); :meth:`prune` makes them as it goes,
        from its branches'."""
        if node.is_leaf:
            return self.leaf_routes
        if len(node.children) != 2:
            return None
        return self._joined_routes(node, [self.routes(child) for child in node.children])

    def _joined_routes(self, node: Node, below: list[Routes | None]) -> Routes | None:
        """The routes of a two-way test from its branches': each case's branch, then its leaf
        there (the right branch's numbered after the left's)."""
        left, right = below
        if left is None or right is None:
            return None
        branch = _branch(node, self.ZT[node.feature])  # x > threshold, or a code/group 0 or 1
        return Routes(np.where(branch, right.leaf + left.n_leaves, left.leaf),
                      left.n_leaves + right.n_leaves)

    @staticmethod
    def _wants_routes(largest: Node) -> bool:
        """Whether a raising of ``largest`` wants its routes (subtree raising on, no value
        unknown): it is a two-way test with a test below it (one test deep,
        :meth:`branch_errors` needs one ``bincount``, as routes would; pruning never makes a
        branch deeper)."""
        return len(largest.children) == 2 and any(child.children for child in largest.children)

    def redistribute(self, node: Node, rows: np.ndarray, weights: np.ndarray) -> None:
        """Give the subtree the cases ``(rows, weights)`` and recompute its class weights."""
        node.rows, node.weights = rows, weights
        node.dist = class_weights(self.y[rows], weights, self.n_classes)
        if node.is_leaf:
            return
        parts = route(node, self.Z, rows, weights, len(node.children))
        for child, (r, w) in zip(node.children, parts, strict=True):
            self.redistribute(child, r, w)

    def prune(self, node: Node) -> float:
        """Prune the subtree bottom-up: keep it, replace it by a leaf, or raise its largest branch.

        Replacing by a leaf wins if its predicted errors are within :data:`PRUNING_SLACK` of
        both alternatives; otherwise the largest branch replaces the node if within the slack
        of the subtree, and the node's cases are sent through it before pruning it again.

        Returns the predicted errors of the pruned subtree (:meth:`subtree_errors`), so that
        each node's are summed from its branches' once, not recomputed over the whole subtree
        at every node above it.
        """
        return self._pruned(node, routed=False)[0]

    def _pruned(self, node: Node, routed: bool) -> tuple[float, Routes | None]:
        """:meth:`prune`, returning the pruned subtree's :class:`Routes` too if ``routed`` and
        it has them (a largest branch's routes give its raised errors at once,
        :meth:`raised_errors`; a test's routes are made of its branches')."""
        if node.is_leaf:
            return predicted_errors(node.dist, self.cf, self.estimate), self.leaf_routes
        children = node.children
        joined = routed and len(children) == 2  # (routes through two-way tests only)
        before = wanted = -1
        if self.leaf_routes is not None and self.subtree_raising:
            dists = [child.dist for child in children]
            before = largest_branch([child.total for child in children])
            wanted = before if self._wants_routes(children[before]) else -1
        below = [self._pruned(child, joined or i == wanted) for i, child in enumerate(children)]
        as_tree = sequential_sum([errors for errors, _ in below])
        # C4.5 takes the largest branch after pruning the branches; a branch that raised its
        # own largest branch has its class weights recomputed (a branch without routes is
        # routed node by node)
        if before >= 0 and all(child.dist is dist
                                   for child, dist in zip(children, dists, strict=True)):
            b = before
        else:
            b = largest_branch([child.total for child in children])
        largest = children[b]
        if self.subtree_raising:
            raised_errors = self.raised_errors(largest, node, below[b][1])
        else:
            raised_errors = np.inf
        as_leaf = predicted_errors(node.dist, self.cf, self.estimate)
        slack = PRUNING_SLACK + EPS
        if as_leaf < as_tree + slack and as_leaf < raised_errors + slack:
            node.make_leaf()
            return as_leaf, self.leaf_routes
        if raised_errors < as_tree + slack:
            node.feature, node.threshold = largest.feature, largest.threshold
            node.groups = largest.groups
            node.children = largest.children
            self.redistribute(node, node.rows, node.weights)
            return self._pruned(node, routed)
        return as_tree, (self._joined_routes(node, [routes for _, routes in below])
                         if joined else None)


def _branch(node: Node, values: np.ndarray) -> np.ndarray:
    """The branch of each known value at the node's test: ``values > threshold`` (bool) at a
    continuous test; at a categorical one the value's code, or its group's (int)."""
    if not math.isnan(node.threshold):
        return values > node.threshold
    branch = values.astype(np.intp)
    return branch if node.groups is None else node.groups[branch]
