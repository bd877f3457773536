"""T1, T2 and T3: exact optimal one-, two- and three-level trees (Auer, Holte & Maass 1995,
section 2)."""

from smalltrees.learners.optimal.estimators import T1, T2, T3

__all__ = ["T1", "T2", "T3"]
