"""The SRM generalisation bound of Yildiz (2015), eqs. (2) and (4), vectorised.

    eps = a1 * (V * (ln(a2 * S / V) + 1) - ln(nu)) / S                                   (4)
    E_g <= E_t + (eps / 2) * (1 + sqrt(1 + 4 E_t / eps))                                 (2)

with V the VC-dimension, S the sample size, E_t the training error rate and nu the confidence
level (Cherkassky & Mulier 2007, pp. 116-118). Two readings of nu are offered:

- ``"paper"`` (default): the text's recommendation nu = 1 / sqrt(S) and ``ln(nu)``;
- ``"isell"``: what the author's toolkit computes (``srm_epsilon`` in ISELL's ``model.c``),
  nu = 0.01 fixed and ``ln(nu / 4)``, as in Cherkassky & Mulier's textbook form.

Eq. (2) is written here as ``E_t + eps/2 + sqrt(eps^2/4 + eps E_t)``, the same value, and is
extended to ``eps <= 0`` (which eq. 4 gives when V is large against a2 S, e.g. a leaf reached by
one example with a small a2) by its limit ``E_t`` at ``eps = 0``: the capacity term vanishes
instead of making the bound negative or undefined. This is our decision; the paper does not
discuss the case and ISELL computes eq. (2) as it stands.
"""

from __future__ import annotations

import numpy as np

CONFIDENCE = ("paper", "isell")
#: ISELL's fixed confidence level nu.
ISELL_NU = 0.01


def log_confidence(S: np.ndarray, confidence: str = "paper") -> np.ndarray:
    """``ln(nu)`` of eq. (4) for sample sizes ``S`` (see the module for the two readings)."""
    if confidence == "paper":
        return -0.5 * np.log(np.maximum(S, 1.0))
    if confidence == "isell":
        return np.full(np.shape(S), np.log(ISELL_NU / 4.0))
    raise ValueError(f"confidence must be one of {CONFIDENCE}, got {confidence!r}")


def srm_epsilon(V, S, a1, a2, confidence: str = "paper") -> np.ndarray:
    """Eq. (4), broadcast over arrays of ``V``, ``S``, ``a1`` and ``a2`` (``S >= 1``)."""
    V, S = np.asarray(V, dtype=float), np.maximum(np.asarray(S, dtype=float), 1.0)
    return a1 * (V * (np.log(a2 * S / V) + 1.0) - log_confidence(S, confidence)) / S


def srm_bound(E_t, V, S, a1, a2, confidence: str = "paper") -> np.ndarray:
    """Eq. (2) with eps of eq. (4): the bound on the generalisation error rate.

    Examples
    --------
    >>> round(float(srm_bound(0.1, 3, 100, 1.0, 1.0)), 4)
    0.3277
    """
    eps = np.maximum(srm_epsilon(V, S, a1, a2, confidence), 0.0)
    E_t = np.asarray(E_t, dtype=float)
    return E_t + eps / 2.0 + np.sqrt(eps * eps / 4.0 + eps * E_t)


def grid(a1_step: float = 0.1, a1_max: float = 4.0, a2_step: float = 0.1,
         a2_max: float = 2.0) -> tuple[np.ndarray, np.ndarray]:
    """The (a1, a2) grid of section V-B, flattened: a1 in {0.1, ..., 4.0} (outer) and a2 in
    {0.1, ..., 2.0} (inner), 40 x 20 = 800 pairs by default."""
    a1 = np.round(np.arange(1, round(a1_max / a1_step) + 1) * a1_step, 10)
    a2 = np.round(np.arange(1, round(a2_max / a2_step) + 1) * a2_step, 10)
    A1, A2 = np.meshgrid(a1, a2, indexing="ij")
    return A1.ravel(), A2.ravel()
