"""Dietterich, Kearns & Mansour (1996): the G criterion vs entropy in C4.5 (section 3), and
TopDown vs AdaBoost advantage sequences (section 4).

Jobs: ``table1_trials`` (C4.5(G) and C4.5(H) on the partitions of ``design``),
``boosting_trials`` (TopDown, TopDown_G and AdaBoost per trial).
Tables (``make_*`` / ``render_*``): ``table1`` (with ``partition_statistics``), ``table2``,
``partition_stability`` (Table 1 over R partitions), ``calibration`` (the decision-list
generator).
Figures: ``criterion_curves`` (Figures 3-6), ``advantage_figures`` (Figures 8-12, from the
averaged ``sequences``).
Verdicts: ``claims``, ``scorecard``.
"""
