"""Significance tests on paired results of two learners.

The corrected resampled t-test of Nadeau & Bengio (2003), in the repeated-CV form of Bouckaert
& Frank (2004): ``t = mean(d) / sqrt((1/(R F) + n_test/n_train) var(d))`` with ``R F - 1``
degrees of freedom, where ``d`` holds the paired per-fold differences of all R x F runs. The
correction accounts for the overlap of the training sets, which makes the plain paired t-test
far too liberal.
"""

from __future__ import annotations

import numpy as np
from scipy import stats


def corrected_resampled_t(d: np.ndarray, test_train_ratio: float) -> tuple[float, float]:
    """Nadeau & Bengio's corrected resampled t statistic and its two-sided p-value."""
    n = d.size
    mean, var = float(np.mean(d)), float(np.var(d, ddof=1)) if n > 1 else 0.0
    if var == 0.0:
        return (0.0, 1.0) if mean == 0.0 else (float(np.sign(mean) * np.inf), 0.0)
    t = mean / np.sqrt((1.0 / n + test_train_ratio) * var)
    return float(t), float(2.0 * stats.t.sf(abs(t), df=n - 1))
