"""T1 and T2: exact optimal one- and two-level trees (Auer, Holte & Maass 1995, section 2)."""

from smalltrees.learners.optimal.estimators import T1, T2

__all__ = ["T1", "T2"]
