"""The one fitted-tree structure of C4.5, ID3, TopDown and T1/T2/T3 (:mod:`.structure`), its
router (:mod:`.routing`), printers (:mod:`.export`) and complexity measures (:mod:`.measures`)."""

from smalltrees.learners.tree.structure import Tree

__all__ = ["Tree"]
