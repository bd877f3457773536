"""Many fitted trees routed as one: a bagged ensemble's trees predict in one pass of the router.

The router (:mod:`.routing`) sends all cases through a depth of a tree in a few array
operations, so predicting with 25 small trees one after the other costs 25 times those
operations, most of it numpy's fixed cost per call on a few hundred cases. Here the trees are
the branches of one tree whose root tests a column added to the data, each case's tree number:
a case of tree ``t`` goes to tree ``t``'s root and from there exactly as in tree ``t`` alone
(the same tests, cuts, missing-value edges and fractional shares, the nodes it ends at in the
same order), so each (tree, case) gets the class code that tree alone gives it. Class codes are
those of the ensemble's classes (each tree may know only some of them: a bootstrap sample may
lack a class).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from smalltrees.learners.tree.routing import predict_codes
from smalltrees.learners.tree.structure import Tree


def stack(trees: Sequence[Tree], columns: Sequence[np.ndarray], n_features: int) -> Tree:
    """One tree whose root sends a case with tree number ``t`` (in column ``n_features``) to
    ``trees[t]``; ``columns[t]`` gives the ensemble's class code of each class code of tree
    ``t`` (its ``counts``/``proba`` columns are moved there, its labels renamed)."""
    if len({(tree.left_closed, tree.fractional) for tree in trees}) != 1:
        raise ValueError("the trees of a forest must route alike (left_closed, fractional)")
    n_classes = 1 + max(int(column.max(initial=-1)) for column in columns)
    sizes = np.array([tree.n_nodes for tree in trees])
    offsets = 1 + np.concatenate([[0], np.cumsum(sizes)[:-1]])
    width = max(len(trees), *(tree.branches.shape[1] for tree in trees))
    cuts = max(tree.thresholds.shape[1] for tree in trees)

    def nodes(name: str) -> np.ndarray:
        """A node array of every tree, numbers shifted by the tree's offset, padded by -1."""
        out = []
        for tree, offset in zip(trees, offsets, strict=True):
            part = getattr(tree, name)
            part = np.where(part >= 0, part + offset, -1)
            if part.ndim == 2:
                part = np.pad(part, ((0, 0), (0, width - part.shape[1])), constant_values=-1)
            out.append(part)
        return np.concatenate(out)

    def by_class(name: str) -> np.ndarray:
        out = np.zeros((1 + int(sizes.sum()), n_classes))
        for tree, offset, column in zip(trees, offsets, columns, strict=True):
            out[offset:offset + tree.n_nodes, column] = getattr(tree, name)
        return out

    root = np.full((1, width), -1)
    root[0, :len(trees)] = offsets
    labels = [np.where(tree.label >= 0, column[np.maximum(tree.label, 0)], -1)
              for tree, column in zip(trees, columns, strict=True)]
    counts = by_class("counts")
    counts[0] = counts[offsets].sum(axis=0)  # the root's share of each tree: never used
    return Tree(
        feature=np.concatenate([[n_features], *(tree.feature for tree in trees)]),
        thresholds=np.concatenate(
            [np.full((1, cuts), np.nan),
             *(np.pad(tree.thresholds, ((0, 0), (0, cuts - tree.thresholds.shape[1])),
                      constant_values=np.nan) for tree in trees)]),
        branches=np.concatenate([root, nodes("branches")]),
        children=np.concatenate([root, nodes("children")]),
        missing=np.concatenate([[-1], nodes("missing")]),
        intervals=np.concatenate([[0], *(tree.intervals for tree in trees)]),
        counts=counts, proba=by_class("proba"), label=np.concatenate([[-1], *labels]),
        left_closed=trees[0].left_closed, fractional=trees[0].fractional,
    )


def forest_codes(forest: Tree, n_trees: int, Z: np.ndarray) -> np.ndarray:
    """``(n_trees, n_rows)``: the class code each tree of :func:`stack`'s ``forest`` gives each
    row of the encoded ``Z`` (``n_features`` columns)."""
    n = Z.shape[0]
    cases = np.empty((n_trees * n, Z.shape[1] + 1))
    cases[:, :-1] = np.tile(Z, (n_trees, 1))
    cases[:, -1] = np.repeat(np.arange(n_trees), n)
    return predict_codes(forest, cases).reshape(n_trees, n)
