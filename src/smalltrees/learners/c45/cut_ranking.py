"""How C4.5 ranks the cuts of a continuous attribute when it does not rank them by gain.

Release 8 takes the cut of highest information gain (Quinlan 1996, section 3) and charges it
:func:`threshold_cost`; the others rank every cut of every attribute at several nodes at once
(cuts on the last axis, as :func:`~smalltrees.learners.c45.proposals.continuous_proposals_at`
lays them out): by gain ratio (:func:`cut_ratios`, ``threshold_by="merit"``) or as the releases
before 8 did (:func:`pre_r8_ranking`, ``release="pre-R8"``). Each also in Quinlan's single
precision (``arithmetic="single"``, :mod:`~smalltrees.learners.c45.single_precision`).

References
----------
J. R. Quinlan (1993), *C4.5: Programs for Machine Learning*, Morgan Kaufmann, ch. 2.
J. R. Quinlan (1996), "Improved use of continuous attributes in C4.5", *JAIR* 4, 77-90.
Quinlan's C4.5 Release 8 source, ``Src/Modifications`` (item 21), ``contin.c``, ``info.c``.
"""

from __future__ import annotations

import numpy as np

from smalltrees.learners.c45 import single_precision
from smalltrees.learners.criteria import EPS, xlog2x

#: Slack of the average-gain filter (C4.5's ``Epsilon``, as in J48), of attributes
#: (:func:`~smalltrees.learners.c45.grow.choose_test`) and, before Release 8, of cuts
#: (:func:`pre_r8_ranking`).
AVERAGE_GAIN_SLACK = 1e-3


def cut_infos(left_weight: np.ndarray, known_weight: np.ndarray, total: np.ndarray
              ) -> np.ndarray:
    """Split information of every cut (unknown values a third branch, as in
    :func:`~smalltrees.learners.criteria.split_info`)."""
    right_weight = known_weight - left_weight
    return (xlog2x(total) - xlog2x(left_weight) - xlog2x(right_weight)
            - xlog2x(total - known_weight)) / total


def cut_ratios(gain: np.ndarray, left_weight: np.ndarray, known_weight: np.ndarray,
               total: np.ndarray, single_info: np.ndarray | None = None) -> np.ndarray:
    """Gain ratio of every cut (-inf where the gain is: no admissible cut); with
    ``single_info``, the cuts' split information in single precision, in single precision
    (:mod:`~smalltrees.learners.c45.single_precision`)."""
    if single_info is not None:
        ratio = single_precision.ratio(np.where(np.isfinite(gain), gain, 0.0), single_info, EPS)
    else:
        info = cut_infos(left_weight, known_weight, total)
        with np.errstate(invalid="ignore", divide="ignore"):
            ratio = np.where(info >= EPS, gain / info, 0.0)
    return np.where(np.isfinite(gain), ratio, -np.inf)


def pre_r8_ranking(gain: np.ndarray, admissible: np.ndarray, n_cuts: np.ndarray,
                   left_weight: np.ndarray, known_weight: np.ndarray, total: np.ndarray,
                   single_info: np.ndarray | None = None) -> np.ndarray:
    """How the releases before 8 rank the cuts of a continuous attribute (cuts on the last
    axis; -inf: not eligible).

    C4.5 Release 8's change log (``Src/Modifications``, item 21, October 1995) says it altered
    the calculation of the gain of continuous attributes (Quinlan 1996); before it, C4.5's
    ``contin.c`` rated each cut with the ``Worth`` it uses for attributes (``info.c``,
    Quinlan 1993, ch. 2): the gain ratio of the cuts whose gain is at least the average gain
    of the admissible cuts ("tried") minus :data:`AVERAGE_GAIN_SLACK` and whose split
    information exceeds it, the others not eligible. No threshold cost; the attribute's gain
    is the chosen cut's. The average is summed in the order of the cuts, as C4.5 adds them.
    With ``single_info`` (the cuts' split information in single precision) the average and
    the ratios are C4.5's ``float`` ones (:mod:`~smalltrees.learners.c45.single_precision`).
    """
    if single_info is None:
        summed = np.cumsum(np.where(admissible, gain, 0.0), axis=-1)[..., -1:]
        average = summed / np.maximum(n_cuts, 1)[..., None]
        info = cut_infos(left_weight, known_weight, total)
    else:
        # each gain rounded to float, added in float in order (as cumsum(dtype=float32), faster)
        summed = np.cumsum(np.where(admissible, gain, 0.0).astype(np.float32), axis=-1)
        average = (summed[..., -1:] / np.maximum(n_cuts, 1)[..., None].astype(np.float32)
                   ).astype(float)  # compared in double, as C compares a float with 1E-3
        info = single_info.astype(float)
    eligible = admissible & (gain >= average - AVERAGE_GAIN_SLACK) & (info > AVERAGE_GAIN_SLACK)
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):  # not eligible: unused
        if single_info is not None:  # Gain / Info in float, Info above the floor of ratio()
            return np.where(eligible, gain.astype(np.float32) / single_info, -np.inf)
        return np.where(eligible, gain / info, -np.inf)


def threshold_cost(n_cuts: np.ndarray, totals: np.ndarray, mdl_correction: bool,
                   single: bool) -> np.ndarray:
    """Release 8's charge of a continuous attribute's best cut, ``log2(n_cuts) / N`` with
    ``mdl_correction`` (Quinlan 1996, section 3), else 0; with ``single``, in single precision
    as ``contin.c``'s ``ThreshCost`` (:mod:`~smalltrees.learners.c45.single_precision`)."""
    if not mdl_correction:
        return np.zeros(n_cuts.shape)
    if single:
        return single_precision.threshold_cost(np.maximum(n_cuts, 1), totals)
    return np.log2(np.maximum(n_cuts, 1)) / totals
