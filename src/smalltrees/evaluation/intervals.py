"""Confidence intervals for the difference of two learners' error rates on one test set.

Dietterich, Kearns & Mansour (1996, section 3.1) train learners G and H on each of n training
sets and test all 2n hypotheses on one test set: "The results of classifying each test set
example by each of the 2n hypotheses are tallied into a contingency table, and a 95% confidence
interval is computed for the difference between the error rates of G and H using the ABC method
for marginal homogeneity". Example i has ``a_i`` of the n G hypotheses wrong and ``b_i`` of the n
H hypotheses wrong; the cells of the (n+1) x (n+1) table count the examples with each (a, b).
The difference of the mean error rates is the mean over examples of ``v_i = (b_i - a_i) / n``,
so the test examples are the resampling units and the statistic is a mean.

Two intervals are offered:

* :func:`abc_mean_interval`, the nonparametric ABC interval (DiCiccio & Efron 1992; Efron &
  Tibshirani 1993, ch. 22, ``abcnon``). For a mean, ``abcnon``'s numerical derivatives are
  exact and its quadratic terms vanish (the statistic is linear in the resampling weights), so
  the interval has a closed form: with influence values ``t_i = v_i - mean(v)``,
  ``sigma = sqrt(sum t_i^2) / N``, acceleration ``a = sum t_i^3 / (6 (sum t_i^2)^1.5)``, bias
  correction ``z0 = a`` (the curvature is zero), and endpoint
  ``mean(v) + sigma * w / (1 - a w)^2`` with ``w = z0 + z_alpha``.
* :func:`bca_mean_interval`, the BCa bootstrap (Efron & Tibshirani 1993, ch. 14) with
  multinomial resampling of the examples, a declared stand-in for ABC.

Both take the distinct values with their counts, so a 14,500-example test set with n = 4 is a
table of at most 25 cells.

``scipy.stats`` is imported inside the two intervals: importing it costs ~0.7 CPU-s, and the
per-domain trial jobs import this module for :func:`contingency` only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

METHODS = ("abc", "bca")


@dataclass(frozen=True)
class Interval:
    """A two-sided confidence interval around a point estimate."""

    estimate: float
    low: float
    high: float
    method: str
    level: float


def contingency(wrong_g: np.ndarray, wrong_h: np.ndarray) -> np.ndarray:
    """The (n+1) x (n+1) table of (number of G hypotheses wrong, number of H hypotheses wrong)
    over the test examples; ``wrong_*`` are boolean arrays of shape (n hypotheses, n examples).

    >>> wrong_g = np.array([[1, 0, 0], [1, 1, 0]], dtype=bool)   # 2 hypotheses, 3 examples
    >>> wrong_h = np.array([[0, 0, 1], [1, 0, 1]], dtype=bool)
    >>> contingency(wrong_g, wrong_h).tolist()       # examples (a, b) = (2, 1), (1, 0), (0, 2)
    [[0, 0, 1], [1, 0, 0], [0, 1, 0]]
    """
    wrong_g, wrong_h = np.asarray(wrong_g, dtype=bool), np.asarray(wrong_h, dtype=bool)
    if wrong_g.shape != wrong_h.shape or wrong_g.ndim != 2:
        raise ValueError(f"wrong_g {wrong_g.shape} and wrong_h {wrong_h.shape} must be two "
                         "(hypotheses x examples) arrays of one shape")
    n = wrong_g.shape[0]
    table = np.zeros((n + 1, n + 1), dtype=np.int64)
    np.add.at(table, (wrong_g.sum(axis=0), wrong_h.sum(axis=0)), 1)
    return table


def difference_values(table: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The per-example values ``(b - a) / n`` of a contingency table's non-empty cells, and
    their counts: the mean of the values is err_H - err_G (as a fraction).

    >>> values, counts = difference_values([[0, 0, 1], [1, 0, 0], [0, 1, 0]])
    >>> values.tolist(), counts.tolist()
    ([1.0, -0.5, -0.5], [1.0, 1.0, 1.0])
    """
    table = np.asarray(table)
    n = table.shape[0] - 1
    if table.ndim != 2 or table.shape[0] != table.shape[1] or n < 1:
        raise ValueError(f"expected a square (n+1) x (n+1) contingency table, got {table.shape}")
    a, b = np.nonzero(table)
    return (b - a) / n, table[a, b].astype(float)


def _moments(values, counts):
    values, counts = np.asarray(values, dtype=float), np.asarray(counts, dtype=float)
    if values.shape != counts.shape or values.ndim != 1 or values.size == 0:
        raise ValueError("values and counts must be non-empty 1-d arrays of one length")
    if np.any(counts < 0) or counts.sum() <= 0:
        raise ValueError("counts must be non-negative with a positive total")
    total = counts.sum()
    mean = float(np.dot(counts, values) / total)
    t = values - mean
    s2, s3 = float(np.dot(counts, t**2)), float(np.dot(counts, t**3))
    accel = s3 / (6.0 * s2**1.5) if s2 > 0 else 0.0
    return values, counts, total, mean, s2, accel


def _check_level(level: float) -> None:
    if not 0.0 < level < 1.0:
        raise ValueError(f"level must be in (0, 1), got {level!r}")


def abc_mean_interval(values: Sequence[float], counts: Sequence[float],
                      level: float = 0.95) -> Interval:
    """The nonparametric ABC interval of a mean (``abcnon`` in closed form; see the module).

    ``values`` are the distinct observations, ``counts`` how often each occurs.
    """
    _check_level(level)
    _, _, total, mean, s2, accel = _moments(values, counts)
    sigma = np.sqrt(s2) / total
    alphas = np.array([(1 - level) / 2, (1 + level) / 2])
    from scipy import stats

    w = accel + stats.norm.ppf(alphas)
    low, high = mean + sigma * w / (1 - accel * w) ** 2
    return Interval(mean, float(low), float(high), "abc", level)


def bca_mean_interval(values: Sequence[float], counts: Sequence[float], level: float = 0.95,
                      resamples: int = 2000, seed: np.random.SeedSequence | int = 0) -> Interval:
    """The BCa bootstrap interval of a mean, resampling the observations (multinomially).

    The bias correction counts resampled means below the estimate plus half the ties (the mean of
    a discrete table ties often); the acceleration is the jackknife one, which for a mean equals
    ABC's ``sum t^3 / (6 (sum t^2)^1.5)``.
    """
    _check_level(level)
    if resamples < 2:
        raise ValueError(f"resamples must be at least 2, got {resamples!r}")
    values, counts, total, mean, s2, accel = _moments(values, counts)
    if s2 == 0:
        return Interval(mean, mean, mean, "bca", level)
    from scipy import stats

    draws = np.random.default_rng(seed).multinomial(int(round(total)), counts / total,
                                                    size=resamples)
    means = draws @ values / total
    below = np.mean(means < mean - 1e-12) + 0.5 * np.mean(np.abs(means - mean) <= 1e-12)
    z0 = stats.norm.ppf(np.clip(below, 1.0 / resamples, 1 - 1.0 / resamples))
    z = z0 + stats.norm.ppf([(1 - level) / 2, (1 + level) / 2])
    probs = stats.norm.cdf(z0 + z / (1 - accel * z))
    low, high = np.quantile(means, probs)
    return Interval(mean, float(low), float(high), "bca", level)


def difference_interval(table: np.ndarray, level: float = 0.95, method: str = "abc",
                        resamples: int = 2000,
                        seed: np.random.SeedSequence | int = 0) -> Interval:
    """The interval of err_H - err_G (fractions) from a contingency table of
    :func:`contingency`, by ``method`` "abc" (the paper's) or "bca" (``resamples``, ``seed``)."""
    values, counts = difference_values(table)
    if method == "abc":
        return abc_mean_interval(values, counts, level)
    if method == "bca":
        return bca_mean_interval(values, counts, level, resamples, seed)
    raise ValueError(f"unknown interval method {method!r}; expected one of {METHODS}")
