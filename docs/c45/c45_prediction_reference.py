"""Prediction with a fitted C4.5 tree node by node: the readable reference of the one router
(``smalltrees.learners.tree.routing``) on C4.5's trees.

:func:`descend` sends the cases down one node at a time (Quinlan 1993, ch. 3): at each test,
a case with a known value takes its branch, a case with an unknown value goes down every
branch whose share of the node's training weight exceeds 1e-6, its weight multiplied by that
share. ``routing.reach`` does the same a depth at a time;
``tests/learners/test_c45_prediction.py`` checks that both give the same numbers to the last bit.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from smalltrees.learners.c45.tree import split_positions
from smalltrees.learners.criteria import EPS
from smalltrees.learners.tree import Tree

Visit = tuple[int, np.ndarray, np.ndarray, int]


def descend(tree: Tree, Z: np.ndarray) -> Iterator[Visit]:
    """Send every row of ``Z`` (weight 1) down a fitted tree; yield each leaf reached (its node
    number), the rows reaching it with their weights, and the number of tests on the path."""
    stack: list[Visit] = [(0, np.arange(Z.shape[0]), np.ones(Z.shape[0]), 0)]
    while stack:
        node, rows, weights, depth = stack.pop()
        if not rows.size:
            continue
        if tree.is_leaf[node]:
            yield node, rows, weights, depth
            continue
        kids = [int(kid) for kid in tree.branches[node] if kid >= 0]
        totals = np.array([float(tree.counts[kid].sum()) for kid in kids])
        values = Z[rows, tree.feature[node]]
        if tree.intervals[node]:  # x <= threshold: branch 0
            branch = [-1 if np.isnan(v) else int(v > tree.thresholds[node, 0]) for v in values]
        else:  # a category's branch, through the node's groups of values
            branch = [-1 if np.isnan(v) else kids.index(int(tree.children[node, int(v)]))
                      for v in values]
        parts = split_positions(np.array(branch, dtype=np.intp), weights, len(kids),
                                totals / totals.sum())
        for kid, (positions, part_weights) in zip(kids, parts, strict=True):
            stack.append((kid, rows[positions], part_weights, depth + 1))


def tree_proba(tree: Tree, Z: np.ndarray) -> np.ndarray:
    """Class probabilities of the rows of ``Z``: each leaf's training class distribution (its
    parent's if it received no training cases) times the row's weight there, added leaf after
    leaf."""
    proba = np.zeros((Z.shape[0], tree.counts.shape[1]))
    for leaf, rows, weights, _ in descend(tree, Z):
        source = leaf if tree.counts[leaf].sum() >= EPS or leaf == 0 else tree.parent[leaf]
        dist = tree.counts[source]
        proba[rows] += weights[:, None] * (dist / max(dist.sum(), EPS))
    return proba


def row_complexity(tree: Tree, Z: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per row of ``Z``: the weighted number of tests on its paths, and its weight reaching
    leaves more than 2 and more than 1 tests deep."""
    n = Z.shape[0]
    tests, deep, below_1 = np.zeros(n), np.zeros(n), np.zeros(n)
    for _, rows, weights, depth in descend(tree, Z):
        np.add.at(tests, rows, weights * depth)
        if depth > 2:
            np.add.at(deep, rows, weights)
        if depth > 1:
            np.add.at(below_1, rows, weights)
    return tests, deep, below_1
