"""Verdict rules: when does our number reproduce the paper's? Shared by every study.

A paper prints a value rounded to some unit and, sometimes, a spread (the standard deviation of
its repeated estimates). Ours comes with our spread. The number *reproduces* the paper's when

    |ours - paper| <= k * sqrt(sd_ours^2 + sd_paper^2) + rounding,

where ``rounding`` (default 0.05, half a unit of the paper's last printed decimal) absorbs the
paper's rounding. With both spreads zero (a deterministic number such as a dataset size or
Sky2) the rule is "equal at the paper's rounding". A margin of 1e-9 keeps a difference of
exactly half a unit (87.65 vs 87.7) from failing by floating-point error.

The scorecard uses one function per kind of rule, each returning one of :data:`VERDICTS`:
:func:`exact_rule` (deterministic numbers), :func:`sd_rule` (numbers with spreads: "close" when
within twice the tolerance), :func:`interval_rule` (a paper's interval against ours: they
overlap or not) and :func:`claim_rule` (a qualitative claim, computed as a yes/no check).
"""

from __future__ import annotations

import numpy as np

REPRODUCED = "reproduced"
CLOSE = "close"
DIFFERS = "differs"
NOT_RUN = "not run"
CLAIM_HOLDS = "claim holds"
CLAIM_FAILS = "claim fails"
VERDICTS = (REPRODUCED, CLOSE, DIFFERS, NOT_RUN, CLAIM_HOLDS, CLAIM_FAILS)
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
    value (NaN). The two-way verdict of the study tables."""
    if np.isnan(paper):
        return ""
    paper_sd = 0.0 if np.isnan(paper_sd) else paper_sd
    return REPRODUCED if within_tolerance(ours, paper, ours_sd, paper_sd, k, rounding) else DIFFERS


def exact_rule(ours: float, paper: float, rounding: float = ROUNDING) -> str:
    """A deterministic number: ``reproduced`` when equal at the paper's rounding."""
    if _missing(ours):
        return NOT_RUN
    return REPRODUCED if within_tolerance(ours, paper, rounding=rounding) else DIFFERS


def sd_rule(ours: float, paper: float, ours_sd: float, paper_sd: float, k: float,
            rounding: float = ROUNDING) -> str:
    """A number with spreads: ``reproduced`` within ``k`` combined sd (+ rounding), ``close``
    within ``2k``, else ``differs``."""
    if _missing(ours):
        return NOT_RUN
    ours_sd = 0.0 if _missing(ours_sd) else ours_sd
    paper_sd = 0.0 if _missing(paper_sd) else paper_sd
    if within_tolerance(ours, paper, ours_sd, paper_sd, k, rounding):
        return REPRODUCED
    if within_tolerance(ours, paper, ours_sd, paper_sd, 2 * k, rounding):
        return CLOSE
    return DIFFERS


def interval_rule(ours_low: float, ours_high: float, paper_low: float, paper_high: float) -> str:
    """Two intervals: ``reproduced`` when they overlap, else ``differs``."""
    if _missing(ours_low) or _missing(ours_high):
        return NOT_RUN
    return REPRODUCED if ours_low <= paper_high and paper_low <= ours_high else DIFFERS


def claim_rule(holds: bool | None) -> str:
    """A qualitative claim checked by a computation: ``claim holds`` / ``claim fails``;
    ``None`` (the check could not be run) is ``not run``."""
    if holds is None:
        return NOT_RUN
    return CLAIM_HOLDS if holds else CLAIM_FAILS


def _missing(value) -> bool:
    return value is None or (isinstance(value, float) and np.isnan(value))
