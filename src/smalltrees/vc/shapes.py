"""Tree shapes for the VC-dimension results of Yildiz (2015): checking, canonical form,
enumeration and text.

A *shape* is ``"L"`` (a leaf) or a tuple of child shapes (a decision node; two children in a
binary tree, any number in an L-ary one), e.g. a stump is ``("L", "L")``. The hypothesis class
of a shape is every tree with that shape, the tested features and the leaf labels free
(section II: "hypothesis classes ... that share a tree structure, which differ only in the
variables being tested in the internal nodes and class labels assigned to the leaves").

Children are unordered in the paper's figures (and in the classes of :mod:`smalltrees.vc.exact`
with free polarity), so :func:`canonical` sorts them; :func:`enumerate_shapes` yields each
unordered shape once, in canonical form. "Nodes" below always means decision (internal) nodes,
as in the paper ("From this point on, we refer only internal nodes of the decision tree as
node(s)").
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import combinations_with_replacement

LEAF = "L"


def check_shape(shape, binary: bool = False):
    """``shape`` as nested tuples, after checking that it is a tree.

    A leaf is the string ``"L"``; a node is a tuple (or list) of at least one child shape, of
    exactly two when ``binary``. The error names the offending part by its index path, e.g.
    ``shape[1][0]``.
    """
    return _checked(shape, "shape", binary)


def _checked(part, where: str, binary: bool):
    if isinstance(part, str):
        if part != LEAF:
            raise ValueError(f"{where} is {part!r}: a leaf must be the string 'L'")
        return LEAF
    if not isinstance(part, (tuple, list)):
        raise ValueError(f"{where} is {part!r} of type {type(part).__name__}: expected 'L' (a "
                         "leaf) or a tuple of child shapes (a decision node)")
    if binary and len(part) != 2:
        raise ValueError(f"{where} has {len(part)} children: a node of a tree over binary "
                         "features has exactly two")
    if not part:
        raise ValueError(f"{where} is an empty tuple: a decision node needs at least one child")
    return tuple(_checked(child, f"{where}[{i}]", binary) for i, child in enumerate(part))


def n_nodes(shape) -> int:
    """The number of decision (internal) nodes."""
    return 0 if shape == LEAF else 1 + sum(n_nodes(child) for child in shape)


def depth(shape) -> int:
    """The number of decision nodes on the longest root-to-leaf path (0 for a leaf)."""
    return 0 if shape == LEAF else 1 + max(depth(child) for child in shape)


def is_bottom(shape) -> bool:
    """A decision node whose children are all leaves (the single-node base case)."""
    return shape != LEAF and all(child == LEAF for child in shape)


def _key(shape) -> tuple:
    """A total order on shapes: fewer nodes first, then fewer children, then the children."""
    if shape == LEAF:
        return (0,)
    return (n_nodes(shape), len(shape), tuple(_key(child) for child in shape))


def canonical(shape):
    """The representative of ``shape`` with children unordered: children sorted by
    (number of nodes, arity, children), recursively."""
    if shape == LEAF:
        return LEAF
    return tuple(sorted((canonical(child) for child in shape), key=_key))


def enumerate_shapes(max_nodes: int, arities: tuple[int, ...] = (2,),
                     max_depth: int | None = None) -> list:
    """Every unordered shape with 1..``max_nodes`` decision nodes, each node having one of
    ``arities`` children and at most ``max_depth`` nodes on a path; canonical, ordered by
    number of nodes, then depth, then :func:`canonical`'s order."""
    if max_nodes < 0:
        raise ValueError(f"max_nodes must be >= 0, got {max_nodes}")
    if not arities or any(int(a) < 1 for a in arities):
        raise ValueError(f"arities must be positive numbers of children, got {arities}")
    limit = max_nodes if max_depth is None else max_depth
    shapes = [s for n in range(1, max_nodes + 1)
              for s in _shapes(n, tuple(sorted(set(int(a) for a in arities))), limit)]
    return sorted(shapes, key=lambda s: (n_nodes(s), depth(s), _key(s)))


@cache
def _shapes(n: int, arities: tuple[int, ...], max_depth: int) -> tuple:
    """Canonical shapes with exactly ``n`` nodes and depth <= ``max_depth``."""
    if n == 0:
        return (LEAF,)
    if max_depth == 0:
        return ()
    found = set()
    for arity in arities:
        for split in _splits(n - 1, arity):
            pools = [_shapes(k, arities, max_depth - 1) for k in split]
            for children in _product_sorted(split, pools):
                found.add(canonical(children))
    return tuple(sorted(found, key=_key))


def _splits(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Non-decreasing tuples of ``parts`` non-negative integers summing to ``total``."""
    for split in combinations_with_replacement(range(total + 1), parts):
        if sum(split) == total:
            yield split


def _product_sorted(split, pools) -> Iterator[tuple]:
    """Children tuples, one shape per part; parts of equal size take non-decreasing indices so
    each multiset of children comes once."""
    def extend(i, chosen, last):
        if i == len(split):
            yield tuple(chosen)
            return
        start = last if i and split[i] == split[i - 1] else 0
        for j in range(start, len(pools[i])):
            yield from extend(i + 1, chosen + [pools[i][j]], j)
    yield from extend(0, [], 0)


def to_text(shape) -> str:
    """Compact text: ``L`` for a leaf, ``(a,b)`` for a node, e.g. ``((L,L),L)``."""
    return LEAF if shape == LEAF else "(" + ",".join(to_text(c) for c in shape) + ")"


def parse_shape(text: str):
    """The inverse of :func:`to_text` (spaces allowed); errors name the character position.

    >>> shape = parse_shape("((L, L), L)")
    >>> to_text(shape), n_nodes(shape), depth(shape)
    ('((L,L),L)', 2, 2)
    """
    source = "".join(str(text).split())

    def node(i: int):
        if i < len(source) and source[i] == LEAF:
            return LEAF, i + 1
        if i >= len(source) or source[i] != "(":
            raise ValueError(f"shape text {text!r}: expected 'L' or '(' at position {i}")
        children, i = [], i + 1
        while True:
            child, i = node(i)
            children.append(child)
            if i < len(source) and source[i] == ",":
                i += 1
            elif i < len(source) and source[i] == ")":
                return tuple(children), i + 1
            else:
                raise ValueError(f"shape text {text!r}: expected ',' or ')' at position {i}")

    shape, end = node(0)
    if end != len(source):
        raise ValueError(f"shape text {text!r}: unexpected {source[end:]!r} after the shape")
    return shape
