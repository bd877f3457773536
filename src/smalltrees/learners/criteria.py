"""Splitting criteria for top-down tree growing, kept in a registry.

A criterion is an *impurity* of a class distribution plus the rule that turns the impurity
decrease of a split (the gain) into the merit used to rank attributes. Learners look criteria
up by name in :data:`CRITERIA`, so experiments vary by a config string, not by a code branch.

Impurities take class-weight arrays of shape ``(..., n_classes)`` and return the *total*
impurity ``n * phi(counts / n)`` (``n`` the row's total weight), which is what a weighted
average over the branches of a split needs. Their ``axis`` argument puts the classes on
another axis: tree growing keeps them first, so that sums over the classes are whole-array
additions rather than many tiny reductions.

References
----------
J. R. Quinlan (1993), *C4.5: Programs for Machine Learning*, Morgan Kaufmann, ch. 2
(information gain and gain ratio).
T. Dietterich, M. Kearns and Y. Mansour (1996), "Applying the weak learning framework to
understand and improve C4.5", ICML, eq. 5 (the criterion G).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

#: Weights below this are treated as zero, as in Weka's ``Utils.SMALL``.
EPS = 1e-6


def xlog2x(w: np.ndarray | float) -> np.ndarray:
    """Return ``w * log2(w)``, with weights below :data:`EPS` contributing 0."""
    w = np.asarray(w, dtype=float)
    return w * np.log2(np.where(w < EPS, 1.0, w)) + 0.0  # + 0.0: no -0.0 for tiny negatives


def entropy(counts: np.ndarray, axis: int = -1) -> np.ndarray:
    """Total entropy ``n * H(p)`` in bits of class-weight rows (Quinlan 1993, ch. 2).

    The classes run along ``axis`` (the last by default).

    Examples
    --------
    >>> float(entropy(np.array([2.0, 2.0])))
    4.0
    """
    counts = np.asarray(counts, dtype=float)
    return xlog2x(counts.sum(axis=axis)) - xlog2x(counts).sum(axis=axis)


def kearns_mansour(counts: np.ndarray, axis: int = -1) -> np.ndarray:
    """Total Kearns-Mansour impurity ``n * G(p)`` of class-weight rows (DKM 1996, eq. 5).

    For two classes ``G(q) = 2 sqrt(q (1 - q))``. For more classes we use the one-vs-rest sum
    ``sum_j sqrt(p_j (1 - p_j))``, which equals ``G`` when there are two classes; DKM define
    only the two-class case. The classes run along ``axis`` (the last by default).

    Examples
    --------
    >>> float(kearns_mansour(np.array([1.0, 1.0])))
    2.0
    """
    counts = np.clip(np.asarray(counts, dtype=float), 0.0, None)
    total = counts.sum(axis=axis, keepdims=True)
    return np.sqrt(np.clip(counts * (total - counts), 0.0, None)).sum(axis=axis)


def split_info(branch_weights: np.ndarray, total: float | np.ndarray) -> float | np.ndarray:
    """Split information (bits per case) of a split, unknown values counted as one more branch.

    This is the denominator of the gain ratio in C4.5 (Quinlan 1993, ch. 2 and ch. 3 for the
    unknown-value branch). Vectorised: ``branch_weights`` of shape ``(..., n_branches)`` and
    ``total`` of shape ``(...)`` give an array; a single split gives a float.

    Examples
    --------
    >>> split_info(np.array([2.0, 2.0]), 4.0)
    1.0
    """
    branch_weights = np.asarray(branch_weights, dtype=float)
    total = np.asarray(total, dtype=float)
    unknown = total - branch_weights.sum(axis=-1)
    bits = xlog2x(total) - xlog2x(branch_weights).sum(axis=-1) - xlog2x(unknown)
    info = np.divide(bits, total, out=np.zeros(bits.shape), where=total > 0)
    return float(info) if info.ndim == 0 else info


@dataclass(frozen=True)
class Criterion:
    """A registered splitting criterion.

    Parameters
    ----------
    impurity : callable
        Total impurity of class-weight rows, e.g. :func:`entropy`; an ``axis`` argument
        names the class axis.
    normalise : bool
        If True the merit is the gain divided by the split information (gain ratio),
        otherwise the gain itself.
    """

    impurity: Callable[[np.ndarray], np.ndarray]
    normalise: bool

    def merit(self, gain: float | np.ndarray, info: float | np.ndarray) -> float | np.ndarray:
        """Merit of a split with this ``gain`` and split information ``info`` (or arrays of them).

        A split whose split information is (numerically) zero has merit 0, as in C4.5.
        """
        if not self.normalise:
            return gain
        gain, info = np.broadcast_arrays(np.asarray(gain, dtype=float), np.asarray(info, float))
        ratio = np.divide(gain, info, out=np.zeros(gain.shape), where=info >= EPS)
        return float(ratio) if ratio.ndim == 0 else ratio


#: Registered criteria: C4.5's gain ratio, its ``-g`` gain option, and DKM's G (eq. 5).
CRITERIA: dict[str, Criterion] = {
    "gain_ratio": Criterion(impurity=entropy, normalise=True),
    "gain": Criterion(impurity=entropy, normalise=False),
    "G": Criterion(impurity=kearns_mansour, normalise=False),
}


def get_criterion(name: str) -> Criterion:
    """Look up a criterion by name, raising ``ValueError`` for an unknown name."""
    try:
        return CRITERIA[name]
    except (KeyError, TypeError):
        raise ValueError(
            f"unknown criterion {name!r}; expected one of {sorted(CRITERIA)}"
        ) from None
