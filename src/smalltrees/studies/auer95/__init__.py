"""Auer, Holte & Maass (1995): Table 1, Sky1/Sky2 and Table 2 (T2 vs C4.5), section 4's learning
curves of T1 and T2 and the predicted T2/T1 sample-size factors.

Jobs: ``learning_curve_draws`` (test errors of one learner on random subsamples).
Tables (``make_*`` / ``render_*``): ``table1``, ``table2``, ``sky`` (Sky1/Sky2),
``vc_factors`` (predicted factors), ``learning_curves`` (curves, fits of
``learning_curve_fits``, measured factors, the section's claims).
Figures: ``figures`` (Figure 1, every dataset's curves, Table 2 beside the paper's).
Verdicts: ``scorecard``.
"""
