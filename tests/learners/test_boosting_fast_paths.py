"""The eighth session's cheaper paths of TopDown and AdaBoost give what the previous code gave.

Each test holds the previous code (as it was before the change, verbatim but for names) as the
reference and compares on many small random problems: AdaBoost's stump prediction (a table
lookup instead of three ``where``s, a categorical attribute's branches kept for the next stump
that tests it), its search of the least-error test (the attributes' errors
set in one assignment instead of a loop), TopDown's growth (a split's children judged together,
the frontier a heap instead of a scan for the largest Delta) and the encoding of a frame's
categorical columns (``items()`` instead of ``iloc``). Every comparison is exact: the same trees,
rounds and floats.
"""

import numpy as np
import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

from smalltrees import AdaBoost
from smalltrees.learners.boosting import topdown_grow
from smalltrees.learners.boosting.adaboost import Predictions, Stump, StumpSearch
from smalltrees.learners.boosting.sweep import cut_threshold, cut_weights
from smalltrees.learners.criteria import EPS
from smalltrees.learners.splits import (
    Attributes,
    category_counts,
    count_category_bins,
    restrict_order,
)


def reference_predict(stump: Stump, Z: np.ndarray) -> np.ndarray:
    """The stump's labels as computed before the table lookup."""
    x = Z[:, stump.feature]
    if not np.isnan(stump.threshold):
        branch = np.where(np.isnan(x), -1, (x > stump.threshold).astype(np.int64))
    else:
        branch = np.where(np.isnan(x), -1.0, x).astype(np.int64)
    return np.where(branch >= 0, stump.labels[np.maximum(branch, 0)], stump.default)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_stump_prediction_is_the_previous_one(data):
    n, n_values = data.draw(st.integers(1, 30)), data.draw(st.integers(1, 5))
    categorical = data.draw(st.booleans())
    values = st.integers(0, n_values - 1) if categorical else st.integers(-3, 3)
    column = [data.draw(st.one_of(values, st.none())) for _ in range(n)]
    Z = np.array([[np.nan if v is None else float(v)] for v in column])
    labels = np.array(data.draw(st.lists(st.integers(0, 1), min_size=n_values if categorical
                                         else 2, max_size=n_values if categorical else 2)))
    threshold = np.nan if categorical else data.draw(st.sampled_from([-1.5, 0.0, 0.5, 2.0]))
    stump = Stump(0, threshold, labels, data.draw(st.integers(0, 1)))
    got, expected = stump.predict(Z), reference_predict(stump, Z)
    assert got.dtype == expected.dtype and np.array_equal(got, expected)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_stumps_sharing_an_attribute_predict_as_each_alone(data):
    """Predictions keeps a categorical attribute's branches for the next stump that tests it
    (other labels, other default): each stump's labels are still the previous ones."""
    n = data.draw(st.integers(1, 20))
    Z = np.array([[data.draw(st.one_of(st.integers(0, 2), st.none())) for _ in range(2)]
                  for _ in range(n)], dtype=float)
    predictions = Predictions(Z)
    for _ in range(data.draw(st.integers(1, 8))):
        categorical = data.draw(st.booleans())
        labels = np.array(data.draw(st.lists(st.integers(0, 1), min_size=3 if categorical
                                             else 2, max_size=3 if categorical else 2)))
        stump = Stump(data.draw(st.integers(0, 1)), np.nan if categorical else 0.5, labels,
                      data.draw(st.integers(0, 1)))
        assert np.array_equal(predictions.of(stump), reference_predict(stump, Z))


def reference_best(search: StumpSearch, weights: np.ndarray):
    """StumpSearch.best before the errors were set in one assignment (as it was)."""
    A, f = search.attributes, search.f
    positive, negative = weights * f, weights * (1 - f)
    errors = np.full(A.n_values.size, np.inf)
    where = {}
    if A.continuous.size and f.size > 1:
        cuts = cut_weights(A, A.order, positive, negative)
        P, N = cuts.total_positive, cuts.total_negative
        error = (np.minimum(cuts.positives, cuts.negatives)
                 + np.minimum(P - cuts.positives, N - cuts.negatives))
        error[~cuts.admissible] = np.inf
        first = np.argmin(error, axis=1)
        for a, j in enumerate(A.continuous.tolist()):
            errors[j] = error[a, first[a]]
            where[j] = (a, int(first[a]), cuts)
    if A.categorical.size:
        neg, pos = count_category_bins(A, search.bins, 2, weights)
        splits = np.count_nonzero(pos + neg > 0, axis=1) >= 2
        error = np.minimum(pos, neg).sum(axis=1)
        for c in np.flatnonzero(splits).tolist():
            j = int(A.categorical[c])
            errors[j] = error[c]
            where[j] = (c, pos, neg)
    if not np.isfinite(errors).any():
        return None, 0.5
    j = int(np.argmin(errors))
    default = int(positive.sum() >= negative.sum())
    if A.n_values[j] == 0:
        a, position, cuts = where[j]
        P, N = cuts.total_positive, cuts.total_negative
        left_p, left_n = cuts.positives[a, position], cuts.negatives[a, position]
        labels = np.array([int(left_p >= left_n), int(P - left_p >= N - left_n)])
        return Stump(j, cut_threshold(A, A.order, a, position), labels,
                     default), float(errors[j])
    c, pos, neg = where[j]
    n = int(A.n_values[j])
    empty = (pos[c, :n] + neg[c, :n]) == 0
    labels = np.where(empty, default, (pos[c, :n] >= neg[c, :n]).astype(np.int64))
    return Stump(j, np.nan, labels, default), float(errors[j])


def random_columns(data, n_max=25):
    """``(Z, n_values, f)``: a few continuous (n_values 0) and categorical columns, no NaN."""
    n = data.draw(st.integers(1, n_max))
    kinds = data.draw(st.lists(st.integers(0, 11), min_size=1, max_size=5))
    Z = np.column_stack([data.draw(st.lists(st.integers(0, k - 1 if k else 3), min_size=n,
                                            max_size=n)) for k in kinds]).astype(float)
    f = np.array(data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    return Z, np.array(kinds), f


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_least_error_test_is_the_previous_one(data):
    Z, n_values, f = random_columns(data)
    search = StumpSearch(Attributes(np.asfortranarray(Z), n_values), f)
    raw = np.array(data.draw(st.lists(st.sampled_from([0.0, 1.0, 2.0, 3.0, 0.1, 1e-300]),
                                      min_size=f.size, max_size=f.size)))
    weights = raw / raw.sum() if raw.sum() > 0 else np.full(f.size, 1.0 / f.size)
    (stump, eps), (expected, expected_eps) = search.best(weights), reference_best(search,
                                                                                  weights)
    assert eps == expected_eps
    if expected is None:
        assert stump is None
        return
    assert (stump.feature, stump.default) == (expected.feature, expected.default)
    assert np.array_equal(stump.threshold, expected.threshold, equal_nan=True)
    assert np.array_equal(stump.labels, expected.labels)


def reference_best_test(problem, rows):
    """topdown_grow.best_test as it was: one leaf at a time."""
    A, n = problem.attributes, rows.size
    P = int(problem.f[rows].sum())
    if P in (0, n):
        return None
    node = float(problem.impurity(np.array([P, n - P], dtype=float)))
    best = None
    found = {}
    if A.continuous.size and n > 1:
        cases = rows[restrict_order(A.order, rows, problem.f.size)]
        cuts = cut_weights(A, cases, problem.positive, problem.negative)
        left = np.stack([cuts.positives, cuts.negatives])
        right = np.array([P, n - P], dtype=float)[:, None, None] - left
        gain = (node - problem.impurity(left, axis=0) - problem.impurity(right, axis=0)) / n
        gain[~cuts.admissible] = -np.inf
        top = gain.max(axis=1)
        first = np.argmax(gain >= top[:, None] - EPS, axis=1)
        for a, j in enumerate(A.continuous.tolist()):
            if np.isfinite(top[a]):
                found[j] = ("cut", gain[a, first[a]], (cases, a, int(first[a])))
    if A.categorical.size:
        neg, pos = category_counts(A, rows, problem.f[rows], 2)
        branches = np.stack([pos, neg])
        gain = (node - problem.impurity(branches, axis=0).sum(axis=1)) / n
        separates = np.count_nonzero(pos + neg > 0, axis=1) >= 2
        for c, j in enumerate(A.categorical.tolist()):
            if separates[c]:
                found[j] = ("values", gain[c], c)
    best_gain = -np.inf
    for j in sorted(found):
        if found[j][1] > best_gain + EPS:
            best, best_gain = j, found[j][1]
    if best is None:
        return None
    kind, gain, where = found[best]
    values = A.Z[rows, best]
    if kind == "cut":
        cases, a, position = where
        threshold = cut_threshold(A, cases, a, position)
        branch = (values > threshold).astype(np.int64)
        n_branches = 2
    else:
        threshold, branch = np.nan, values.astype(np.int64)
        n_branches = int(A.n_values[best])
    positives = np.bincount(branch, weights=problem.positive[rows], minlength=n_branches)
    negatives = np.bincount(branch, weights=problem.negative[rows], minlength=n_branches)
    return topdown_grow.Candidate(best, float(gain), threshold, branch, positives, negatives)


def reference_grow(problem, max_splits):
    """topdown_grow.grow as it was: the frontier scanned for the largest Delta, each leaf's
    best test found alone."""
    m, tree = problem.f.size, topdown_grow.Growth()
    P = int(problem.f.sum())
    tree.add(int(2 * P >= m), 0)
    frontier, errors = {}, min(P, m - P)

    def consider(node, rows):
        test = reference_best_test(problem, rows)
        if test is not None:
            frontier[node] = (rows, test)

    def split(leaf, rows, test):
        n, P = rows.size, int(problem.f[rows].sum())
        tree.feature[leaf], tree.threshold[leaf] = test.attribute, test.threshold
        tree.split_round[leaf] = len(tree.rounds) + 1
        change = -min(P, n - P)
        for b in range(test.positives.size):
            p, count = int(test.positives[b]), int(test.positives[b] + test.negatives[b])
            child = tree.add(int(2 * p >= count) if count else tree.label[leaf],
                             tree.depth[leaf] + 1)
            tree.children[leaf].append(child)
            change += min(p, count - p)
            if count:
                consider(child, rows[test.branch == b])
        tree.rounds.append((leaf, test.gain))
        return change

    consider(0, np.arange(m))
    while errors > 0 and frontier and (max_splits is None or len(tree.rounds) < max_splits):
        leaf = max(frontier, key=lambda i: (frontier[i][1].gain * frontier[i][0].size, -i))
        rows, test = frontier.pop(leaf)
        errors += split(leaf, rows, test)
    return tree


@settings(max_examples=300, deadline=None)
@given(st.data(), st.sampled_from(["entropy", "G"]))
def test_topdown_splits_the_leaves_the_previous_scan_split(data, criterion):
    Z, n_values, f = random_columns(data, n_max=30)
    max_splits = data.draw(st.one_of(st.none(), st.integers(0, 6)))
    problem = topdown_grow.Problem(Attributes(Z, n_values), f,
                                   topdown_grow.IMPURITIES[criterion])
    grown, expected = topdown_grow.grow(problem, max_splits), reference_grow(problem, max_splits)
    assert [(r["node"], r["gain"]) for r in grown.rounds] == expected.rounds
    for name in ("feature", "children", "split_round", "label", "depth"):
        assert getattr(grown, name) == getattr(expected, name), name
    assert np.array_equal(grown.threshold, expected.threshold, equal_nan=True)


def test_ties_between_leaves_go_to_the_leaf_made_first():
    """XOR: the root's two children have the same Delta; the one made first is split first."""
    Z = np.array([[0, 0], [0, 1], [1, 0], [1, 1]] * 2, float)
    f = (Z[:, 0] != Z[:, 1]).astype(int)
    problem = topdown_grow.Problem(Attributes(Z, np.array([2, 2])), f,
                                   topdown_grow.IMPURITIES["entropy"])
    assert [r["node"] for r in topdown_grow.grow(problem, None).rounds] == [0, 1, 2]


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_models_on_frames_with_categorical_columns_predict_as_before(data):
    """End to end: AdaBoost on a frame (categorical columns encoded through ``items()``) gives
    the vote of the previous stump prediction, round by round."""
    n = data.draw(st.integers(4, 30))
    X = pd.DataFrame({
        "x": np.array(data.draw(st.lists(st.integers(0, 5), min_size=n, max_size=n)), float),
        "c": pd.Categorical(data.draw(st.lists(st.sampled_from("uvw"), min_size=n,
                                               max_size=n)), categories=["u", "v", "w"])})
    y = np.array(data.draw(st.lists(st.sampled_from(["n", "p"]), min_size=n, max_size=n)))
    y[:2] = ["n", "p"]
    model = AdaBoost(n_rounds=data.draw(st.integers(1, 8))).fit(X, y)
    Z = model.schema_.encode(X)
    votes, total = np.zeros(n), 0.0
    for stump, alpha in zip(model.stumps_, model.alphas_, strict=True):
        if np.isinf(alpha):
            votes, total = np.where(reference_predict(stump, Z) == 1, np.inf, -np.inf), 0.0
            break
        votes += alpha * reference_predict(stump, Z)
        total += alpha
    expected = model.classes_[((votes - 0.5 * total) >= 0).astype(int)]
    assert np.array_equal(model.predict(X), expected)
