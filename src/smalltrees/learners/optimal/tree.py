"""What the searches of T1, T2 and T3 return, and its conversion to the fitted tree.

The searches (:mod:`.stumps`, :mod:`.depth2`, :mod:`.depth3`) describe the best tree they find
in three small immutable records, which :func:`to_tree` turns into the one fitted-tree structure
(:class:`~smalltrees.learners.tree.Tree`) that predicts, prints and measures it; the records do
neither. Classes are indices into ``classes_``, attributes column positions. A continuous node
with thresholds ``t_1 < ... < t_{k-1}`` has the intervals ``(-inf, t_1), [t_1, t_2), ...,
[t_{k-1}, inf)`` and an edge for missing values (Auer et al. 1995, section 2); a categorical node
has one edge per declared category and one for missing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from smalltrees.learners.tree.structure import Tree, build


@dataclass(frozen=True)
class Leaf:
    """A leaf predicting class ``label``."""

    label: int


@dataclass(frozen=True)
class CategoricalSplit:
    """Query categorical attribute ``feature``: child ``children[v]`` for category ``v``.

    ``default`` (the majority class of the node's training items) is predicted for a category
    the node did not know when it was fitted.
    """

    feature: int
    children: tuple
    missing: object
    default: int


@dataclass(frozen=True)
class IntervalSplit:
    """Query continuous attribute ``feature``: child ``children[i]`` for interval ``i``;
    ``missing`` is ``None`` where no value is missing (:func:`without_continuous_missing`)."""

    feature: int
    thresholds: tuple
    children: tuple
    missing: object


def without_continuous_missing(node):
    """The tree ``node`` without the missing edges of its continuous tests: where the
    estimator reads a continuous attribute's missing value as a number below every known one
    (``continuous_missing="lowest"``), no case takes them, and a fitted tree printed with
    them would show an edge no value can follow."""
    if isinstance(node, Leaf):
        return node
    children = tuple(without_continuous_missing(child) for child in node.children)
    if isinstance(node, IntervalSplit):
        return replace(node, children=children, missing=None)
    return replace(node, children=children, missing=without_continuous_missing(node.missing))


def to_tree(root, n_classes: int) -> Tree:
    """The fitted tree of a search's result, nodes in pre-order (a node, its children in
    order, then its missing edge), intervals closed on the left; a categorical split predicts
    its ``default`` for a category it did not know. Class counts and distributions are zero
    (the estimator fills them in from its training items)."""
    records: list[dict] = []
    zeros = np.zeros(n_classes)

    def add(node) -> int:
        number = len(records)
        record = {"feature": -1, "counts": zeros, "proba": zeros, "label": -1}
        records.append(record)
        if isinstance(node, Leaf):
            record["label"] = node.label
            return number
        record["feature"] = node.feature
        if isinstance(node, IntervalSplit):
            record["thresholds"] = list(node.thresholds)
        else:
            record["label"] = node.default
        record["branches"] = [add(child) for child in node.children]
        if node.missing is not None:
            record["missing"] = add(node.missing)
        return number

    add(root)
    return build(records, n_classes, left_closed=True)
