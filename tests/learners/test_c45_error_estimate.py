"""Quinlan's pessimistic error estimate (``stats.c``'s ``AddErrs``) beside J48's, and the C4.5
learner's ``error_estimate`` option."""

import math

import numpy as np
import pandas as pd
import pytest
from c45_reference import quinlan_add_errs
from hypothesis import given, settings
from hypothesis import strategies as st

from smalltrees import C45
from smalltrees.learners.c45.error_estimate import added_errors, normal_deviate
from smalltrees.learners.c45.prune import Pruner, predicted_errors
from smalltrees.learners.c45.tree import Node

#: z for CF = 25% in stats.c: between Val 0.20 (Dev 0.84) and 0.40 (Dev 0.25),
#: 0.84 + (0.25 - 0.84) * (0.25 - 0.20) / (0.40 - 0.20) = 0.84 - 0.1475.
Z25 = 0.6925


def quinlan_pr(n: float, e: float, z: float) -> float:
    """``N * Pr - E`` with ``Pr`` as ``stats.c`` writes it (``Coeff`` = z^2)."""
    coeff = z * z
    pr = (e + 0.5 + coeff / 2 + math.sqrt(coeff * ((e + 0.5) * (1 - (e + 0.5) / n)
                                                   + coeff / 4))) / (n + coeff)
    return n * pr - e


def test_quinlan_deviates_interpolate_stats_c_table():
    assert normal_deviate(0.25, "quinlan") == pytest.approx(Z25, abs=1e-15)
    assert normal_deviate(0.10, "quinlan") == pytest.approx(1.28, abs=1e-15)  # a table level
    # 0.25 + (0 - 0.25) * (0.5 - 0.4) / (1.0 - 0.4)
    assert normal_deviate(0.50, "quinlan") == pytest.approx(0.25 - 0.25 / 6, abs=1e-15)
    # 2.58 + (2.33 - 2.58) * (0.0075 - 0.005) / (0.01 - 0.005)
    assert normal_deviate(0.0075, "quinlan") == pytest.approx(2.455, abs=1e-12)
    assert normal_deviate(0.25, "j48") == pytest.approx(0.6744897501960817, abs=1e-15)
    with pytest.raises(ValueError, match="cf must be in"):
        normal_deviate(0.0, "quinlan")


@pytest.mark.parametrize(("n", "e", "by_hand"), [
    (6.0, 0.0, 6 * (1 - 0.25 ** (1 / 6))),  # no error: N (1 - CF^(1/N)), as in J48
    (16.0, 1.0, quinlan_pr(16, 1, Z25)),
    (14.0, 5.0, quinlan_pr(14, 5, Z25)),
    (100.0, 10.0, quinlan_pr(100, 10, Z25)),
    # 0 < E < 0.9999: Val0 + E (AddErrs(N, 1) - Val0), Val0 = N (1 - CF^(1/N))
    (4.0, 0.5, 4 * (1 - 0.25 ** 0.25) + 0.5 * (quinlan_pr(4, 1, Z25) - 4 * (1 - 0.25 ** 0.25))),
    (3.0, 2.6, 0.67 * (3.0 - 2.6)),  # E + 0.5 >= N: 0.67 (N - E)
    (1.5, 1.0, 0.67 * (1.5 - 1.0)),  # E + 0.5 = N
    (2.0, 1.0, quinlan_pr(2, 1, Z25)),  # E + 0.5 < N
    (10.0, 5e-7, 10 * (1 - 0.25 ** 0.1)),  # E < 1e-6 counts as no error
    (10.0, 0.99995, quinlan_pr(10, 0.99995, Z25)),  # E >= 0.9999: the normal approximation
])
def test_quinlan_estimate_equals_stats_c_formula_by_hand(n, e, by_hand):
    assert added_errors(n, e, 0.25, "quinlan") == pytest.approx(by_hand, rel=1e-12)


# Quinlan's AddErrs(N, e) with CF = 0.25, printed by a five-line C program linked with his
# Src/stats.c (Release 8; gcc -std=gnu89): single precision, hence rel=1e-6.
STATS_C = [(6, 0, 1.2377969), (16, 1, 1.50689387), (14, 5, 1.7949934), (100, 10, 2.8147049),
           (4, 0.5, 1.1804806), (2, 1, 0.796241045), (3, 2.6, 0.268000066),
           (5.4, 0.4, 1.25180149), (10, 0.99995, 1.44060946), (10, 5e-07, 1.29449439),
           (40, 3.25, 1.97605944)]


@pytest.mark.parametrize(("n", "e", "printed"), STATS_C)
def test_quinlan_estimate_equals_quinlans_program(n, e, printed):
    assert added_errors(n, e, 0.25, "quinlan") == pytest.approx(printed, rel=1e-6)


def test_the_two_estimates_differ_where_their_constants_do():
    # J48 interpolates below E = 1 and charges a full leaf N - E; Quinlan does neither.
    assert added_errors(10.0, 0.99995, 0.25, "j48") < added_errors(10.0, 0.99995, 0.25,
                                                                   "quinlan")
    assert added_errors(3.0, 2.6, 0.25, "j48") == pytest.approx(0.4)
    assert added_errors(16.0, 1.0, 0.25, "j48") < added_errors(16.0, 1.0, 0.25, "quinlan")
    assert added_errors(6.0, 0.0, 0.25, "j48") == added_errors(6.0, 0.0, 0.25, "quinlan")


@settings(derandomize=True, max_examples=300, deadline=None)
@given(n=st.floats(0.05, 500), share=st.floats(0, 1), cf=st.sampled_from([0.25, 0.1, 0.5,
                                                                           0.05, 0.375]))
def test_quinlan_estimate_equals_the_plain_transcription(n, share, cf):
    e = n * share
    assert added_errors(n, e, cf, "quinlan") == pytest.approx(quinlan_add_errs(n, e, cf),
                                                              rel=1e-9, abs=1e-12)


def flip_example() -> tuple[Node, np.ndarray, np.ndarray]:
    """A test on ``a`` whose branches hold [1, 2] and [4, 3] cases of each class."""
    Z = np.array([[0.0]] * 3 + [[1.0]] * 7)
    y = np.array([0, 1, 1, 0, 0, 0, 0, 1, 1, 1])
    tree = Node(np.zeros(2), feature=0, threshold=0.5, children=[Node(np.zeros(2)),
                                                                  Node(np.zeros(2))])
    return tree, Z, y


@pytest.mark.parametrize(("estimate", "pruned"), [("j48", False), ("quinlan", True)])
def test_pruning_decision_follows_the_estimate(estimate, pruned):
    # As a leaf [5, 5]: 5 + added(10, 5); as a tree [1, 2] + [4, 3]: 1 + added(3, 1) + 3 +
    # added(7, 3). J48 (z = 0.6745): 6.5162 against 6.4089 + 0.1: kept; Quinlan (z = 0.6925):
    # 6.5416 against 6.4431 + 0.1: replaced by a leaf (raising the [4, 3] branch gives the
    # leaf's [5, 5]).
    tree, Z, y = flip_example()
    pruner = Pruner(Z, y, 2, 0.25, estimate=estimate)
    pruner.redistribute(tree, np.arange(10), np.ones(10))
    as_leaf = predicted_errors(tree.dist, 0.25, estimate)
    as_tree = pruner.subtree_errors(tree)
    assert as_leaf == pytest.approx(5 + added_errors(10, 5, 0.25, estimate))
    assert as_tree == pytest.approx(4 + added_errors(3, 1, 0.25, estimate)
                                    + added_errors(7, 3, 0.25, estimate))
    assert (as_leaf < as_tree + 0.1) == pruned
    pruner.prune(tree)
    assert tree.is_leaf == pruned


def fit_flip(**params) -> C45:
    """C45 on :func:`flip_example`'s cases: it grows that test (4 training errors against 5)."""
    _, Z, y = flip_example()
    return C45(**params).fit(pd.DataFrame({"a": Z[:, 0]}), np.array(["x", "y"])[y])


@pytest.mark.parametrize(("params", "depth"), [
    ({}, 1), ({"error_estimate": "j48"}, 1), ({"error_estimate": "quinlan"}, 0),
    ({"release": "pre-R8"}, 0), ({"release": "pre-R8", "error_estimate": "j48"}, 1),
])
def test_each_release_prunes_with_its_programs_estimate(params, depth):
    model = fit_flip(**params)
    assert model.unpruned_depth_ == 1
    assert model.depth_ == depth


@pytest.mark.parametrize("bad", ["Quinlan", "weka", 1, True])
def test_error_estimate_is_checked(bad):
    with pytest.raises(ValueError, match="error_estimate must be None or one of"):
        C45(error_estimate=bad).fit(pd.DataFrame({"a": [1.0, 2.0]}), ["x", "y"])
