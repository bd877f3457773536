"""Tests of the shared split machinery (learners/splits.py) and of the greedy learners on finite
values of any magnitude (issue 21, item 3: midpoints near 1e308 overflowed to inf, and C45,
Bagging(C45) and TopDown then split nodes into themselves forever)."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from learner_checks import time_limit

from smalltrees import C45, ID3, AdaBoost, Bagging, TopDown
from smalltrees.learners.splits import (
    Attributes,
    category_counts,
    cuts,
    midpoint,
    restrict_order,
)

SECONDS = 10  # a fit of six rows takes milliseconds; before the fix it never ended



finite = st.floats(allow_nan=False, allow_infinity=False)


# --- midpoints and thresholds ---------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(a=finite, b=finite)
def test_midpoint_is_finite_and_separates(a, b):
    low, high = min(a, b), max(a, b)
    if low == high:
        return
    mid = midpoint(low, high)
    assert np.isfinite(mid)
    assert low <= mid < high


@settings(max_examples=300, deadline=None)
@given(a=st.floats(-1e300, 1e300), b=st.floats(-1e300, 1e300))
def test_midpoint_of_ordinary_values_is_the_usual_one(a, b):
    # the same bits as (low + high) / 2 wherever that separates the values: trees unchanged
    low, high = min(a, b), max(a, b)
    usual = (low + high) / 2
    assert midpoint(low, high) == (usual if usual < high else low)



@settings(max_examples=500, deadline=None)
@given(a=st.floats(allow_infinity=False), b=st.floats(allow_infinity=False),
       step=st.sampled_from([None, 1, 2]))
def test_midpoint_of_two_numbers_as_of_arrays(a, b, step):
    """Two numbers take the scalar path, arrays numpy's: the same bits (overflowing sums,
    consecutive floats, signed zeros and NaN included), as Python floats and numpy scalars."""
    low, high = min(a, b), max(a, b)
    if step is not None and np.isfinite(low) and low < 1e308:  # a few floats apart
        high = float(low)
        for _ in range(step):
            high = float(np.nextafter(high, np.inf))
    expected = midpoint(np.array([low]), np.array([high]))[0]
    for x, y in ((low, high), (np.float64(low), np.float64(high))):
        got = midpoint(x, y)
        assert type(got) is float
        assert np.array_equal(np.array([got]), np.array([expected]), equal_nan=True)
        assert np.signbit(got) == np.signbit(expected)

def test_midpoint_examples():
    assert midpoint(1e308, 1.5e308) == 1.25e308
    assert midpoint(-1.5e308, -1e308) == -1.25e308
    assert midpoint(-1.7e308, 1.7e308) == 0.0
    low = 1e11
    assert midpoint(low, np.nextafter(low, np.inf)) == low  # consecutive floats: the lower
    values = midpoint(np.array([1.0, 1e308]), np.array([2.0, 1.79e308]))
    assert values.tolist() == [1.5, 1e308 / 2 + 1.79e308 / 2]


def test_threshold_is_placed_on_the_lower_value_beyond_the_tolerance():
    # Beyond ~1e10 adding the 1e-6 tolerance leaves a value unchanged; the cut between two
    # consecutive floats (its midpoint is the lower one) must stay on the lower value, not
    # move below it (which made a split that separates nothing).
    low = 1e11
    high = np.nextafter(low, np.inf)
    attributes = Attributes(np.array([[low - 1.0], [low], [high]]), np.array([0]))
    assert attributes.place_threshold(0, midpoint(low, high)) == low
    assert attributes.place_threshold(0, low - 0.5) == low - 1.0
    ordinary = Attributes(np.array([[1.0], [2.0], [2.0000005], [3.0]]), np.array([0]))
    assert ordinary.place_threshold(0, 1.9999995) == 2.0  # within the tolerance: J48's rule
    assert ordinary.place_threshold(0, 2.5) == 2.0000005


def test_cuts_follow_the_spacing():
    values = np.array([[1.0, 1.0 + 5e-6, 2.0, np.nan]])
    assert cuts(values).tolist() == [[False, True, False]]
    assert cuts(values, spacing=0.0).tolist() == [[True, True, False]]


@settings(max_examples=60, deadline=None)
@given(values=st.lists(st.sampled_from([0.0, 1.0, 2.0, np.nan, -3.0]), min_size=1, max_size=25),
       seed=st.integers(0, 2**16))
def test_restricted_order_is_a_stable_sort_of_the_subset(values, seed):
    Z = np.array(values)[:, None]
    attributes = Attributes(Z, np.array([0]))
    positions = np.flatnonzero(np.random.default_rng(seed).random(len(values)) < 0.5)
    restricted = restrict_order(attributes.order, positions, len(values))
    assert np.array_equal(restricted, attributes.sorted_positions(positions))


def test_category_counts_by_label_attribute_and_value():
    Z = np.array([[0.0, 1.0], [1.0, np.nan], [0.0, 0.0], [2.0, 1.0]])
    attributes = Attributes(Z, np.array([3, 2]))
    labels = np.array([0, 1, 1, 0])
    counts = category_counts(attributes, np.arange(4), labels, 2)
    assert counts.shape == (2, 2, 3)
    assert counts[0].tolist() == [[1, 0, 1], [0, 2, 0]]  # the unknown value is left out
    assert counts[1].tolist() == [[1, 1, 0], [1, 0, 0]]
    weighted = category_counts(attributes, np.array([2, 3]), labels[[2, 3]], 2,
                               np.array([0.5, 0.25]))
    assert weighted[1, 0].tolist() == [0.5, 0.0, 0.0]
    assert weighted[0, 1].tolist() == [0.0, 0.25, 0.0]


# --- the learners on huge finite values -----------------------------------------------------

# A cut between 1e308 and 1.5e308 (HUGE) or between -1.5e308 and -1e308 (NEGATIVE): there
# (low + high) / 2 is inf. The predictions on negative values also check TopDown's route
# (issue 21, item 1: it took a negative value for an unknown category).
HUGE = pd.DataFrame({"a": [1e308, -1e308, 1.5e308, 1.7e308, -1.5e308, 1.79e308]})
HUGE_Y = np.array(["n", "n", "p", "p", "n", "p"])
NEGATIVE = pd.DataFrame({"a": [-1e308, -1.5e308, -1.7e308, -1.79e308, 1e308, 1.5e308]})
NEGATIVE_Y = np.array(["p", "n", "n", "n", "p", "p"])
POSITIVE = pd.DataFrame({"a": [1e308, 1e307, 1.5e308, 1.7e308, 5e307, 1.79e308]})

LEARNERS = {
    "C45": lambda: C45(min_cases=1),
    "C45_default": lambda: C45(),
    "C45_unpruned_G": lambda: C45(criterion="G", min_cases=1, prune=False, mdl_correction=False),
    "TopDown": lambda: TopDown(),
    "TopDown_G": lambda: TopDown(criterion="G"),
    "AdaBoost": lambda: AdaBoost(n_rounds=20),
    "ID3": lambda: ID3(),
}


@pytest.mark.parametrize("name", sorted(LEARNERS))
@pytest.mark.parametrize("X, y", [(HUGE, HUGE_Y), (NEGATIVE, NEGATIVE_Y), (POSITIVE, HUGE_Y)],
                         ids=["huge", "negative", "positive"])
def test_learners_fit_huge_values_without_error_on_separable_data(name, X, y):
    with time_limit(SECONDS):
        model = LEARNERS[name]().fit(X, y)
        if name.startswith("TopDown"):
            assert (model.stop_reason_, model.n_splits_) == ("zero training error", 1)
        assert model.predict(X).tolist() == y.tolist()


def test_c45_thresholds_on_huge_values_are_training_values():
    with time_limit(SECONDS):
        model = C45(min_cases=1).fit(HUGE, HUGE_Y)
    assert model.tree_.thresholds[0, 0] == 1e308  # the largest training value below the midpoint
    assert model.n_leaves_ == 2


def test_bagging_of_c45_ends_on_huge_values():
    with time_limit(SECONDS):
        model = Bagging(C45(min_cases=1)).fit(HUGE, HUGE_Y)  # positional: the API is changing
        assert set(model.predict(HUGE).tolist()) <= {"n", "p"}


@settings(max_examples=40, deadline=None)
@given(values=st.lists(finite, min_size=2, max_size=12, unique=True),
       labels=st.lists(st.sampled_from(["n", "p"]), min_size=10, max_size=10),
       name=st.sampled_from(["C45", "C45_unpruned_G", "ID3", "AdaBoost"]))
def test_any_magnitude_fits_in_bounded_time(values, labels, name):
    # Distinct values of one attribute: always separable. ID3 grows to zero training error;
    # the others must at least end and predict their classes.
    X = pd.DataFrame({"a": values})
    y = np.array(["n", "p", *labels][: len(values)])
    with time_limit(SECONDS):
        model = LEARNERS[name]().fit(X, y)
        predicted = model.predict(X)
    assert set(predicted.tolist()) <= set(y.tolist()) | {"rest"}
    if name == "ID3":
        assert predicted.tolist() == y.tolist()


@settings(max_examples=40, deadline=None)
@given(steps=st.lists(st.integers(0, 100), min_size=2, max_size=12, unique=True),
       scale=st.sampled_from([1e-3, 1.0, 1e150, 1.79e306]),
       labels=st.lists(st.sampled_from(["n", "p"]), min_size=10, max_size=10))
def test_topdown_reaches_zero_training_error_at_any_magnitude(steps, scale, labels):
    # values more than C4.5's cut spacing (1e-5) apart: every two can be cut apart
    X = pd.DataFrame({"a": [step * scale for step in steps]})
    y = np.array(["n", "p", *labels][: len(steps)])
    with time_limit(SECONDS):
        model = TopDown().fit(X, y)
    assert model.stop_reason_ == "zero training error"
    assert model.predict(X).tolist() == y.tolist()
