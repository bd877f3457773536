"""Cross-validation folds, the paired test and the Table 2 aggregation."""

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from smalltrees.evaluation.resampling import (
    FoldError,
    cross_validate,
    cv_estimates,
    fold_ids,
    seed_for,
)
from smalltrees.evaluation.statistics import corrected_resampled_t


def test_folds_are_a_near_equal_random_partition():
    ids = fold_ids(103, 25, seed_for(1, "study", "DS", 1))
    sizes = np.bincount(ids, minlength=25)
    assert sizes.sum() == 103 and sizes.max() - sizes.min() <= 1
    again = fold_ids(103, 25, seed_for(1, "study", "DS", 1))
    other = fold_ids(103, 25, seed_for(1, "study", "DS", 2))
    assert np.array_equal(ids, again) and not np.array_equal(ids, other)


def test_an_empty_fold_is_an_error():
    with pytest.raises(FoldError, match="4 examples cannot fill 5 folds"):
        fold_ids(4, 5, seed_for(0, "x"))
    with pytest.raises(FoldError, match="at least 2 folds"):
        fold_ids(10, 1, seed_for(0, "x"))


class Majority:
    """A learner that predicts the training majority, to test the CV loop by hand."""

    def fit(self, X, y):
        values, counts = np.unique(y, return_counts=True)
        self.label_ = values[np.argmax(counts)]
        return self

    def predict(self, X):
        return np.full(len(X), self.label_, dtype=object)


def test_cross_validate_counts_errors_per_fold():
    X = pd.DataFrame({"a": np.arange(6, dtype=float)})
    y = pd.Series(["p", "p", "p", "p", "n", "n"])
    folds = np.array([0, 0, 0, 1, 1, 1])
    rows = cross_validate(Majority, X, y, folds)
    # fold 0: train on p,n,n -> predicts n, 3 errors; fold 1: train on p,p,p -> predicts p
    assert rows["errors"].tolist() == [3, 2]
    assert rows["n_train"].tolist() == [3, 3]
    assert rows["accuracy"].tolist() == pytest.approx([0.0, 1 / 3])


def test_corrected_resampled_t_by_hand():
    d = np.array([1.0, 2.0, 0.0, 3.0, -1.0, 2.0])
    t, p = corrected_resampled_t(d, test_train_ratio=0.25)
    expected = d.mean() / np.sqrt((1 / 6 + 0.25) * d.var(ddof=1))
    assert t == pytest.approx(expected)
    assert p == pytest.approx(2 * stats.t.sf(expected, df=5))
    # the correction makes the test more conservative than the naive paired t-test
    assert p > stats.ttest_1samp(d, 0.0).pvalue
    assert corrected_resampled_t(np.zeros(5), 0.25) == (0.0, 1.0)


def test_cv_estimate_is_mean_of_fold_accuracies():
    folds = pd.DataFrame({"dataset": "D", "learner": "L", "repetition": [1, 1, 2, 2],
                          "accuracy": [0.5, 1.0, 0.25, 0.75]})
    assert cv_estimates(folds)["estimate"].tolist() == [75.0, 50.0]
