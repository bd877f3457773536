"""Nodes of the small trees fitted by T1 and T2, with prediction and export.

Classes are stored as indices into ``classes_`` and attributes as column positions; the printers
take the names. A continuous node with thresholds ``t_1 < ... < t_{k-1}`` has the intervals
``(-inf, t_1), [t_1, t_2), ..., [t_{k-1}, inf)`` and an edge for missing values (Auer et al.
1995, section 2); a categorical node has one edge per declared category and one for missing.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


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
    """Query continuous attribute ``feature``: child ``children[i]`` for interval ``i``."""

    feature: int
    thresholds: tuple
    children: tuple
    missing: object


def predict_codes(node, columns: list[np.ndarray], rows: np.ndarray, out: np.ndarray) -> None:
    """Write into ``out[rows]`` the class index that ``node`` predicts.

    ``columns[j]`` holds the column of :meth:`smalltrees.learners.encoding.Schema.encode`:
    float values for a continuous attribute, category codes for a categorical one, NaN =
    missing, and :data:`~smalltrees.learners.encoding.UNSEEN` for a category unknown at fit time.
    """
    nodes, _ = preorder(node)
    out[rows] = node_labels(nodes)[stop_nodes(node, columns)[rows]]


def node_labels(nodes: list) -> np.ndarray:
    """The class index predicted by each node where a row can stop: a leaf's label, a
    categorical split's ``default`` (-1 for an interval split, where no row stops)."""
    return np.array([node.label if isinstance(node, Leaf) else getattr(node, "default", -1)
                     for node in nodes], dtype=np.int64)


def stop_nodes(node, columns: list[np.ndarray]) -> np.ndarray:
    """For every row of the encoded ``columns``: the index, in :func:`preorder`, of the node
    where the row stops: a leaf, or a categorical split whose category it did not know at fit
    time (:data:`~smalltrees.learners.encoding.UNSEEN`; the split's ``default`` decides)."""
    stop = np.zeros(len(columns[0]), dtype=np.int64)
    _descend(node, columns, np.arange(len(stop)), 0, stop)
    return stop


def _descend(node, columns: list[np.ndarray], rows: np.ndarray, index: int,
             stop: np.ndarray) -> int:
    """Send ``rows`` down from ``node`` (number ``index`` in pre-order), writing into ``stop``
    where each stops; return the number of nodes below and including ``node``."""
    stop[rows] = index
    if isinstance(node, Leaf):
        return 1
    values = columns[node.feature][rows]
    missing = np.isnan(values)
    if isinstance(node, IntervalSplit):
        edge = np.searchsorted(np.asarray(node.thresholds, dtype=float), values, side="right")
    else:  # category codes; an unseen category (UNSEEN) matches no child and stops here
        edge = values
    size = 1
    for i, child in enumerate(node.children):
        size += _descend(child, columns, rows[(edge == i) & ~missing], index + size, stop)
    return size + _descend(node.missing, columns, rows[missing], index + size, stop)


def preorder(node) -> tuple[list, np.ndarray]:
    """The nodes below and including ``node`` in pre-order (a node, its children in order,
    then its missing edge) and each one's parent index (-1 for ``node``)."""
    nodes, parents, stack = [], [], [(node, -1)]
    while stack:
        current, parent = stack.pop()
        nodes.append(current)
        parents.append(parent)
        if not isinstance(current, Leaf):
            here = len(nodes) - 1
            stack.extend((child, here) for child in reversed((*current.children,
                                                               current.missing)))
    return nodes, np.array(parents, dtype=np.int64)


def to_dict(node, names: list[str], categories: list, classes: np.ndarray) -> dict:
    """The tree below ``node`` as plain dicts and lists (JSON-serialisable)."""
    if isinstance(node, Leaf):
        return {"class": _plain(classes[node.label])}
    name = names[node.feature]
    missing = to_dict(node.missing, names, categories, classes)
    if isinstance(node, IntervalSplit):
        bounds = [-np.inf, *node.thresholds, np.inf]
        return {
            "attribute": name,
            "kind": "continuous",
            "thresholds": [float(t) for t in node.thresholds],
            "branches": [
                {"low": _bound(lo), "high": _bound(hi),
                 "node": to_dict(child, names, categories, classes)}
                for lo, hi, child in zip(bounds[:-1], bounds[1:], node.children, strict=True)
            ],
            "missing": missing,
        }
    return {
        "attribute": name,
        "kind": "categorical",
        "branches": [
            {"value": _plain(value), "node": to_dict(child, names, categories, classes)}
            for value, child in zip(categories[node.feature], node.children, strict=True)
        ],
        "missing": missing,
        "default": _plain(classes[node.default]),
    }


def to_text(node, names: list[str], categories: list, classes: np.ndarray, depth: int = 0) -> str:
    """The tree below ``node`` as indented text, one edge per line."""
    pad = "|   " * depth + "|--- "
    if isinstance(node, Leaf):
        return f"{pad}class: {classes[node.label]}\n" if depth == 0 else ""
    name = names[node.feature]
    if isinstance(node, IntervalSplit):
        bounds = [None, *node.thresholds, None]
        pairs = zip(bounds[:-1], bounds[1:], strict=True)
        tests = [_interval_text(name, lo, hi) for lo, hi in pairs]
    else:
        tests = [f"{name} == {value!r}" for value in categories[node.feature]]
    edges = [*zip(tests, node.children, strict=True), (f"{name} is missing", node.missing)]
    lines = []
    for test, child in edges:
        if isinstance(child, Leaf):
            lines.append(f"{pad}{test}: {classes[child.label]}\n")
        else:
            lines.append(f"{pad}{test}\n")
            lines.append(to_text(child, names, categories, classes, depth + 1))
    return "".join(lines)


def _interval_text(name: str, lo, hi) -> str:
    if lo is None and hi is None:
        return f"{name} is present"
    if lo is None:
        return f"{name} < {hi!r}"
    if hi is None:
        return f"{name} >= {lo!r}"
    return f"{lo!r} <= {name} < {hi!r}"


def _bound(value: float):
    return None if np.isinf(value) else float(value)


def _plain(value):
    """A numpy scalar as the matching Python scalar, for JSON."""
    return value.item() if isinstance(value, np.generic) else value
