"""Last, Maimon & Minkov (2002): the Info-Fuzzy Network and Turney stability.

Jobs: ``networks`` (the IFN of a whole dataset), ``turney_stability`` (eq. 4 on the
cross-validation's models).
Tables (numbers -> cells by one comparison -> views): ``table3`` (datasets, accuracy),
``table4`` (output size, stability), ``stability_readings`` (Table 4's stability under every
reading of eq. 4); ``layout`` names the cells (each IFN learner a reading of the paper's IFN).
Figures: ``figures`` (size against stability).
Claims: ``claims``.
"""

PRODUCES = {
    "table3": ["records", "classes", "continuous", "nominal", "total", "accuracy[*",
               "p_above_quoted[*"],
    "table4": [f"{name}[*" for name in (
        "output_size", "fold_size", "stability", "sig_vs_cmm", "p_vs_cmm", "sig_runs_vs_cmm",
        "p_runs_vs_cmm")],
}
"""Table key -> globs of the quantities its builder writes (the transcriptions are checked
against them at start-up); only ``*`` is special
(:func:`~smalltrees.evaluation.transcriptions.matches`)."""
