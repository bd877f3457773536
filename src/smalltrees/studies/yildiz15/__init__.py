"""Yildiz (2015): VC-dimension of univariate decision trees, and SRM pruning.

Jobs: ``protocol`` (one dataset's 5 x 2 folds, ID3 pruned four ways).
Tables (``make_*`` / ``render_*``): ``tables`` (Tables I-IV with the rank tests), ``vc_table``
(Figures 10-11 as a table).
Figures: ``figures`` (critical-difference diagrams, Figures 10-11).
Verdicts: ``claims``, ``scorecard``.
"""
