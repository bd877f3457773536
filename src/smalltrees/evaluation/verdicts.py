"""Verdict rules: when does our number reproduce the paper's? One rule, shared by every study.

A paper prints a value rounded to some unit and, sometimes, a spread (the standard deviation of
its repeated estimates). Ours comes with our spread. The number *reproduces* the paper's when

    |ours - paper| <= k * sqrt(sd_ours^2 + sd_paper^2) + rounding,

where ``rounding`` (default 0.05, half a unit of the paper's last printed decimal) absorbs the
paper's rounding. With both spreads zero (a deterministic number such as a dataset size or
Sky2) the rule is "equal at the paper's rounding". A margin of 1e-9 keeps a difference of
exactly half a unit (87.65 vs 87.7) from failing by floating-point error.
"""

from __future__ import annotations

import numpy as np

REPRODUCED = "reproduced"
DIFFERS = "differs"
ROUNDING = 0.05
_FLOAT_MARGIN = 1e-9


def within_tolerance(ours: float, paper: float, ours_sd: float = 0.0, paper_sd: float = 0.0,
                     k: float = 0.0, rounding: float = ROUNDING) -> bool:
    """True when ``ours`` is within ``k`` combined standard deviations (+ rounding) of ``paper``."""
    bound = k * np.hypot(ours_sd, paper_sd) + rounding + _FLOAT_MARGIN
    return bool(abs(float(ours) - float(paper)) <= bound)


def verdict(ours: float, paper: float, ours_sd: float = 0.0, paper_sd: float = 0.0,
            k: float = 0.0, rounding: float = ROUNDING) -> str:
    """``reproduced`` or ``differs`` by :func:`within_tolerance`; ``""`` when the paper has no
    value (NaN)."""
    if np.isnan(paper):
        return ""
    paper_sd = 0.0 if np.isnan(paper_sd) else paper_sd
    return REPRODUCED if within_tolerance(ours, paper, ours_sd, paper_sd, k, rounding) else DIFFERS
