"""Auer, Holte & Maass (1995): Table 1, Sky1/Sky2/Sky3 and Table 2 (T2 vs C4.5), section 4's
learning curves of T1 and T2 and the predicted T2/T1 sample-size factors, and the tests of why
our numbers differ.

Jobs: ``learning_curve_draws`` (test errors of one learner on random subsamples).
Tables (``make_*`` / ``render_*``): ``table1``, ``table2``, ``sky`` (Sky1/Sky2),
``vc_factors`` (predicted factors), ``learning_curves`` (curves, fits of
``learning_curve_fits``, measured factors, the section's claims), ``c45_readings`` (hypotheses
about Table 2's C4.5 measures), ``section4_sensitivity`` with ``section4_sensitivity_summary``
(section 4's failed verdicts under each protocol choice).
Figures: ``figures`` (Figure 1, every dataset's curves, Table 2 beside the paper's).
Verdicts: ``scorecard``.
"""
