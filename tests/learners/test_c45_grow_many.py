"""Growing several C4.5 trees side by side (:func:`smalltrees.learners.c45.grow.grow_many`,
:func:`~smalltrees.learners.c45.grow.grow_apart`): every tree is, to the last bit of its
arrays, the one :func:`~smalltrees.learners.c45.grow.grow` gives it alone, on random mixed data
with unknown values and random weighted subsets of the rows or training sets (hypothesis), under
every growth option; and the fits that use them (bagging's samples, cross-validation's folds)
equal each model fitted alone in every attribute."""

from dataclasses import fields

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_c45_prunings import fitted_state
from test_c45_weights import frames, options

from smalltrees import T2
from smalltrees.evaluation.encoded import EncodedData
from smalltrees.evaluation.resampling import repeated_cv_each
from smalltrees.learners.bagging import Bagging
from smalltrees.learners.c45 import C45
from smalltrees.learners.c45.grow import grow, grow_apart, grow_many
from smalltrees.learners.c45.together import grow_together
from smalltrees.learners.c45.tree import iter_nodes, to_tree


def tree_bits(root, n_classes: int) -> list[bytes]:
    tree = to_tree(root, n_classes)
    return [np.asarray(getattr(tree, f.name)).tobytes() for f in fields(tree)]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=frames(unknown=True) | frames(unknown=False), params=options,
       seed=st.integers(0, 2**32 - 1), n_trees=st.integers(1, 5))
def test_trees_grown_together_are_the_trees_grown_alone(data, params, seed, n_trees):
    X, y, _ = data
    model = C45(**params)
    Z, codes = model._start_fit(X, y)
    problem = model._problem(Z, codes)
    rng = np.random.default_rng(seed)
    starts = []
    for _ in range(n_trees):
        rows = np.flatnonzero(rng.random(len(Z)) < 0.7)
        weights = rng.choice([1.0, 1.0, 0.5, 0.25], rows.size)
        starts.append((rows, weights))
    together = grow_many(problem, starts)
    alone = [grow(problem, rows, weights) for rows, weights in starts]
    n_classes = len(model.classes_)
    for one, other in zip(together, alone, strict=True):
        assert tree_bits(one, n_classes) == tree_bits(other, n_classes)


def node_bits(root) -> list[bytes]:
    """Every node's cases and their weights (what pruning reads), depth-first, as bytes."""
    return [part for node, _ in iter_nodes(root)
            for part in (node.rows.dtype.str.encode(), node.rows.tobytes(), node.weights.tobytes())]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=frames(unknown=True) | frames(unknown=False), params=options,
       seed=st.integers(0, 2**32 - 1), n_trees=st.integers(1, 5),
       weighting=st.sampled_from(["none", "whole", "fractional", "base"]))
def test_trees_of_different_training_sets_grown_apart_are_the_trees_grown_alone(
        data, params, seed, n_trees, weighting):
    """Each tree of ``grow_apart`` is ``grow`` of its own problem (what ``C45._grow`` grows on
    the training set): its thresholds placed on its own training values, its average gain
    counting the attributes its own number of cases counts, its rows its own; the training
    sets stacked (with no, whole or fractional case weights) or rows of one problem
    (``base``)."""
    X, y, _ = data
    model = C45(**params)
    Z, codes = model._start_fit(X, y)
    rng = np.random.default_rng(seed)
    problems, weights, sets = [], [], []
    for _ in range(n_trees):
        rows = np.flatnonzero(rng.random(len(Z)) < rng.choice([0.3, 0.6, 0.9]))
        rows = rows if rows.size else np.array([0])
        sample_weight = {"whole": rng.integers(1, 4, rows.size).astype(float),
                         "fractional": rng.choice([0.5, 1.0, 1.5, 3.0], rows.size)
                         }.get(weighting)
        problems.append(model._problem(Z[rows], codes[rows], sample_weight))
        weights.append(np.ones(rows.size) if sample_weight is None else sample_weight)
        sets.append(rows)
    if weighting == "base":
        together = grow_apart(problems, weights, model._problem(Z, codes), sets)
    else:
        together = grow_apart(problems, weights)
    alone = [grow(problem, np.arange(problem.Z.shape[0]), case_weights)
             for problem, case_weights in zip(problems, weights, strict=True)]
    n_classes = len(model.classes_)
    for one, other in zip(together, alone, strict=True):
        assert tree_bits(one, n_classes) == tree_bits(other, n_classes)
        assert node_bits(one) == node_bits(other)


def test_problems_with_other_options_are_not_grown_side_by_side():
    X = pd.DataFrame({"a": [1.0, 2.0, 3.0, 4.0]})
    model = C45()
    Z, codes = model._start_fit(X, ["n", "n", "y", "y"])
    other = C45(min_cases=1)
    other._start_fit(X, ["n", "n", "y", "y"])
    with pytest.raises(ValueError, match="same min_cases"):
        grow_apart([model._problem(Z, codes), other._problem(Z, codes)], [np.ones(4)] * 2)
    with pytest.raises(ValueError, match="sample_weight in all or none"):
        grow_apart([model._problem(Z, codes), model._problem(Z, codes, np.ones(4))],
                   [np.ones(4)] * 2)


learners = st.lists(st.fixed_dictionaries({"prune": st.booleans(),
                                            "cf": st.sampled_from([0.25, 0.1])}),
                    min_size=1, max_size=3)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=frames(unknown=True) | frames(unknown=False), params=options,
       n_estimators=st.integers(1, 6), seed=st.integers(0, 2**16))
def test_bagging_fits_each_sample_as_alone(data, params, n_estimators, seed):
    """Every tree of a bagged C4.5 (the samples without unknown values grown side by side)
    equals in every attribute the base learner fitted alone on its sample, as bagging fitted
    it before: the distinct rows with their counts, or (an unknown value) the repeated rows."""
    X, y, _ = data
    model = Bagging(C45(**params), n_estimators=n_estimators, random_state=seed).fit(X, y)
    Z, codes = model._start_fit(X, y)
    labels = model.classes_[codes]
    for fitted, rows in zip(model.estimators_, model._draws(len(Z)), strict=True):
        distinct, counts = np.unique(rows, return_counts=True)
        if np.isnan(Z[distinct]).any():
            alone = C45(**params)._fit_rows(model.schema_, Z[rows], labels[rows])
        else:
            alone = C45(**params)._fit_rows(model.schema_, Z[distinct], labels[distinct],
                                            counts.astype(float))
        assert fitted_state(fitted, X) == fitted_state(alone, X)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=frames(unknown=True) | frames(unknown=False), params=options, prunings=learners,
       n_folds=st.integers(2, 6), seed=st.integers(0, 2**16), window=st.booleans())
def test_cv_folds_fitted_side_by_side_are_each_fitted_alone(data, params, prunings, n_folds,
                                                            seed, window):
    """``repeated_cv_each`` fits the learners of all folds together (the C4.5 trees of the
    folds side by side; learners differing only in pruning grow once per fold; a windowed
    learner and T2 alone): every fitted model equals the learner fitted alone on the fold's
    training rows, and the CV rows are those of each learner's ``repeated_cv``."""
    X, y, _ = data
    n_folds = min(n_folds, len(y))
    rng = np.random.default_rng(seed)
    partitions = [rng.permutation(np.arange(len(y)) % n_folds) for _ in range(2)]
    makes = [lambda pruning=pruning: C45(**{**params, **pruning}) for pruning in prunings]
    makes.append(lambda: C45(**{**params, "min_cases": 1, "subset": not params["subset"]}))
    if window:
        makes.append(lambda: C45(**params, window=True, trials=2))
    makes.append(lambda: T2())
    seen = {}
    frames_each = repeated_cv_each(
        makes, X, y, partitions,
        on_fit=lambda repetition, fold, models: seen.setdefault((repetition, fold), models))
    data_encoded = EncodedData.of(X, y)
    for (repetition, fold), models in seen.items():
        train = partitions[repetition - 1] != fold
        for make, model in zip(makes, models, strict=True):
            alone = data_encoded.fit(make(), train)
            if isinstance(model, C45):
                assert fitted_state(model, X) == fitted_state(alone, X)
            else:
                assert model.export_text() == alone.export_text()
    for make, found in zip(makes, frames_each, strict=True):
        expected = repeated_cv_each([make], X, y, partitions)[0]
        pd.testing.assert_frame_equal(found, expected)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=frames(unknown=True) | frames(unknown=False), params=options,
       seed=st.integers(0, 2**16))
def test_row_sets_in_any_order_or_repeated_grow_as_alone(data, params, seed):
    """``grow_together`` on row sets of one matrix that are not increasing (a
    permutation, a draw with repeated rows) or are: every grown tree, its nodes' rows
    included, is ``_grow``'s alone on those rows."""
    X, y, _ = data
    rng = np.random.default_rng(seed)
    model = C45(**params)
    Z, codes = model._start_fit(X, y)
    row_sets = [rng.permutation(len(y)), rng.integers(0, len(y), len(y)), np.arange(len(y)),
                np.flatnonzero(rng.random(len(y)) < 0.5)]
    fits = [(model, Z[rows], codes[rows], None) for rows in row_sets if rows.size]
    together = grow_together(fits, Z, [rows for rows in row_sets if rows.size])
    for root, (_, own_Z, own_codes, _) in zip(together, fits, strict=True):
        alone = model._grow(own_Z, own_codes)
        assert node_bits(root) == node_bits(alone)
        assert tree_bits(root, len(model.classes_)) == tree_bits(alone, len(model.classes_))
