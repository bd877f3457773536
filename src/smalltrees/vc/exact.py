"""The exact VC-dimension of the trees of one shape over d binary features (Yildiz 2015, Fig. 9,
after Aslan, Yildiz & Alpaydin 2009).

The paper's search: for N = 1, 2, ..., look for an N-subset of the 2^d points of {0,1}^d on
which every labeling is realised by some tree of the shape; the VC-dimension is the largest N
found. Only the 2^(N-1) - 1 non-trivial labelings up to complement need checking, because a tree
and the same tree with its leaf labels swapped realise complementary labelings (section II).

We do the same search on bitsets, which makes it exact and fast:

1. A function {0,1}^d -> {0,1} is a 2^d-bit integer (bit x is the label of point x, bit j of x
   the value of feature j). The class of a shape, :func:`functions`, is built bottom-up: a leaf
   realises the two constant functions; a node testing feature j with children A and B realises
   ``(F_A & [x_j = 0]) | (F_B & [x_j = 1])``, where only the traces of F_A on the half
   x_j = 0 (and of F_B on x_j = 1) matter. With ``reuse=False`` a node may not test a feature
   tested above it; with ``free_polarity=True`` the value 0 may go to either child.
2. A point set P (a 2^d-bit mask) is shattered when the class leaves all 2^|P| traces on it.
   With p the first point of P, it is enough that the functions with f(p) = 0 leave 2^(|P|-1)
   traces (the complement symmetry of Fig. 9).
3. Shattered sets are closed under subsets and under the symmetries of the class: permuting
   features, and, with free polarity, flipping a feature's values. So the N + 1 level only
   extends shattered N-sets by one point, and only one representative (the smallest mask) per
   symmetry orbit is checked.

Cost grows as 2^(2^d): d <= :data:`MAX_D`, and :func:`exact_vc` refuses, with an estimate, any
request whose estimated work exceeds ``max_work`` (:func:`work_estimate`).
"""

from __future__ import annotations

from functools import cache
from itertools import permutations, product

import numpy as np

from smalltrees.vc.lower_bounds import _check_d
from smalltrees.vc.shapes import LEAF, canonical, check_shape, depth, n_nodes

MAX_D = 6
"""A function over {0,1}^d is one 64-bit word up to d = 6."""
MAX_WORK = 2e10
"""Default refusal threshold of :func:`exact_vc`, in the units of :func:`work_estimate`."""
RATE = 3e8
"""Work units per second, roughly (measured 1e8 at d = 4, 8e8 at d = 5 on one core), for the
time in the refusal message."""
DENSE_TRACES = 1 << 16
"""Point sets below this mask (d <= 4) count their traces with a ``bincount``
(:func:`_shatters`)."""


def exact_vc(shape, d: int, reuse: bool = False, free_polarity: bool = True, *,
             max_work: float = MAX_WORK) -> int:
    """The VC-dimension of the class of trees of ``shape`` over ``d`` binary features.

    Each decision node tests one feature (with ``reuse=False`` not one tested above it on its
    path); ``free_polarity=True``: either child may take the value 0 at every node (the shape
    is unordered), ``False``: value 0 goes to the first child; leaf labels are free. A shape
    whose class is empty (a path longer than d without reuse) has VC-dimension 0.
    """
    shape = check_shape(shape, binary=True)
    d = _check_d(d)
    return _search(shape, d, reuse, free_polarity, max_work)[0]


def shattered_set(shape, d: int, reuse: bool = False, free_polarity: bool = True, *,
                  max_work: float = MAX_WORK) -> list[tuple[int, ...]]:
    """A largest point set shattered by the class of :func:`exact_vc`, as 0/1 tuples (feature
    0 first): the witness of the exact value, to check by hand or by brute force."""
    shape = check_shape(shape, binary=True)
    d = _check_d(d)
    mask = _search(shape, d, reuse, free_polarity, max_work)[1]
    return [tuple((x >> j) & 1 for j in range(d)) for x in range(2 ** d) if mask >> x & 1]


@cache
def _search(shape, d: int, reuse: bool, free_polarity: bool, max_work: float) -> tuple[int, int]:
    """(VC-dimension, mask of a largest shattered set) after the checks of :func:`exact_vc`;
    remembered, as a shape's value and its witness (:func:`shattered_set`) are both asked for."""
    if d > MAX_D:
        raise ValueError(f"exact_vc needs d <= {MAX_D} (a function on 2^d points is one 64-bit "
                         f"word, and the search grows as 2^(2^d)); got d = {d}")
    if not reuse and depth(shape) > d:
        return 0, 0
    work = work_estimate(shape, d, reuse, free_polarity)
    if work > max_work:
        _refuse(f"building the class of a shape with {n_nodes(shape)} nodes over d = {d}", work,
                max_work)
    funcs = functions(shape, d, reuse, free_polarity)
    return largest_shattered(funcs, d, symmetries(d, free_polarity), max_work - work)


def functions(shape, d: int, reuse: bool = False, free_polarity: bool = True) -> np.ndarray:
    """Every function {0,1}^d -> {0,1} realised by a tree of ``shape``, as sorted unique
    2^d-bit masks (uint64)."""
    shape = check_shape(shape, binary=True)
    if free_polarity:
        shape = canonical(shape)
    points = np.arange(2 ** d, dtype=np.uint64)
    one = np.uint64(1)
    high = [int(np.bitwise_or.reduce(one << points[(points >> np.uint64(j)) & one == one]))
            for j in range(d)]
    full = (1 << 2 ** d) - 1
    halves = [(np.uint64(full ^ h), np.uint64(h)) for h in high]  # [x_j = 0], [x_j = 1]
    cache: dict = {}

    def build(part, used: frozenset) -> np.ndarray:
        if part == LEAF:
            return np.array([0, full], dtype=np.uint64)
        key = (part, used)
        if key in cache:
            return cache[key]
        pieces = []
        for j in range(d):
            if j in used:
                continue
            below = used if reuse else used | {j}
            first, second = build(part[0], below), build(part[1], below)
            orders = [(first, second)]
            if free_polarity and part[0] != part[1]:
                orders.append((second, first))
            zero, one_ = halves[j]
            for a, b in orders:
                pieces.append((np.unique(a & zero)[:, None] | np.unique(b & one_)[None, :])
                              .ravel())
        cache[key] = np.unique(np.concatenate(pieces)) if pieces else np.zeros(0, np.uint64)
        return cache[key]

    return build(shape, frozenset())


def symmetries(d: int, free_polarity: bool = True) -> np.ndarray:
    """The image of every point under every symmetry of the classes: ``table[g, x]``.

    Permuting features maps a tree of a shape to a tree of the same shape; with free polarity,
    so does flipping one feature's values (swap the children of the nodes testing it)."""
    points = np.arange(2 ** d)
    bits = (points[:, None] >> np.arange(d)) & 1
    flips = product((0, 1), repeat=d) if free_polarity else [(0,) * d]
    images = []
    for flip in flips:
        flipped = bits ^ np.array(flip)
        for order in permutations(range(d)):
            images.append((flipped[:, list(order)] << np.arange(d)).sum(axis=1))
    return np.unique(np.array(images), axis=0)


def largest_shattered(funcs: np.ndarray, d: int, table: np.ndarray,
                      max_work: float = np.inf) -> tuple[int, int]:
    """The size of the largest point set shattered by ``funcs`` (closed under complement and
    under the point maps of ``table``), level by level over orbit representatives, and the
    mask of one such set. Before each level its cost is estimated (sets to canonicalise x
    2^d points x symmetries, plus orbits to check x functions); the search stops with an
    error when the total would exceed ``max_work``."""
    if funcs.size == 0:
        return 0, 0
    weights = np.uint64(1) << table.T.astype(np.uint64)  # (2^d points, symmetries)
    level = np.zeros(1, dtype=np.uint64)  # the empty set is shattered
    by_first: dict[int, np.ndarray] = {}
    size, spent = 0, 0.0
    while True:
        grown = (level[:, None] | (np.uint64(1) << np.arange(2 ** d, dtype=np.uint64))).ravel()
        grown = np.unique(grown[grown != np.repeat(level, 2 ** d)])
        cost = grown.size * weights.size + grown.size * funcs.size / 2
        if spent + cost > max_work:
            _refuse(f"the search for shattered sets of {size + 1} points over d = {d}",
                    spent + cost, max_work, "at least")
        candidates = np.unique(_canonical_sets(grown, d, weights))
        spent += grown.size * weights.size + candidates.size * funcs.size / 2
        shattered = [mask for mask in candidates
                     if _shatters(funcs, int(mask), size + 1, by_first)]
        if not shattered:
            return size, int(level[0])
        level = np.array(shattered, dtype=np.uint64)
        size += 1


def _canonical_sets(masks: np.ndarray, d: int, weights: np.ndarray,
                    chunk: int = 4096) -> np.ndarray:
    """The smallest image of each point-set mask under the symmetries (in chunks, to bound the
    memory of the (sets x symmetries) images)."""
    shifts = np.arange(2 ** d, dtype=np.uint64)
    out = np.empty(masks.size, dtype=np.uint64)
    for start in range(0, masks.size, chunk):
        bits = (masks[start:start + chunk, None] >> shifts) & np.uint64(1)
        out[start:start + chunk] = (bits @ weights).min(axis=1)
    return out


def _shatters(funcs: np.ndarray, mask: int, size: int, by_first: dict) -> bool:
    """Do the functions with label 0 on the set's first point leave all 2^(size-1) traces?

    A trace is a function's bits on the set, at most 2^d bits: up to d = 4 (16 bits) the
    distinct traces are counted with one ``bincount`` over their values, a quarter of the time
    of hashing them with ``np.unique`` (which larger d use), the search's main cost."""
    first = (mask & -mask).bit_length() - 1
    if first not in by_first:
        by_first[first] = funcs[(funcs >> np.uint64(first)) & np.uint64(1) == 0]
    traces = by_first[first] & np.uint64(mask)
    if mask < DENSE_TRACES:
        distinct = np.count_nonzero(np.bincount(traces.astype(np.intp)))
    else:
        distinct = np.unique(traces).size
    return distinct == 2 ** (size - 1)


def work_estimate(shape, d: int, reuse: bool = False, free_polarity: bool = True) -> float:
    """An upper estimate of the work of building the class (:func:`functions`): the pairs of
    half-traces combined. The class of a subtree has at most 2 (features x polarities x
    children's traces) functions and at most 2^(2^d); a half-trace takes at most 2^(2^(d-1))
    values. The search for shattered sets is estimated level by level as it runs
    (:func:`largest_shattered`)."""
    shape = check_shape(shape, binary=True)
    half = 2.0 ** (2 ** (d - 1))
    everything = 2.0 ** (2 ** d)
    polarity = 2 if free_polarity else 1

    def bound(part, left: int) -> tuple[float, float]:
        if part == LEAF:
            return 2.0, 0.0
        (a, wa), (b, wb) = (bound(c, left if reuse else left - 1) for c in part)
        pairs = left * polarity * min(half, a) * min(half, b)
        return min(everything, pairs), pairs + wa + wb

    return bound(shape, d)[1]


def _refuse(what: str, work: float, max_work: float, qualifier: str = "") -> None:
    raise ValueError(
        f"exact_vc: {what} needs {qualifier + ' ' if qualifier else ''}{work:.2g} work units, "
        f"about {_duration(work / RATE)} at {RATE:.0e} units/s, above max_work = "
        f"{max_work:.2g} (about {_duration(max_work / RATE)}); pass a larger max_work to run "
        "it anyway")


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:.0f} days"
