"""Last, Maimon & Minkov (2002): the Info-Fuzzy Network and Turney stability.

Jobs: ``networks`` (the IFN of a whole dataset), ``turney_stability`` (eq. 4 on the
cross-validation's models).
Tables (``make_*`` / ``render_*``): ``table3`` (datasets, accuracy), ``table4`` (output size,
stability).
Figures: ``figures`` (size against stability).
Verdicts: ``claims``, ``scorecard``.
"""
