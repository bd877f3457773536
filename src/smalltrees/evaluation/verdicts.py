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

- **conclusion** (:class:`Conclusion`): a number of a single draw whose size carries no
  meaning of its own -- a test statistic, a p-value, an end of a confidence interval -- judged
  by the conclusion it supports, as a claim is, not as a number::

      sign:   reproduced  iff  sign(ours) = sign(paper)       (t, a difference, an interval end:
                                                              both ends keep their signs iff the
                                                              interval excludes 0 on the same side)
      below:  reproduced  iff  (ours < level) = (paper < level)    (a p-value)

- **claim** (:func:`claim_rule`): a qualitative claim, computed as a yes/no check
  (:mod:`smalltrees.evaluation.claims`): ``claim holds`` / ``claim fails``.

**Power.** A spread rule whose acceptance band ``k s + rounding`` is wider than
:data:`INCONCLUSIVE_SHARE` of the paper's value cannot tell the paper's number from one a good
deal away from it: such a number is ``inconclusive`` (shown with its band, counted on its own,
never among reproduced), unless it ``differs`` (beyond twice the band). A reader takes
"reproduced" to mean the number came out again, not that the noise is too large to tell.

The rule objects (:class:`Exact`, :class:`Spread`, :class:`Interval`, :class:`Conclusion`) are
what a table passes to :func:`smalltrees.evaluation.cells.compare`; each judges one cell and
says in words how (its ``text``, the scorecard's ``rule`` column).

A rule returns ``not run`` when our number is missing, and ``""`` (no verdict: nothing to
compare) when the paper's is. A margin of 1e-9 keeps a difference of exactly half a unit
(87.65 vs 87.7) from failing by floating-point error.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

REPRODUCED = "reproduced"
CLOSE = "close"
DIFFERS = "differs"
INCONCLUSIVE = "inconclusive"
NOT_RUN = "not run"
CLAIM_HOLDS = "claim holds"
CLAIM_FAILS = "claim fails"
VERDICTS = (REPRODUCED, CLOSE, DIFFERS, INCONCLUSIVE, NOT_RUN, CLAIM_HOLDS, CLAIM_FAILS)
DEVIATIONS = (CLOSE, DIFFERS, CLAIM_FAILS)
"""The verdicts that need a cause (:data:`smalltrees.reporting.scorecard.CAUSES`)."""
ROUNDING = 0.05
INCONCLUSIVE_SHARE = 0.5
"""A spread rule's band wider than this share of the paper's value is ``inconclusive``: half,
so that a number judged ``reproduced`` is always within a factor of 1.5 of the paper's, and
Chess's 3.04 is no longer "the paper's 1.69 again" (DKM 1996 Table 1)."""
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
            rounding: float = ROUNDING, share: float | None = None) -> str:
    """An average over random runs: ``reproduced`` within ``k`` combined sd (+ rounding),
    ``close`` within ``2k``, else ``differs`` (module). A missing spread counts as 0. With
    ``share``, a band (``k`` sd + rounding) wider than ``share`` x |paper| gives
    ``inconclusive`` instead of ``reproduced`` or ``close``."""
    if _missing(paper):
        return ""
    if _missing(ours):
        return NOT_RUN
    ours_sd = 0.0 if _missing(ours_sd) else ours_sd
    paper_sd = 0.0 if _missing(paper_sd) else paper_sd
    if not within_tolerance(ours, paper, ours_sd, paper_sd, 2 * k, rounding):
        return DIFFERS
    if share is not None and band(ours_sd, paper_sd, k, rounding) > share * abs(float(paper)):
        return INCONCLUSIVE
    if within_tolerance(ours, paper, ours_sd, paper_sd, k, rounding):
        return REPRODUCED
    return CLOSE


def band(ours_sd: float, paper_sd: float, k: float, rounding: float) -> float:
    """The spread rule's acceptance half-width: ``k`` combined sd plus the rounding."""
    return float(k * np.hypot(ours_sd, paper_sd) + rounding)


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


def conclusion_rule(ours: float, paper: float, kind: str, level: float | None = None) -> str:
    """A single draw's statistic judged by its conclusion (module): ``sign`` -- the same sign
    (0 has its own); ``below`` -- both below ``level`` or both not."""
    if _missing(paper):
        return ""
    if _missing(ours):
        return NOT_RUN
    if kind == "sign":
        same = np.sign(float(ours)) == np.sign(float(paper))
    elif kind == "below":
        same = (float(ours) < level) == (float(paper) < level)
    else:
        raise ValueError(f"conclusion kind {kind!r} is not 'sign' or 'below'")
    return REPRODUCED if same else DIFFERS


def worst(*verdicts: str) -> str:
    """The least favourable of several verdicts (one cell showing two numbers, e.g. an
    interval's two ends): ``differs`` over ``close`` over ``reproduced``; ``""`` if none."""
    for candidate in (NOT_RUN, DIFFERS, CLOSE, INCONCLUSIVE, REPRODUCED):
        if candidate in verdicts:
            return candidate
    return ""


def _missing(value) -> bool:
    """None, NaN or pandas' NA (a table cell with no number)."""
    return value is None or (not isinstance(value, str) and bool(pd.isna(value)))


def _rounding(rounding: float | None, decimals) -> float:
    """The rule's own rounding, else half a unit of the paper's printed decimals."""
    if rounding is not None:
        return rounding
    return ROUNDING if _missing(decimals) else 0.5 * 10.0 ** -int(decimals)


@dataclass(frozen=True)
class Exact:
    """A deterministic number (:func:`exact_rule`); ``rounding`` None: half a unit of the
    paper's printed decimals."""

    rounding: float | None = None

    def judge(self, ours, paper, ours_spread, paper_spread, decimals) -> str:
        return exact_rule(ours, paper, _rounding(self.rounding, decimals))

    def text(self, decimals) -> str:
        return f"exact (± {_rounding(self.rounding, decimals):g})"


@dataclass(frozen=True)
class Spread:
    """An average over random runs (:func:`sd_rule`). ``paper_spread``: ``"paper"`` (the
    paper's printed spread), ``"none"`` (it prints none: 0) or ``"ours"`` (the paper's number
    is one draw of our design, so its spread is ours); ``share``: the power limit
    (:data:`INCONCLUSIVE_SHARE`; None: none); ``spread_name`` says what our spread is."""

    k: float
    paper_spread: str = "paper"
    rounding: float | None = None
    share: float | None = INCONCLUSIVE_SHARE
    spread_name: str = "combined sd"

    def __post_init__(self):
        if self.paper_spread not in ("paper", "none", "ours"):
            raise ValueError(f"paper_spread {self.paper_spread!r} is not 'paper', 'none' or "
                             "'ours'")

    def judge(self, ours, paper, ours_spread, paper_spread, decimals) -> str:
        theirs = {"paper": paper_spread, "none": 0.0, "ours": ours_spread}[self.paper_spread]
        return sd_rule(ours, paper, ours_spread, theirs, self.k,
                       _rounding(self.rounding, decimals), self.share)

    def text(self, decimals) -> str:
        power = ("" if self.share is None else
                 f"; inconclusive where that band exceeds {self.share:.0%} of the paper's value")
        return (f"within {self.k:g} {self.spread_name} (+ {_rounding(self.rounding, decimals):g}"
                f"); close within {2 * self.k:g}{power}")


@dataclass(frozen=True)
class Interval:
    """Two intervals, ours ± our spread and the paper's value ± its spread
    (:func:`interval_rule`)."""

    def judge(self, ours, paper, ours_spread, paper_spread, decimals) -> str:
        if _missing(paper) or _missing(ours):
            return exact_rule(ours, paper)
        mine = 0.0 if _missing(ours_spread) else float(ours_spread)
        theirs = 0.0 if _missing(paper_spread) else float(paper_spread)
        return interval_rule(float(ours) - mine, float(ours) + mine, float(paper) - theirs,
                             float(paper) + theirs)

    def text(self, decimals) -> str:
        return "95% intervals overlap"


@dataclass(frozen=True)
class Conclusion:
    """A single draw's statistic judged by its conclusion (:func:`conclusion_rule`)."""

    kind: str
    level: float | None = None

    def judge(self, ours, paper, ours_spread, paper_spread, decimals) -> str:
        return conclusion_rule(ours, paper, self.kind, self.level)

    def text(self, decimals) -> str:
        if self.kind == "below":
            return f"same conclusion: p below {self.level:g} or not"
        return "same conclusion: the same sign"
