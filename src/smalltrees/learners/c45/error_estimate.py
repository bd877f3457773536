"""The pessimistic error estimate of a C4.5 leaf, as Weka's J48 and as Quinlan's program compute it.

A leaf with ``N`` training cases, ``E`` of them misclassified, is charged ``N * U_CF(E, N) - E``
extra errors, ``U_CF`` the upper limit of a binomial confidence interval at confidence ``CF``
(Quinlan 1993, ch. 4). The two programs compute ``U_CF`` alike but for their constants:

=====================  ==============================  ===================================
                       ``"j48"`` (Weka's ``addErrs``)  ``"quinlan"`` (``stats.c`` ``AddErrs``)
=====================  ==============================  ===================================
normal deviate ``z``   quantile of ``1 - CF``          interpolated in :data:`QUINLAN_TABLE`
                       (0.6745 for CF = 25%)           (0.6925 for CF = 25%)
no error               ``E == 0``                      ``E < 1e-6``
interpolated           ``0 < E < 1``                   ``1e-6 <= E < 0.9999``
``E + 0.5 >= N``       ``max(N - E, 0)``               ``0.67 (N - E)``
=====================  ==============================  ===================================

Otherwise both take the normal approximation with a continuity correction of 0.5,
``(E + 0.5 + z^2/2 + z sqrt((E + 0.5)(1 - (E + 0.5)/N) + z^2/4)) / (N + z^2)`` (as ``stats.c``
writes it; J48 divides numerator and denominator by ``N``). Quinlan's ``AddErrs`` is the same
in every release from 5 to 8 but for item 18 of its change log (``Src/Modifications``, April
1995: "for very small values of CF less than 0.1%, confidence levels are computed
erratically"), which changed it below CF = 0.1% only; we compute in double precision where
``stats.c`` holds ``z^2`` in ``float`` (a relative difference below 1e-7).

References
----------
J. R. Quinlan (1993), *C4.5: Programs for Machine Learning*, Morgan Kaufmann, ch. 4.
Quinlan's C4.5 Release 8 source, ``Src/stats.c`` (``AddErrs``; the table from Documenta Geigy
Scientific Tables, 6th ed., p. 185) and ``Src/Modifications``.
Weka 3.6 ``weka.classifiers.trees.j48.Stats.addErrs``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from statistics import NormalDist

#: The estimates :func:`added_errors` computes.
ERROR_ESTIMATES = ("j48", "quinlan")

#: ``stats.c``'s ``Val`` (confidence levels) and ``Dev`` (normal deviates) tables.
QUINLAN_TABLE = (
    (0.0, 0.001, 0.005, 0.01, 0.05, 0.10, 0.20, 0.40, 1.00),
    (4.0, 3.09, 2.58, 2.33, 1.65, 1.28, 0.84, 0.25, 0.00),
)


@dataclass(frozen=True)
class _Constants:
    """Where an estimate stops counting errors as none, and as one, what it charges a leaf with
    ``E + 0.5 >= N`` per case it gets right, and whether that charge is at least 0 (the charge
    of ``N - E`` is negative for ``E > N``: ``AddErrs(N, 1)`` interpolated towards ``E < 1``
    for a leaf weighing less than one case)."""

    no_errors: float
    one_error: float
    full_leaf: float
    at_least_zero: bool


_CONSTANTS = {"j48": _Constants(0.0, 1.0, 1.0, True),
              "quinlan": _Constants(1e-6, 0.9999, 0.67, False)}


def added_errors(n: float, e: float, cf: float, estimate: str = "j48") -> float:
    """Predicted extra errors ``N * U_CF(E, N) - E`` of a leaf, by ``estimate`` (see the module).

    ``U_CF`` is exact for no error (``1 - CF ** (1 / N)``), linearly interpolated between no
    error and one, and otherwise the upper limit of the normal approximation to the binomial.

    Examples
    --------
    >>> round(added_errors(6.0, 0.0, 0.25), 3)
    1.238
    >>> round(added_errors(2.0, 2.0, 0.25, "j48"), 2), round(added_errors(3.0, 2.6, 0.25,
    ...                                                                   "quinlan"), 3)
    (0.0, 0.268)
    """
    rules = _CONSTANTS[estimate]
    if e < rules.one_error:
        base = n * (1 - cf ** (1 / n))
        if e == 0 or e < rules.no_errors:
            return base
        return base + e * (added_errors(n, 1.0, cf, estimate) - base)
    if e + 0.5 >= n:
        charge = rules.full_leaf * (n - e)
        return max(charge, 0.0) if rules.at_least_zero else charge
    z = normal_deviate(cf, estimate)
    f = (e + 0.5) / n
    upper = (f + z * z / (2 * n) + z * math.sqrt(f / n - f * f / n + z * z / (4 * n * n))) / (
        1 + z * z / n
    )
    return upper * n - e


@lru_cache
def normal_deviate(cf: float, estimate: str = "j48") -> float:
    """The normal deviate ``z`` of confidence ``cf``: J48's exact quantile of ``1 - cf``, or
    ``stats.c``'s linear interpolation in :data:`QUINLAN_TABLE` between the two levels around
    ``cf`` (the first level not below it and the one before).

    Examples
    --------
    >>> round(normal_deviate(0.25, "j48"), 4), round(normal_deviate(0.25, "quinlan"), 4)
    (0.6745, 0.6925)
    """
    if estimate == "j48":
        return NormalDist().inv_cdf(1 - cf)
    levels, deviates = QUINLAN_TABLE
    i = next((i for i, level in enumerate(levels) if cf <= level), 0)
    if i == 0:
        raise ValueError(f"cf must be in (0, 1] for Quinlan's table, got {cf!r}")
    return deviates[i - 1] + (deviates[i] - deviates[i - 1]) * (cf - levels[i - 1]) / (
        levels[i] - levels[i - 1])
