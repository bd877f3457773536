"""Dietterich, Kearns & Mansour (1996), section 4: :class:`TopDown` (Figure 1, top-down growth
as boosting) and :class:`AdaBoost` (Figure 2, with the minimum-weighted-error tests of C4.5's
family), two-class learners sharing one sorted sweep of the attributes (:mod:`.sweep`) and the
two-class plumbing (:mod:`.twoclass`)."""

from smalltrees.learners.boosting.adaboost import AdaBoost
from smalltrees.learners.boosting.topdown import TopDown

__all__ = ["AdaBoost", "TopDown"]
