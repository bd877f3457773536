"""Shapes of the learning curves (Auer et al. 1995, section 4): fits of m against eps, and the
factor between the T2 and T1 curves at equal eps.

The paper reads Figure 1 qualitatively: SE "suggests a growth that is consistent with the bounds
with m ~ 1/eps^2", CR "rather suggests a functional dependence of the form m ~ log 1/eps", and
the T2/T1 curves differ by factors that "match quite well" the predicted ones. We fit, on the
points with eps > 0,

- ``inverse_square``: m = a / eps^2 + c (least squares in m);
- ``power``: m = a / eps^beta, beta free (least squares in log m, the usual power-law fit);
- ``log``: m = a log(1/eps) + c (least squares in m);

each with R^2 computed on m, so the three are compared on one scale; the power fit also gets
its R^2 on log m (``power_r2_log``), the scale it is fitted on, where a straight line of slope
beta in a log-log plot scores high even when the largest m dominate R^2 on m. The measured factor is
m_T2(eps) / m_T1(eps) (the reading notes' A-8: the vertical ratio in Figure 1), from linear
interpolation of log m against log(1/eps) on the common eps range of the two curves.
"""

from __future__ import annotations

import numpy as np

FACTOR_POINTS = 25
"""Points of the common log(1/eps) range at which the factor is evaluated."""


def fit_curve(m: np.ndarray, eps: np.ndarray) -> dict[str, float]:
    """The three fits of one curve (points with eps > 0 only): coefficients and R^2 on m.

    Returns ``points`` and, per fit ``f``, ``f_a``, ``f_r2`` and ``inverse_square_c``,
    ``power_beta``, ``power_r2_log``, ``log_c``; NaN when fewer than 3 points are usable.
    """
    m, eps = np.asarray(m, dtype=float), np.asarray(eps, dtype=float)
    keep = eps > 0
    m, eps = m[keep], eps[keep]
    result: dict[str, float] = {"points": int(len(m))}
    if len(m) < 3:
        return result | {key: np.nan for key in (
            "inverse_square_a", "inverse_square_c", "inverse_square_r2", "power_a",
            "power_beta", "power_r2", "power_r2_log", "log_a", "log_c", "log_r2")}
    a, c = least_squares_line(1.0 / eps**2, m)
    result |= {"inverse_square_a": a, "inverse_square_c": c,
               "inverse_square_r2": r_squared(m, a / eps**2 + c)}
    slope, intercept = least_squares_line(np.log(1.0 / eps), np.log(m))
    result |= {"power_a": float(np.exp(intercept)), "power_beta": slope,
               "power_r2": r_squared(m, np.exp(intercept) * eps ** -slope),
               "power_r2_log": r_squared(np.log(m), intercept + slope * np.log(1.0 / eps))}
    a, c = least_squares_line(np.log(1.0 / eps), m)
    result |= {"log_a": a, "log_c": c, "log_r2": r_squared(m, a * np.log(1.0 / eps) + c)}
    return result


def curve_factor(m1: np.ndarray, eps1: np.ndarray, m2: np.ndarray,
                 eps2: np.ndarray) -> dict[str, float]:
    """m_2(eps) / m_1(eps) over the common range of eps > 0 of two curves: its median, min and
    max, and the eps range; NaN when the ranges do not overlap."""
    x1, y1 = _log_curve(m1, eps1)
    x2, y2 = _log_curve(m2, eps2)
    empty = {"factor_median": np.nan, "factor_min": np.nan, "factor_max": np.nan,
             "eps_low": np.nan, "eps_high": np.nan}
    if len(x1) < 2 or len(x2) < 2:
        return empty
    low, high = max(x1[0], x2[0]), min(x1[-1], x2[-1])
    if low >= high:
        return empty
    grid = np.linspace(low, high, FACTOR_POINTS)
    ratio = np.exp(np.interp(grid, x2, y2) - np.interp(grid, x1, y1))
    return {"factor_median": float(np.median(ratio)), "factor_min": float(ratio.min()),
            "factor_max": float(ratio.max()), "eps_low": float(np.exp(-high)),
            "eps_high": float(np.exp(-low))}


def _log_curve(m, eps) -> tuple[np.ndarray, np.ndarray]:
    """(log(1/eps), log m) of the points with eps > 0, sorted by log(1/eps)."""
    m, eps = np.asarray(m, dtype=float), np.asarray(eps, dtype=float)
    keep = eps > 0
    x, y = np.log(1.0 / eps[keep]), np.log(m[keep])
    order = np.argsort(x, kind="stable")
    return x[order], y[order]


def least_squares_line(x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """Least-squares slope and intercept of y on x."""
    slope, intercept = np.polyfit(x, y, 1)
    return float(slope), float(intercept)


def r_squared(y: np.ndarray, predicted: np.ndarray) -> float:
    """Coefficient of determination of ``predicted`` for ``y``."""
    total = float(np.sum((y - y.mean()) ** 2))
    return float(1.0 - np.sum((y - predicted) ** 2) / total) if total > 0 else np.nan
