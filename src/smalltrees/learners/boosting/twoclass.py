"""The two-class setting of Dietterich, Kearns & Mansour (1996): a boolean target and eq. 7.

TopDown_F and AdaBoost_F (DKM 1996, section 2) learn a boolean target f. :func:`boolean_target`
turns class labels into f, refusing anything but two classes unless ``positive_class`` picks
one class to learn against the rest. :func:`advantage` is eq. 7 (the advantage of a binary split
on the balanced distribution at its node, section 4.1) and :func:`split_advantage` its count
form, extended to multi-way splits as the best boolean labelling of the branches.
"""

from __future__ import annotations

import numpy as np

from smalltrees.data.transform import REST
from smalltrees.learners.base import TreeClassifier
from smalltrees.learners.validation import check_labels


def boolean_target(labels: np.ndarray, positive_class, learner: str) -> tuple[np.ndarray,
                                                                               np.ndarray]:
    """``(classes_, f)``: the two class labels (negative first) and f = 1 for the positive one.

    Without ``positive_class`` the labels must take exactly two values; the positive class is
    the larger (sorted last, e.g. "1" of "0"/"1"). With ``positive_class`` that class is f = 1
    and every other one is ``REST`` (``"rest"``, as
    :func:`~smalltrees.data.transform.one_vs_rest` names it; f = 0): one class against the
    rest, as DKM section 3.1 do for multi-class problems; a one-class training set is a valid,
    trivial problem. ``learner`` names the estimator in the errors.
    """
    classes = np.unique(labels)
    if positive_class is not None:
        if positive_class not in set(classes.tolist()):
            raise ValueError(f"{learner}: positive_class={positive_class!r} is not a class of y; "
                             f"expected one of {classes.tolist()}")
        if positive_class == REST:
            raise ValueError(f"{learner}: positive_class={REST!r} would merge with the rest")
        return np.array([REST, positive_class], dtype=object), (labels == positive_class
                                                                ).astype(np.int64)
    if classes.size != 2:
        raise ValueError(
            f"Only binary classification is supported. {learner} learns a boolean target "
            f"(DKM 1996, section 2): y has {classes.size} "
            f"class(es) {classes.tolist()}; pass positive_class=<one of them> to learn that "
            "class against the rest")
    return classes, (labels == classes[1]).astype(np.int64)


def advantage(q: np.ndarray | float, r: np.ndarray | float, tau: np.ndarray | float):
    """Eq. 7: ``|tau/2 (r/q - (1-r)/(1-q))|``, the advantage of a binary split on P'_l.

    ``q`` is the positive fraction at the node (0 < q < 1), ``r`` the positive fraction of the
    child that receives the fraction ``tau`` of the node's examples (DKM 1996, section 4.1,
    after Kearns & Mansour). Footnote 3: the advantage may belong to the split's complement,
    hence the absolute value.
    """
    q, r, tau = (np.asarray(v, dtype=float) for v in (q, r, tau))
    return np.abs(tau / 2 * (r / q - (1 - r) / (1 - q)))


def split_advantage(positives: np.ndarray, negatives: np.ndarray) -> np.ndarray:
    """Advantage on the balanced distribution of a split with these class counts per branch.

    ``positives`` and ``negatives`` have the branches on the last axis. The advantage is
    ``1/2`` minus the balanced error of the best labelling of the branches,
    ``1/4 sum_j |P_j/P - N_j/N|`` (the reading notes' D-15 for multi-way splits); for two
    branches it is ``1/2 |P_r/P - N_r/N|``, which is eq. 7 written with counts (see
    :func:`advantage`). A node with one class only has no balanced distribution: ``NaN``.
    """
    positives = np.asarray(positives, dtype=float)
    negatives = np.asarray(negatives, dtype=float)
    P = positives.sum(axis=-1, keepdims=True)
    N = negatives.sum(axis=-1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.abs(positives / P - negatives / N).sum(axis=-1) / 4


class BooleanClassifier(TreeClassifier):
    """Fit and score plumbing of the two-class learners (``positive_class`` parameter).

    Their training data must be complete: TopDown_F and AdaBoost_F are defined on examples that
    each reach one branch of a test (DKM 1996, section 2), and the paper's three problems have
    no unknown values, so a missing value is refused rather than given a rule of our own.
    """

    positive_class = None
    allows_missing = False

    def _binary_only(self) -> bool:
        return self.positive_class is None

    def _start_boolean_fit(self, X, y) -> tuple[np.ndarray, np.ndarray]:
        """Check ``(X, y)``, set the schema and ``classes_``; return the encoded ``X`` and f."""
        Z = self._fit_schema(X)
        labels = check_labels(y, len(Z))
        self.classes_, f = boolean_target(labels, self.positive_class, type(self).__name__)
        missing = np.isnan(Z).sum(axis=0)
        if missing.any():
            j = int(np.flatnonzero(missing)[0])
            raise ValueError(
                f"{type(self).__name__}: column {self.schema_.names[j]!r} has {missing[j]} "
                "missing value(s) (NaN); expected complete training data (DKM 1996 define "
                "TopDown and AdaBoost for examples that reach one branch): impute or drop them "
                "first")
        return Z, f

    def score(self, X, y) -> float:
        """Accuracy of :meth:`predict` on ``(X, y)``; with ``positive_class`` every other
        label counts as ``"rest"``."""
        predicted = self.predict(X)
        labels = check_labels(y, len(predicted))
        if self.positive_class is not None:
            labels = np.where(labels == self.positive_class, self.positive_class, REST)
        return float(np.mean(predicted == labels))
