"""TopDown_F of Dietterich, Kearns & Mansour (1996, Figure 1): best-first tree growing."""

from smalltrees.learners.topdown.estimator import TopDown

__all__ = ["TopDown"]
