"""smalltrees.vc.certificate: explicit trees for every labeling of a shattered set (checked
against the bitset class of smalltrees.vc.exact on random small cases), and Theorem 2 at the
root with given subtree values."""

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_vc import _ordered_shapes

from smalltrees.vc import exact_vc, shattered_set
from smalltrees.vc.certificate import certificate, realises, theorem2_bound
from smalltrees.vc.exact import functions
from smalltrees.vc.shapes import parse_shape

L = "L"
STUMP = (L, L)
CHAIN2 = (L, STUMP)


SHAPES = st.integers(1, 3).flatmap(lambda n: st.sampled_from(_ordered_shapes(n)))


@settings(max_examples=80, deadline=None)
@given(SHAPES, st.integers(2, 3), st.booleans(), st.data())
def test_certificate_iff_the_class_has_every_trace(shape, d, free, data):
    points = list(product((0, 1), repeat=d))
    chosen = data.draw(st.lists(st.sampled_from(points), min_size=1, max_size=5, unique=True))
    index = [sum(b << j for j, b in enumerate(x)) for x in chosen]
    traces = {tuple(int(f) >> i & 1 for i in index)
              for f in functions(shape, d, free_polarity=free)}
    found = certificate(shape, d, chosen, free_polarity=free)
    assert (found is not None) == (len(traces) == 2 ** len(chosen))
    if found is not None:
        assert set(found) == set(product((0, 1), repeat=len(chosen)))
        for labeling, tree in found.items():
            assert [realises(tree, p) for p in chosen] == list(labeling)


def test_a_difference_of_two_at_d4_has_explicit_trees():
    """Fig. 11's ((L,(L,L)),(L,(L,L))): LB-binary 6, the paper's exact 7; eight points with a
    tree per labeling, under either polarity; no ninth point can be added."""
    shape = (CHAIN2, CHAIN2)
    for free in (True, False):
        points = shattered_set(shape, 4, free_polarity=free)
        trees = certificate(shape, 4, points, free_polarity=free)
        assert len(points) == 8 and trees is not None and len(trees) == 256
    points = shattered_set(shape, 4)
    others = [p for p in product((0, 1), repeat=4) if p not in points]
    assert all(certificate(shape, 4, [*points, p]) is None for p in others)


def test_fixed_polarity_shatters_fewer_points():
    """((L,L),((L,L),(L,L))) at d = 4: 8 points with either child on 0, 7 with 0 to the first
    child, and the 8-point set is then not shattered."""
    shape = (STUMP, (STUMP, STUMP))
    points = shattered_set(shape, 4)
    assert (exact_vc(shape, 4), exact_vc(shape, 4, free_polarity=False)) == (8, 7)
    assert certificate(shape, 4, points) is not None
    assert certificate(shape, 4, points, free_polarity=False) is None
    fixed = shattered_set(shape, 4, free_polarity=False)
    assert len(fixed) == 7 and certificate(shape, 4, fixed, free_polarity=False) is not None


def test_realises_follows_the_tested_feature():
    tree = (2, (0, 1, 0), 1)  # x2 = 0: (x0 = 0 -> 1, else 0); x2 = 1 -> 1
    assert [realises(tree, p) for p in [(0, 0, 0), (1, 0, 0), (1, 1, 1)]] == [1, 0, 1]


def test_bad_points_are_refused():
    with pytest.raises(ValueError, match="0/1 tuple of length d = 3"):
        certificate(STUMP, 3, [(0, 1)])
    with pytest.raises(ValueError, match="0/1 tuple"):
        certificate(STUMP, 2, [(0, 2)])


def test_theorem2_at_the_root():
    values = {("(L,(L,L))", 3): 4, ("(L,L)", 3): 3}
    lookup = lambda text, d: values.get((text, d))  # noqa: E731
    assert theorem2_bound((CHAIN2, CHAIN2), 4, lookup) == 8
    assert theorem2_bound((L, CHAIN2), 4, lookup) == 5
    assert theorem2_bound((STUMP, CHAIN2), 4, lookup) == 7
    assert theorem2_bound(((L, CHAIN2), L), 4, lookup) is None
    # Theorem 2 is a lower bound: never above the exact value
    for shape in [(CHAIN2, CHAIN2), (L, CHAIN2), (STUMP, CHAIN2), (STUMP, STUMP)]:
        exact3 = lambda text, d: exact_vc(parse_shape(text), d)  # noqa: E731
        assert theorem2_bound(shape, 4, exact3) <= exact_vc(shape, 4)
