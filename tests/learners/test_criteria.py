"""Tests of the splitting-criterion registry (entropy, Kearns-Mansour G, split information)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smalltrees.learners.criteria import (
    CRITERIA,
    entropy,
    get_criterion,
    kearns_mansour,
    split_info,
)

IMPURITIES = [entropy, kearns_mansour]
unit = st.floats(min_value=0.0, max_value=1.0)


@pytest.mark.parametrize("impurity", IMPURITIES)
def test_zero_on_a_pure_node(impurity):
    assert impurity(np.array([5.0, 0.0])) == 0.0
    assert impurity(np.array([0.0, 0.0, 3.0])) == 0.0


@pytest.mark.parametrize("impurity", IMPURITIES)
@settings(derandomize=True, max_examples=50)
@given(q=unit)
def test_symmetric_and_maximal_at_one_half(impurity, q):
    value = impurity(np.array([q, 1 - q]))
    assert value == pytest.approx(impurity(np.array([1 - q, q])), abs=1e-12)
    assert value <= impurity(np.array([0.5, 0.5])) + 1e-12


def test_binary_values_by_hand():
    # H(1/4) = 0.811278 bits; G(q) = 2 sqrt(q (1 - q)), DKM eq. 5.
    assert float(entropy(np.array([1.0, 3.0]))) == pytest.approx(4 * 0.8112781, abs=1e-6)
    assert float(kearns_mansour(np.array([1.0, 3.0]))) == pytest.approx(4 * 2 * np.sqrt(3 / 16))
    assert float(entropy(np.array([0.5, 0.5]))) == pytest.approx(1.0)
    assert float(kearns_mansour(np.array([0.5, 0.5]))) == pytest.approx(1.0)


def test_impurity_scales_with_total_weight_and_vectorises():
    rows = np.array([[1.0, 3.0], [2.0, 6.0], [4.0, 0.0]])
    for impurity in IMPURITIES:
        values = impurity(rows)
        assert values.shape == (3,)
        assert values[1] == pytest.approx(2 * values[0])
        assert values[2] == 0.0


def test_split_info_counts_unknown_cases_as_a_branch():
    assert split_info(np.array([2.0, 2.0]), 4.0) == pytest.approx(1.0)
    # branches 2, 2 and 4 unknown of 8: H(1/4, 1/4, 1/2) = 1.5 bits.
    assert split_info(np.array([2.0, 2.0]), 8.0) == pytest.approx(1.5)
    # Quinlan (1993, ch. 2): split info of outlook on the golf data is 1.577 bits.
    assert split_info(np.array([5.0, 4.0, 5.0]), 14.0) == pytest.approx(1.577, abs=1e-3)


def test_registry_and_merit():
    assert set(CRITERIA) == {"gain_ratio", "gain", "G"}
    assert get_criterion("gain_ratio").merit(0.3, 0.6) == pytest.approx(0.5)
    assert get_criterion("gain").merit(0.3, 0.6) == 0.3
    assert get_criterion("G").impurity is kearns_mansour
    assert get_criterion("gain_ratio").merit(0.3, 0.0) == 0.0


@pytest.mark.parametrize("name", ["entropy", "gini", None, "Gain"])
def test_unknown_criterion_is_a_value_error(name):
    with pytest.raises(ValueError, match="unknown criterion"):
        get_criterion(name)


@pytest.mark.parametrize("impurity", IMPURITIES)
def test_classes_on_another_axis(impurity):
    counts = np.array([[1.0, 3.0, 0.0], [2.0, 2.0, 5.0]])
    assert impurity(counts.T, axis=0) == pytest.approx(impurity(counts))


def test_split_info_and_merit_vectorise_row_by_row():
    branches = np.array([[2.0, 2.0], [2.0, 2.0], [0.0, 0.0]])
    totals = np.array([4.0, 8.0, 0.0])
    assert split_info(branches, totals).tolist() == [
        split_info(b, t) for b, t in zip(branches, totals, strict=True)]
    ratio = get_criterion("gain_ratio").merit(np.array([0.3, 0.3]), np.array([0.6, 0.0]))
    assert ratio.tolist() == pytest.approx([0.5, 0.0])
