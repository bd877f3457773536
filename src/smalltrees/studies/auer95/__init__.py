"""Auer, Holte & Maass (1995): Table 1, Sky1/Sky2/Sky3 and Table 2 (T2 vs C4.5), section 4's
learning curves of T1 and T2 and the predicted T2/T1 sample-size factors, and the tests of why
our numbers differ.

Jobs: ``learning_curve_draws`` (test errors of one learner on random subsamples).
Tables (each gives its cells by :func:`smalltrees.evaluation.cells.compare` and renders its
views from them): ``table1``, ``table2``, ``sky`` (Sky1/Sky2), ``vc_factors`` (predicted
factors), ``learning_curves`` (curves, fits of ``learning_curve_fits``, measured factors, the
section's claims), ``c45_readings`` (hypotheses about Table 2's C4.5 measures: reading cells
of Table 2), ``section4_sensitivity`` with ``section4_sensitivity_summary`` (section 4's
failed verdicts under each protocol choice: reading cells of the claims and factors).
Figures: ``figures`` (Figure 1, every dataset's curves, Table 2 beside the paper's).
"""

STUDY = "auer95"
"""The study's name in every cell it writes."""

PRODUCES = {
    "table1": ("size", "classes", "baseline", "total"),
    "sky2": ("sky2",),
    "table2": ("t2_accuracy", "c45_accuracy", "c45_dynamic_complexity",
               "c45_pct_deeper_than_2", "c45_depth", "accuracy[*]"),
    "factors": ("F_up", "F_low"),
    "claims": ("*",),
}
"""What each compared table produces: table key -> quantity globs (the transcriptions of
``data/paper/auer95/`` are checked against it before any job runs). ``accuracy[<learner>]`` is
the accuracy of a configured learner the paper did not run; the claims' quantities are their
subjects (a dataset and depth)."""
