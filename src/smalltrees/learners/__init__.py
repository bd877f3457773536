"""The learners, one subpackage per family, sharing :mod:`~smalltrees.learners.base` (estimator
plumbing), :mod:`~smalltrees.learners.encoding` (the input encoder) and
:mod:`~smalltrees.learners.criteria` (split criteria)."""
