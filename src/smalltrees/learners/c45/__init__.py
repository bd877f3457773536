"""C4.5 with Release 8 semantics (as Weka's J48) and the options of the DKM study."""

from smalltrees.learners.c45.estimator import C45
from smalltrees.learners.c45.prunings import fit_prunings

__all__ = ["C45", "fit_prunings"]
