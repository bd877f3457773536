"""Certification of T1 and T2 (Auer et al. 1995, section 2): exactness against brute force,
properties, and the estimator contract."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from t2_bruteforce import tree1_errors, tree2_errors

from smalltrees import T1, T2, T3
from smalltrees.learners.optimal import root_sides as root_sides_module
from smalltrees.learners.optimal.depth2 import _candidates
from smalltrees.learners.optimal.estimators import _encode
from smalltrees.learners.optimal.intervals import (
    INF,
    _descend,
    group_best,
    group_labels,
    leaf_tables,
    merge_levels,
)
from smalltrees.learners.optimal.pairs import pair_counts
from smalltrees.learners.optimal.root_sides import RootSides, set_counts
from smalltrees.learners.optimal.search import Encoded, stump_errors
from smalltrees.learners.optimal.sets import Sorted, counted_errors, mask_errors, partition_errors
from smalltrees.learners.optimal.sweeps import block_width

# Toy sample, checkable by hand: y is the XOR of u > 0.5 and v > 0.5. No single attribute does
# better than 2 errors out of 4; the tree "u, then v on both sides" makes none.
X_TOY = pd.DataFrame({"u": [0.0, 0.0, 1.0, 1.0], "v": [0.0, 1.0, 0.0, 1.0]})
Y_TOY = ["no", "yes", "yes", "no"]

SETTINGS = {"deadline": None, "derandomize": True,
            "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large]}


def random_case(rng, max_rows, max_columns, max_distinct=6, max_classes=4, max_K=4):
    """A mixed data set: heavy ties, missing values, unused categories, p = 2..max_classes,
    K = 1..max_K."""
    m, p = int(rng.integers(1, max_rows + 1)), int(rng.integers(2, max_classes + 1))
    data = {}
    for j in range(int(rng.integers(1, max_columns + 1))):
        missing = rng.random(m) < rng.choice([0.0, 0.15, 0.4])
        size = int(rng.integers(1, max_distinct + 1))
        if rng.random() < 0.6:
            pool = np.sort(rng.normal(size=size).round(2))
            values = np.where(missing, np.nan, rng.choice(pool, m))
            data[f"x{j}"] = pd.Series(values, dtype=float)
        else:
            categories = [f"v{i}" for i in range(min(size, 6))]
            values = [None if gone else rng.choice(categories[: max(1, len(categories) - 1)])
                      for gone in missing]  # the last category is never used
            data[f"c{j}"] = pd.Categorical(values, categories=categories)
    y = np.array([f"k{i}" for i in rng.integers(0, p, m)], dtype=object)
    return pd.DataFrame(data), y, int(rng.integers(1, max_K + 1))


@st.composite
def datasets(draw, max_rows=12, max_columns=3):
    """Small random cases. Hypothesis draws the seed of :func:`random_case`; drawing the values
    with hypothesis itself favours tiny, constant columns and labels, leaving most cases trivial.
    """
    return random_case(np.random.default_rng(draw(st.integers(0, 2**32 - 1))), max_rows,
                       max_columns)


def training_errors(model, X, y) -> int:
    return int((model.predict(X) != y).sum())


def test_toy_sample():
    assert T1().fit(X_TOY, Y_TOY).n_errors_ == 2
    model = T2().fit(X_TOY, Y_TOY)
    assert model.n_errors_ == 0
    assert list(model.predict(X_TOY)) == Y_TOY
    assert model.to_dict()["attribute"] == "u"
    assert model.to_dict()["thresholds"] == [0.5]


def test_bruteforce_separates_classes():
    """The brute force tells weaker classes apart, so the equality tests can fail."""
    assert (tree2_errors(X_TOY, Y_TOY, 3), tree1_errors(X_TOY, Y_TOY, 3)) == (0, 2)
    X = pd.DataFrame({"x": [1.0, 2.0, 3.0, 4.0, 5.0]})
    y = ["a", "b", "a", "b", "a"]
    assert [tree1_errors(X, y, K) for K in (1, 2, 3, 4, 5)] == [2, 2, 1, 1, 0]
    assert [T1(K=K).fit(X, y).n_errors_ for K in (1, 2, 3, 4, 5)] == [2, 2, 1, 1, 0]


@settings(max_examples=500, **SETTINGS)
@given(datasets())
def test_t2_is_optimal(case):
    X, y, K = case
    model = T2(K=K).fit(X, y)
    assert model.n_errors_ == tree2_errors(X, y, K)
    assert model.n_errors_ == training_errors(model, X, y)
    assert_interval_counts(model.tree_, K, root=True)


@settings(max_examples=300, **SETTINGS)
@given(datasets())
def test_t1_is_optimal(case):
    X, y, K = case
    model = T1(K=K).fit(X, y)
    assert model.n_errors_ == tree1_errors(X, y, K)
    assert model.n_errors_ == training_errors(model, X, y)
    assert_interval_counts(model.tree_, K, root=False)


def assert_interval_counts(tree, K, root):
    """At most K intervals below the root; 2 at the root of a two-level tree."""
    assert tree.left_closed and not tree.fractional
    for node in range(tree.n_nodes):
        if not tree.intervals[node]:
            continue
        two_level = not tree.is_leaf[tree.edges(node)].all()
        at_root = root and node == 0
        assert tree.intervals[node] <= (2 if at_root and two_level else max(K, 2) if at_root
                                        else K)
        cuts = tree.thresholds[node][:tree.intervals[node] - 1].tolist()
        assert cuts == sorted(set(cuts))
        assert np.isnan(tree.thresholds[node][tree.intervals[node] - 1:]).all()


@settings(max_examples=60, **SETTINGS)
@given(datasets(max_rows=60, max_columns=4))
def test_error_ordering(case):
    X, y, K = case
    t2, t1 = T2(K=K).fit(X, y).n_errors_, T1(K=K).fit(X, y).n_errors_
    majority = len(y) - max(np.unique(y, return_counts=True)[1])
    assert t2 <= t1 <= majority


@settings(max_examples=60, **SETTINGS)
@given(datasets(max_rows=40, max_columns=3))
def test_increasing_transform_invariance(case):
    X, y, K = case
    transformed = X.copy()
    for name in X.columns:
        if not isinstance(X[name].dtype, pd.CategoricalDtype):
            transformed[name] = np.exp(X[name] / 2) + X[name] ** 3
    for learner in (T1, T2):
        a, b = learner(K=K).fit(X, y), learner(K=K).fit(transformed, y)
        assert a.n_errors_ == b.n_errors_
        assert list(a.predict(X)) == list(b.predict(transformed))


def dp_reference(counts, K):
    """Left-to-right DP over blocks with state (intervals used, current label)."""
    p = counts.shape[1]
    cost = counts.sum(axis=1, keepdims=True) - counts
    best = np.full((K, p), np.inf)
    best[0] = cost[0]
    for row in cost[1:]:
        new = best + row
        new[1:] = np.minimum(new[1:], best[:-1].min(axis=1, keepdims=True) + row)
        best = new
    return int(best.min())


@pytest.mark.parametrize("seed", range(6))
def test_intervals_match_dp_on_deep_trees(seed):
    """Hundreds of blocks, so the merge-sort tree has many levels."""
    rng = np.random.default_rng(seed)
    p, K = int(rng.integers(2, 5)), int(rng.integers(1, 6))
    counts = rng.integers(0, 4, size=(int(rng.integers(100, 400)), p))
    counts[counts.sum(axis=1) == 0, 0] = 1
    expected = dp_reference(counts, K)
    assert group_best(counts, np.zeros(len(counts), dtype=int), 1, K=K)[0] == expected
    labels = group_labels(counts, np.zeros(len(counts), dtype=int), 1, K=K)
    assert 1 + np.count_nonzero(np.diff(labels)) <= K
    assert counts.sum() - counts[np.arange(len(counts)), labels].sum() == expected


def tree_walk(counts, K):
    """The reference labelling of one sequence: the walk of its own merge-sort tree (what
    ``group_labels`` gave one group at a time before it labelled many together)."""
    levels = [np.moveaxis(tables, -1, 0)
              for tables, _ in merge_levels(leaf_tables(counts, K=K), np.zeros(len(counts)))]
    before = np.concatenate((np.zeros((1, counts.shape[1]), dtype=np.int64),
                             np.cumsum(counts, axis=0)))
    labels = np.empty(len(counts), dtype=np.int64)
    top = levels[-1][0]
    k, a, b = np.argwhere(top == top.min())[0]
    _descend(levels, before, labels, len(levels) - 1, 0, (int(k), int(a), int(b)), int(top.min()))
    return labels


def brute_table(counts, K):
    """``T[k, a, b]`` of a run of blocks by enumerating every labelling: the least errors of at
    most ``k + 1`` intervals, the first labelled ``a``, the last ``b`` (INF if none)."""
    B, p = counts.shape
    table = np.full((K, p, p), int(INF))
    for labels in itertools.product(range(p), repeat=B):
        intervals = 1 + int(np.count_nonzero(np.diff(labels)))
        errors = int(counts.sum() - counts[np.arange(B), labels].sum())
        for k in range(intervals - 1, K):
            table[k, labels[0], labels[-1]] = min(table[k, labels[0], labels[-1]], errors)
    return table


def random_groups(rng: np.random.Generator, *, groups: int, blocks: int, classes: int,
                  ks: int) -> tuple[np.ndarray, np.ndarray, int]:
    """1..``groups`` groups of 1..``blocks`` blocks each (their group ids, sorted), class
    counts of 1..``classes`` classes (0-2 per block: many ties) and a K in 1..``ks``."""
    n_groups, p, K = (int(rng.integers(1, groups + 1)), int(rng.integers(1, classes + 1)),
                      int(rng.integers(1, ks + 1)))
    group = np.repeat(np.arange(n_groups), rng.integers(1, blocks + 1, size=n_groups))
    return group, rng.integers(0, int(rng.integers(1, 4)), size=(len(group), p)), K


@pytest.mark.parametrize("seed", range(4))
def test_merge_sort_tree_tables_match_brute_force(seed):
    """Every node of the merge-sort tree (every level, several groups) holds the table of its
    run of blocks, by brute force over all labellings: 150 problems per seed, 1-4 groups of 1-7
    blocks, 1-3 classes, K 1-4."""
    rng = np.random.default_rng(seed)
    for _ in range(150):
        group, counts, K = random_groups(rng, groups=4, blocks=7, classes=3, ks=4)
        for level, (tables, ids) in enumerate(merge_levels(leaf_tables(counts, K=K), group)):
            for node, g in enumerate(ids):
                index = node - np.searchsorted(ids, g)
                own = counts[group == g][index << level:(index + 1) << level]
                assert np.array_equal(tables[..., node], brute_table(own, K))


@pytest.mark.parametrize("seed", range(10))
def test_group_labels_label_as_the_merge_sort_tree(seed):
    """``group_labels`` (closed form at K <= 2, one merge-sort tree over all groups beyond)
    gives each group the labels of the walk of its own merge-sort tree, ties included, on 100
    tie-heavy problems per seed (1-6 groups of 1-40 blocks, 1-4 classes, K 1-5, many empty or
    equal blocks)."""
    rng = np.random.default_rng(seed)
    for _ in range(100):
        group, counts, K = random_groups(rng, groups=6, blocks=40, classes=4, ks=5)
        n_groups = int(group[-1]) + 1
        counts[rng.random(len(group)) < 0.3] = 0
        if rng.random() < 0.5:  # two classes of equal counts
            counts[:, 0] = counts[:, -1]
        labels = group_labels(counts, group, n_groups, K=K)
        for g in range(n_groups):
            assert np.array_equal(labels[group == g], tree_walk(counts[group == g], K))


@pytest.mark.parametrize("seed", range(6))
def test_group_best_matches_dp_and_the_merge_sort_tree(seed):
    """``group_best`` (closed form at K <= 2, the layered running minima beyond, no merge-sort
    tree) gives each group the least errors of the left-to-right DP and of the merge-sort
    tree, on 300 tie-heavy problems per seed: 1-8 groups, some without blocks, 1-30 blocks
    each, 1-4 classes, K 1-5, many empty or equal blocks."""
    rng = np.random.default_rng(seed)
    for _ in range(300):
        n_groups, p, K = int(rng.integers(1, 9)), int(rng.integers(1, 5)), int(rng.integers(1, 6))
        sizes = rng.integers(0, 31, size=n_groups) * (rng.random(n_groups) < 0.8)
        group = np.repeat(np.arange(n_groups), sizes)
        counts = rng.integers(0, int(rng.integers(1, 4)), size=(len(group), p))
        counts[rng.random(len(group)) < 0.3] = 0
        if rng.random() < 0.5:  # two classes of equal counts
            counts[:, 0] = counts[:, -1]
        expected = [dp_reference(counts[group == g], K) if (group == g).any() else 0
                    for g in range(n_groups)]
        assert group_best(counts, group, n_groups, K=K).tolist() == expected
        if len(group):
            tables, present = merge_levels(leaf_tables(counts, K=K), group)[-1]
            assert tables.min(axis=(0, 1, 2)).tolist() == [expected[g] for g in present]


def dp_intervals(groups, K):
    """The interval problem of the brute force, solved by :func:`dp_reference`."""
    if not groups:
        return 0
    classes = sorted({label for group in groups for label in group})
    return dp_reference(np.array([[group.count(c) for c in classes] for group in groups]), K)


@pytest.mark.parametrize("seed", range(20))
def test_t2_matches_reference_on_larger_data(seed):
    """Up to 120 items and 40 distinct values: deeper merge-sort trees than the brute force
    can reach; the reference is the brute force with a DP for the interval problem."""
    X, y, K = random_case(np.random.default_rng(seed), 120, 3, max_distinct=40)
    assert T2(K=K).fit(X, y).n_errors_ == tree2_errors(X, y, K, intervals=dp_intervals)


def test_single_class_and_single_row():
    X = pd.DataFrame({"x": [1.0, np.nan, 3.0], "c": pd.Categorical(["a", "b", None])})
    for learner in (T1, T2):
        model = learner().fit(X, ["z", "z", "z"])
        assert model.n_errors_ == 0 and list(model.predict(X)) == ["z"] * 3
        assert learner().fit(X.iloc[:1], ["z"]).score(X.iloc[:1], ["z"]) == 1.0


def test_unseen_and_unknown_values_predict_node_majority():
    X = pd.DataFrame({"c": pd.Categorical(["a", "a", "a", "b"], categories=["a", "b", "c"])})
    model = T1().fit(X, ["p", "p", "q", "q"])
    new = pd.DataFrame({"c": pd.Categorical(["c", "zz", None], categories=["a", "c", "zz"])})
    assert list(model.predict(new)) == ["p", "p", "p"]
    X2 = pd.DataFrame({"x": [0.0, 1.0, 2.0, 3.0]})
    model = T2().fit(X2, ["p", "q", "q", "q"])
    assert list(model.predict(pd.DataFrame({"x": [np.nan, -9.0, 9.0]}))) == ["q", "p", "q"]


def test_text_and_dict_export():
    model = T2().fit(X_TOY, Y_TOY)
    text = model.export_text()
    assert "u < 0.5" in text and "v >= 0.5" in text and str(model) == text
    assert json.loads(json.dumps(model.to_dict())) == model.to_dict()
    X = pd.DataFrame({"c": pd.Categorical(["a", "b", "b"]), "x": [1.0, 2.0, 3.0]})
    fitted = T2().fit(X, np.array([1, 2, 2]))
    exported = fitted.to_dict()
    assert json.loads(json.dumps(exported, allow_nan=False)) == exported  # no Infinity
    assert "c == 'a'" in T1().fit(X, ["s", "t", "t"]).export_text()


def test_ties_are_deterministic():
    X = pd.DataFrame({"b": [0.0, 1.0, 2.0, 3.0], "a": [0.0, 1.0, 2.0, 3.0]})
    y = ["p", "p", "q", "q"]
    first = T2().fit(X, y)
    assert first.to_dict() == T2().fit(X, y).to_dict()
    assert first.to_dict()["attribute"] == "b"
    assert T1().fit(X, ["p", "p", "p", "q"]).to_dict()["attribute"] == "b"
    assert T1(K=1).fit(X, ["p", "q", "p", "p"]).to_dict() == {"class": "p"}
    # A one-level tree is preferred to an equally good two-level tree, here one whose root
    # (an attribute missing everywhere) sends every item down the same edge.
    X["e"] = pd.Categorical([None] * 4, categories=["u"])
    assert T2().fit(X[["e", "a"]], y).export_text() == (
        "|--- a < 1.5: p\n|--- a >= 1.5: q\n|--- a is missing: p\n")


def test_params():
    model = T2(K=3)
    assert model.get_params() == {"K": 3, "continuous_missing": "edge"}
    assert model.set_params(K=2) is model and model.K == 2
    with pytest.raises(ValueError, match="invalid parameter"):
        model.set_params(depth=3)
    for bad in (0, 2.5, "3", True):
        with pytest.raises(ValueError, match="K must be"):
            T2(K=bad).fit(X_TOY, Y_TOY)


@pytest.mark.parametrize(
    ("X", "y", "message"),
    [
        (X_TOY["u"].to_numpy(), Y_TOY, "must be two-dimensional"),
        (X_TOY.iloc[:0], [], r"X has 0 sample\(s\)"),
        (X_TOY[[]], Y_TOY, r"X has 0 feature\(s\)"),
        (X_TOY, Y_TOY[:3], r"y has 3 labels; expected one per row of X \(4\)"),
        (pd.DataFrame({"b": [True, False, True, False]}), Y_TOY, "expected a float dtype"),
        (pd.DataFrame({"s": ["a", "b", "c", "d"]}), Y_TOY, "expected a float dtype"),
        (X_TOY, [None, "a", "b", "a"], "missing class labels"),
    ],
)
def test_bad_input(X, y, message):
    with pytest.raises(ValueError, match=message):
        T2().fit(X, y)


def test_predict_checks_columns():
    model = T2().fit(X_TOY, Y_TOY)
    with pytest.raises(ValueError, match="expected the training columns"):
        model.predict(X_TOY[["v", "u"]])
    with pytest.raises(ValueError, match="expected continuous"):
        model.predict(X_TOY.astype({"u": "category"}))
    with pytest.raises(ValueError, match="not fitted"):
        T1().predict(X_TOY)


def test_every_toy_labelling_on_a_grid():
    """All 2^8 labellings of a 4 x 2 grid: T2 equals the brute force on each."""
    X = pd.DataFrame({"u": [0.0, 1.0, 2.0, 3.0] * 2, "v": [0.0] * 4 + [1.0] * 4})
    for bits in itertools.product("ab", repeat=8):
        assert T2(K=2).fit(X, bits).n_errors_ == tree2_errors(X, bits, 2)


@pytest.mark.parametrize("seed", range(40))
def test_mask_errors_match_stump_errors(seed):
    """The stumps on overlapping sets (the branch and bound's evaluations) equal those of the
    merge-sort tables on each set alone, up to 150 items and 60 distinct values."""
    rng = np.random.default_rng(seed)
    X, y, K = random_case(rng, 150, 4, max_distinct=60)
    model = T2(K=K)
    Z, codes = model._start_fit(X, y)
    enc = _encode(Z, codes, len(model.classes_), model.schema_)
    masks = rng.random((5, len(codes))) < rng.random((5, 1))
    expected = np.stack([stump_errors(enc, np.where(mask, 0, -1), 1, K=K)[:, 0] for mask in masks])
    assert (mask_errors(Sorted(enc), masks, K=K) == expected.T).all()


def sorted_case(rng, max_sets: int):
    """A mixed tie-heavy case of :func:`random_case` (up to 120 items, 5 columns, 30 distinct
    values) as T2 sorts it, its K, and 1 to ``max_sets`` random item sets (some empty, some
    whole)."""
    X, y, K = random_case(rng, 120, 5, max_distinct=30)
    model = T2(K=K)
    Z, codes = model._start_fit(X, y)
    srt = Sorted(_encode(Z, codes, len(model.classes_), model.schema_))
    P = int(rng.integers(1, max_sets + 1))
    return srt, K, rng.random((P, len(codes))) < rng.choice([0.0, 0.3, 0.8, 1.0], (P, 1))


@pytest.mark.parametrize("derive", [True, False, None])
@settings(max_examples=20, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_partition_errors_match_mask_errors(derive, seed):
    """The edges of the categorical roots, each group's largest edge counted as its set minus
    the others: the same stumps as :func:`mask_errors` of every (set, edge) mask, on 50 mixed
    tie-heavy cases per seed (1-8 sets, some empty, some whole, up to 120 items; hypothesis
    draws the seeds), derived, counted, and as the cost decides."""
    rng = np.random.default_rng(seed)
    for _ in range(50):
        srt, K, sets = sorted_case(rng, 8)
        if not srt.cat:
            continue
        enc = srt.enc
        sizes = [enc.n_values[j] for j in srt.cat]
        edges = np.concatenate([enc.codes[j][None, :] == np.arange(b)[:, None]
                                for j, b in zip(srt.cat, sizes, strict=True)])
        masks = (sets[:, None, :] & edges[None]).reshape(-1, sets.shape[1])
        found = partition_errors(srt, sets, edges, np.cumsum([0, *sizes[:-1]]), K=K,
                                 derive=derive)
        assert (found == mask_errors(srt, masks, K=K)).all()


def onehot(srt: Sorted) -> np.ndarray:
    """The (m, C) one-hot matrix whose column sums :meth:`Sorted.counts` counts: the class, then
    (edge, class) of every categorical attribute, then (missing, class) of every continuous."""
    enc, p = srt.enc, srt.enc.p
    blocks = [np.eye(p, dtype=np.int64)[enc.y]]
    blocks += [np.eye(enc.n_values[j] * p, dtype=np.int64)[enc.codes[j] * p + enc.y]
               for j in srt.cat]
    blocks += [blocks[0] * (enc.codes[j] < 0)[:, None] for j in srt.cont]
    return np.concatenate(blocks, axis=1)


@settings(max_examples=20, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_counts_are_the_onehot_product(seed):
    """``Sorted.counts`` (from :attr:`Sorted.layout` and :attr:`Sorted.active`, no one-hot
    matrix) equals ``masks @ onehot`` on 50 mixed tie-heavy cases per seed; the layout's edge
    starts are the one-hot's attribute blocks."""
    rng = np.random.default_rng(seed)
    for _ in range(50):
        srt, _, masks = sorted_case(rng, 8)
        matrix = onehot(srt)
        width, starts = srt.layout
        sizes = [srt.enc.n_values[j] for j in srt.cat] + [1] * len(srt.cont)
        assert width == matrix.shape[1]
        assert (starts == np.cumsum([1, *sizes])[:-1]).all()
        rows, items = np.nonzero(masks)
        assert (srt.counts(rows, items, len(masks)) == masks @ matrix).all()


@settings(max_examples=40, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_pair_counts_match_item_counts(seed):
    """Each pair of categorical attributes counted once (the lower triangle transposed, each
    attribute's largest edge derived): the same (set, edge) tables as counting every item of
    every mask, on 30 all-categorical cases per seed (1-6 attributes of 1-6 values, some unused,
    2-4 classes, 1-6 sets, some empty, some whole; the derived edge drawn at random)."""
    rng = np.random.default_rng(seed)
    for _ in range(30):
        m, p = int(rng.integers(1, 60)), int(rng.integers(2, 5))
        values = [np.arange(rng.integers(0, 6)) for _ in range(rng.integers(1, 7))]
        codes = [rng.integers(0, len(v) + 1, m) for v in values]
        enc = Encoded(rng.integers(0, p, m), p, [False] * len(values), codes, values)
        srt = Sorted(enc)
        sets = rng.random((int(rng.integers(1, 7)), m)) < rng.choice([0.0, 0.4, 1.0], (1, 1))
        sizes = [enc.n_values[j] for j in srt.cat]
        edges = np.concatenate([enc.codes[j][None, :] == np.arange(b)[:, None]
                                for j, b in zip(srt.cat, sizes, strict=True)])
        masks = (sets[:, None, :] & edges[None]).reshape(-1, m)
        rows, items = np.nonzero(masks)
        assert (pair_counts(srt, sets) == srt.counts(rows, items, len(masks))).all()


@pytest.mark.parametrize("total_cells, cells",
                         [(root_sides_module.TOTAL_CELLS, root_sides_module.CELLS),
                          (root_sides_module.TOTAL_CELLS, 1), (0, root_sides_module.CELLS)])
@settings(max_examples=20, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_root_sides_match_mask_errors(total_cells, cells, seed):
    """Both sides of thresholds of continuous roots, read off each root's items in its
    attribute's order, the larger side counted as the root's present items minus the smaller
    (one threshold a step with ``CELLS = 1``; beyond ``TOTAL_CELLS``, both sides counted): the
    same stumps as :func:`mask_errors` of each side, built here item by item, on 30 mixed
    tie-heavy cases per seed (1-4 sets, roots on some attributes of some sets, random
    thresholds; hypothesis draws the seeds), every other case with the sets' counts given
    (:func:`set_counts`, as T2 shares them)."""
    rng = np.random.default_rng(seed)
    for case in range(30):
        srt, K, sets = sorted_case(rng, 4)
        if not srt.cont:
            continue
        P, m = sets.shape
        pairs = np.argwhere(rng.random((P, len(srt.cont))) < 0.7)  # by set, then attribute
        if not len(pairs):
            continue
        problem, attr = pairs[:, 0], pairs[:, 1]
        roots = rng.integers(0, len(problem), 12)
        lost = np.zeros((len(problem), m), dtype=bool)
        below, above = np.zeros((2, len(roots), m), dtype=bool)
        cuts = np.empty(len(roots), dtype=np.int64)
        for r, (s, k) in enumerate(pairs):
            lost[r] = sets[s] & (srt.enc.codes[srt.cont[k]] < 0)
        for t, r in enumerate(roots):
            k = attr[r]
            own = [i for i in srt.order[k][: srt.n_present[k]] if sets[problem[r], i]]
            cuts[t] = rng.integers(0, len(own) + 1)
            below[t, own[: cuts[t]]] = True
            above[t, own[cuts[t]:]] = True
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(root_sides_module, "TOTAL_CELLS", total_cells)
            patch.setattr(root_sides_module, "CELLS", cells)
            counted = set_counts(srt, sets) if case % 2 else None
            sides = RootSides(srt, sets, problem, attr, K=K, counted=counted)
            left, right = sides.errors(roots, cuts)
        assert (sides.missing == mask_errors(srt, lost, K=K).min(axis=0)).all()
        assert (left == mask_errors(srt, below, K=K).min(axis=0)).all()
        assert (right == mask_errors(srt, above, K=K).min(axis=0)).all()


@settings(max_examples=20, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_set_counts_give_mask_errors_and_candidates(seed):
    """The sets' counts, counted once (:func:`set_counts`), give the stumps of
    :func:`mask_errors` (:func:`counted_errors`) and the same thresholds, first guesses and
    order of ``_candidates`` as counting them there, on 30 mixed tie-heavy cases per seed
    (1-4 sets, 2-4 classes, missing values; hypothesis draws the seeds); None without
    continuous attributes or beyond ``TOTAL_CELLS``."""
    rng = np.random.default_rng(seed)
    for _ in range(30):
        srt, K, sets = sorted_case(rng, 4)
        counted = set_counts(srt, sets)
        if not srt.cont:
            assert counted is None
            continue
        assert (counted_errors(srt, *counted, K=K) == mask_errors(srt, sets, K=K)).all()
        got, expected = _candidates(srt, sets, counted), _candidates(srt, sets)
        assert (got is None) == (expected is None)
        for mine, theirs in zip(got or (), expected or (), strict=True):
            assert np.array_equal(mine, theirs)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(root_sides_module, "TOTAL_CELLS", len(sets) * block_width(srt) - 1)
            assert set_counts(srt, sets) is None


@pytest.mark.parametrize("seed", range(10))
def test_encode_ranks_each_column_as_unique_does(seed):
    """``_encode`` ranks all continuous columns in one sort: per column the codes and values
    of ``np.unique`` of its present values (missing: -1), on 100 tie-heavy mixed cases per seed
    (signed zeros among the values); categorical columns keep their codes."""
    rng = np.random.default_rng(seed)
    for _ in range(100):
        X, y, K = random_case(rng, 40, 4)
        for name in X.columns[X.dtypes.map(lambda d: d.kind == "f")]:  # signed zeros too
            zeros = rng.random(len(X)) < 0.2
            X.loc[zeros, name] = rng.choice([-0.0, 0.0], int(zeros.sum()))
        model = T2(K=K)
        Z, codes = model._start_fit(X, y)
        enc = _encode(Z, codes, len(model.classes_), model.schema_)
        for j, cats in enumerate(model.schema_.categories):
            column = Z[:, j]
            if cats is not None:
                assert enc.codes[j].tolist() == np.where(np.isnan(column), len(cats),
                                                         column).astype(int).tolist()
                continue
            present = ~np.isnan(column)
            distinct, rank = np.unique(column[present], return_inverse=True)
            assert np.array_equal(enc.values[j], distinct)
            assert enc.codes[j][present].tolist() == rank.tolist()
            assert (enc.codes[j][~present] == -1).all()


def sentinel_filled(X: pd.DataFrame) -> pd.DataFrame:
    """``X`` with each continuous column's missing values as a number below all of its own."""
    filled = X.copy()
    for name in X.columns:
        if X[name].dtype == float:
            filled[name] = X[name].fillna(-1e9)
    return filled


@settings(max_examples=300, **SETTINGS)
@given(datasets())
def test_missing_lowest_is_the_brute_force_on_sentinel_numbers(case):
    # continuous_missing="lowest": TREE(2) of the data whose continuous missing values are a
    # number below every known one (no missing edge is then ever used on those attributes)
    X, y, K = case
    for learner, depth in ((T1, 1), (T2, 2)):
        model = learner(K=K, continuous_missing="lowest").fit(X, y)
        brute = tree1_errors if depth == 1 else tree2_errors
        assert model.n_errors_ == brute(sentinel_filled(X), y, K)
        assert training_errors(model, X, y) == model.n_errors_
        assert list(model.predict(X)) == list(
            learner(K=K).fit(sentinel_filled(X), y).predict(sentinel_filled(X)))
        # no value can take a continuous test's missing edge: the tree has none
        assert (model.tree_.missing[model.tree_.intervals > 0] == -1).all()


def test_missing_lowest_joins_the_first_interval_and_narrows_the_class():
    # a missing u behaves as the smallest u: with an edge of its own T2 separates it
    X = pd.DataFrame({"u": [np.nan, np.nan, 0.0, 0.0, 1.0, 1.0]})
    y = ["b", "b", "a", "a", "b", "b"]
    assert T1(K=2).fit(X, y).n_errors_ == 0                      # missing edge: b
    lowest = T1(K=2, continuous_missing="lowest").fit(X, y)
    assert lowest.n_errors_ == 2                                  # two intervals for three runs
    assert lowest.predict(pd.DataFrame({"u": [np.nan]}))[0] == lowest.predict(
        pd.DataFrame({"u": [-5.0]}))[0]


def test_missing_lowest_trees_print_no_missing_edge_of_a_continuous_test():
    X = pd.DataFrame({"u": [np.nan, 0.1, 0.2, 0.3, 0.7, 0.8, 0.9, np.nan],
                      "v": [0.5, 0.1, 0.9, 0.4, 0.6, 0.2, 0.8, 0.3],
                      "c": pd.Categorical(["x", "y", "x", None, "y", "x", "y", "x"])})
    y = ["a", "a", "b", "b", "a", "b", "b", "a"]
    for learner in (T1, T2, T3):
        edge, lowest = learner().fit(X, y), learner(continuous_missing="lowest").fit(X, y)
        assert "u is missing" in edge.export_text() or "v is missing" in edge.export_text()
        text = lowest.export_text()
        assert "u is missing" not in text and "v is missing" not in text
        # where a missing value goes instead: the first interval of each continuous test
        firsts = [line for line in text.splitlines() if " < " in line and " <= " not in line]
        assert firsts and all(line.split(":")[0].endswith(" or missing") for line in firsts)
        assert "or missing" not in edge.export_text()
        assert lowest.n_errors_ == learner().fit(sentinel_filled(X), y).n_errors_
        assert list(lowest.predict(X)) == list(lowest.predict(sentinel_filled(X)))


def test_continuous_missing_is_checked():
    with pytest.raises(ValueError, match="continuous_missing must be one of"):
        T2(continuous_missing="first").fit(X_TOY, Y_TOY)
