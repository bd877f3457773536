"""AdaBoost_F (DKM 1996, Figure 2) over C4.5's family of tests."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from smalltrees import AdaBoost


def mixed_problem(data, n_max=30):
    """A two-class problem with a continuous and a categorical attribute."""
    n = data.draw(st.integers(4, n_max))
    x = data.draw(st.lists(st.integers(0, 8), min_size=n, max_size=n))
    c = data.draw(st.lists(st.sampled_from("uvw"), min_size=n, max_size=n))
    y = np.array(data.draw(st.lists(st.sampled_from(["n", "p"]), min_size=n, max_size=n)))
    y[:2] = ["n", "p"]
    X = pd.DataFrame({"x": np.asarray(x, float),
                      "c": pd.Categorical(c, categories=["u", "v", "w"])})
    return X, y


def best_single_test_error(X: pd.DataFrame, y: np.ndarray) -> float:
    """Brute force: the least training error of any threshold test (each side labelled either
    way) on x, and of any labelling of the values of c."""
    best = np.inf
    x = X["x"].to_numpy()
    for threshold in np.unique(x)[:-1]:
        for labels in (("n", "n"), ("n", "p"), ("p", "n"), ("p", "p")):
            predicted = np.where(x <= threshold, labels[0], labels[1])
            best = min(best, np.mean(predicted != y))
    c = X["c"].astype(str).to_numpy()
    if len(set(c)) >= 2:
        error = sum(min(np.sum((c == v) & (y == "n")), np.sum((c == v) & (y == "p")))
                    for v in set(c))
        best = min(best, error / len(y))
    return best


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_first_round_is_the_best_single_test_by_training_error(data):
    X, y = mixed_problem(data)
    best = best_single_test_error(X, y)
    assume(best < 0.5)  # some test beats a coin (else Figure 2 has no weak hypothesis: no round)
    model = AdaBoost(n_rounds=1).fit(X, y)
    first = model.history_.iloc[0]
    assert first["eps"] == pytest.approx(best, abs=1e-12)
    assert first["advantage"] == pytest.approx(0.5 - first["eps"])
    assert np.mean(model.predict(X) != y) == pytest.approx(first["eps"], abs=1e-12)


def direct_vote(model: AdaBoost, X: pd.DataFrame, rounds: int) -> np.ndarray:
    """Figure 2's output rule recomputed from the stored hypotheses, as printed in the paper
    (summed in round order): h(x) = 1 iff sum_t log(1/beta_t) h_t(x) >= 1/2 sum_t log(1/beta_t);
    a perfect test (infinite vote) decides alone."""
    Z = model.schema_.encode(X)
    votes, total = np.zeros(len(X)), 0.0
    for stump, alpha in zip(model.stumps_[:rounds], model.alphas_[:rounds], strict=True):
        if np.isinf(alpha):
            return stump.predict(Z)
        votes = votes + alpha * stump.predict(Z)
        total = total + alpha
    return (votes >= 0.5 * total).astype(int)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_training_error_of_the_vote_matches_a_direct_recomputation(data):
    X, y = mixed_problem(data)
    model = AdaBoost(n_rounds=data.draw(st.integers(1, 15))).fit(X, y)
    f = (y == model.classes_[1]).astype(int)
    for t, recorded in enumerate(model.history_["train_error"], start=1):
        assert recorded == pytest.approx(np.mean(direct_vote(model, X, t) != f), abs=1e-12)


def test_weights_follow_figure_2():
    """After a round, the test just added has error exactly 1/2 on the new distribution
    (correct examples multiplied by beta = eps / (1 - eps))."""
    rng = np.random.default_rng(0)
    X = pd.DataFrame({"a": rng.random(50), "b": rng.random(50)})
    y = np.where(X["a"] + 0.5 * rng.random(50) > 0.7, "p", "n")
    model = AdaBoost(n_rounds=2).fit(X, y)
    f = (y == "p").astype(int)
    Z = model.schema_.encode(X)
    h = model.stumps_[0].predict(Z)
    eps = model.history_["eps"].iloc[0]
    weights = np.where(h == f, eps / (1 - eps), 1.0) / len(y)
    weights /= weights.sum()
    assert weights[h != f].sum() == pytest.approx(0.5)
    assert model.alphas_[0] == pytest.approx(np.log((1 - eps) / eps))
    assert model.history_["eps"].iloc[1] < 0.5


def test_a_perfect_test_gets_an_infinite_vote_and_stops():
    X = pd.DataFrame({"a": [1.0, 2.0, 3.0, 4.0]})
    y = np.array(["n", "n", "p", "p"])
    model = AdaBoost(n_rounds=10).fit(X, y)
    assert model.n_rounds_ == 1 and np.isinf(model.alphas_[0])
    assert model.stop_reason_ == "round 1: eps = 0 (a perfect test); stopped"
    assert (model.predict(X) == y).all()


def test_no_test_better_than_chance_stops_before_the_round():
    X = pd.DataFrame({"a": [1.0, 1.0, 2.0, 2.0]})
    y = np.array(["n", "p", "n", "p"])
    model = AdaBoost(n_rounds=5).fit(X, y)
    assert model.n_rounds_ == 0 and model.stop_reason_.startswith("round 1: no test")


def test_categorical_test_labels_each_value_by_weighted_majority():
    X = pd.DataFrame({"c": pd.Categorical(list("uuvvww"), categories=list("uvwz"))})
    y = np.array(["p", "p", "n", "n", "p", "n"])
    model = AdaBoost(n_rounds=1).fit(X, y)
    assert model.history_.iloc[0]["test"] == ("u", "v", "w", "z")
    assert model.history_.iloc[0]["eps"] == pytest.approx(1 / 6)
    assert model.predict(X).tolist()[:4] == ["p", "p", "n", "n"]


@pytest.mark.parametrize("rounds", [0, -3, 2.5, True])
def test_n_rounds_below_one_is_refused(rounds):
    with pytest.raises(ValueError, match=f"n_rounds={rounds!r}; expected an integer >= 1"):
        AdaBoost(n_rounds=rounds).fit(pd.DataFrame({"a": [1.0, 2.0]}), ["n", "p"])


def test_more_than_two_classes_is_refused_naming_positive_class():
    with pytest.raises(ValueError, match="pass positive_class"):
        AdaBoost(3).fit(pd.DataFrame({"a": [1.0, 2.0, 3.0]}), ["a", "b", "c"])
