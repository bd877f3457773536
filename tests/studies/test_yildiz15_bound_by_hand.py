"""The SRM bound of Yildiz (2015), eqs. (2) and (4), and the VC-dimension it uses, computed by hand
for one small tree on a 12-example dataset and compared with the library and with the bound the
study reports (Table IV's per-fold value).

By hand, from the paper's text (section I and Fig. 7):

    eps = a1 * (V * (ln(a2 * S / V) + 1) - ln(nu)) / S,   nu = 1 / sqrt(S)               (4)
    E_g <= E_t + (eps / 2) * (1 + sqrt(1 + 4 * E_t / eps))                               (2)

    LB-continuous: a leaf counts 1, a node with two leaves floor(log2 d) + 1 (line 4, d = all
    attributes of the dataset), any other node the sum of its children (line 7).

The dataset: 12 examples, d = 7 numeric attributes (x2 to x6 constant). ID3 grows
``x0 <= 6.5 ? n : (x1 <= 6 ? p : n)``: the root's left child is a leaf (1), its right child a
node with two leaves (floor(log2 7) + 1 = 3), so V = 1 + 3 = 4 for the grown tree, 3 for the
tree cut at the root's right child, 1 for the root alone. (d = 7 tells line 4 of LB-continuous
from Corollary 3's floor(log2(d + 1)) + 1 = 4 and from the author's unfloored log2(7) + 1.)
"""

import math

import numpy as np
import pandas as pd
import pytest

from smalltrees.learners.id3 import ID3
from smalltrees.learners.id3.pruning.bound import srm_bound, srm_epsilon
from smalltrees.learners.id3.pruning.capacity import node_values, tree_lb
from smalltrees.studies.yildiz15.bound_readings import at_constants
from smalltrees.studies.yildiz15.protocol import run_dataset, run_fold
from smalltrees_workflow.config import ConfigError
from smalltrees_workflow.plans.yildiz15 import check_config, settings_text

X = pd.DataFrame({"x0": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12.0],
                  "x1": [8, 9, 10, 11, 1, 2, 9, 1, 10, 2, 11, 3.0],
                  **{f"x{i}": [float(i)] * 12 for i in range(2, 7)}})
y = np.array(["n"] * 6 + ["p", "n", "p", "n", "p", "n"])
S, D = 12, 7
#: V by hand (LB-continuous) of the three trees this data can give, by number of decision nodes
V_BY_NODES = {0: 1, 1: 3, 2: 4}


def bound_by_hand(E_t: float, V: float, S: float, a1: float, a2: float) -> float:
    """Eqs. (2) and (4) as printed, with the paper's nu = 1 / sqrt(S) and natural logs."""
    nu = 1.0 / math.sqrt(S)
    eps = a1 * (V * (math.log(a2 * S / V) + 1.0) - math.log(nu)) / S
    return E_t + (eps / 2.0) * (1.0 + math.sqrt(1.0 + 4.0 * E_t / eps))


def test_eq_2_and_4_worked_by_hand_match_the_library():
    # the grown tree: V = 4, E_t = 0, a1 = 4 and a2 = 2 (the paper's worst case):
    # eps = 4 (4 (ln 6 + 1) + (ln 12) / 2) / 12 = 4 (11.16704 + 1.24245) / 12 = 4.13650
    assert float(srm_epsilon(4, S, 4.0, 2.0)) == pytest.approx(4.13650, abs=5e-6)
    assert float(srm_bound(0.0, 4, S, 4.0, 2.0)) == pytest.approx(4.13650, abs=5e-6)
    # the root alone: V = 1, E_t = 3/12, a1 = a2 = 1:
    # eps = (ln 12 + 1 + (ln 12) / 2) / 12 = 0.393947
    # bound = 0.25 + 0.196973 (1 + sqrt(1 + 1 / 0.393947)) = 0.25 + 0.196973 * 2.881066 = 0.817493
    assert float(srm_epsilon(1, S, 1.0, 1.0)) == pytest.approx(0.393947, abs=5e-7)
    assert float(srm_bound(0.25, 1, S, 1.0, 1.0)) == pytest.approx(0.817493, abs=5e-7)
    # the author's toolkit: nu = 0.01 and ln(nu / 4) = -5.991465 instead of -(ln 12) / 2
    assert float(srm_epsilon(1, S, 1.0, 1.0, "isell")) == pytest.approx(
        (math.log(12) + 1 + 5.991465) / 12, abs=5e-7)
    for E_t, V, a1, a2 in [(0.0, 4, 4.0, 2.0), (0.25, 1, 1.0, 1.0), (1 / 12, 3, 0.3, 1.7),
                           (0.5, 2, 2.5, 0.4)]:
        assert float(srm_bound(E_t, V, S, a1, a2)) == pytest.approx(
            bound_by_hand(E_t, V, S, a1, a2), rel=1e-12)


def test_the_grown_tree_and_its_lower_bound_by_hand():
    model = ID3().fit(X, y)
    tree = model.tree_
    assert tree.shape() == ("L", ("L", "L"))
    assert tree.feature[0] == 0 and tree.thresholds[0, 0] == 6.5
    assert tree.counts[0].tolist() == [9, 3]
    base = node_values(tree, model.schema_.n_values, "continuous")
    assert base[~tree.is_leaf].tolist() == [math.floor(math.log2(D)) + 1] * 2 == [3, 3]
    assert tree_lb(tree, base, tree.is_leaf)[0] == V_BY_NODES[2]
    cut_right = np.zeros(tree.n_nodes, dtype=bool)
    cut_right[2] = True
    assert tree_lb(tree, base, tree.is_leaf | cut_right)[0] == V_BY_NODES[1]


# validation sets that make the grid selection keep the grown tree (labelled as the tree says)
# or cut it to the root (all "n": the root leaf makes no validation error)
VALIDATION = {"grown": y, "root": np.array(["n"] * 12)}


@pytest.mark.parametrize("valid", sorted(VALIDATION))
def test_the_reported_bound_of_a_fold_is_eq_2_by_hand(valid):
    """run_fold's ``bound`` (Table IV's per-fold value, %) and ``vc_lb`` for SrmLocal and
    SrmGlobal equal eq. (2) by hand for the tree it selected: V from its node count, E_t its
    training error, S = 12, at the (a1, a2) it selected."""
    options = {"lb_features": "path", "order": "top_down", "confidence": "paper",
               "ties": "prune", "grid": {}}
    rows = run_fold(X, y, X, VALIDATION[valid], X, y, "continuous", options)
    srm = [r for r in rows if r["method"] in ("SrmLocal", "SrmGlobal")]
    assert len(srm) == 2
    for row in srm:
        V = V_BY_NODES[row["nodes"]]
        E_t = row["train_error"] / 100.0
        assert E_t == {0: 3 / 12, 2: 0.0}[row["nodes"]]
        assert row["vc_lb"] == V
        assert row["n_train"] == S
        assert row["bound"] == pytest.approx(
            100.0 * bound_by_hand(E_t, V, S, row["a1"], row["a2"]), rel=1e-12)
    assert {r["nodes"] for r in srm} == {"grown": {2}, "root": {0}}[valid]


def test_a_validation_tie_takes_the_grid_corner_where_eq_4_has_no_capacity_term():
    """Why Table IV's bound can sit below the test error (issue 24, item 4): when every (a1, a2)
    gives the same validation error, the tie goes to the smaller bound, i.e. a1 = a2 = 0.1.
    There a2 S / V = 0.1 * 12 / 4 = 0.3 < 1/e, so V (ln(a2 S / V) + 1) = 4 (ln 0.3 + 1)
    = -0.815891 is negative and eps = 0.1 (-0.815891 + (ln 12) / 2) / 12 = 0.00355468: the
    "bound" of a 4-VC-dimension tree on 12 examples is 0.36 %, whereas at the paper's worst case
    (a1 = 4, a2 = 2) it is 413.65 %."""
    options = {"lb_features": "path", "order": "top_down", "confidence": "paper",
               "ties": "prune", "grid": {}}
    rows = run_fold(X, y, X, y, X, y, "continuous", options)
    for row in (r for r in rows if r["method"] in ("SrmLocal", "SrmGlobal")):
        assert (row["a1"], row["a2"], row["vc_lb"]) == (0.1, 0.1, 4.0)
        assert row["bound"] == pytest.approx(0.355468, abs=5e-7)


def test_the_bound_at_the_worst_case_constants_is_eq_2_for_the_same_trees():
    """bound_readings re-evaluates Table IV's bound of the selected trees at a1 = 4, a2 = 2:
    the grown tree's 413.65 % of the first test, the root's 0.25 + eps/2 (1 + sqrt(...))."""
    options = {"lb_features": "path", "order": "top_down", "confidence": "paper",
               "ties": "prune", "grid": {}}
    folds = {name: pd.DataFrame(run_fold(X, y, X, valid, X, y, "continuous", options))
             for name, valid in VALIDATION.items()}
    worst = at_constants(folds, 4.0, 2.0, "paper")
    for name, frame in worst.items():
        assert frame.drop(columns="bound").equals(folds[name].drop(columns="bound"))
        srm = frame[frame["method"].isin(["SrmLocal", "SrmGlobal"])]
        expected = {"grown": 100 * bound_by_hand(0.0, 4, S, 4.0, 2.0),
                    "root": 100 * bound_by_hand(0.25, 1, S, 4.0, 2.0)}[name]
        assert srm["bound"].to_numpy() == pytest.approx([expected] * 2, rel=1e-12)
        assert frame.loc[~frame.index.isin(srm.index), "bound"].isna().all()
    assert worst["grown"]["bound"].iloc[2] == pytest.approx(413.6497, abs=5e-4)


def dataset_settings(selection: str) -> dict:
    return {"test_fraction": 1 / 3, "repetitions": 5,
            "pruning": {"order": "top_down", "ties": "prune", "confidence": "paper",
                        "lb_features": "path", "selection": selection,
                        "grid": {"a1_step": 0.5, "a2_step": 0.5, "a1_max": 4.0, "a2_max": 2.0}}}


def test_per_dataset_selection_takes_one_pair_with_the_fewest_validation_errors():
    rng = np.random.default_rng(7)
    data = pd.DataFrame({"a": rng.normal(size=150), "b": rng.normal(size=150)})
    labels = pd.Series(np.where(data["a"] + 0.8 * rng.normal(size=150) > 0, "p", "q"))
    per_fold = run_dataset(data, labels, "toy", dataset_settings("fold"), seed=11)
    per_set = run_dataset(data, labels, "toy", dataset_settings("dataset"), seed=11)
    fixed = ["NoPrune", "CvPrune"]
    assert per_set[per_set["method"].isin(fixed)].equals(per_fold[per_fold["method"].isin(fixed)])
    for method in ("SrmLocal", "SrmGlobal"):
        mine = per_set[per_set["method"] == method]
        assert mine[["a1", "a2"]].drop_duplicates().shape[0] == 1
        # the per-fold choice is each fold's best, so it never has more validation errors
        theirs = per_fold[per_fold["method"] == method]
        assert (theirs["valid_errors"].to_numpy() <= mine["valid_errors"].to_numpy()).all()
    with pytest.raises(ValueError, match=r"selection must be one of \('fold', 'dataset'\)"):
        run_dataset(data, labels, "toy", dataset_settings("test"), seed=11)


def test_the_selection_switch_is_checked_and_named_in_the_tables_header():
    config = {"seed": 1, "yildiz15": {
        "datasets": ["A", "B"], "test_fraction": 1 / 3, "repetitions": 5,
        **dataset_settings("dataset")}}
    check_config(config, {"A": {}, "B": {}}, {})
    assert "chosen per dataset on the validation halves" in settings_text(config)
    config["yildiz15"]["pruning"]["selection"] = "test"
    with pytest.raises(ConfigError, match=r"yildiz15.pruning.selection: 'test' is not one of"):
        check_config(config, {"A": {}, "B": {}}, {})
