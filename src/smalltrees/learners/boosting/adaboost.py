"""AdaBoost_F (Dietterich, Kearns & Mansour 1996, Figure 2) over C4.5's family of tests.

Each round takes the test of the family with the **smallest weighted error** on the filtered
distribution P_t (not a stump chosen by an impurity, as scikit-learn's trees would), each branch
labelled by its weighted majority; ``beta_t = eps_t / (1 - eps_t)``; the weights of the correctly
classified examples are multiplied by ``beta_t``; the vote is ``h(x) = 1`` iff
``sum_t log(1/beta_t) h_t(x) >= 1/2 sum_t log(1/beta_t)``.

The family (footnote 1: "the same as that used by C4.5"): a threshold on a continuous attribute,
cut between consecutive distinct values, each side labelled; for a categorical attribute the
reading notes' D-14, C4.5's multi-way test with each value's branch labelled by its weighted
majority (a value without weight in the round, or unseen in training, gets the round's overall
weighted majority). Ties go to the first test (attributes in column order, cuts ascending).

Degenerate rounds (D-20): ``eps_t = 0`` (a test classifies every training example correctly)
gets an infinite vote, so the vote is that test from then on, and boosting stops;
``eps_t >= 1/2`` (no test better than chance) stops before the round is added. Both are recorded
in ``stop_reason_``.

References
----------
Y. Freund and R. E. Schapire (1997), "A decision-theoretic generalization of on-line learning
and an application to boosting", *JCSS* 55 (AdaBoost.M1 with two classes).
T. Dietterich, M. Kearns and Y. Mansour (1996), ICML, Figure 2 and section 4.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from smalltrees.learners.boosting.sweep import cut_threshold, cut_weights
from smalltrees.learners.boosting.twoclass import BooleanClassifier
from smalltrees.learners.splits import Attributes, category_bins, count_category_bins
from smalltrees.learners.validation import is_count

HISTORY_COLUMNS = ("round", "attribute", "test", "labels", "eps", "advantage", "train_error")
#: A weighted error below this (of total weight 1) is a perfect test: rounding, not error.
ZERO_ERROR = 1e-12


@dataclass(frozen=True)
class Stump:
    """One weak hypothesis: a test and the label (0/1) of each branch.

    ``threshold`` is the cut of a continuous attribute (``x <= threshold`` is branch 0) or
    ``NaN``; ``labels`` has one label per branch (two, or one per declared value), and
    ``default`` is the label of a value without a branch (unseen or missing).
    """

    feature: int
    threshold: float
    labels: np.ndarray
    default: int
    #: the label of each branch, then the default: indexed by branch, -1 for no branch
    table: np.ndarray = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "table", np.append(self.labels, self.default))

    def predict(self, Z: np.ndarray) -> np.ndarray:
        """0/1 labels of the rows of ``Z``."""
        return self.table[self.branches(Z)]

    def branches(self, Z: np.ndarray) -> np.ndarray:
        """The branch of each row of ``Z`` (-1: none, the default's)."""
        x = Z[:, self.feature]
        missing = np.isnan(x)  # missing, or a category unseen in training
        if not np.isnan(self.threshold):
            branch = (x > self.threshold).astype(np.intp)
        else:  # category codes (never negative)
            branch = (np.where(missing, 0.0, x) if missing.any() else x).astype(np.intp)
        branch[missing] = -1  # the last entry of the table: the default
        return branch


class Predictions:
    """The stumps' labels of the rows of ``Z``; the branches of a categorical attribute's test
    are found once and kept: boosting picks the same attribute again and again, labelled anew
    each time (at most one array of branches per categorical attribute, as ``Z`` itself)."""

    def __init__(self, Z: np.ndarray):
        self.Z = Z
        self.branches: dict[int, np.ndarray] = {}

    def of(self, stump: Stump) -> np.ndarray:
        """``stump.predict(Z)``."""
        if not np.isnan(stump.threshold):
            return stump.predict(self.Z)
        branch = self.branches.get(stump.feature)
        if branch is None:
            branch = self.branches[stump.feature] = stump.branches(self.Z)
        return stump.table[branch]


class AdaBoost(BooleanClassifier):
    """AdaBoost_F: ``n_rounds`` rounds of boosting the minimum-weighted-error test.

    Parameters
    ----------
    n_rounds : int
        N of Figure 2, at least 1.
    positive_class : label or None, default=None
        As in :class:`~smalltrees.learners.boosting.topdown.TopDown`.

    Attributes
    ----------
    classes_ : ndarray
        The negative and the positive label.
    stumps_ : list of :class:`Stump`
    alphas_ : ndarray
        The vote of each round, ``log(1/beta_t)`` (``inf`` for a perfect test).
    history_ : DataFrame
        One row per round: ``round``; ``attribute`` and ``test`` (threshold, or the tuple of
        the attribute's values); ``labels`` (the label of each branch); ``eps`` (weighted error
        eps_t on P_t); ``advantage`` (1/2 - eps_t); ``train_error`` (of the vote of rounds
        1..t, fraction).
    n_rounds_ : int
        Rounds made (fewer than ``n_rounds`` after a degenerate round).
    stop_reason_ : str
        "n_rounds reached", or the degenerate round that stopped boosting.
    """

    def __init__(self, n_rounds: int = 100, positive_class=None):
        self.n_rounds = n_rounds
        self.positive_class = positive_class

    def check_params(self) -> None:
        """Raise ``ValueError`` naming an invalid parameter."""
        if not is_count(self.n_rounds, minimum=1):
            raise ValueError(f"n_rounds={self.n_rounds!r}; expected an integer >= 1 (the "
                             "number of boosting rounds N of DKM 1996, Figure 2)")

    def fit(self, X, y) -> AdaBoost:
        """Boost on ``(X, y)``; returns ``self``."""
        self.check_params()
        Z, f = self._start_boolean_fit(X, y)
        Z = np.asfortranarray(Z)  # each round's stump reads one column
        search = StumpSearch(Attributes(Z, self.schema_.n_values), f)
        weights = np.full(f.size, 1.0 / f.size)
        vote, predictions = Vote(f.size), Predictions(Z)
        self.stumps_, alphas, rows = [], [], []
        self.stop_reason_ = "n_rounds reached"
        for t in range(1, self.n_rounds + 1):
            weights /= weights.sum()
            stump, eps = search.best(weights)
            if stump is None or eps >= 0.5:
                self.stop_reason_ = (f"round {t}: no test has weighted error below 1/2 "
                                     f"(eps = {eps:.6g}); stopped")
                break
            h = predictions.of(stump)
            perfect = eps < ZERO_ERROR
            alpha = np.inf if perfect else np.log((1 - eps) / eps)
            vote.add(alpha, h)
            self.stumps_.append(stump)
            alphas.append(alpha)
            rows.append(self._record(t, stump, eps, np.mean((vote.score() >= 0) != f)))
            if perfect:
                self.stop_reason_ = f"round {t}: eps = 0 (a perfect test); stopped"
                break
            weights = np.where(h == f, weights * eps / (1 - eps), weights)
        self.alphas_ = np.array(alphas)
        self.n_rounds_ = len(self.stumps_)
        self.history_ = pd.DataFrame(rows, columns=list(HISTORY_COLUMNS))
        return self

    def _record(self, t: int, stump: Stump, eps: float, train_error: float) -> dict:
        categories = self.schema_.categories[stump.feature]
        test = stump.threshold if categories is None else tuple(categories)
        return {"round": t, "attribute": self.schema_.names[stump.feature], "test": test,
                "labels": tuple(self.classes_[stump.labels].tolist()), "eps": eps,
                "advantage": 0.5 - eps, "train_error": float(train_error)}

    def decision_function(self, X, n_rounds: int | None = None) -> np.ndarray:
        """``sum_t log(1/beta_t) h_t(x) - 1/2 sum_t log(1/beta_t)`` over the first ``n_rounds``
        rounds (``+-inf`` once a perfect test has voted), summed in round order."""
        if n_rounds is not None and not is_count(n_rounds, minimum=0):
            raise ValueError(f"n_rounds={n_rounds!r}; expected None or an integer >= 0")
        return self._final_vote(X, n_rounds).score()

    def predict(self, X, n_rounds: int | None = None) -> np.ndarray:
        """The vote of the first ``n_rounds`` rounds (all when None): positive iff
        ``sum_t log(1/beta_t) h_t(x) >= 1/2 sum_t log(1/beta_t)``."""
        positive = self.decision_function(X, n_rounds) >= 0
        return self.classes_[positive.astype(np.int64)]

    def staged_predict(self, X) -> Iterator[np.ndarray]:
        """The vote after each round 1, 2, ..., ``n_rounds_`` (as scikit-learn's
        ``staged_predict``)."""
        for vote in self._votes(X, None):
            yield self.classes_[(vote.score() >= 0).astype(np.int64)]

    def predict_proba(self, X) -> np.ndarray:
        """``(1 - s, s)`` with ``s`` the positive share of the vote,
        ``sum_t log(1/beta_t) h_t(x) / sum_t log(1/beta_t)`` (0 or 1 once a perfect test has
        voted, 1/2 before any round): Figure 2 predicts positive iff ``s >= 1/2``."""
        share = self._final_vote(X, None).share()
        return np.column_stack([1 - share, share])

    def _final_vote(self, X, n_rounds: int | None) -> Vote:
        """The vote of ``X``'s rows after the first ``n_rounds`` rounds (all when None)."""
        return deque(self._votes(X, n_rounds), maxlen=1).pop()

    def _votes(self, X, n_rounds: int | None) -> Iterator[Vote]:
        """The vote of ``X``'s rows after each of the first ``n_rounds`` rounds (all when None);
        one :class:`Vote`, updated in place; the vote before any round when there is none."""
        Z = np.asfortranarray(self._encode(X))  # each stump reads one column
        vote, predictions = Vote(Z.shape[0]), Predictions(Z)
        stumps = list(zip(self.stumps_[:n_rounds], self.alphas_[:n_rounds], strict=True))
        if not stumps:
            yield vote
        for stump, alpha in stumps:
            vote.add(alpha, predictions.of(stump))
            yield vote

    def export_text(self) -> str:
        """One line per round: the vote and the test."""
        self._check_fitted()
        return "\n".join(
            f"{r.round}: {alpha:.4f} x [{r.attribute} {r.test} -> {r.labels}]"
            for r, alpha in zip(self.history_.itertuples(), self.alphas_, strict=True))


class Vote:
    """Figure 2's output rule, accumulated round by round: h(x) = 1 iff
    ``sum_t log(1/beta_t) h_t(x) >= 1/2 sum_t log(1/beta_t)``, computed as printed (so that ties,
    which small training sets produce, are decided the same way in ``fit`` and ``predict``);
    a perfect test (infinite vote) decides alone."""

    def __init__(self, n: int):
        self.votes = np.zeros(n)
        self.total = 0.0
        self.perfect: np.ndarray | None = None

    def add(self, alpha: float, h: np.ndarray) -> None:
        """Add the vote ``alpha`` of the 0/1 predictions ``h``."""
        if np.isinf(alpha):
            self.perfect = np.where(h == 1, np.inf, -np.inf)
            return
        self.votes += alpha * h
        self.total += alpha

    def score(self) -> np.ndarray:
        """``sum_t alpha_t h_t(x) - total / 2``; ``+-inf`` after a perfect test."""
        return self.perfect if self.perfect is not None else self.votes - 0.5 * self.total

    def share(self) -> np.ndarray:
        """The positive share of the vote, ``sum_t alpha_t h_t(x) / total`` (1/2 before any
        vote; 0 or 1 after a perfect test)."""
        if self.perfect is not None:
            return (self.perfect > 0).astype(float)
        if self.total == 0:
            return np.full(self.votes.shape, 0.5)
        return self.votes / self.total


class StumpSearch:
    """The minimum-weighted-error test of the family, for any weights of the training cases.

    The continuous attributes are sorted once (:class:`~smalltrees.learners.splits.Attributes`);
    each call accumulates the weights along the
    sorted orders (:func:`~.sweep.cut_weights`) and takes, for every cut,
    the error of the better labelling of each side, ``min(P_left, N_left) + min(P_right,
    N_right)``; categorical attributes sum ``min(P_v, N_v)`` over their values.
    """

    def __init__(self, attributes: Attributes, f: np.ndarray):
        self.attributes, self.f, self.not_f = attributes, f, 1 - f
        # the cases and their labels are the same in every round: their count bins too
        self.bins = category_bins(attributes, np.arange(f.size), f, 2)

    def best(self, weights: np.ndarray) -> tuple[Stump | None, float]:
        """The first test of least weighted error under ``weights`` (summing to 1), and it."""
        A = self.attributes
        positive, negative = weights * self.f, weights * self.not_f
        errors = np.full(A.n_values.size, np.inf)
        if A.continuous.size and self.f.size > 1:
            cuts = cut_weights(A, A.order, positive, negative)
            P, N = cuts.total_positive, cuts.total_negative
            error = (np.minimum(cuts.positives, cuts.negatives)
                     + np.minimum(P - cuts.positives, N - cuts.negatives))
            error[~cuts.admissible] = np.inf
            first = np.argmin(error, axis=1)
            errors[A.continuous] = error[np.arange(A.continuous.size), first]
        if A.categorical.size:
            neg, pos = count_category_bins(A, self.bins, 2, weights)
            # one row per attribute, summed as each row alone (the same floats)
            splits = np.count_nonzero(pos + neg > 0, axis=1) >= 2
            error = np.minimum(pos, neg).sum(axis=1)
            errors[A.categorical[splits]] = error[splits]
        if not np.isfinite(errors).any():
            return None, 0.5
        j = int(np.argmin(errors))
        default = int(positive.sum() >= negative.sum())
        if A.n_values[j] == 0:
            a = int(np.flatnonzero(A.continuous == j)[0])
            position = int(first[a])
            P, N = cuts.total_positive, cuts.total_negative
            left_p, left_n = cuts.positives[a, position], cuts.negatives[a, position]
            labels = np.array([int(left_p >= left_n), int(P - left_p >= N - left_n)])
            threshold = cut_threshold(A, A.order, a, position)
            return Stump(j, threshold, labels, default), float(errors[j])
        c = int(np.flatnonzero(A.categorical == j)[0])
        n = int(A.n_values[j])
        empty = (pos[c, :n] + neg[c, :n]) == 0
        labels = np.where(empty, default, (pos[c, :n] >= neg[c, :n]).astype(np.int64))
        return Stump(j, np.nan, labels, default), float(errors[j])
