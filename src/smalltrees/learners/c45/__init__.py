"""C4.5 with Release 8 semantics (as Weka's J48) and the options of the DKM study."""

from smalltrees.learners.c45.estimator import C45

__all__ = ["C45"]
