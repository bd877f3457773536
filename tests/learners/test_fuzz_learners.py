"""Fuzzing every registered learner (issue 21, "Done when"): mixed column kinds, NaN, negative,
huge and tiny magnitudes, constant and duplicate columns, one row, one class. Every call either
fits and predicts (the predictions on the training data make the training errors the learner
reports, where it reports them; predict_proba rows sum to 1) or raises a ValueError/TypeError
that says what is wrong, within a few seconds."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from learner_checks import NAMES, make, reported_training_errors, time_limit
from sklearn.utils import get_tags

SECONDS = 10
"""Time limit of one case (fit and predict): a hang fails the case instead of the test run."""

MAGNITUDES = [0.0, 1e-323, 1e-310, 2.2250738585072014e-308, 1e-300, 1e-3, 1.0, 7.5, 1e3,
              1e300, 1e308, 1.7976931348623157e308]
"""Values are signed fractions ``1, 1/2, 1/3`` of these: the whole finite float64 range, from
neighbouring subnormals (``1e-323``, ``5e-324``) through the smallest normal to the largest
float, negative ones included; every value is finite. Two values near the top (``1.8e308`` and
``9e307``) have a sum that overflows: thresholds are midpoints computed without overflow
(:func:`smalltrees.learners.splits.midpoint`, issue 21 item 3)."""


@st.composite
def datasets(draw):
    """A frame of 1-12 rows and 1-4 columns of mixed kinds, and labels of 1-3 classes."""
    m = draw(st.integers(1, 12))
    columns = {}
    for j in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["continuous", "categorical", "constant", "duplicate"]))
        if kind == "duplicate" and columns:
            columns[f"d{j}"] = columns[draw(st.sampled_from(sorted(columns)))].copy()
        elif kind == "categorical":
            values = draw(st.lists(st.sampled_from(["a", "b", "c", None]), min_size=m,
                                   max_size=m))
            columns[f"c{j}"] = pd.Categorical(values, categories=["a", "b", "c", "unused"])
        else:
            value = st.builds(lambda sign, size, step: sign * size / step,
                              st.sampled_from([-1.0, 1.0]), st.sampled_from(MAGNITUDES),
                              st.integers(1, 3))
            cell = st.one_of(value, st.just(np.nan)) if draw(st.booleans()) else value
            if kind == "constant":
                values = [draw(cell)] * m
            else:
                values = draw(st.lists(cell, min_size=m, max_size=m))
            columns[f"x{j}"] = np.array(values, dtype=float)
    X = pd.DataFrame(columns)
    labels = draw(st.lists(st.sampled_from(["p", "q", "r"]), min_size=m, max_size=m))
    return X, np.array(labels, dtype=object), draw(st.sampled_from([True, True, True, False]))


def extremes(values: list[float]) -> tuple[pd.DataFrame, np.ndarray, bool]:
    """Six rows of one column alternating two values, the class following the value: a case
    that every learner able to cut there must cut between exactly these two values."""
    return (pd.DataFrame({"x0": values * 3}), np.array(["p", "q"] * 3, dtype=object), True)


TOP = extremes([1.7976931348623157e308, 8.988465674311579e307])
"""The largest float and its half: their sum overflows (C45, Bagging and TopDown hung here)."""
BOTTOM = extremes([-1.7976931348623157e308, -8.988465674311579e307])
ACROSS = extremes([-1.7976931348623157e308, 1.7976931348623157e308])
NEIGHBOURS = extremes([1e-323, 5e-324])
"""Neighbouring subnormals: their midpoint rounds to the upper one."""


def adapted(model, X: pd.DataFrame, y: np.ndarray, complete: bool):
    """The case as the learner's own domain allows it, most of the time: two classes for a
    two-class learner, and (when ``complete``) no missing value for one that refuses them."""
    tags = get_tags(model)
    if not tags.classifier_tags.multi_class:
        y = np.where(y == "r", "q", y).astype(object)
    if complete and not tags.input_tags.allow_nan:
        X = X.apply(lambda c: c.fillna("a") if isinstance(c.dtype, pd.CategoricalDtype)
                    else c.fillna(0.0))
    return X, y


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=datasets())
@example(data=TOP)
@example(data=BOTTOM)
@example(data=ACROSS)
@example(data=NEIGHBOURS)
def test_every_learner_fits_and_predicts_or_says_why(name, data):
    model = make(name)
    X, y = adapted(model, *data)
    with time_limit(SECONDS), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            model.fit(X, y)
        except (ValueError, TypeError) as error:
            assert len(str(error)) > 20, f"an error that names nothing: {error!r}"
            return
        predicted = model.predict(X)
        proba = model.predict_proba(X)
    assert predicted.shape == (len(X),) and set(predicted) <= set(model.classes_)
    assert np.allclose(proba.sum(axis=1), 1)
    reported = reported_training_errors(model, X)
    if reported is not None:
        assert int((predicted != y).sum()) == reported
