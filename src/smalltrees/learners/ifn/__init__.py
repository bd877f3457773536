"""The Info-Fuzzy Network (Last, Maimon & Minkov 2002; Maimon & Last 2000)."""

from smalltrees.learners.ifn.estimator import IFN

__all__ = ["IFN"]
