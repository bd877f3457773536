"""Yildiz (2015) study pieces: rank tests, generated datasets, the protocol, tables and claims."""

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from smalltrees.data.generators import generate
from smalltrees.data.parse import DatasetError
from smalltrees.evaluation.ranks import friedman_nemenyi, nemenyi_q
from smalltrees.evaluation.resampling import stratified_fold_ids, stratified_holdout
from smalltrees.studies.yildiz15.claims import groups
from smalltrees.studies.yildiz15.protocol import (
    METHODS,
    paper_coding,
    run_dataset,
    select,
)
from smalltrees.studies.yildiz15.tables import make_metric_table

BREIMAN_COLUMNS = [{"name": "x{i}", "kind": "continuous", "repeat": 20},
                   {"name": "class", "kind": "class"}]


def test_nemenyi_critical_values_and_demsars_example():
    # Demsar (2006), Table 5 (printed to 3 decimals, 2.343 for 2.3437)
    assert [nemenyi_q(k) for k in (2, 3, 4, 5, 10)] == pytest.approx(
        [1.960, 2.343, 2.569, 2.728, 3.164], abs=1e-3)
    assert nemenyi_q(4, 0.10) == pytest.approx(2.291, abs=1e-3)
    # Demsar (2006), section 3.2.3: k = 4, N = 14 gives CD = 1.25 at alpha = 0.05
    test = friedman_nemenyi(np.random.default_rng(0).random((14, 4)), "abcd")
    assert round(test.critical_difference, 2) == 1.25


def test_friedman_agrees_with_scipy_and_cliques_follow_the_cd():
    rng = np.random.default_rng(1)
    values = rng.random((12, 4)) + np.array([0.0, 0.1, 0.5, 0.9])
    test = friedman_nemenyi(values, ["a", "b", "c", "d"])
    assert test.chi2 == pytest.approx(stats.friedmanchisquare(*values.T).statistic)
    ranks = dict(zip(test.methods, test.average_ranks, strict=True))
    for group in test.cliques():
        spread = max(ranks[m] for m in group) - min(ranks[m] for m in group)
        assert spread < test.critical_difference
    assert test.differ("a", "d") == (abs(ranks["a"] - ranks["d"]) >= test.critical_difference)
    with pytest.raises(ValueError, match="at least 2 datasets"):
        friedman_nemenyi(values[:1], "abcd")


@pytest.mark.parametrize("name", ["ringnorm", "twonorm"])
def test_breiman_generators_follow_their_definitions(name):
    spec = {"generator": {"name": name, "rows": 7400, "seed": 5}, "columns": BREIMAN_COLUMNS}
    X, y = generate("RN", spec)
    again, _ = generate("RN", spec)
    assert X.shape == (7400, 20) and X.equals(again)
    one, two = X[y == "1"].to_numpy(), X[y == "2"].to_numpy()
    a = 2 / np.sqrt(20)
    assert abs(len(one) - 3700) < 200
    close = {"abs": 0.03}
    if name == "twonorm":
        expected = [(one.mean(), a), (two.mean(), -a), (one.std(), 1.0), (two.std(), 1.0)]
    else:
        expected = [(one.mean(), 0.0), (two.mean(), a), (one.std(), 2.0), (two.std(), 1.0)]
    for value, target in expected:
        assert value == pytest.approx(target, **close)


def test_titanic_is_dawsons_table():
    columns = [{"name": n, "kind": "categorical"} for n in ("passenger_class", "sex", "age")]
    X, y = generate("TI", {"generator": {"name": "titanic"},
                           "columns": [*columns, {"name": "class", "kind": "class"}]})
    assert len(y) == 2201 and (y == "No").sum() == 1490
    assert X["passenger_class"].value_counts().to_dict() == {"Crew": 885, "3rd": 706,
                                                             "1st": 325, "2nd": 285}
    assert (X["sex"] == "Female").sum() == 470 and (X["age"] == "Child").sum() == 109
    with pytest.raises(DatasetError, match="columns declare"):
        generate("TI", {"generator": {"name": "titanic"}, "columns": BREIMAN_COLUMNS})
    with pytest.raises(DatasetError, match="generator.name 'lottery' is unknown"):
        generate("X", {"generator": {"name": "lottery"}, "columns": BREIMAN_COLUMNS})


def test_stratified_parts_keep_the_class_proportions():
    y = np.array(["a"] * 90 + ["b"] * 30)
    seed = np.random.SeedSequence(3)
    test = stratified_holdout(y, 1 / 3, seed)
    assert (y[test] == "a").sum() == 30 and (y[test] == "b").sum() == 10
    halves = stratified_fold_ids(y, 2, seed)
    assert (y[halves == 0] == "a").sum() == 45 and (y[halves == 0] == "b").sum() == 15
    assert (stratified_fold_ids(y, 2, np.random.SeedSequence(3)) == halves).all()


def test_paper_coding_keeps_discrete_data_and_codes_mixed_data_as_numbers():
    discrete = pd.DataFrame({"c": pd.Categorical(["x", "y"])})
    assert paper_coding(discrete)[1] == "discrete"
    mixed = pd.DataFrame({"n": [1.0, 2.0, 3.0],
                          "v": pd.Categorical(["10", "9", None], categories=["10", "9"]),
                          "s": pd.Categorical(["A12", "A11", "A12"])})
    coded, kind = paper_coding(mixed)
    assert kind == "continuous"
    assert coded["v"].tolist()[:2] == [10.0, 9.0] and np.isnan(coded["v"].iloc[2])
    assert coded["s"].tolist() == [1.0, 0.0, 1.0]


def test_selection_prefers_fewer_validation_errors_then_smaller_bound_then_smaller_tree():
    assert select(np.array([5, 3, 3, 3]), np.array([0.1, 0.5, 0.4, 0.4]),
                  np.array([1, 1, 9, 2])) == 3
    assert select(np.array([2, 2]), np.array([np.nan, np.nan]), np.array([4, 4])) == 0


def test_one_dataset_runs_ten_folds_of_four_methods_reproducibly():
    rng = np.random.default_rng(7)
    X = pd.DataFrame({"a": rng.normal(size=150), "b": rng.normal(size=150)})
    y = pd.Series(np.where(X["a"] + 0.8 * rng.normal(size=150) > 0, "p", "q"))
    settings = {"test_fraction": 1 / 3, "repetitions": 5,
                "pruning": {"order": "top_down", "ties": "prune", "confidence": "paper",
                            "lb_features": "path", "grid": {"a1_step": 0.5, "a2_step": 0.5,
                                                            "a1_max": 4.0, "a2_max": 2.0}}}
    rows = run_dataset(X, y, "toy", settings, seed=11)
    assert len(rows) == 40 and sorted(rows["fold"].unique()) == list(range(1, 11))
    assert (rows["n_test"] == 50).all() and (rows["n_train"] + rows["n_valid"] == 100).all()
    wide = rows.pivot(index="fold", columns="method", values="nodes")
    assert (wide[["CvPrune", "SrmLocal", "SrmGlobal"]].le(wide["NoPrune"], axis=0)).all().all()
    assert rows[rows["method"].isin(["SrmLocal", "SrmGlobal"])]["a1"].notna().all()
    assert rows.equals(run_dataset(X, y, "toy", settings, seed=11))


def test_groups_of_datasets_read_on_the_fold_means():
    def frame(values):
        return pd.DataFrame([{"code": code, **dict(zip(METHODS, v, strict=True))}
                             for code, v in values.items()])

    error = frame({"hurt": (10, 15, 10, 10), "help": (20, 15, 16, 17), "over": (20, 25, 18, 19)})
    nodes = frame({"hurt": (9, 2, 9, 9), "help": (9, 2, 5, 5), "over": (9, 1, 5, 6)})
    assert groups(error, nodes) == {"hurts": ["hurt"], "helps": ["help"], "over": ["over"]}
    folds = {"d": pd.DataFrame({"method": list(METHODS) * 2, "test_error": range(8),
                                "nodes": 1, "bound": 1.0})}
    table = make_metric_table(folds, "error")
    assert table.loc[0, "NoPrune"] == 2.0 and table.loc[0, "NoPrune_sd"] == pytest.approx(
        np.sqrt(8))
