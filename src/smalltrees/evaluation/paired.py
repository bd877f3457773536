"""Paired comparisons of two learners: the paired t test, the pooled t test and the sign test.

Dietterich, Kearns & Mansour (1996, section 3.1) compare C4.5(G) with C4.5(H) by "paired-
differences t tests" on the tree sizes of the two learners trained on the same training set,
by one t test on all trials of all domains pooled together, and by a sign test over domains.
These are general: any study comparing two learners on paired results uses them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy import stats


@dataclass(frozen=True)
class PairedT:
    """Result of a paired t test: ``t = mean(d) / (sd(d) / sqrt(n))`` with ``n - 1`` degrees of
    freedom and its two-sided p-value. ``t`` is signed (positive when the mean difference is);
    a zero spread gives ``t = +-inf, p = 0`` (or ``t = 0, p = 1`` when every difference is 0)."""

    mean: float
    sd: float
    n: int
    t: float
    df: int
    p: float


def paired_t(differences: Sequence[float] | np.ndarray) -> PairedT:
    """The paired-differences t test on ``differences`` (e.g. size_H - size_G per training set).

    Raises ``ValueError`` for fewer than two differences (no degrees of freedom).

    Examples
    --------
    >>> r = paired_t([4, 0, 0, 0])     # DKM 1996 Table 1, Segmentation: t = 1.000
    >>> round(r.t, 3), r.df, round(r.p, 3)
    (1.0, 3, 0.391)
    """
    d = np.asarray(differences, dtype=float)
    if d.ndim != 1 or d.size < 2:
        raise ValueError(f"a paired t test needs at least 2 differences, got {d.size}")
    mean, sd, n = float(d.mean()), float(d.std(ddof=1)), int(d.size)
    if sd == 0.0:
        t = 0.0 if mean == 0.0 else float(np.sign(mean) * np.inf)
        p = 1.0 if mean == 0.0 else 0.0
    else:
        t = mean / (sd / np.sqrt(n))
        p = float(2.0 * stats.t.sf(abs(t), df=n - 1))
    return PairedT(mean=mean, sd=sd, n=n, t=float(t), df=n - 1, p=p)


def pooled_t(groups: Sequence[Sequence[float]]) -> PairedT:
    """One paired t test on the differences of every group pooled (DKM 1996, section 3.1:
    "if we combine all 38 trials in this table into a single t test")."""
    pooled = [float(v) for group in groups for v in group]
    return paired_t(pooled)


@dataclass(frozen=True)
class SignTest:
    """Exact two-sided sign test: ``wins`` of ``n`` non-tied pairs; ``p`` is the probability of a
    split at least as uneven under Binomial(n, 1/2)."""

    wins: int
    losses: int
    ties: int
    p: float


def sign_test(differences: Sequence[float] | np.ndarray) -> SignTest:
    """The exact two-sided sign test on paired differences; ties (zeros) are dropped.

    Examples
    --------
    >>> sign_test([1, 1, 1, 1, 1, 1, 1, 1, -1]).p    # 8 of 9 (DKM 1996: "p < 0.039")
    0.0390625
    """
    d = np.asarray(differences, dtype=float)
    wins, losses = int(np.sum(d > 0)), int(np.sum(d < 0))
    n = wins + losses
    p = 1.0 if n == 0 else float(stats.binomtest(wins, n, 0.5).pvalue)
    return SignTest(wins=wins, losses=losses, ties=int(d.size - n), p=min(p, 1.0))
