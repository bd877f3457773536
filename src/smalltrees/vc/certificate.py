"""Checks of an exact VC-dimension that a reader can rerun without the search of
:mod:`smalltrees.vc.exact` (Yildiz 2015, section V-A and Theorem 2).

The exhaustive search of Fig. 9 can err in one direction only: a set it reports shattered is a
witness anybody can check, while a shattered set it misses lowers its value. So a published
"exact" value below a checked witness is at most a lower bound of the class's VC-dimension.

- :func:`certificate`: for a point set, one explicit tree of the shape per labeling (tested
  feature and which child takes the value 0 at every node, a label per leaf), found by plain
  enumeration of the trees' partitions of the set; :func:`realises` evaluates one such tree on
  one point. The set is shattered iff every labeling has a tree.
- :func:`theorem2_bound`: Theorem 2 at the root, ``VC(T) >= VC(left on d - 1) + VC(right on
  d - 1)``, with the subtrees' values taken from any table, e.g. the paper's own Fig. 10
  (d = 3) for a Fig. 11 shape (d = 4).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import product

from smalltrees.vc.shapes import LEAF, canonical, check_shape, to_text


def realises(tree, point: Sequence[int]) -> int:
    """The label ``tree`` gives ``point``: a tree is a leaf label (0 or 1) or a tuple
    ``(feature, zero_child, one_child)``; ``point[feature]`` picks the child."""
    while not isinstance(tree, int):
        feature, zero, one = tree
        tree = zero if point[feature] == 0 else one
    return tree


def _layouts(shape, d: int, used: frozenset, free_polarity: bool):
    """Every tree of ``shape`` without its leaf labels: ``("leaf", index)`` placeholders
    numbered from 0, a feature per node not tested above it, both polarities when
    ``free_polarity`` (else the first child takes 0). Yields (tree, number of leaves)."""
    if shape == LEAF:
        yield ("leaf", 0), 1
        return
    first, second = shape
    for feature in range(d):
        if feature in used:
            continue
        below = used | {feature}
        for left, n_left in _layouts(first, d, below, free_polarity):
            for right, n_right in _layouts(second, d, below, free_polarity):
                pairs = [(left, right, n_left)]
                if free_polarity:
                    pairs.append((right, left, n_right))
                for zero, one, n_zero in pairs:
                    yield (feature, zero, _shift(one, n_zero)), n_left + n_right


def _shift(tree, by: int):
    """``tree`` with its leaf placeholders' numbers raised by ``by``."""
    if tree[0] == "leaf":
        return ("leaf", tree[1] + by)
    feature, zero, one = tree
    return (feature, _shift(zero, by), _shift(one, by))


def _leaf_of(tree, point) -> int:
    while tree[0] != "leaf":
        feature, zero, one = tree
        tree = zero if point[feature] == 0 else one
    return tree[1]


def _labelled(tree, labels: Mapping[int, int]):
    """``tree`` with each placeholder replaced by its label (0 where no point reaches it)."""
    if tree[0] == "leaf":
        return labels.get(tree[1], 0)
    feature, zero, one = tree
    return (feature, _labelled(zero, labels), _labelled(one, labels))


def certificate(shape, d: int, points: Sequence[Sequence[int]], free_polarity: bool = True
                ) -> dict[tuple[int, ...], object] | None:
    """For every labeling of ``points`` (0/1 tuples of length ``d``), one tree of ``shape``
    (features not reused on a path) that realises it, checked with :func:`realises`; ``None``
    if some labeling has none (the set is not shattered). Plain enumeration: each tree sorts
    the points into its leaves, and a labeling is realised iff it is constant on every leaf."""
    shape = check_shape(shape, binary=True)
    if free_polarity:
        shape = canonical(shape)
    points = [tuple(int(v) for v in p) for p in points]
    if any(len(p) != d or set(p) - {0, 1} for p in points):
        raise ValueError(f"certificate: every point must be a 0/1 tuple of length d = {d}; got "
                         f"{points}")
    partitions: dict[tuple[int, ...], object] = {}
    for tree, _ in _layouts(shape, d, frozenset(), free_polarity):
        partitions.setdefault(tuple(_leaf_of(tree, p) for p in points), tree)
    found = {}
    for labeling in product((0, 1), repeat=len(points)):
        for leaves, tree in partitions.items():
            labels: dict[int, int] = {}
            pairs = zip(leaves, labeling, strict=True)
            if all(labels.setdefault(leaf, y) == y for leaf, y in pairs):
                witness = _labelled(tree, labels)
                if all(realises(witness, p) == y for p, y in zip(points, labeling, strict=True)):
                    found[labeling] = witness
                    break
        else:
            return None
    return found


def theorem2_bound(shape, d: int, value: Callable[[str, int], int | None]) -> int | None:
    """Theorem 2 at the root of ``shape``: the sum over its two children of ``value(child
    shape text, d - 1)`` (a leaf counts 1), or ``None`` where ``value`` has no number for a
    child."""
    shape = canonical(check_shape(shape, binary=True))
    if shape == LEAF:
        return 1
    parts = [1 if child == LEAF else value(to_text(child), d - 1) for child in shape]
    return None if any(p is None for p in parts) else sum(parts)
