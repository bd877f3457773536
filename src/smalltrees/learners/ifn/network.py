"""The layered network of an IFN: layers, routing of records, rules and output size.

Last, Maimon & Minkov (2002), section 2.1. Layer 0 is the root; hidden layer ``l`` tests one
attribute at every node it splits. A node of layer ``l - 1`` is either split (it gets one child
per value or interval that holds training records) or terminal. Every record follows its values
down to the node where it stops: a terminal node, or a node without a child for its value (a
category unseen there, §2.4 leaves this open: we stop and predict at that node).

Branch codes of a layer (:func:`branch_codes`): a nominal attribute's category codes, then one
code for "missing"; a continuous attribute's intervals ``(-inf, c1), [c1, c2), ..., [ck, inf)``,
then "missing". Missing values are a value of their own (the paper does not say).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from smalltrees.learners.encoding import UNSEEN


@dataclass(frozen=True, eq=False)
class Layer:
    """One hidden layer.

    Attributes
    ----------
    attribute : int
        Column of the tested attribute.
    cuts : tuple of float or None
        Cut points of a continuous attribute (``None`` for a nominal one).
    n_categories : int
        Categories of a nominal attribute (0 for a continuous one).
    children : ndarray of shape (n_parent_nodes, n_branches)
        Child node of each (previous-layer node, branch code); -1: no child.
    parent, branch : ndarray of shape (n_nodes,)
        Each node's parent in the previous layer and the branch code leading to it.
    counts : ndarray of shape (n_nodes, n_classes)
        Training class counts of each node.
    """

    attribute: int
    cuts: tuple[float, ...] | None
    n_categories: int
    children: np.ndarray
    parent: np.ndarray
    branch: np.ndarray
    counts: np.ndarray

    @property
    def n_branches(self) -> int:
        """Branch codes per node: values or intervals, plus "missing"."""
        return (len(self.cuts) + 2) if self.cuts is not None else self.n_categories + 1


def branch_codes(column: np.ndarray, cuts: tuple[float, ...] | None,
                 n_categories: int) -> np.ndarray:
    """Branch codes of an encoded column (see the module docstring); -1 for a category unseen
    at fit time (:data:`~smalltrees.learners.encoding.UNSEEN`)."""
    missing = np.isnan(column)
    if cuts is not None:
        codes = np.searchsorted(np.asarray(cuts), np.where(missing, 0.0, column), side="right")
        return np.where(missing, len(cuts) + 1, codes)
    codes = np.where(missing, n_categories, np.nan_to_num(column)).astype(np.int64)
    return np.where(column == UNSEEN, -1, codes)


def route(layers: Sequence[Layer], Z: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each row of the encoded matrix ``Z``: the depth and node index where it stops."""
    n = len(Z)
    node = np.zeros(n, dtype=np.int64)
    depth = np.zeros(n, dtype=np.int64)
    alive = np.arange(n)
    for level, layer in enumerate(layers, start=1):
        codes = branch_codes(Z[alive, layer.attribute], layer.cuts, layer.n_categories)
        child = np.full(len(alive), -1)
        known = codes >= 0
        child[known] = layer.children[node[alive[known]], codes[known]]
        moves = child >= 0
        node[alive[moves]] = child[moves]
        depth[alive[moves]] = level
        alive = alive[moves]
    return depth, node


def terminal_masks(layers: Sequence[Layer]) -> list[np.ndarray]:
    """Per level (0 = root): which of its nodes are terminal (not split by the next layer)."""
    masks = [(layer.children < 0).all(axis=1) for layer in layers]
    last = len(layers[-1].parent) if layers else 1
    return masks + [np.ones(last, dtype=bool)]


def output_size(layers: Sequence[Layer]) -> int:
    """Domingos' output size (§3): one unit per antecedent and per consequent of every rule.

    Each terminal node at depth ``d`` is one rule with ``d`` antecedents (an interval counts as
    one) and one consequent: the sum of ``d + 1`` over terminal nodes (Iris in the paper: 6).
    """
    return int(sum(int(mask.sum()) * (level + 1)
                   for level, mask in enumerate(terminal_masks(layers))))


def rules(layers: Sequence[Layer]) -> list[tuple[int, int, list[tuple[int, int]]]]:
    """Every terminal node as ``(depth, node, [(layer index, branch code), ...])``."""
    found = []
    for level, mask in enumerate(terminal_masks(layers)):
        for node in np.flatnonzero(mask):
            path, current = [], int(node)
            for index in range(level - 1, -1, -1):
                layer = layers[index]
                path.append((index, int(layer.branch[current])))
                current = int(layer.parent[current])
            found.append((level, int(node), path[::-1]))
    return found


def branch_text(name: str, layer: Layer, code: int, categories: Sequence | None) -> str:
    """A branch as a condition, e.g. ``3 <= petal_length < 4.8`` or ``sex = 1``."""
    if code == layer.n_branches - 1:
        return f"{name} is missing"
    if layer.cuts is None:
        return f"{name} = {categories[code]}"
    cuts = layer.cuts
    if code == 0:
        return f"{name} < {cuts[0]:g}"
    if code == len(cuts):
        return f"{name} >= {cuts[-1]:g}"
    return f"{cuts[code - 1]:g} <= {name} < {cuts[code]:g}"
