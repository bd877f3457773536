"""Prediction with a fitted C4.5 tree node by node: the readable reference of
``smalltrees.learners.c45.flat``.

:func:`descend` sends the cases down one node at a time (Quinlan 1993, ch. 3): at each test,
a case with a known value takes its branch, a case with an unknown value goes down every
branch whose share of the node's training weight exceeds 1e-6, its weight multiplied by that
share. ``flat.FlatTree.reach`` does the same a depth at a time; ``tests/test_c45_flat.py``
checks that both give the same numbers to the last bit.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from smalltrees.learners.c45.tree import Node, leaf_source, route
from smalltrees.learners.criteria import EPS

Visit = tuple[Node, Node | None, np.ndarray, np.ndarray, int]


def descend(root: Node, Z: np.ndarray) -> Iterator[Visit]:
    """Send every row of ``Z`` (weight 1) down a fitted tree; yield each leaf reached, its
    parent (``None`` for a root leaf), the rows reaching it with their weights, and the number
    of tests on the path."""
    stack: list[Visit] = [(root, None, np.arange(Z.shape[0]), np.ones(Z.shape[0]), 0)]
    while stack:
        node, parent, rows, weights, depth = stack.pop()
        if not rows.size:
            continue
        if node.is_leaf:
            yield node, parent, rows, weights, depth
            continue
        totals = np.array([child.total for child in node.children])
        fractions = totals / totals.sum()
        parts = route(node, Z, rows, weights, len(node.children), fractions)
        for child, (part_rows, part_weights) in zip(node.children, parts, strict=True):
            stack.append((child, node, part_rows, part_weights, depth + 1))


def tree_proba(root: Node, Z: np.ndarray, n_classes: int) -> np.ndarray:
    """Class probabilities of the rows of ``Z``: each leaf's distribution (its
    :func:`leaf_source`'s) times the row's weight there, added leaf after leaf."""
    proba = np.zeros((Z.shape[0], n_classes))
    for leaf, parent, rows, weights, _ in descend(root, Z):
        source = leaf_source(leaf, parent)
        proba[rows] += weights[:, None] * (source.dist / max(source.total, EPS))
    return proba


def row_complexity(root: Node, Z: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per row of ``Z``: the weighted number of tests on its paths, and its weight reaching
    leaves more than 2 and more than 1 tests deep."""
    n = Z.shape[0]
    tests, deep, below_1 = np.zeros(n), np.zeros(n), np.zeros(n)
    for _, _, rows, weights, depth in descend(root, Z):
        np.add.at(tests, rows, weights * depth)
        if depth > 2:
            np.add.at(deep, rows, weights)
        if depth > 1:
            np.add.at(below_1, rows, weights)
    return tests, deep, below_1
