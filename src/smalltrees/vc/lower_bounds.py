"""The lower bounds of the VC-dimension of univariate trees of a given shape (Yildiz 2015).

All three algorithms share one recursion (the paper's Figs 2, 5 and 7): a leaf counts 1 (line 2),
a node whose children are all leaves counts the single-node value (lines 3-4), any other node
the sum of its children's bounds (line 7; Theorems 2 and 4). They differ in the single-node value
and in the features left to the children:

- :func:`lb_binary` (LB-binary, section II): d binary features; single node
  ``floor(log2(d + 1)) + 1`` (Theorem 1, exact); the children see d - 1 features, since a
  feature is tested at most once on a path (Theorem 2).
- :func:`lb_lary` (LB-L-ary, section III): discrete features with ``values[i]`` values; single
  node ``floor(log2(sum_i (2^(L_i - 1) - 1) + 1)) + 1`` (Theorem 3, exact); the children see the
  features minus the one tested at the node, which has as many values as the node has children
  (Theorem 4's proof puts a new L-valued feature at the root).
- :func:`lb_continuous` (LB-continuous, section IV): d continuous features, which can be tested
  again below; one feature is spared for the inner splits, so a bottom node counts
  ``floor(log2 d) + 1`` (Theorem 1 on the d - 1 others; line 4) and d never decreases.

The garbled copy lost the floor brackets; the bound is an integer because Theorem 1's proof needs
d >= 2^(m-1) - 1. Closed forms that follow: Corollary 1 (degenerate tree with N nodes:
``floor(log2(d - N + 2)) + N``), Corollary 2 (full tree of height h:
``2^(h-1) (floor(log2(d - h + 2)) + 1)``), Corollary 3 (one node on continuous data:
``floor(log2(d + 1)) + 1``, which :func:`lb_continuous` gives with ``corollary3=True``).
"""

from __future__ import annotations

import operator
from collections.abc import Sequence

from smalltrees.vc.shapes import LEAF, check_shape, depth, is_bottom


def theorem1(d: int) -> int:
    """VC-dimension of one decision node over d binary features (Theorem 1):
    floor(log2(d + 1)) + 1.

    >>> theorem1(3), theorem1(7)
    (3, 4)
    """
    return (d + 1).bit_length()  # floor(log2(d + 1)) + 1, in integers


def theorem3(values: Sequence[int]) -> int:
    """VC-dimension of one L-ary node over discrete features with ``values`` values (Theorem 3):
    the number of distinct dichotomies its splits make, 2^(L_i - 1) - 1 per feature, must reach
    the 2^(m-1) - 1 non-trivial labelings of m points up to complement."""
    return (sum(2 ** (int(L) - 1) - 1 for L in values) + 1).bit_length()


def lb_binary(shape, d: int) -> int:
    """LB-binary (Fig. 2): a lower bound of the VC-dimension of trees of ``shape`` over ``d``
    binary features. Every path must find a feature left to test: depth(shape) <= d."""
    shape = check_shape(shape, binary=True)
    d = _check_d(d)
    if depth(shape) > d:
        raise ValueError(f"shape has {depth(shape)} decision nodes on a path but only d = {d} "
                         "binary features: a feature is tested at most once on a path, so no "
                         "tree of this shape exists")
    return _lb_binary(shape, d)


def _lb_binary(shape, d: int) -> int:
    if shape == LEAF:
        return 1
    if is_bottom(shape):
        return theorem1(d)
    return sum(_lb_binary(child, d - 1) for child in shape)


def lb_lary(shape, values: Sequence[int]) -> int:
    """LB-L-ary (Fig. 5): a lower bound for trees of ``shape`` over discrete features, feature i
    taking ``values[i]`` values (so d = len(values)).

    A bottom node counts Theorem 3 over every feature left to it. A node with k children above
    the bottom tests a feature with k values; its children see the others (Theorem 4). Which
    k-valued feature goes does not change the bound; a node for which no feature with k values
    is left is an error, naming the node.
    """
    shape = check_shape(shape)
    values = [_check_count(v, f"values[{i}]") for i, v in enumerate(values)]
    _check_d(len(values), "len(values)")
    return _lb_lary(shape, tuple(sorted(values)), "shape")


def _lb_lary(shape, values: tuple[int, ...], where: str) -> int:
    if shape == LEAF:
        return 1
    if not values:
        raise ValueError(f"{where} has no feature left to test: a discrete feature is tested at "
                         "most once on a path, so no tree of this shape exists")
    if is_bottom(shape):
        return theorem3(values)
    arity = len(shape)
    if arity not in values:
        raise ValueError(f"{where} has {arity} children but no feature left to it has {arity} "
                         f"values (values left: {list(values)})")
    rest = list(values)
    rest.remove(arity)
    return sum(_lb_lary(child, tuple(rest), f"{where}[{i}]") for i, child in enumerate(shape))


def lb_continuous(shape, d: int, corollary3: bool = False) -> int:
    """LB-continuous (Fig. 7): a lower bound for trees of ``shape`` over ``d`` continuous
    features. A bottom node counts ``floor(log2 d) + 1`` "where d represents the number of all
    features in that dataset (line 4)", at any depth; inner nodes sum their children.

    ``corollary3=True``: a tree that is one node counts Corollary 3's ``floor(log2(d + 1)) + 1``
    (no feature needs sparing when there are no inner splits). The paper's algorithm (the
    default, and what SRM pruning uses) gives such a tree ``floor(log2 d) + 1``.
    """
    shape = check_shape(shape, binary=True)
    d = _check_d(d)
    if corollary3 and is_bottom(shape):
        return theorem1(d)
    return _lb_continuous(shape, theorem1(d - 1))


def _lb_continuous(shape, bottom: int) -> int:
    if shape == LEAF:
        return 1
    if is_bottom(shape):
        return bottom
    return sum(_lb_continuous(child, bottom) for child in shape)


def _check_d(d, name: str = "d") -> int:
    """``d`` as an int, if it is an integer >= 1 (numpy integers included)."""
    return _positive(d, name, "the number of features")


def _check_count(value, name: str) -> int:
    return _positive(value, name, "the number of values of a discrete feature")


def _positive(value, name: str, meaning: str) -> int:
    try:
        number = None if isinstance(value, bool) else operator.index(value)
    except TypeError:
        number = None
    if number is None or number < 1:
        raise ValueError(f"{name} must be an integer >= 1 ({meaning}), got {value!r}")
    return number
