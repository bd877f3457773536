"""C45's `window` option: C4.5's windowing (-w), grown from a random window of the cases."""

import numpy as np
import pandas as pd
import pytest

from smalltrees import C45
from smalltrees.learners.c45.problem import GrowingProblem
from smalltrees.learners.c45.window import _iterate, default_window
from smalltrees.learners.criteria import get_criterion


def mixed_cases(n: int = 120, seed: int = 3) -> tuple[pd.DataFrame, np.ndarray]:
    """A continuous and a categorical attribute and a noisy class: trees of a few levels."""
    rng = np.random.default_rng(seed)
    x = rng.uniform(0, 10, n).round(1)
    colour = rng.choice(["r", "g", "b"], n)
    y = np.where((x > 4) ^ (colour == "g"), "yes", "no")
    y = np.where(rng.random(n) < 0.1, "no", y)
    X = pd.DataFrame({"x": x, "colour": pd.Categorical(colour, categories=["b", "g", "r"])})
    return X, y


def ten_steps() -> GrowingProblem:
    """x = 0..9, class a below 5, b from 5 on."""
    Z = np.arange(10.0)[:, None]
    y = (Z[:, 0] >= 5).astype(int)
    return GrowingProblem(Z, y, 2, np.array([0]), get_criterion("gain_ratio"), 1.0, False)


def test_default_window_is_c45s():
    # max(2 sqrt(N), N / 5) cases, truncated; the increment a fifth of it, at least 1
    assert default_window(100) == (20, 4)
    assert default_window(50) == (14, 2)
    assert default_window(1000) == (200, 40)
    assert default_window(4) == (4, 1)


def test_a_window_that_separates_the_classes_needs_no_second_cycle():
    order = np.array([0, 9, 1, 2, 3, 4, 5, 6, 7, 8])
    root, errors = _iterate(ten_steps(), order, 2, 1)
    # the window {0, 9}: the midpoint 4.5, placed at the largest training value below it
    assert errors == 0 and root.threshold == 4.0
    assert [child.total for child in root.children] == [1.0, 1.0]


def test_exceptions_are_added_until_none_is_left():
    # window {0, 1}: a leaf "a", exceptions 5..9 (5): add max(min(5, 1), 5 // 2) = 2 of them,
    # {0, 1, 5, 6}: the midpoint 3 misclassifies 4 alone, add it -> {0, 1, 4, 5, 6}, whose
    # cut at 4 classifies every case.
    order = np.arange(10)
    root, errors = _iterate(ten_steps(), order, 2, 1)
    assert errors == 0 and root.threshold == 4.0
    assert [child.total for child in root.children] == [3.0, 2.0]  # the window's cases


def test_a_window_of_all_cases_is_the_batch_tree():
    X, y = mixed_cases()
    for prune in (True, False):
        batch = C45(prune=prune).fit(X, y)
        windowed = C45(prune=prune, window=True, window_size=len(X), trials=3).fit(X, y)
        assert windowed.export_text() == batch.export_text()


def test_windowing_is_reproducible_and_depends_on_the_seed():
    X, y = mixed_cases(400)
    first = C45(window=True, trials=2, random_state=5).fit(X, y).export_text()
    assert C45(window=True, trials=2, random_state=5).fit(X, y).export_text() == first
    trees = {C45(window=True, trials=1, prune=False, random_state=seed).fit(X, y).export_text()
             for seed in range(6)}
    assert len(trees) > 1


def test_the_kept_tree_has_all_training_cases_at_its_leaves():
    X, y = mixed_cases(400)
    model = C45(window=True, trials=1, prune=False, random_state=1).fit(X, y)
    assert model.tree_.counts[0].sum() == pytest.approx(len(X))


@pytest.mark.parametrize("params, message", [
    ({"trials": 0}, "trials must be an integer >= 1"),
    ({"window_size": 0}, "window_size must be None or an integer >= 1"),
    ({"increment": 1.5}, "increment must be None or an integer >= 1"),
    ({"random_state": -1}, "random_state must be an integer >= 0"),
])
def test_bad_window_parameters_are_named(params, message):
    with pytest.raises(ValueError, match=message):
        C45(window=True, **params).fit(*mixed_cases(20))
