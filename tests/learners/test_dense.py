"""The dense both-sides evaluators of T2/T3 (smalltrees.learners.optimal.dense and, for more
than two classes, dense_classes): exact against a brute force over TREE(2) and TREE(3), equal
to the general programme they stand in for (:func:`~smalltrees.learners.optimal.sets.mask_errors`),
and the same trees as that programme."""

from __future__ import annotations

from unittest.mock import patch

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from t2_bruteforce import tree_errors
from test_t2 import SETTINGS, training_errors

from smalltrees import T1, T2, T3
from smalltrees.learners.optimal import depth2, depth3, scans
from smalltrees.learners.optimal.dense import applies, pays
from smalltrees.learners.optimal.dense_classes import (
    PACKINGS,
    DenseClasses,
    dense_sets,
    sorted_stump_errors,
)
from smalltrees.learners.optimal.depth2 import _candidates
from smalltrees.learners.optimal.estimators import _encode
from smalltrees.learners.optimal.sets import Sorted, mask_errors

K_VALUES = (1, 2, 3, 4)  # two classes: K <= 3 one signed prefix sum, K = 4 one per class
K_CLASSES = (1, 2, 3, 4, 5)  # the same for more classes (dense_classes)
LABELS = np.array(list("abcdefgh"), dtype=object)


def continuous_case(rng, max_rows, max_columns, max_distinct, min_rows=1, classes=2):
    """``classes`` classes (not all of them always present), every attribute continuous and
    present, heavy ties (a few distinct values per column, sometimes one), K among those the
    dense evaluator covers."""
    m = int(rng.integers(min_rows, max_rows + 1))
    columns = {}
    for j in range(int(rng.integers(1, max_columns + 1))):
        pool = np.sort(rng.normal(size=int(rng.integers(1, max_distinct + 1))).round(2))
        columns[f"x{j}"] = rng.choice(pool, m)
    if classes == 2:
        y = np.where(rng.random(m) < rng.choice([0.2, 0.5, 0.8]), "a", "b").astype(object)
        return pd.DataFrame(columns), y, int(rng.choice(K_VALUES))
    weights = rng.dirichlet(np.full(classes, rng.choice([0.5, 2.0])))
    y = LABELS[rng.choice(classes, m, p=weights)]
    return pd.DataFrame(columns), y, int(rng.choice(K_CLASSES))


@st.composite
def cases(draw, max_rows=10, max_columns=3, max_distinct=5, classes=(2,)):
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    return continuous_case(rng, max_rows, max_columns, max_distinct,
                           classes=int(rng.choice(classes)))


def encoded(X, y, K):
    model = T2(K=K)
    Z, codes = model._start_fit(X, y)
    return _encode(Z, codes, len(model.classes_), model.schema_)


@settings(max_examples=350, **SETTINGS)
@given(cases())
def test_t2_and_t3_are_optimal_on_continuous_two_class_data(case):
    X, y, K = case
    assert applies(encoded(X, y, K)) or len(set(y)) < 2
    with (patch.object(depth2, "pays", lambda enc, K: True),  # on data of any size
          patch.object(scans, "DOUBLING", 0 if len(y) % 2 else scans.DOUBLING),  # both scans
          patch.object(depth2, "EXHAUSTIVE", 0 if len(y) % 3 else depth2.EXHAUSTIVE),
          patch.object(depth2, "ALONE", 0 if len(y) % 3 else depth2.ALONE)):
        for depth, learner in ((1, T1), (2, T2), (3, T3)):
            model = learner(K=K).fit(X, y)
            assert model.n_errors_ == tree_errors(X, y, K, depth)
            assert model.n_errors_ == training_errors(model, X, y)


@settings(max_examples=300, **SETTINGS)
@given(cases(classes=(3, 4, 5, 8)))
def test_t2_and_t3_are_optimal_with_more_classes(case):
    """The same brute force with three to five and eight classes (one prefix sum per class;
    from five classes one packed prefix sum of all of them; from K = 3 one layer per
    interval)."""
    X, y, K = case
    assert applies(encoded(X, y, K))
    with (patch.object(depth2, "pays", lambda enc, K: True),
          patch.object(scans, "DOUBLING", 0 if len(y) % 2 else scans.DOUBLING),
          patch.object(depth2, "EXHAUSTIVE", 0 if len(y) % 3 else depth2.EXHAUSTIVE),
          patch.object(depth2, "ALONE", 0 if len(y) % 3 else depth2.ALONE)):
        for depth, learner in ((1, T1), (2, T2), (3, T3)):
            model = learner(K=K).fit(X, y)
            assert model.n_errors_ == tree_errors(X, y, K, depth)
            assert model.n_errors_ == training_errors(model, X, y)


@settings(max_examples=300, **SETTINGS)
@given(cases(max_rows=14, classes=(2, 3)))
def test_seed_keeps_the_tree_on_the_dense_path(case):
    """T3 started from T2's root (``depth3._seeded``) gives the tree, ties included, of the
    search without that start, and so does building its subtrees by searching each edge again
    instead of from the search's keys, with the dense evaluator on tie-heavy data."""
    X, y, K = case
    with patch.object(depth2, "pays", lambda enc, K: True):
        seeded = T3(K=K).fit(X, y).export_text()
        with patch.object(depth3, "_seeded", lambda best, *args: best):
            assert seeded == T3(K=K).fit(X, y).export_text()
        search = depth3._continuous_roots  # the subtrees from the search's keys, as T2 again
        with patch.object(depth3, "_continuous_roots",
                          lambda *a, **k: (search(*a, **k)[0], None)):
            assert seeded == T3(K=K).fit(X, y).export_text()


@pytest.mark.parametrize("seed", range(30))
def test_scans_along_the_positions(seed, monkeypatch):
    """:func:`scans.cumulative_sums` is cumsum along the last axis (int16 through int32, and
    the int32 and packed uint64 of the evaluators); :func:`scans.prefix_sums`, either way
    (accumulate, recursive doubling), is cumsum or the running maximum along axis 1."""
    rng = np.random.default_rng(seed)
    dtype = [np.int16, np.int32, np.uint64][seed % 3]
    W = rng.integers(0 if dtype == np.uint64 else -3, 4,
                     size=tuple(rng.integers(1, 40, 3))).astype(dtype)
    got = W.copy()
    scans.cumulative_sums(got)
    assert got.dtype == dtype and np.array_equal(got, np.cumsum(W, axis=-1, dtype=dtype))
    monkeypatch.setattr(scans, "DOUBLING", int(rng.choice([0, W.size + 1])))
    monkeypatch.setattr(scans, "LONG", int(rng.choice([0, W.shape[1]])))
    for ufunc in (np.add, np.maximum):
        got = W.copy()
        scans.prefix_sums(got, np.empty_like(got), ufunc)
        assert np.array_equal(got, ufunc.accumulate(W, axis=1, dtype=dtype))


@pytest.mark.parametrize("classes", [2, 3, 5, 8])
@pytest.mark.parametrize("seed", range(40))
def test_dense_equals_the_general_programme(seed, classes, monkeypatch):
    """Both sides of random thresholds of random roots of random sets, and the whole sets (the
    best stump of any attribute), up to 150 items and 60 distinct values: the
    same errors as the stumps of ``mask_errors``
    (with either prefix scan; with more classes, or K = 4, :class:`DenseClasses` with the
    prefix sums per class and with every packing of :data:`PACKINGS`, in one word or several,
    packed by default where the rule of ``DenseClasses.packs`` says, asserted); the same
    thresholds as :func:`~smalltrees.learners.optimal.depth2._candidates`, each with the
    same items below it."""
    rng = np.random.default_rng(seed)
    monkeypatch.setattr(scans, "DOUBLING", 0 if seed % 2 else scans.DOUBLING)
    X, y, K = continuous_case(rng, 150, 4, 60, min_rows=classes, classes=classes)
    y[:classes] = LABELS[:classes]  # every class present
    enc = encoded(X, y, K)
    assert applies(enc)
    srt = Sorted(enc)
    m, F = len(y), len(srt.cont)
    sets = rng.random((6, m)) < rng.random((6, 1))
    tables = dense_sets(srt, sets, K=K)
    stumps = mask_errors(srt, sets, K=K)
    assert (tables.whole() == stumps.min(axis=0)).all()
    which = np.sort(rng.integers(0, len(sets), 30))
    roots = rng.integers(0, F, 30)
    at = rng.integers(0, m + 1, 30)
    positions = srt.position[roots]
    lower = sets[which] & (positions < at[:, None])
    upper = sets[which] & ~lower
    expected = mask_errors(srt, lower, K=K).min(axis=0), mask_errors(srt, upper, K=K).min(axis=0)
    assert not isinstance(tables, DenseClasses) or tables.packs == (K <= 2 or classes > 4)
    for packing in ([None, *PACKINGS] if isinstance(tables, DenseClasses) else [False]):
        if packing is not False:  # per class, and each packing that holds the classes
            tables = DenseClasses(srt, sets, K=K)
            tables.packs = packing is not None
            tables.use(packing or PACKINGS[0])
        left, right = tables.evaluate(which, roots, at, lower.sum(axis=1))
        assert (left == expected[0]).all()
        assert (right == expected[1]).all()
    ids = np.flatnonzero(rng.random(len(sets)) < 0.7)
    got, expected = tables.candidates(ids), _candidates(srt, sets[ids])
    for k in (0, 1, 3, 4, 5):  # roots, cuts, first guesses, sets, attributes
        assert np.array_equal(got[k], expected[k])
    root, cut, _, _, problem, attr = expected  # each threshold: the same items below it
    inside, positions = sets[ids][problem[root]], srt.position[attr[root]]
    for at in (got[2], expected[2]):
        assert np.array_equal((inside & (positions < at[:, None])).sum(axis=1), cut)


@pytest.mark.parametrize("classes", [2, 3, 5])
@pytest.mark.parametrize("seed", range(40))
def test_sorted_stump_errors_equal_the_general_programme(seed, classes):
    """The stumps of every attribute on each group of a random partition of the items (some
    groups empty), K = 1 to 5, up to 150 items and 60 distinct values: the errors of
    ``mask_errors`` on the groups (what the tree's build picks its stumps by)."""
    rng = np.random.default_rng(seed)
    X, y, _ = continuous_case(rng, 150, 4, 60, min_rows=classes, classes=classes)
    K = int(rng.integers(1, 6))
    srt = Sorted(encoded(X, y, K))
    n_groups = int(rng.integers(1, 5))
    group = rng.integers(0, n_groups, len(y))
    masks = group == np.arange(n_groups)[:, None]
    assert np.array_equal(sorted_stump_errors(srt, group, n_groups, K=K),
                          mask_errors(srt, masks, K=K))


@pytest.mark.parametrize("K", [2, 3])
@pytest.mark.parametrize("m", [10921, 40000])
def test_sorted_stump_errors_count_past_16_bits(m, K):
    """The counts along the orders are int16 while the layers' values fit (``3 m + 1`` below
    32,767: up to 10,921 items), else int32: at 40,000 items one class holds over 32,767,
    which an int16 count wraps. A perfect stump (no errors) and the same errors as
    ``mask_errors``."""
    rng = np.random.default_rng(m)
    X = pd.DataFrame({"x": rng.integers(0, 40, m).astype(float)})
    y = np.where(X["x"] < 39, "a", "b").astype(object)
    srt = Sorted(encoded(X, y, K))
    found = sorted_stump_errors(srt, np.zeros(m, dtype=np.int64), 1, K=K)
    assert found[1, 0] == 0
    assert np.array_equal(found, mask_errors(srt, np.ones((1, m), dtype=bool), K=K))


@pytest.mark.parametrize("classes, m, packing", [(3, 255, PACKINGS[0]), (3, 300, PACKINGS[3]),
                                                (2, 300, PACKINGS[1]), (6, 255, PACKINGS[2]),
                                                (7, 300, PACKINGS[3])])
def test_the_packed_fields_hold_the_largest_set(classes, m, packing):
    """The packing is the cheapest whose fields hold the largest set (a class of 290 items
    overflows a byte; fewer bytes a cell, then fewer words: 7 classes of up to 300 items in
    two words of four 16-bit fields), and its counts are exact: the best stumps below and
    above every threshold of one root, as the general programme's."""
    rng = np.random.default_rng(m + classes)
    X = pd.DataFrame({"x0": rng.normal(size=m).round(1), "x1": rng.normal(size=m).round(1)})
    y = LABELS[np.where(np.arange(m) < m - 10, 0, np.arange(m) % classes)]  # one class most
    enc = encoded(X, y, 2)
    srt = Sorted(enc)
    tables = DenseClasses(srt, np.ones((1, m), dtype=bool), K=2)
    assert tables.packs and (tables.word, tables.field) == packing
    assert tables.words == -(-classes // (np.dtype(packing[0]).itemsize
                                          // np.dtype(packing[1]).itemsize))
    at = np.arange(m + 1)
    roots = np.zeros(m + 1, dtype=np.int64)
    lower = srt.position[roots] < at[:, None]
    left, right = tables.evaluate(np.zeros(m + 1, dtype=np.int64), roots, at, lower.sum(axis=1))
    assert np.array_equal(left, mask_errors(srt, lower, K=2).min(axis=0))
    assert np.array_equal(right, mask_errors(srt, ~lower, K=2).min(axis=0))


@pytest.mark.parametrize("classes", [2, 3])
@pytest.mark.parametrize("m", [255, 256])
def test_positions_in_bytes_up_to_255_items(m, classes):
    """Up to 255 items the positions are compared as bytes (``place_dtype``), from 256 in 16
    bits: on either side of the boundary, the best stumps below and above every threshold of
    every root, the last one (every item below it, at position ``m``) included, are the
    general programme's."""
    rng = np.random.default_rng(m + classes)
    X = pd.DataFrame({"x0": rng.normal(size=m).round(1), "x1": rng.normal(size=m).round(2)})
    enc = encoded(X, LABELS[rng.integers(0, classes, m)], 2)
    srt = Sorted(enc)
    tables = dense_sets(srt, np.ones((1, m), dtype=bool), K=2)
    assert tables.by_root.dtype == (np.uint8 if m <= 255 else np.uint16)
    at = np.tile(np.arange(m + 1), 2)
    roots = np.repeat([0, 1], m + 1)
    lower = srt.position[roots] < at[:, None]
    left, right = tables.evaluate(np.zeros(len(at), dtype=np.int64), roots, at,
                                  lower.sum(axis=1))
    assert np.array_equal(left, mask_errors(srt, lower, K=2).min(axis=0))
    assert np.array_equal(right, mask_errors(srt, ~lower, K=2).min(axis=0))


@pytest.mark.parametrize("m, dtype", [(2500, np.int16), (6000, np.int32)])
@pytest.mark.parametrize("seed", range(2))
def test_many_layers_stay_in_range(seed, m, dtype):
    """K = 8 intervals over 2,500 items (int16 arrays) or 6,000 (int32) whose attributes start
    with a long run of equal values (no allowed cut there, for many positions): the same
    errors as ``mask_errors`` on both sides of random thresholds (the layers stay bounded
    there)."""
    rng = np.random.default_rng(seed)
    X = pd.DataFrame({"x0": np.where(rng.random(m) < 0.4, -9.0, rng.normal(size=m).round(1)),
                      "x1": np.where(rng.random(m) < 0.6, -9.0, rng.normal(size=m).round(2))})
    y = LABELS[rng.choice(3, m)]
    enc = encoded(X, y, 8)
    srt = Sorted(enc)
    sets = rng.random((2, m)) < np.array([[1.0], [0.7]])
    tables = dense_sets(srt, sets, K=8)
    assert tables.dtype == dtype
    which, roots, at = np.array([0, 0, 1, 1]), rng.integers(0, 2, 4), rng.integers(0, m, 4)
    lower = sets[which] & (srt.position[roots] < at[:, None])
    left, right = tables.evaluate(which, roots, at, lower.sum(axis=1))
    assert (left == mask_errors(srt, lower, K=8).min(axis=0)).all()
    assert (right == mask_errors(srt, sets[which] & ~lower, K=8).min(axis=0)).all()


@pytest.mark.parametrize("classes", [2, 3, 4])
@pytest.mark.parametrize("seed", range(25))
def test_same_trees_as_the_general_programme(seed, classes, monkeypatch):
    """T2's and T3's trees (ties included) with and without the dense evaluator (pricing
    small problems' thresholds all at once, or by branch and bound)."""
    rng = np.random.default_rng(100 + seed)
    X, y, K = continuous_case(rng, 80, 4, 25, classes=classes)
    monkeypatch.setattr(depth2, "pays", lambda enc, K: True)
    monkeypatch.setattr(depth2, "EXHAUSTIVE", 0 if seed % 2 else depth2.EXHAUSTIVE)
    monkeypatch.setattr(depth2, "ALONE", 0 if seed % 2 else depth2.ALONE)
    fast = [learner(K=K).fit(X, y).export_text() for learner in (T2, T3)]
    monkeypatch.setattr(depth2, "applies", lambda enc: False)
    assert fast == [learner(K=K).fit(X, y).export_text() for learner in (T2, T3)]


def test_used_where_it_pays():
    """Two classes at K <= 2: always. K = 3: up to MAX_CELLS item-attribute pairs. More
    classes: up to MAX_CLASS_CELLS classes x pairs; with K layers (more classes at K >= 3, two
    classes at K >= 4) only where the attributes have MIN_BLOCKS distinct values per pair.
    The general programme is faster elsewhere."""
    def pairs(m, n, p=2, distinct=None):
        column = np.arange(float(m)) % (distinct or m)
        return encoded(pd.DataFrame({f"x{j}": column for j in range(n)}),
                       list(LABELS[:p]) * (m // p), 2)

    assert pays(pairs(10, 2), K=2) and pays(pairs(4000, 10), K=2) and pays(pairs(4000, 10), K=1)
    assert pays(pairs(10, 2), K=3) and pays(pairs(100, 10), K=3)
    assert not pays(pairs(4000, 10), K=3)
    assert pays(pairs(12, 2, 3), K=2) and pays(pairs(3000, 10, 3), K=2)
    assert not pays(pairs(3000, 60, 3), K=2)
    for p, K in ((2, 4), (3, 3), (3, 4), (6, 7)):
        assert pays(pairs(600, 10, p), K=K) and pays(pairs(600, 10, p, distinct=80), K=K)
        assert not pays(pairs(600, 10, p, distinct=50), K=K)  # 1/12 distinct values per pair
        assert pays(pairs(600, 10, p, distinct=50), K=2)
        assert not pays(pairs(30000, 10, p), K=K)  # beyond MAX_CLASS_CELLS


def test_not_applied_where_not_exact():
    """Missing values and categorical attributes keep the general programme; continuous data
    of two or more classes take a dense evaluator (at any K: the brute-force tests above)."""
    X = pd.DataFrame({"x": [0.0, 1.0, 2.0, 3.0]})
    assert applies(encoded(X, ["a", "b", "a", "b"], 2))
    assert applies(encoded(X, ["a", "b", "c", "b"], 2))
    assert not applies(encoded(X.assign(x=[0.0, np.nan, 2.0, 3.0]), ["a", "b", "a", "b"], 2))
    cat = X.assign(c=pd.Categorical(["u", "v", "u", "v"]))
    assert not applies(encoded(cat, ["a", "b", "a", "b"], 2))


@pytest.mark.parametrize("learner", [T2, T3])
def test_bad_input_is_refused_on_the_fast_path(learner):
    X = pd.DataFrame({"a": [0.0, 1.0, np.inf, 2.0]})
    with pytest.raises(ValueError, match="infinite value"):
        learner(K=2).fit(X, ["p", "q", "p", "q"])
    with pytest.raises(ValueError, match="mixes label types"):
        learner(K=2).fit(X.assign(a=[0.0, 1.0, 2.0, 3.0]), ["p", 1, "p", "q"])
