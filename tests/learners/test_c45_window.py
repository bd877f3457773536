"""C45's `window` option: C4.5's windowing (-w), grown from a random window of the cases;
several training sets' windowed fits grown together (cross-validation's folds)."""

import math
from dataclasses import fields
from unittest import mock

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_c45_prunings import fitted_state
from test_c45_weights import frames

from smalltrees import C45
from smalltrees.evaluation.encoded import EncodedData
from smalltrees.learners.c45 import together
from smalltrees.learners.c45.grow import grow
from smalltrees.learners.c45.problem import GrowingProblem
from smalltrees.learners.c45.prune import (
    COLLAPSE_SLACK,
    collapse,
    collapse_listed,
    leaf_errors,
    training_errors,
)
from smalltrees.learners.c45.prunings import fit_sets_prunings
from smalltrees.learners.c45.tree import Node, listed_tree, preorder, sequential_sum, to_tree
from smalltrees.learners.c45.window import Trial, default_window
from smalltrees.learners.criteria import get_criterion
from smalltrees.learners.tree.routing import predict_codes


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


def one_trial(problem: GrowingProblem, order: np.ndarray, size: int, increment: int):
    """A trial run alone (:class:`Trial`): its kept tree and training errors."""
    trial, running = Trial(order, size), True
    while running:
        rows = trial.window()
        running = trial.judge(problem, grow(problem, rows, np.ones(rows.size)), increment)
    return trial.best, trial.best_errors


def test_default_window_is_c45s():
    # max(2 sqrt(N), N / 5) cases, truncated; the increment a fifth of it, at least 1
    assert default_window(100) == (20, 4)
    assert default_window(50) == (14, 2)
    assert default_window(1000) == (200, 40)
    assert default_window(4) == (4, 1)


def test_a_window_that_separates_the_classes_needs_no_second_cycle():
    order = np.array([0, 9, 1, 2, 3, 4, 5, 6, 7, 8])
    root, errors = one_trial(ten_steps(), order, 2, 1)
    # the window {0, 9}: the midpoint 4.5, placed at the largest training value below it
    assert errors == 0 and root.threshold == 4.0
    assert [child.total for child in root.children] == [1.0, 1.0]


def test_exceptions_are_added_until_none_is_left():
    # window {0, 1}: a leaf "a", exceptions 5..9 (5): add max(min(5, 1), 5 // 2) = 2 of them,
    # {0, 1, 5, 6}: the midpoint 3 misclassifies 4 alone, add it -> {0, 1, 4, 5, 6}, whose
    # cut at 4 classifies every case.
    order = np.arange(10)
    root, errors = one_trial(ten_steps(), order, 2, 1)
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


def windowed_one_trial_after_another(problem, rng, trials, window=None, increment=None):
    """The reference: windowing as written before the trials ran in lockstep, each trial
    drawing its order when it starts and growing its windows one tree at a time."""
    n_cases = problem.Z.shape[0]
    default_size, default_increment = default_window(n_cases)
    size = min(window or default_size, n_cases)
    step = increment or default_increment
    best, best_errors = None, math.inf
    for _ in range(trials):
        root, errors = iterate(problem, rng.permutation(n_cases), size, step)
        if errors < best_errors:
            best, best_errors = root, errors
    return best


def windowed_each_alone(problems, rngs, trials, window=None, increment=None, base=None,
                        rows=None):
    """The reference of :func:`~smalltrees.learners.c45.window.grow_windowed`: each problem's
    windowing on its own, one trial after another."""
    return [windowed_one_trial_after_another(problem, rng, trials, window, increment)
            for problem, rng in zip(problems, rngs, strict=True)]


def iterate(problem, order, size, increment):
    """One trial of the reference, cycle after cycle."""
    n_cases = order.size
    best, best_errors = None, math.inf
    while True:
        rows = np.sort(order[:size])
        root = grow(problem, rows, np.ones(rows.size))
        collapse_node_by_node(root)
        outside = order[size:]
        predicted = predict_codes(to_tree(root, problem.n_classes), problem.Z[outside])
        wrong = predicted != problem.y[outside]
        n_exceptions = int(np.count_nonzero(wrong))
        errors = round(training_errors(root)) + n_exceptions
        if errors < best_errors:
            best, best_errors = root, errors
        if not n_exceptions:
            return best, best_errors
        order = np.concatenate([order[:size], outside[wrong], outside[~wrong]])
        size = min(size + max(min(n_exceptions, increment), n_exceptions // 2), n_cases)


def collapse_node_by_node(root: Node) -> None:
    """The reference of :func:`collapse` (as written before it worked on the listed nodes):
    every subtree's training errors as grown, by node, then top-down each test made a leaf
    if its subtree does not save more than the slack."""
    errors = {}

    def grown(node):
        errors[id(node)] = (leaf_errors(node.dist) if node.is_leaf
                            else sequential_sum(grown(child) for child in node.children))
        return errors[id(node)]

    grown(root)
    stack = [root]
    while stack:
        node = stack.pop()
        if node.children and errors[id(node)] >= leaf_errors(node.dist) - COLLAPSE_SLACK:
            node.make_leaf()
        stack.extend(node.children)


@st.composite
def windowed_cases(draw):
    """Small mixed data for many cycles (continuous columns with ties, categorical columns
    with a declared value never seen, constant columns, sometimes unknown cells: fractional
    weights; 1-3 noisy classes) and windowing with small windows and increments, 1-6 trials."""
    X, y, _ = draw(frames(unknown=True) | frames(unknown=False))
    n = len(X)
    params = {
        "window": True, "trials": draw(st.integers(1, 6)),
        "window_size": draw(st.none() | st.integers(1, max(1, n // 3))),
        "increment": draw(st.none() | st.integers(1, 3)),
        "random_state": draw(st.integers(0, 2**16)),
        "criterion": draw(st.sampled_from(["gain_ratio", "gain", "G"])),
        "min_cases": draw(st.sampled_from([1, 2])),
        "prune": draw(st.booleans()),
        "subset": draw(st.booleans()),
        "release": draw(st.sampled_from(["R8", "pre-R8"])),
    }
    return X, y, params


def fitted_bits(model: C45, X) -> list:
    """What two fits are compared by: every tree array's bytes, the printed tree, the
    probabilities' bytes and the depth before pruning."""
    tree = model.tree_
    return ([np.asarray(getattr(tree, f.name)).tobytes() for f in fields(tree)]
            + [model.export_text(), model.predict_proba(X).tobytes(), model.unpruned_depth_])


@settings(derandomize=True, max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(case=windowed_cases())
def test_trials_in_lockstep_keep_the_tree_of_one_trial_after_another(case):
    """The trials grown side by side keep the tree that running them one after another
    does, through their cycles and the ties between trials and between cycles."""
    X, y, params = case
    with mock.patch.object(together, "grow_windowed", windowed_each_alone):
        reference = C45(**params).fit(X, y)
    lockstep = C45(**params).fit(X, y)
    assert fitted_bits(lockstep, X) == fitted_bits(reference, X)



@settings(derandomize=True, max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(case=windowed_cases(), trials=st.integers(1, 3), n_sets=st.integers(1, 5),
       seed=st.integers(0, 2**16), any_order=st.booleans())
def test_windowed_fits_of_several_training_sets_together_are_each_fitted_alone(
        case, trials, n_sets, seed, any_order):
    """Windowed learners fitted on several row sets together (their trials' windows grown
    side by side, cycle after cycle, in one problem of the data's rows or, rows in any
    order, in the sets stacked) are each the learner fitted alone on its rows, windowing one
    trial after another; a pruned and an unpruned learner share each set's growth."""
    X, y, params = case
    params = {**params, "trials": trials}
    data = EncodedData.of(X, y)
    rng = np.random.default_rng(seed)
    sets = []
    for _ in range(n_sets):
        rows = np.flatnonzero(rng.random(len(y)) < rng.choice([0.3, 0.6, 0.9]))
        rows = rows if rows.size else np.array([0])
        sets.append(rng.permutation(rows) if any_order else rows)
    groups = [[C45(**params), C45(**{**params, "prune": not params["prune"]})] for _ in sets]
    fitted = fit_sets_prunings(groups, data.schema, data.Z, data.y, sets)
    with mock.patch.object(together, "grow_windowed", windowed_each_alone):
        for rows, models in zip(sets, fitted, strict=True):
            for model in models:
                alone = C45(**model.get_params())._fit_rows(data.schema, data.Z[rows],
                                                             data.y[rows])
                assert fitted_state(model, X) == fitted_state(alone, X)


def tree_bits(tree) -> list:
    """Every array of a fitted tree that says what it predicts (bytes and dtype)."""
    return [(name, getattr(tree, name).dtype.str, getattr(tree, name).tobytes())
            for name in ("feature", "thresholds", "branches", "children", "counts", "proba",
                         "label")]


def assert_collapse_is_the_reference(copies, n_classes: int) -> None:
    """Three equal trees: ``collapse`` of the first, :func:`collapse_listed` of the second
    and the reference of the third give the same tree (every array of its ``to_tree``, and
    of ``listed_tree`` of the listing ``collapse_listed`` returns), and the errors
    :func:`training_errors` sums over the reference's leaves, to the bit."""
    mine, listed, reference = copies
    returned = collapse(mine)
    errors, listing = collapse_listed(*preorder(listed))
    collapse_node_by_node(reference)
    expected = tree_bits(to_tree(reference, n_classes))
    assert tree_bits(to_tree(mine, n_classes)) == expected
    assert tree_bits(listed_tree(*listing, n_classes)) == expected
    assert returned.hex() == errors.hex() == training_errors(reference).hex()


@settings(derandomize=True, max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(case=windowed_cases(), whole=st.booleans())
def test_collapse_is_the_reference_on_grown_trees(case, whole):
    """Grown trees (ties, unknown values, 1-3 classes), case weights whole or drawn in
    [0.05, 1] (sums that depend on their order)."""
    X, y, params = case
    model = C45(**{**params, "window": False})
    Z, codes = model._start_fit(X, y)
    problem = model._problem(Z, codes)
    rng = np.random.default_rng(params["random_state"])
    rows = np.flatnonzero(rng.random(len(Z)) < 0.8)
    weights = np.ones(rows.size) if whole else rng.uniform(0.05, 1.0, rows.size)
    assert_collapse_is_the_reference([grow(problem, rows, weights) for _ in range(3)],
                                     problem.n_classes)


def random_tree(rng: np.random.Generator, n_classes: int, depth: int) -> Node:
    """A tree of random shape whose nodes' class weights are drawn from few values (ties,
    near ties within the slack, empty nodes), whole or fractional."""
    levels = rng.choice([0.0, 1.0, 2.0, 3.0, 0.5, 0.1, 1e-4, 1e-6, 1e-7, 1.001, 0.001, 2.0005])
    dist = rng.choice([levels, rng.uniform(0, 3)], n_classes) * rng.integers(0, 2, n_classes)
    node = Node(dist.astype(float), feature=0, threshold=0.5)
    if depth and rng.random() < 0.7:
        node.children = [random_tree(rng, n_classes, depth - 1)
                         for _ in range(int(rng.integers(1, 5)))]
    return node


@pytest.mark.parametrize("seed", range(40))
def test_collapse_is_the_reference_on_random_trees(seed):
    """Random shapes (1-4 branches, to depth 6) and 1-12 classes (8 or more: each node's
    weights summed pairwise, as NumPy sums them)."""
    rng = np.random.default_rng(seed)
    n_classes = int(rng.integers(1, 13))
    for _ in range(20):
        state = rng.bit_generator.state
        copies = []
        for _ in range(3):
            rng.bit_generator.state = state
            copies.append(random_tree(rng, n_classes, 6))
        assert_collapse_is_the_reference(copies, n_classes)


def test_a_test_saving_exactly_the_slack_is_collapsed():
    """A subtree whose training errors are exactly its root's as a leaf less the slack
    (0.5 - 1e-3, no rounding on the way) is collapsed, as the reference collapses it."""
    def tree():
        saved = 0.5 - COLLAPSE_SLACK
        return Node(np.array([1.0, 0.5]), feature=0, threshold=0.5, children=[
            Node(np.array([0.5, saved])), Node(np.array([0.5, 0.0]))])
    assert_collapse_is_the_reference([tree() for _ in range(3)], 2)
    root = tree()
    assert collapse(root) == 0.5 and root.is_leaf
