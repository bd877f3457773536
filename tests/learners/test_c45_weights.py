"""C4.5 with case weights (``sample_weight``): rows weighted by whole numbers give the tree of
the rows repeated that many times, and Bagging fits its bootstrap samples that way.

The identity is to the last bit while no case weight is fractional; unknown values split cases
into fractional weights, whose sums round differently when a row is one case of weight ``k``
rather than ``k`` cases added one by one (docs/c45-case-weights.md): the tests say what holds then.
"""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_c45_j48 import FIXTURES, read_arff

from smalltrees import C45, Bagging
from smalltrees.data.store import build
from smalltrees.learners.registry import make_learner

ROOT = Path(__file__).resolve().parents[2]


class RepeatedC45(C45):
    """C4.5 that takes no case weights: Bagging fits it on the repeated rows of each sample,
    as it fitted every C4.5 before case weights."""

    def _fits_weighted(self) -> bool:
        return False


def nodes(model: C45) -> list[tuple]:
    """Every node of the fitted tree, depth-first: its test, class weights (to the last bit)
    and number of branches."""
    tree = model.tree_
    return [(int(tree.feature[node]), repr(float(tree.thresholds[node, 0])),
             None if tree.groups(node) is None else tree.groups(node).tolist(),
             tree.counts[node].tolist(), len(tree.edges(node)))
            for node in range(tree.n_nodes)]


def structure(model: C45) -> list[tuple]:
    """:func:`nodes` without the class weights."""
    return [node[:3] + node[4:] for node in nodes(model)]


@st.composite
def frames(draw, unknown: bool):
    """Small mixed data: continuous columns with many ties, categorical columns (a declared
    value never seen), constant columns; with ``unknown``, NaN in some cells."""
    n = draw(st.integers(2, 40))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    columns = {}
    for j in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["float", "float", "categorical", "constant"]))
        if kind == "categorical":
            columns[f"c{j}"] = pd.Categorical(rng.choice(list("uvw"), n),
                                              categories=list("uvwx"))
        elif kind == "float":
            columns[f"c{j}"] = rng.integers(0, draw(st.integers(2, 12)), n) * 0.5
        else:
            columns[f"c{j}"] = np.full(n, 1.5)
    X = pd.DataFrame(columns)
    if unknown:
        X = X.mask(rng.random(X.shape) < draw(st.sampled_from([0.05, 0.2, 0.5])))
    y = rng.choice(np.array(list("abc"))[: draw(st.integers(1, 3))], n).astype(object)
    draws = rng.integers(0, n, draw(st.integers(1, 2 * n)))  # a bootstrap-like draw
    return X, y, draws


shared_options = {
    "criterion": st.sampled_from(["gain_ratio", "gain", "G"]),
    "min_cases": st.sampled_from([1, 2, 3.5]),
    "prune": st.booleans(),
    "min_split_share": st.booleans(),
    "subset": st.booleans(),
    "cf": st.sampled_from([0.25, 0.1]),
    "error_estimate": st.sampled_from(["j48", "quinlan"]),
}
# Release 8 (its cut charge and rule as options) and the releases before it (the cut of best
# gain ratio among those of at least the average gain, no charge)
options = st.one_of(
    st.fixed_dictionaries({**shared_options, "mdl_correction": st.booleans(),
                           "threshold_by": st.sampled_from(["gain", "merit"])}),
    st.fixed_dictionaries({**shared_options, "release": st.just("pre-R8")}))


def both(X, y, draws, **params) -> tuple[C45, C45]:
    """C4.5 on the rows ``draws`` (repeated, in draw order) and on the distinct rows weighted by
    their counts."""
    repeated = C45(**params).fit(X.iloc[draws].reset_index(drop=True), y[draws])
    distinct, counts = np.unique(draws, return_counts=True)
    weighted = C45(**params).fit(X.iloc[distinct].reset_index(drop=True), y[distinct],
                                 sample_weight=counts)
    return repeated, weighted


@settings(derandomize=True, max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=frames(unknown=False), params=options)
def test_counts_give_the_tree_of_the_repeated_rows_to_the_last_bit(data, params):
    X, y, draws = data
    repeated, weighted = both(X, y, draws, **params)
    assert nodes(weighted) == nodes(repeated)
    assert weighted.export_text() == repeated.export_text()
    assert (weighted.n_nodes_, weighted.depth_, weighted.unpruned_depth_) == \
        (repeated.n_nodes_, repeated.depth_, repeated.unpruned_depth_)
    assert weighted.classes_.tolist() == repeated.classes_.tolist()
    assert np.array_equal(weighted.predict_proba(X), repeated.predict_proba(X))
    assert np.array_equal(weighted.predict(X), repeated.predict(X))


@settings(derandomize=True, max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=frames(unknown=True), params=options)
def test_with_unknown_values_the_same_tests_and_predictions(data, params):
    """Fractional weights (a case with an unknown tested value goes down every branch) are
    summed as ``k * w * share`` once, not ``w * share`` ``k`` times among the other cases:
    the class weights may differ in the last bits (and so a printed weight rounded at a
    half-hundredth, and the probabilities), the tests chosen and the predictions do not here."""
    X, y, draws = data
    repeated, weighted = both(X, y, draws, **params)
    assert structure(weighted) == structure(repeated)
    for one, other in zip(nodes(weighted), nodes(repeated), strict=True):
        assert np.allclose(one[3], other[3], rtol=1e-12, atol=1e-12)
    assert np.allclose(weighted.predict_proba(X), repeated.predict_proba(X), rtol=0,
                       atol=1e-12)
    assert np.array_equal(weighted.predict(X), repeated.predict(X))


@pytest.mark.parametrize("code", ["HD", "CR", "HE", "BC", "SO", "IO"])
@pytest.mark.parametrize("params", [{}, {"mdl_correction": False, "min_cases": 1},
                                    {"criterion": "G", "min_cases": 1, "prune": False},
                                    {"subset": True}, {"release": "pre-R8"}],
                         ids=["R8", "m1_no_mdl", "G_m1", "subset", "pre_R8"])
def test_counts_on_real_data(code, params):
    """The J48 fixtures' data (no download), bootstrap samples: with no unknown value (IO)
    the trees are the repeated rows' to the last bit; with unknown values, the same tests."""
    X, y = read_arff(FIXTURES / f"{code}.arff")
    y = np.asarray(y, dtype=object)
    rng = np.random.default_rng(36)
    for _ in range(3):
        repeated, weighted = both(X, y, rng.integers(0, len(X), len(X)), **params)
        if X.isna().any().any():
            assert structure(weighted) == structure(repeated)
            assert np.array_equal(weighted.predict(X), repeated.predict(X))
        else:
            assert nodes(weighted) == nodes(repeated)
            assert weighted.export_text() == repeated.export_text()
            assert np.array_equal(weighted.predict_proba(X), repeated.predict_proba(X))


def test_zero_weight_leaves_a_row_out_and_a_weight_of_one_changes_nothing():
    X = pd.DataFrame({"a": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0],
                      "c": pd.Categorical(list("uvuvuvw"), categories=list("uvwx"))})
    y = np.array(list("nnnyyyn"), dtype=object)
    plain = C45(min_cases=1).fit(X, y)
    assert nodes(C45(min_cases=1).fit(X, y, sample_weight=np.ones(7))) == nodes(plain)
    dropped = C45(min_cases=1).fit(X, y, sample_weight=[1, 1, 1, 1, 1, 1, 0])
    alone = C45(min_cases=1).fit(X.iloc[:6], y[:6])
    assert dropped.export_text() == alone.export_text()
    assert dropped.classes_.tolist() == ["n", "y"]


def test_a_weighted_row_counts_as_cases_where_c45_counts_cases():
    """Three distinct values weighted 10 each are 30 cases: a continuous split needs
    ``2 * min_split`` known cases (counted, not weighed) and gets them; the distinct rows
    alone (3 cases) do not."""
    X = pd.DataFrame({"a": [1.0, 2.0, 3.0]})
    y = np.array(["n", "n", "y"], dtype=object)
    weighted = C45(min_cases=2, prune=False).fit(X, y, sample_weight=[10, 10, 10])
    repeated = C45(min_cases=2, prune=False).fit(X.iloc[np.repeat([0, 1, 2], 10)], np.repeat(y, 10))
    assert weighted.export_text() == repeated.export_text() == "a <= 2: n (20.0)\na > 2: y (10.0)"
    assert C45(min_cases=2, prune=False).fit(X, y).n_leaves_ == 1


@pytest.mark.parametrize("weights, message", [
    ([1, 1], "shape (2,); expected one weight per row of X (3,)"),
    ([1, -1, 1], "negative or non-finite value(s) (first at row 1: -1.0)"),
    ([1, np.nan, 1], "negative or non-finite value(s) (first at row 1: nan)"),
    ([0, 0, 0], "zero for every row"),
    (["a", "b", "c"], "expected numbers"),
])
def test_bad_weights_are_refused_by_name(weights, message):
    X = pd.DataFrame({"a": [1.0, 2.0, 3.0]})
    with pytest.raises(ValueError, match="sample_weight") as error:
        C45().fit(X, ["n", "n", "y"], sample_weight=weights)
    assert message in str(error.value)


def test_windowing_takes_no_weights_and_bagging_repeats_its_rows():
    X = pd.DataFrame({"a": np.arange(12, dtype=float)})
    y = np.array(["n"] * 6 + ["y"] * 6, dtype=object)
    with pytest.raises(ValueError, match="window=True.*sample_weight"):
        C45(window=True).fit(X, y, sample_weight=np.ones(12))
    model = Bagging(C45(window=True, trials=2), n_estimators=3, random_state=1).fit(X, y)
    rng = np.random.default_rng(1)
    for member in model.estimators_:
        rows = rng.integers(0, 12, 12)
        alone = C45(window=True, trials=2).fit(X.iloc[rows].reset_index(drop=True), y[rows])
        assert member.export_text() == alone.export_text()


def bagging_pair(entry: dict) -> tuple[Bagging, Bagging]:
    """The configured Bagging learner and the same fitting each sample's repeated rows."""
    weighted = make_learner(entry)
    repeated = make_learner(entry)
    repeated.set_params(estimator=RepeatedC45(**repeated.estimator.get_params()))
    return weighted, repeated


def same_ensembles(weighted: Bagging, repeated: Bagging, X) -> None:
    assert len(weighted.estimators_) == len(repeated.estimators_)
    for one, other in zip(weighted.estimators_, repeated.estimators_, strict=True):
        assert nodes(one) == nodes(other)
        assert one.export_text() == other.export_text()
    assert np.array_equal(weighted.predict(X), repeated.predict(X))
    assert np.array_equal(weighted.predict_proba(X), repeated.predict_proba(X))


@settings(derandomize=True, max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.one_of(frames(unknown=False), frames(unknown=True)), seed=st.integers(0, 99))
def test_bagging_on_counts_is_bagging_on_repeated_rows(data, seed):
    """Samples with an unknown value are fitted on their repeated rows, so the ensembles are
    equal to the last bit in every case."""
    X, y, _ = data
    weighted, repeated = (Bagging(estimator, n_estimators=5, random_state=seed).fit(X, y)
                          for estimator in (C45(min_cases=1), RepeatedC45(min_cases=1)))
    same_ensembles(weighted, repeated, X)


def test_bagging_of_last02_identical_on_its_datasets(mirror):
    """last02's configured bagged C4.5 on each of its datasets (the whole data): the same
    trees, to the last bit, as fitted on the samples' repeated rows."""
    config = yaml.safe_load((ROOT / "config.yaml").read_text())
    registry = yaml.safe_load((ROOT / "data" / "datasets.yaml").read_text())["datasets"]
    entry = config["learners"]["BAG_C45"]
    for code in config["last02"]["datasets"]:
        X, y = build(code, registry[code], raw_dir=mirror)
        weighted, repeated = bagging_pair(entry)
        same_ensembles(weighted.fit(X, y), repeated.fit(X, y), X)


def test_a_fractional_min_cases_bounds_continuous_branches_as_it_is():
    """Without ``min_split_share`` a continuous branch needs ``min_cases``, not ``min_cases``
    rounded down: counted class weights (integers) once made the bound an integer array (the
    identity above found it: the weighted fit, whose class weights are floats, disagreed)."""
    X = pd.DataFrame({"a": [0.0] * 7 + [1.0] * 3})
    y = np.array(["b"] * 7 + ["a"] * 3, dtype=object)
    for weights in (None, np.ones(10)):
        assert C45(min_cases=3.5, min_split_share=False).fit(
            X, y, sample_weight=weights).n_leaves_ == 1
    assert C45(min_cases=3, min_split_share=False).fit(X, y).n_leaves_ == 2
