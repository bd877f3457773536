"""Dietterich, Kearns & Mansour (1996): the G criterion vs entropy in C4.5 (section 3), and
TopDown vs AdaBoost advantage sequences (section 4).

Jobs: ``table1_trials`` (C4.5(G) and C4.5(H) on the partitions of ``design``),
``boosting_trials`` (TopDown, TopDown_G and AdaBoost per trial).
Tables (cells from ``make_cells``, views rendered from them): ``table1`` (with
``partition_statistics``; section 3.1's claims), ``table2``, ``readings`` (cells of Tables 1
and 2 under other readings); ours only: ``partition_stability`` (Table 1 over R partitions),
``calibration`` (the decision-list generator).
Figures: ``criterion_curves`` (Figures 3-6), ``advantage_figures`` (Figures 8-12, from the
averaged ``sequences``).
Claims: ``claims``.
"""

PRODUCES = {
    "table1": ("err_G", "err_H", "ci_low", "ci_high", "size_G", "size_H", "t", "p_t",
               "err_diff", "size_diff"),
    "table2": ("topdown_rounds", "adaboost_train_error", "topdown_test_error",
               "adaboost_test_error", "topdown_g_rounds", "topdown_g_test_error",
               "train_error"),
}
"""Table key -> the quantities its cells have (the differences, TopDown_G's columns and the
readings' training error are ours only)."""
