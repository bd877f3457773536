"""Yildiz (2015): VC-dimension of univariate decision trees, and SRM pruning.

Jobs: ``protocol`` (one dataset's 5 x 2 folds, ID3 pruned four ways).
Tables (``*_cells`` / ``render_*``): ``tables`` (Tables I-IV with the rank tests), ``vc_table``
(Figures 10-11 as a table), ``bound_readings`` (Table IV's claims under readings of the bound).
Figures: ``figures`` (critical-difference diagrams, Figures 10-11).
Verdicts: ``claims``; every compared number is a cell (:mod:`smalltrees.evaluation.cells`).
"""

METHODS = ("NoPrune", "CvPrune", "SrmLocal", "SrmGlobal")
"""The four pruning methods of section V-B, in the paper's column order."""
SRM = ("SrmLocal", "SrmGlobal")
"""The two methods pruned by the SRM bound (Table IV's columns)."""

PRODUCES = {"vc": ("lb", "exact"), "table2": METHODS, "table3": METHODS, "table4": SRM}
"""Table key -> the quantities its cells have (what a transcription may give the paper's
numbers of): Figures 10-11's LB-binary and exact VC-dimension per drawn shape; Tables II-IV's
mean per method (no numbers in our copy of the paper: our cells stand alone)."""
