"""ID3 (CS181 lecture 6) with midpoint cuts: the grower of Yildiz (2015)."""

import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smalltrees import ID3
from smalltrees.learners.criteria import entropy
from smalltrees.learners.tree.routing import node_counts

# Mitchell (1997), ch. 3, PlayTennis: the source the lecture cites (not in the lecture's copy).
OUTLOOK = ("sunny sunny overcast rain rain rain overcast sunny sunny rain sunny overcast "
           "overcast rain")
TEMPERATURE = "hot hot hot mild cool cool cool mild cool mild mild mild hot mild"
HUMIDITY = "high high high high normal normal normal high normal normal normal high normal high"
WIND = "weak strong weak weak weak strong strong weak weak weak strong strong weak strong"
PLAY = "no no yes yes yes no yes no yes yes yes yes yes no"
TENNIS = pd.DataFrame({name: pd.Categorical(values.split()) for name, values in
                       (("outlook", OUTLOOK), ("temperature", TEMPERATURE),
                        ("humidity", HUMIDITY), ("wind", WIND))})


def gain(column: pd.Series, y: np.ndarray) -> float:
    """Information gain in bits, straight from the lecture's definitions."""
    counts = pd.crosstab(column, y).to_numpy()
    return float(entropy(counts.sum(axis=0)) - entropy(counts).sum()) / len(y)


def test_playtennis_gains_and_root_as_in_mitchell():
    """Mitchell prints 0.940, 0.246, 0.151, 0.048, 0.029 (truncated); rounded they are these."""
    y = np.array(PLAY.split())
    assert round(float(entropy(np.array([9.0, 5.0]))) / 14, 3) == 0.940
    gains = {name: round(gain(TENNIS[name], y), 3) for name in TENNIS.columns}
    assert gains == {"outlook": 0.247, "temperature": 0.029, "humidity": 0.152, "wind": 0.048}
    model = ID3().fit(TENNIS, y)
    assert model.tree_.feature[0] == 0  # outlook at the root
    assert model.score(TENNIS, y) == 1.0
    assert model.export_text().splitlines()[0] == "outlook = overcast: yes (4)"


def test_gain_zero_stops_at_the_root_on_xor():
    X = pd.DataFrame({"a": pd.Categorical(list("0011")), "b": pd.Categorical(list("0101"))})
    model = ID3().fit(X, ["n", "y", "y", "n"])
    assert model.tree_.n_nodes == 1 and model.n_decision_nodes_ == 0


def test_empty_branch_is_a_leaf_of_the_parents_majority():
    X = pd.DataFrame({"c": pd.Categorical(["a", "a", "b"], categories=["a", "b", "z"])})
    model = ID3().fit(X, ["p", "p", "q"])
    empty = model.tree_.edges(0)[2]
    assert model.tree_.counts[empty].sum() == 0
    assert model.classes_[model.tree_.label[empty]] == "p"
    unseen = pd.DataFrame({"c": pd.Categorical(["z"], categories=["a", "b", "z"])})
    assert model.predict(unseen).tolist() == ["p"]


def test_a_categorical_attribute_is_not_tested_twice_on_a_path():
    rng = np.random.default_rng(3)
    X = pd.DataFrame({f"f{i}": pd.Categorical(rng.integers(0, 3, 80).astype(str))
                      for i in range(3)})
    tree = ID3().fit(X, rng.integers(0, 2, 80).astype(str)).tree_
    for node in range(1, tree.n_nodes):
        above, up = [], tree.parent[node]
        while up >= 0:
            above.append(tree.feature[up])
            up = tree.parent[up]
        assert tree.feature[node] not in above


def test_continuous_cut_at_the_midpoint_and_missing_values_take_the_training_mean():
    X = pd.DataFrame({"x": [1.0, 2.0, 4.0, 8.0, np.nan]})
    model = ID3().fit(X, ["a", "a", "b", "b", "b"])
    assert model.fill_[0] == pytest.approx(3.75)  # filled before growing: 1, 2 | 3.75, 4, 8
    assert model.tree_.thresholds[0, 0] == pytest.approx((2.0 + 3.75) / 2)
    assert model.predict(pd.DataFrame({"x": [np.nan, 2.8, 2.9]})).tolist() == ["b", "a", "b"]



def test_the_training_mean_of_huge_values_is_finite():
    # the sum 1.7e308 + 1.5e308 overflows; the mean (the fill of the missing value) does not
    X = pd.DataFrame({"x": [1.7e308, 1.5e308, -1e308, np.nan]})
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no overflow warning either
        model = ID3().fit(X, ["a", "a", "b", "a"])
    assert model.fill_[0] == pytest.approx(1.7e308 / 3 + 1.5e308 / 3 - 1e308 / 3)
    assert model.predict(X).tolist() == ["a", "a", "b", "a"]

@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(5, 60), st.booleans())
def test_grown_tree_is_consistent_with_consistent_data(seed, n, categorical):
    """ID3 stops only on pure nodes, an exhausted attribute set or zero gain: on data where no
    two examples agree on every attribute and every node of a continuous tree can still cut,
    the grown tree fits the training set; every internal node's gain is positive."""
    rng = np.random.default_rng(seed)
    if categorical:
        X = pd.DataFrame({f"f{i}": pd.Categorical(rng.integers(0, 2, n).astype(str),
                                                  categories=["0", "1"]) for i in range(4)})
    else:
        X = pd.DataFrame(rng.normal(size=(n, 3)), columns=["a", "b", "c"])
    y = rng.integers(0, 2, n).astype(str)
    model = ID3().fit(X, y)
    tree = model.tree_
    Z = model.encode(X)
    codes = np.searchsorted(model.classes_, y)
    assert (node_counts(tree, Z, codes, len(model.classes_)) == tree.counts).all()
    for node in np.flatnonzero(~tree.is_leaf):
        kids = tree.edges(node)
        assert entropy(tree.counts[kids]).sum() < entropy(tree.counts[node]) - 1e-9
    if not categorical:
        assert model.score(X, y) == 1.0


def test_the_learner_contract_holds_for_id3():
    """The shared estimator contract (tests/learners/test_learner_contract.py), applied to ID3."""
    import pickle

    X = pd.DataFrame({"x": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, np.nan, 7.0],
                      "c": pd.Categorical(["a", "b", "a", "b", "a", None, "b", "a"],
                                          categories=["a", "b", "z"])})
    y = np.array(["p", "p", "q", "q", "p", "q", "q", "p"], dtype=object)
    model = ID3().fit(X, y)
    copy = pickle.loads(pickle.dumps(model))
    assert copy.predict(X).tolist() == model.predict(X).tolist() and str(copy) == str(model)
    assert model.predict(X.iloc[:0]).shape == (0,)
    unseen = X.assign(c=pd.Categorical(["new"] * len(X)))
    assert set(model.predict(unseen)) <= set(model.classes_)
    with pytest.raises(ValueError, match=r"column 'x' has 1 infinite value"):
        ID3().fit(X.assign(x=X["x"].where(X.index != 2, np.inf)), y)
    assert repr(ID3()) == "ID3()" and ID3().get_params() == {}
