"""The classical tests on learners' results, in one place: t tests, the t interval, the sign test.

* :func:`paired_t` -- the paired-differences t test ``t = mean(d) / (sd(d) / sqrt(n))`` with
  ``n - 1`` degrees of freedom. Dietterich, Kearns & Mansour (1996, section 3.1) compare
  C4.5(G) with C4.5(H) by "paired-differences t tests" on the tree sizes of the two learners
  trained on the same training set; :func:`pooled_t` is their one t test on all trials of all
  domains pooled together.
* :func:`corrected_resampled_t` -- the corrected resampled t test of Nadeau & Bengio (2003), in
  the repeated-CV form of Bouckaert & Frank (2004): ``t = mean(d) / sqrt((1/(R F) + n_test /
  n_train) var(d))`` with ``R F - 1`` degrees of freedom, where ``d`` holds the paired per-fold
  differences of all R x F runs. The correction accounts for the overlap of the training sets,
  which makes the plain paired t test far too liberal (Auer et al. 1995, Table 2, T2 vs C4.5).
* :func:`one_sample_t` -- the two-sided one-sample t test of values against a published
  number (Last et al. 2002, Table 4: our stability against CMM's).
* :func:`t_interval` -- the mean and the t half-width ``t_{(1+level)/2, n-1} s / sqrt(n)`` of
  n estimates (Last et al. 2002, section 3: IFN's accuracy over R cross-validation runs).
* :func:`sign_test` -- the exact two-sided sign test (DKM 1996: G wins on 8 of 9 domains).

Every t test treats a zero spread the same way: ``t = 0, p = 1`` when the mean difference is
0, else ``t = +-inf, p = 0``.

``scipy.stats`` is imported inside the functions that call it: importing it costs ~0.7 CPU-s,
and many workflow jobs (e.g. last02's stability jobs) import this module without running a test.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np


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


def _no_spread(mean: float) -> tuple[float, float]:
    """``(t, p)`` of a t test whose differences have no spread."""
    return (0.0, 1.0) if mean == 0.0 else (float(np.sign(mean) * np.inf), 0.0)


def _two_sided_p(t: float, df: int) -> float:
    """The two-sided p-value of Student's ``t`` with ``df`` degrees of freedom.

    >>> round(_two_sided_p(2.262, 9), 3)     # the 97.5% quantile for 9 degrees of freedom
    0.05
    """
    from scipy import stats

    return float(2.0 * stats.t.sf(abs(t), df=df))


def paired_t(differences: Sequence[float] | np.ndarray) -> PairedT:
    """The paired-differences t test on ``differences`` (e.g. size_H - size_G per training set).

    Raises ``ValueError`` for fewer than two differences (no degrees of freedom).

    Examples
    --------
    >>> r = paired_t([4, 0, 0, 0])     # DKM 1996 Table 1, Segmentation: t = 1.000
    >>> round(r.t, 3), r.df, round(r.p, 3)
    (1.0, 3, 0.391)
    >>> paired_t([2, 2, 2]).p          # no spread, a non-zero mean
    0.0
    """
    d = np.asarray(differences, dtype=float)
    if d.ndim != 1 or d.size < 2:
        raise ValueError(f"a paired t test needs at least 2 differences, got {d.size}")
    return _t_test(float(d.mean()), float(d.std(ddof=1)), int(d.size))


def _t_test(mean: float, sd: float, n: int) -> PairedT:
    """The t test of a mean of ``n`` differences with standard deviation ``sd``."""
    if sd == 0.0:
        t, p = _no_spread(mean)
    else:
        t = mean / (sd / np.sqrt(n))
        p = _two_sided_p(t, n - 1)
    return PairedT(mean=mean, sd=sd, n=n, t=float(t), df=n - 1, p=p)


def pooled_t(groups: Sequence[Sequence[float]]) -> PairedT:
    """One paired t test on the differences of every group pooled (DKM 1996, section 3.1:
    "if we combine all 38 trials in this table into a single t test").

    >>> pooled_t([[1, 2], [3]]) == paired_t([1, 2, 3])
    True
    """
    pooled = [float(v) for group in groups for v in group]
    return paired_t(pooled)


def pooled_t_from_summaries(n: Sequence[int], mean: Sequence[float], sd: Sequence[float]
                            ) -> PairedT:
    """:func:`pooled_t` from each group's size, mean and standard deviation alone (what a
    paper prints), exactly: the pooled sum of squares is ``sum((n_i - 1) sd_i^2 + n_i (m_i -
    M)^2)`` around the pooled mean ``M``. DKM 1996's Table 1 gives each domain's mean size
    difference and |t|, hence its sd = |mean| sqrt(n) / |t|.

    >>> a = pooled_t_from_summaries([2, 1], [1.5, 3.0], [2 ** -0.5, 0.0])
    >>> b = pooled_t([[1, 2], [3]])
    >>> (a.n, round(a.t, 9), round(a.p, 9)) == (b.n, round(b.t, 9), round(b.p, 9))
    True
    """
    sizes, means, sds = (np.asarray(v, dtype=float) for v in (n, mean, sd))
    if not sizes.size == means.size == sds.size:
        raise ValueError(f"pooled_t_from_summaries: {sizes.size} sizes, {means.size} means and "
                         f"{sds.size} sds; expected one of each per group")
    total = int(sizes.sum())
    if total < 2:
        raise ValueError(f"a paired t test needs at least 2 differences, got {total}")
    grand = float((sizes * means).sum() / total)
    squares = float(((sizes - 1) * sds ** 2 + sizes * (means - grand) ** 2).sum())
    return _t_test(grand, float(np.sqrt(squares / (total - 1))), total)


def corrected_resampled_t(d: np.ndarray, test_train_ratio: float) -> tuple[float, float]:
    """Nadeau & Bengio's corrected resampled t statistic and its two-sided p-value.

    ``d`` are the paired per-fold differences of all R x F runs, ``test_train_ratio`` is
    ``n_test / n_train`` of a fold. With a ratio of 0 this is the plain paired t test.

    >>> t, p = corrected_resampled_t(np.array([1.0, 2.0, 3.0, 4.0]), 0.25)
    >>> round(t, 3), round(p, 3)      # 2.5 / sqrt((1/4 + 1/4) * 5/3)
    (2.739, 0.071)
    >>> corrected_resampled_t(np.zeros(3), 0.25)
    (0.0, 1.0)
    """
    n = d.size
    mean, var = float(np.mean(d)), float(np.var(d, ddof=1)) if n > 1 else 0.0
    if var == 0.0:
        return _no_spread(mean)
    t = mean / np.sqrt((1.0 / n + test_train_ratio) * var)
    return float(t), _two_sided_p(t, n - 1)


def one_sample_t(values: Sequence[float] | np.ndarray, expected: float) -> float:
    """The two-sided p-value of the one-sample t test of ``mean(values) == expected``.

    Computed by :func:`scipy.stats.ttest_1samp`; values without spread get the zero-spread rule
    of the module (p = 1 when they all equal ``expected``, else 0).

    >>> round(one_sample_t([1.0, 2.0, 3.0, 4.0], 1.0), 3)   # t = 1.5 / (1.291 / 2) = 2.324
    0.103
    >>> one_sample_t([2.0, 2.0], 1.0), one_sample_t([1.0, 1.0], 1.0)
    (0.0, 1.0)
    """
    values = np.asarray(values, dtype=float)
    if np.ptp(values) == 0:  # every value the same: no spread to test
        return _no_spread(float(values[0]) - expected)[1]
    from scipy import stats

    return float(stats.ttest_1samp(values, expected).pvalue)


def t_interval(values: Sequence[float] | np.ndarray, level: float = 0.95) -> tuple[float, float]:
    """Mean and t half-width ``t_{(1+level)/2, n-1} s / sqrt(n)`` of ``values`` (0 half-width
    for a single value).

    >>> mean, half = t_interval([80.0, 82.0, 84.0])
    >>> mean, round(half, 3)
    (82.0, 4.968)
    >>> t_interval([75.0])
    (75.0, 0.0)
    """
    values = np.asarray(values, dtype=float)
    if len(values) < 2:
        return float(values.mean()), 0.0
    from scipy import stats

    half = (stats.t.ppf((1.0 + level) / 2.0, len(values) - 1) * values.std(ddof=1)
            / np.sqrt(len(values)))
    return float(values.mean()), float(half)


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
    from scipy import stats

    p = 1.0 if n == 0 else float(stats.binomtest(wins, n, 0.5).pvalue)
    return SignTest(wins=wins, losses=losses, ties=int(d.size - n), p=min(p, 1.0))
