"""Class weights of every test of C4.5's family at a set of cases, for a boolean target.

DKM (1996, section 4, footnote 1) give TopDown_F and AdaBoost_F "the same [splitting functions]
as C4.5": a binary threshold test on a continuous attribute, cut between two consecutive
distinct values, and a multi-way test with one branch per declared value of a categorical one.
Both learners judge a test by its branches' weights of positive and negative cases (counts for
TopDown, boosting weights for AdaBoost), and both get them here in a fixed number of whole-array
operations per call, whatever the number of attributes and cuts, from the attributes laid out
once per fit (:class:`~smalltrees.learners.splits.Attributes`):

* continuous attributes: the cases in each attribute's sorted order, the positive and negative
  weights accumulated along it; a cut after position ``i`` is admissible where C4.5 would cut
  (:func:`~smalltrees.learners.splits.cuts`);
* categorical attributes: one ``bincount`` over (class, attribute, value) cells
  (:func:`~smalltrees.learners.splits.category_counts`, called by the learners themselves:
  TopDown counts a split's children together, AdaBoost keeps the cells of its cases).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from smalltrees.learners.splits import Attributes, cuts, midpoint


@dataclass(frozen=True)
class Cuts:
    """Every cut of every continuous attribute at a set of cases.

    Arrays are ``(n_continuous, n_cases - 1)``: entry ``[a, i]`` is the cut after the
    ``i``-th smallest value of attribute ``a``. ``positives`` and ``negatives`` are the weights
    of the cases at or below the cut, ``admissible`` marks cuts between distinct values;
    ``total_positive`` and ``total_negative`` are the weights of all the cases.
    """

    positives: np.ndarray
    negatives: np.ndarray
    admissible: np.ndarray
    total_positive: float
    total_negative: float


def cut_weights(attributes: Attributes, cases: np.ndarray, positive: np.ndarray,
                negative: np.ndarray) -> Cuts:
    """Positive and negative weights below every cut (see :class:`Cuts`).

    ``cases`` are the cases in each continuous attribute's sorted order (``attributes.order``
    or a restriction of it); ``positive`` and ``negative`` the weight of each case (of all
    cases) as a positive and as a negative example.
    """
    positives = np.cumsum(positive[cases], axis=1)
    negatives = np.cumsum(negative[cases], axis=1)
    admissible = cuts(attributes.sorted_values(cases))
    total_positive = float(positives[0, -1]) if cases.size else 0.0
    total_negative = float(negatives[0, -1]) if cases.size else 0.0
    return Cuts(positives[:, :-1], negatives[:, :-1], admissible, total_positive,
                total_negative)


def cut_threshold(attributes: Attributes, cases: np.ndarray, attribute: int,
                  position: int) -> float:
    """The threshold of the cut after ``position`` of the ``attribute``-th continuous
    attribute, placed as C4.5 does: the midpoint of the two values, moved to the largest
    training value not above it (:meth:`~smalltrees.learners.splits.Attributes.place_threshold`),
    so that ``x <= threshold`` is the lower branch."""
    column = attributes.columns[attribute]
    low = column[cases[attribute, position]]
    high = column[cases[attribute, position + 1]]
    return attributes.place_threshold(int(attributes.continuous[attribute]),
                                      midpoint(low, high))
