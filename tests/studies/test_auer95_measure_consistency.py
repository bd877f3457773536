"""Tests of whether Auer et al.'s three C4.5 measures can hold together (issue 37):
the bound d.c. >= 2 - a - a0 + c + e against trees enumerated by brute force, and the table."""

import itertools

import numpy as np
import pandas as pd
import pytest

from smalltrees.studies.auer95.measure_consistency import (
    least_dynamic_complexity,
    measure_consistency,
    shares,
)


def test_the_bound_by_hand():
    # Iris: a = 1/3, 33.5% deeper than 2, depth 3.995, 144 training cases, -m 2
    assert least_dynamic_complexity(0.335, 3.995, 1 / 3, 0.0, 144, 2) == pytest.approx(
        2 - 1 / 3 + 0.335 + 2 * 0.995 * 3.995 / 288)
    # no tests beyond the third at depth 3 or less
    assert least_dynamic_complexity(0.095, 2.995, 0.283, 0.0, 102, 2) == pytest.approx(1.812)


def chain_leaf_counts(depth: int, min_cases: int, extra: list[int]) -> list[tuple[int, int]]:
    """(depth, cases) of the leaves of a tree whose deepest path has ``depth`` tests, each
    test sending ``min_cases + extra`` cases off the path (two leaves at the end)."""
    leaves = [(k, min_cases + extra[k - 1]) for k in range(1, depth)]
    return leaves + [(depth, min_cases + extra[depth - 1]), (depth, min_cases)]


@pytest.mark.parametrize("depth,min_cases", list(itertools.product(range(1, 9), (1, 2, 3))))
def test_tests_beyond_the_third_are_at_least_the_chain_bound(depth, min_cases):
    # every tree with >= min_cases on two branches of each test: the chain with the least
    # cases off its path meets the bound exactly, any more cases only add to it
    rng = np.random.default_rng(depth * 10 + min_cases)
    # the bound's tests beyond the third over all training cases (n = 1, no shares)
    bound = least_dynamic_complexity(0.0, depth, 0.0, 0.0, 1.0, min_cases) - 2.0
    for trial in range(50):
        extra = [0] * depth if trial == 0 else rng.integers(0, 4, size=depth).tolist()
        leaves = chain_leaf_counts(depth, min_cases, extra)
        beyond = sum(max(d - 3, 0) * cases for d, cases in leaves)
        assert beyond >= bound
        if trial == 0:
            assert beyond == pytest.approx(bound)


def test_the_bound_holds_for_any_tree_of_the_shares():
    # exact d.c. of example depths against the bound with e = 0 and the observed shares
    rng = np.random.default_rng(1)
    for _ in range(500):
        depths = rng.integers(0, 7, size=rng.integers(1, 30))
        a0 = float(np.mean(depths == 0))
        a = float(np.mean(depths <= 1))
        c = float(np.mean(depths > 2))
        e = float(np.mean(np.maximum(depths - 3, 0)))
        assert depths.mean() >= 2 - a - a0 + c + e - 1e-12


def folds(one_test: float, depth: int = 4) -> pd.DataFrame:
    return pd.DataFrame([{"dataset": "IR", "learner": learner, "repetition": 1, "fold": fold,
                          "n_train": 144, "n_test": 6, "depth": depth,
                          "frac_deeper_than_1": 1 - one_test, "frac_deeper_than_2": 0.35,
                          "dynamic_complexity": 2.05 if learner == "C" else 2.25}
                         for learner in ("C", "D") for fold in range(25)])


def paper(dc: str, pct: str, depth: str) -> pd.DataFrame:
    values = {"c45_dynamic_complexity": dc, "c45_pct_deeper_than_2": pct, "c45_depth": depth}
    return pd.DataFrame([{"table": "table2", "code": "IR", "quantity": quantity,
                          "value": float(text), "spread": np.nan,
                          "decimals": len(text.partition(".")[2]), "where": ""}
                         for quantity, text in values.items()])


def test_iris_cannot_hold_and_a_larger_dc_can():
    got = measure_consistency(folds(1 / 3), paper("2.00", "34", "4.00"), ["IR", "XX"], 1)
    assert got["code"].tolist() == ["IR"]                      # XX: no paper numbers
    row = got.iloc[0]
    assert row["printed"] == "2.00 / 34 / 4.00"
    assert row["least_dc"] == pytest.approx(2 - 1 / 3 + 0.335 + 0.995 * 3.995 / 288)
    assert not row["can_hold"]
    # measured beside the bound: what the paper's numbers leave, the fewest of any learner
    assert row["allowed_beyond_third"] == pytest.approx(2.005 - 2 + 1 / 3 - 0.335)
    assert row["least_beyond_third"] == pytest.approx(2.05 - 2 + 1 / 3 - 0.35)
    assert measure_consistency(folds(1 / 3), paper("2.02", "34", "4.00"), ["IR"],
                               1).iloc[0]["can_hold"]
    # more classified after one test by some C4.5: room for the paper's numbers
    assert measure_consistency(folds(0.36), paper("2.00", "34", "4.00"), ["IR"],
                               1).iloc[0]["can_hold"]


def test_shares_weigh_the_folds_and_count_leaf_trees():
    frame = pd.DataFrame([
        {"dataset": "X", "learner": "C", "repetition": 1, "n_train": 10, "n_test": 3,
         "depth": 0, "frac_deeper_than_1": 0.0, "frac_deeper_than_2": 0.0,
         "dynamic_complexity": 0.0},
        {"dataset": "X", "learner": "C", "repetition": 1, "n_train": 12, "n_test": 1,
         "depth": 5, "frac_deeper_than_1": 1.0, "frac_deeper_than_2": 1.0,
         "dynamic_complexity": 5.0}])
    row = shares(frame).iloc[0]
    assert row["one_test"] == pytest.approx(3 / 4)    # at most one test: the leaf's 3 of 4
    assert row["no_test"] == pytest.approx(3 / 4)     # the leaf's 3 test examples of 4
    assert row["beyond_third"] == pytest.approx(2 / 4)  # 2 tests beyond the third, 1 example
    assert row["n_train"] == 11
