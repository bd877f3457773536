"""The fast paths of C4.5 growing and pruning give bit-for-bit the values of the general code."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from smalltrees.learners.c45.grow import GrowingProblem
from smalltrees.learners.c45.tree import Node, branch_of, route, split_positions
from smalltrees.learners.criteria import entropy, get_criterion

weights = st.floats(0.0, 30.0, allow_nan=False).map(lambda w: round(w, 3))


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 4), st.integers(1, 3), st.integers(1, 6), st.data())
def test_impurities_in_one_pass_equal_entropy_array_by_array(n_classes, n_columns, n_cuts, data):
    shape, size = (n_classes, n_columns, n_cuts), n_classes * n_columns * n_cuts
    left = np.array(data.draw(st.lists(weights, min_size=size, max_size=size))).reshape(shape)
    known = left.sum(axis=2) + 0.5
    right = known[:, :, None] - left
    p = GrowingProblem(np.zeros((3, 1)), np.zeros(3, dtype=int), n_classes, np.array([0]),
                       get_criterion("gain_ratio"), 2.0, True)
    found = p.impurities(known, left, right, whole=False)
    for got, counts in zip(found, (known, left, right), strict=True):
        assert np.array_equal(got, entropy(counts, axis=0))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.floats(-5, 5), st.just(np.nan)), min_size=1, max_size=30),
       st.floats(-5, 5))
def test_routing_without_unknown_values_equals_the_general_split(values, threshold):
    Z = np.array(values)[:, None]
    rows = np.arange(len(values))[::-1].copy()
    case_weights = np.linspace(0.5, 1.5, len(values))
    node = Node(np.zeros(2), feature=0, threshold=threshold, children=[Node(np.zeros(2))] * 2)
    general = split_positions(branch_of(node, Z[rows, 0]), case_weights, 2)
    for (got_rows, got_weights), (positions, part_weights) in zip(
            route(node, Z, rows, case_weights, 2), general, strict=True):
        assert np.array_equal(got_rows, rows[positions])
        assert np.array_equal(got_weights, part_weights)
