"""Verdict rules: when does our number reproduce the paper's? One rule per kind of number.

Every compared number gets its verdict once, in the table that shows it, from the rule for its
kind; the scorecard copies that verdict (it never judges a number again). The kinds:

- **exact** (:func:`exact_rule`): a deterministic number (a dataset's size, Sky2 of an exact
  learner, a VC-dimension, the output size of the network on the whole dataset)::

      reproduced  iff  |ours - paper| <= rounding

  ``rounding`` is half a unit of the paper's last printed decimal (0.05 for one decimal, 0.5
  for an integer; 0 for an exact integer comparison).
- **spread** (:func:`sd_rule`): a number the paper prints as an average over random runs
  (accuracies, complexity measures, stabilities, sizes averaged over folds or trials), never
  judged exactly::

      s = sqrt(sd_ours^2 + sd_paper^2)
      reproduced  iff  |ours - paper| <= k s + rounding
      close       iff  |ours - paper| <= 2 k s + rounding   (and not reproduced)
      differs     otherwise

  ``sd_ours`` is our spread over repetitions (the table says which: the sd of the repetition
  estimates, or the standard error of a mean of trials), ``sd_paper`` the paper's where it
  prints one (0 where it does not, unless the table argues that the paper's number is one draw
  of our design: then it is ours, as in DKM 1996 Tables 1 and 2), ``k`` the study's
  ``tolerance_sd``.
- **interval** (:func:`interval_rule`): a paper's confidence interval against ours::

      reproduced  iff  ours_low <= paper_high and paper_low <= ours_high

- **claim** (:func:`claim_rule`): a qualitative claim, computed as a yes/no check
  (:mod:`smalltrees.evaluation.claims`): ``claim holds`` / ``claim fails``.

A rule returns ``not run`` when our number is missing, and ``""`` (no verdict: nothing to
compare) when the paper's is. A margin of 1e-9 keeps a difference of exactly half a unit
(87.65 vs 87.7) from failing by floating-point error.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

REPRODUCED = "reproduced"
CLOSE = "close"
DIFFERS = "differs"
NOT_RUN = "not run"
CLAIM_HOLDS = "claim holds"
CLAIM_FAILS = "claim fails"
VERDICTS = (REPRODUCED, CLOSE, DIFFERS, NOT_RUN, CLAIM_HOLDS, CLAIM_FAILS)
DEVIATIONS = (CLOSE, DIFFERS, CLAIM_FAILS)
"""The verdicts that need a cause (:data:`smalltrees.reporting.scorecard.CAUSES`)."""
ROUNDING = 0.05
_FLOAT_MARGIN = 1e-9


def within_tolerance(ours: float, paper: float, ours_sd: float = 0.0, paper_sd: float = 0.0,
                     k: float = 0.0, rounding: float = ROUNDING) -> bool:
    """True when ``ours`` is within ``k`` combined standard deviations (+ rounding) of ``paper``."""
    bound = k * np.hypot(ours_sd, paper_sd) + rounding + _FLOAT_MARGIN
    return bool(abs(float(ours) - float(paper)) <= bound)


def exact_rule(ours: float, paper: float, rounding: float = ROUNDING) -> str:
    """A deterministic number: ``reproduced`` when equal at the paper's rounding (module)."""
    if _missing(paper):
        return ""
    if _missing(ours):
        return NOT_RUN
    return REPRODUCED if within_tolerance(ours, paper, rounding=rounding) else DIFFERS


def sd_rule(ours: float, paper: float, ours_sd: float, paper_sd: float, k: float,
            rounding: float = ROUNDING) -> str:
    """An average over random runs: ``reproduced`` within ``k`` combined sd (+ rounding),
    ``close`` within ``2k``, else ``differs`` (module). A missing spread counts as 0."""
    if _missing(paper):
        return ""
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
    if _missing(paper_low) or _missing(paper_high):
        return ""
    if _missing(ours_low) or _missing(ours_high):
        return NOT_RUN
    return REPRODUCED if ours_low <= paper_high and paper_low <= ours_high else DIFFERS


def claim_rule(holds: bool | None) -> str:
    """A qualitative claim checked by a computation: ``claim holds`` / ``claim fails``;
    ``None`` (the check could not be run) is ``not run``."""
    if holds is None:
        return NOT_RUN
    return CLAIM_HOLDS if holds else CLAIM_FAILS


def worst(*verdicts: str) -> str:
    """The least favourable of several verdicts (one cell showing two numbers, e.g. an
    interval's two ends): ``differs`` over ``close`` over ``reproduced``; ``""`` if none."""
    for candidate in (NOT_RUN, DIFFERS, CLOSE, REPRODUCED):
        if candidate in verdicts:
            return candidate
    return ""


def _missing(value) -> bool:
    """None, NaN or pandas' NA (a table cell with no number)."""
    return value is None or (not isinstance(value, str) and bool(pd.isna(value)))
