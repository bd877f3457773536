"""Bagging (Breiman 1996) of any registered learner, as Last et al. (2002) compare it."""

from smalltrees.learners.bagging.estimator import Bagging

__all__ = ["Bagging"]
