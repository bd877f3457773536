"""smalltrees.vc: the lower bounds of Yildiz (2015) on the paper's worked examples (Figs 1, 3, 4,
6, 8) and closed forms (Theorems 1, 3, Corollaries 1-3), and the exact search (Fig. 9) against
an independent, naive brute force over explicit trees."""

from itertools import combinations, product

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smalltrees.vc import (
    canonical,
    check_shape,
    enumerate_shapes,
    exact_vc,
    lb_binary,
    lb_continuous,
    lb_lary,
    shattered_set,
)
from smalltrees.vc.exact import DENSE_TRACES, _shatters, functions
from smalltrees.vc.shapes import depth, n_nodes, parse_shape, to_text

L = "L"
STUMP = (L, L)


def chain(n):
    """The degenerate tree of Corollary 1: n nodes, each but the bottom one with a leaf."""
    return STUMP if n == 1 else (L, chain(n - 1))


def full(h):
    """The full tree of height h (Corollary 2)."""
    return L if h == 0 else (full(h - 1), full(h - 1))


C4 = np.array([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1],
               [1, 1, 0, 0], [1, 0, 1, 0], [1, 0, 0, 1]])
"""Theorem 1's C_4: one row per non-trivial labeling of 4 points up to complement."""


# -- the paper's worked examples and closed forms ------------------------------------------------

def test_fig1_theorem1_single_node_shatters_the_transpose_of_c4():
    X = C4.T  # 4 points, d = 7 features
    assert lb_binary(STUMP, 7) == 4
    # labeling {1,1,0,0}: the node on feature 5 (1-based); {0,0,1,0}: on feature 3
    assert X[:, 4].tolist() == [1, 1, 0, 0] and X[:, 2].tolist() == [0, 0, 1, 0]
    for labels in list(product((0, 1), repeat=4))[1:-1]:  # non-trivial: a feature or its not
        assert any((X[:, j] == labels).all() or (X[:, j] != labels).all() for j in range(7))


@pytest.mark.parametrize("d", [1, 2, 3, 4, 5])
def test_theorem1_is_exact(d):
    assert lb_binary(STUMP, d) == int(np.floor(np.log2(d + 1))) + 1 == exact_vc(STUMP, d)


def test_fig3_corollary1_degenerate_trees():
    assert lb_binary(chain(5), 7) == 7
    for d in range(1, 12):
        for n in range(1, d + 1):
            assert lb_binary(chain(n), d) == int(np.floor(np.log2(d - n + 2))) + n


def test_fig4_corollary2_full_trees():
    assert lb_binary(full(3), 5) == 12
    for d in range(1, 12):
        for h in range(1, d + 1):
            assert lb_binary(full(h), d) == 2 ** (h - 1) * (int(np.floor(np.log2(d - h + 2))) + 1)


def test_theorem3_and_4_l_ary():
    # one node: floor(log2(sum (2^(L_i - 1) - 1) + 1)) + 1
    assert lb_lary((L, L, L), [3, 3]) == 3  # 3 + 3 + 1 = 7
    assert lb_lary((L, L, L, L), [4, 2, 2]) == 4  # 7 + 1 + 1 + 1 = 10
    assert lb_lary(STUMP, [1]) == 1  # a one-valued feature splits nothing
    # Theorem 4: a 3-ary root tests a 3-valued feature; its children see the other features
    assert lb_lary(((L, L), (L, L, L), L), [3, 2, 4]) == (
        lb_lary(STUMP, [2, 4]) + lb_lary((L, L, L), [2, 4]) + 1) == 4 + 4 + 1  # 1 + 7 + 1 = 9
    # binary features: LB-L-ary is LB-binary
    for d in range(1, 5):
        for shape in enumerate_shapes(7, max_depth=d):
            assert lb_lary(shape, [2] * d) == lb_binary(shape, d)


def test_fig6_corollary3_continuous_single_node():
    X = C4.T + np.random.default_rng(0).uniform(0, 1, (4, 7))
    assert lb_continuous(STUMP, 7, corollary3=True) == 4
    for labels in list(product((0, 1), repeat=4))[1:-1]:  # the split x_j <= 1 of Fig. 6
        assert any(((X[:, j] > 1) == np.array(labels, bool)).all()
                   or ((X[:, j] <= 1) == np.array(labels, bool)).all() for j in range(7))
    # the algorithm's line 4 spares a feature even for one node (the inconsistency in the notes)
    assert lb_continuous(STUMP, 7) == 3


def test_fig8_lb_continuous_does_not_decrease_d():
    assert lb_continuous(full(3), 4) == 12
    assert lb_continuous(chain(6), 4) == 5 + 3  # five leaves, one bottom node of floor(log2 4)+1
    assert lb_continuous(chain(6), 4, corollary3=True) == 8


# -- the exact search ------------------------------------------------------------------------

def naive_vc(shape, d, reuse, free):
    """Fig. 9 verbatim: explicit trees (feature and polarity per node), every N-subset of
    {0,1}^d, every labeling with the first point labelled 0."""
    nodes = _node_paths(shape)
    points = list(product((0, 1), repeat=d))
    partitions = set()
    for features in product(range(d), repeat=len(nodes)):
        test = dict(zip(nodes, features, strict=True))
        if not reuse and not _no_reuse(shape, test):
            continue
        for flips in product((0, 1) if free else (0,), repeat=len(nodes)):
            flip = dict(zip(nodes, flips, strict=True))
            partitions.add(tuple(_leaf(shape, test, flip, x) for x in points))
    if not partitions:
        return 0
    vc = 0
    for n in range(1, len(points) + 1):
        if not any(all(any(_fits(p, subset, (0, *rest)) for p in partitions)
                       for rest in product((0, 1), repeat=n - 1))
                   for subset in combinations(range(len(points)), n)):
            return vc
        vc = n
    return vc


def _node_paths(shape, path=()):
    if shape == L:
        return []
    return [path] + [p for i, c in enumerate(shape) for p in _node_paths(c, (*path, i))]


def _no_reuse(shape, test, path=(), used=()):
    if shape == L:
        return True
    return test[path] not in used and all(
        _no_reuse(c, test, (*path, i), (*used, test[path])) for i, c in enumerate(shape))


def _leaf(shape, test, flip, x, path=()):
    while shape != L:
        branch = x[test[path]] ^ flip[path]
        path, shape = (*path, branch), shape[branch]
    return path


def _fits(partition, subset, labels):
    seen = {}
    return all(seen.setdefault(partition[i], y) == y for i, y in zip(subset, labels, strict=True))


def _ordered_shapes(n):
    """Every ordered binary shape with n nodes."""
    if n == 0:
        return [L]
    return [(a, b) for k in range(n)
            for a in _ordered_shapes(k) for b in _ordered_shapes(n - 1 - k)]


SHAPES = st.integers(1, 4).flatmap(lambda n: st.sampled_from(_ordered_shapes(n)))


@settings(max_examples=60, deadline=None)
@given(SHAPES, st.integers(1, 2), st.booleans(), st.booleans())
def test_exact_equals_naive_brute_force(shape, d, reuse, free):
    assert exact_vc(shape, d, reuse, free) == naive_vc(shape, d, reuse, free)


@pytest.mark.parametrize("shape", [STUMP, chain(2), full(2), chain(3), (chain(2), STUMP)])
@pytest.mark.parametrize("free", [True, False])
def test_exact_equals_naive_brute_force_d3(shape, free):
    assert exact_vc(shape, 3, False, free) == naive_vc(shape, 3, False, free)


@settings(max_examples=30, deadline=None)
@given(SHAPES, st.integers(1, 3), st.booleans())
def test_class_is_the_naive_set_of_functions(shape, d, free):
    points = list(product((0, 1), repeat=d))
    naive = set()
    for features in product(range(d), repeat=n_nodes(shape)):
        test = dict(zip(_node_paths(shape), features, strict=True))
        if _no_reuse(shape, test):
            for flips in product((0, 1) if free else (0,), repeat=n_nodes(shape)):
                flip = dict(zip(_node_paths(shape), flips, strict=True))
                leaves = [_leaf(shape, test, flip, x) for x in points]
                for labels in product((0, 1), repeat=len(set(leaves))):
                    label = dict(zip(sorted(set(leaves)), labels, strict=True))
                    naive.add(sum(label[leaf] << sum(b << j for j, b in enumerate(x))
                                  for leaf, x in zip(leaves, points, strict=True)))
    assert sorted(naive) == functions(shape, d, free_polarity=free).tolist()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 2 ** 64 - 1), min_size=1, max_size=60),
       st.integers(1, 2 ** 64 - 1), st.booleans())
def test_shattering_counts_the_distinct_traces(funcs, mask, small):
    # below DENSE_TRACES the traces are counted by bincount, above by np.unique: both must say
    # what a set of Python integers says
    mask = mask % DENSE_TRACES or 1 if small else mask
    funcs = np.array(funcs, dtype=np.uint64) % np.uint64(DENSE_TRACES if small else 2 ** 64 - 1)
    first = (mask & -mask).bit_length() - 1
    traces = {int(f) & mask for f in funcs.tolist() if not int(f) >> first & 1}
    for size in range(1, mask.bit_count() + 1):
        assert _shatters(funcs, mask, size, {}) == (len(traces) == 2 ** (size - 1))


def test_paper_fig10_pairs_d3():
    """ICPRAM 2012 Fig. 6a (the notes' table): LB-binary and exact for the 10 shapes of depth
    <= 3, in our reconstruction of the panel's order."""
    pairs = {(STUMP,): (3, 3), (chain(2),): (3, 4), (chain(3),): (4, 4), (full(2),): (4, 4),
             (((STUMP, STUMP), L),): (5, 5), ((chain(2), STUMP),): (5, 5),
             ((full(2), STUMP),): (6, 6), ((chain(2), chain(2)),): (6, 6),
             ((full(2), chain(2)),): (7, 7), (full(3),): (8, 8)}
    shapes = enumerate_shapes(7, max_depth=3)
    assert sorted(map(to_text, shapes)) == sorted(to_text(canonical(s)) for (s,) in pairs)
    for (shape,), pair in pairs.items():
        assert (lb_binary(shape, 3), exact_vc(shape, 3)) == pair


@pytest.mark.parametrize("d", [1, 2, 3, 4])
def test_exact_is_at_least_every_lower_bound(d):
    for shape in enumerate_shapes(7 if d == 4 else 15, max_depth=d):
        vc = exact_vc(shape, d)
        assert vc >= lb_binary(shape, d) and vc >= lb_lary(shape, [2] * d)
        assert vc <= np.log2(functions(shape, d).size)


def test_witness_of_a_difference_of_two_is_shattered_by_explicit_trees():
    shape = (chain(2), chain(2))
    assert (lb_binary(shape, 4), exact_vc(shape, 4)) == (6, 8)
    witness = shattered_set(shape, 4)
    assert len(witness) == 8
    masks = functions(shape, 4)
    index = [sum(b << j for j, b in enumerate(x)) for x in witness]
    traces = {tuple(int(m) >> i & 1 for i in index) for m in masks}
    assert len(traces) == 2 ** 8


def test_free_polarity_and_symmetry():
    for shape in enumerate_shapes(5, max_depth=4):
        mirrored = _mirror(shape)
        assert exact_vc(mirrored, 4) == exact_vc(shape, 4)
        assert exact_vc(shape, 4, free_polarity=False) <= exact_vc(shape, 4)


def _mirror(shape):
    return L if shape == L else tuple(_mirror(c) for c in reversed(shape))


# -- shapes ----------------------------------------------------------------------------------

def test_enumeration_counts_and_uniqueness():
    # unordered binary shapes with n nodes: Wedderburn-Etherington numbers
    counts = [sum(n_nodes(s) == n for s in enumerate_shapes(7)) for n in range(1, 8)]
    assert counts == [1, 1, 2, 3, 6, 11, 23]
    # height <= h: t(h) = t(h-1)(t(h-1)+1)/2 + 1 shapes with the leaf, so 1, 3, 10, 66 trees
    assert [len(enumerate_shapes(15, max_depth=h)) for h in (1, 2, 3, 4)] == [1, 3, 10, 66]
    for n in range(1, 6):
        ordered = {to_text(canonical(s)) for s in _ordered_shapes(n)}
        assert {to_text(s) for s in enumerate_shapes(n) if n_nodes(s) == n} == ordered
    lary = enumerate_shapes(4, arities=(2, 3))
    assert len({to_text(s) for s in lary}) == len(lary)
    assert all(depth(s) <= 2 for s in enumerate_shapes(6, max_depth=2))


def test_shape_text_round_trip():
    for shape in enumerate_shapes(5, arities=(2, 3)):
        assert parse_shape(to_text(shape)) == shape
    assert parse_shape(" ( L , (L,L) ) ") == (L, STUMP)


# -- bad input -------------------------------------------------------------------------------

def test_not_a_tree_names_the_offending_part():
    with pytest.raises(ValueError, match=r"shape\[1\]\[0\] is 'X'"):
        check_shape((L, ("X", L)))
    with pytest.raises(ValueError, match=r"shape\[0\] is 3 of type int"):
        lb_binary((3, L), 2)
    with pytest.raises(ValueError, match=r"shape\[1\] has 3 children.*exactly two"):
        exact_vc((L, (L, L, L)), 3)
    with pytest.raises(ValueError, match=r"shape\[0\] is an empty tuple"):
        lb_lary(((), L), [2])
    with pytest.raises(ValueError, match=r"expected ',' or '\)' at position 4"):
        parse_shape("(L,LL)")


def test_bad_dimensions_and_impossible_shapes():
    for bad in (0, -1, 2.5, True, "3"):
        with pytest.raises(ValueError, match="d must be an integer >= 1"):
            lb_binary(STUMP, bad)
        with pytest.raises(ValueError, match="d must be an integer >= 1"):
            exact_vc(STUMP, bad)
    with pytest.raises(ValueError, match="3 decision nodes on a path but only d = 2"):
        lb_binary(chain(3), 2)
    assert exact_vc(chain(3), 2) == 0  # the class is empty
    assert exact_vc(chain(3), 2, reuse=True) == exact_vc(chain(2), 2)
    with pytest.raises(ValueError, match=r"shape has 3 children but no feature left to it has "
                                          r"3 values \(values left: \[2, 2\]\)"):
        lb_lary(((L, L), L, L), [2, 2])
    with pytest.raises(ValueError, match=r"values\[1\] must be an integer >= 1"):
        lb_lary(STUMP, [2, 0])


def test_requests_that_would_take_too_long_are_refused_with_an_estimate():
    with pytest.raises(ValueError, match="exact_vc needs d <= 6"):
        exact_vc(STUMP, 7)
    with pytest.raises(ValueError, match=r"building the class .* needs .* work units, about"):
        exact_vc(full(4), 6, max_work=1e6)
    with pytest.raises(ValueError, match=r"shattered sets of \d+ points over d = 5 needs at least"):
        exact_vc(full(2), 5, max_work=1e8)
