"""Gains and split information as Quinlan's C4.5 program computes them, in single precision.

Quinlan's C source holds class weights (``ItemCount``), gains, split information and gain
ratios in ``float`` (``types.i``, ``build.c``): every ``float`` variable, argument and return
value rounds to single precision, and a test or cut wins only if its value is strictly larger
(``Val > BestVal``), so the first of exactly equal values wins. Two tests that tie in exact
arithmetic (two attributes inducing the same partition, two mirror-image cuts) therefore go
the way the program's roundings send them, which need not be the first one. ``C45(arithmetic=
"single")`` computes the numbers that decide these choices with the same expressions and the
same roundings (numpy ``float32`` at the points where the C code stores a ``float``, ``float64``
where it computes in ``double``), and compares them exactly.

The expressions, from Release 8's ``Src/`` (the same in the releases before it for these
functions; ``Log`` is the macro of ``defns.i``, ``log((float) x) / Log2`` in ``double``):

- ``info.c`` ``TotalInfo(V)``: ``Sum += N * Log(N)`` and ``TotalItems += N`` over the classes in
  order (``Sum``, ``TotalItems`` and ``N`` ``float``), returned ``TotalItems * Log(TotalItems) -
  Sum`` as a ``float`` (:func:`total_info`);
- ``info.c`` ``ComputeGain``: ``ThisInfo`` the ``float`` sum over the branches of their
  ``TotalInfo``, the gain ``(1 - UnknFrac) * (BaseInfo - ThisInfo / TotalItems)`` in ``float``
  (:func:`gain`);
- ``contin.c`` ``EvalContinuousAtt``: ``BaseInfo = TotalInfo(known) / KnownItems``, ``UnknownRate
  = 1.0 - KnownItems / Items``, a cut's split information ``TotalInfo(unknown, low, high) /
  Items`` (:func:`continuous_terms`);
- ``discr.c``: ``UnknownRate = ValFreq[0] / Items`` and ``DiscrKnownBaseInfo``, which sums the
  classes' ``N * Log(N)`` in ``double`` (:func:`categorical_terms`): the same partition gets a
  slightly different gain from a categorical attribute than from a cut of a continuous one;
- ``info.c`` ``Worth`` and ``build.c``: the gain ratio ``Gain / Info`` in ``float``
  (:func:`ratio`), the average gain the ``float`` sum of the gains in attribute order divided
  by their number (:func:`averages`).

The class weights themselves are ours (``float64``, rounded to ``float32`` where C4.5 would
hold them): they are exact while cases weigh whole numbers; once unknown values have split
cases into fractions, C4.5 adds its ``float`` weights in the order its sort leaves the cases,
which is not emulated (those sums may differ from ours in the last bit).

References
----------
J. R. Quinlan (1993), *C4.5: Programs for Machine Learning*, Morgan Kaufmann, ch. 2-3 and the
Release 8 source (``info.c``, ``contin.c``, ``discr.c``, ``build.c``, ``defns.i``, ``types.i``).
"""

from __future__ import annotations

import numpy as np

from smalltrees.learners.criteria import EPS, Criterion

#: ``defns.i``'s ``Log2``: ``Log(x)`` is ``log((float) x) / Log2``, in ``double``.
LOG2 = 0.69314718055994530942
F32 = np.float32


def c_log(x: np.ndarray) -> np.ndarray:
    """``Log(x)`` of ``defns.i``: 0 for ``x <= 0``, else ``log((float) x) / Log2`` (double)."""
    return _log2(np.asarray(x, dtype=F32).astype(np.float64))


def _log2(wide: np.ndarray) -> np.ndarray:
    """:func:`c_log` of ``float`` values held as ``float64``: ``log(1) / Log2`` is exactly the
    0 that ``Log`` gives for ``x <= 0`` (and NaN)."""
    return np.log(np.where(wide > 0, wide, 1.0)) / LOG2


def total_info(counts: np.ndarray | tuple[np.ndarray, ...], xlog_table: np.ndarray | None = None
               ) -> np.ndarray:
    """``TotalInfo`` (``info.c``) of class weights with the classes on the first axis (or one
    array per class, broadcast together), as ``float32``: ``Sum`` and ``TotalItems``
    accumulate in ``float`` in class order.

    An integer array of ``counts`` (whole weights, each total below 2**24: exact in
    ``float``) takes its ``N * Log(N)`` from ``xlog_table`` (the products of ``0, 1, ...`` and
    their :func:`c_log`, in double precision as the C expression computes them) if given: the
    same numbers. Other weights get every ``N * Log(N)`` from one :func:`c_log` of all of them.
    """
    if xlog_table is not None and isinstance(counts, np.ndarray) and counts.dtype.kind in "iu":
        # every class's N * Log(N) (a float N times a double) looked up at once
        return _from_terms(xlog_table[counts], xlog_table[counts.sum(axis=0)])
    if isinstance(counts, tuple):
        counts = np.stack(np.broadcast_arrays(*counts))
    counts = np.asarray(counts, dtype=F32)
    n_classes = counts.shape[0]
    # every N and TotalItems, as doubles, for one Log over all: N * Log(N) is a float N
    # times a double, elementwise, the same numbers as class by class
    wide = np.empty((n_classes + 1, *counts.shape[1:]))
    wide[:n_classes] = counts
    items = np.zeros(counts.shape[1:], F32)
    for n in counts:
        items = items + n  # TotalItems, a float
    wide[n_classes] = items
    terms = wide * _log2(wide)
    summed = np.zeros(counts.shape[1:], F32)
    for term in terms[:n_classes]:
        summed = (summed + term).astype(F32)  # Sum, a float
    return (terms[n_classes] - summed).astype(F32)


def _from_terms(terms: np.ndarray | list[np.ndarray], items_term: np.ndarray) -> np.ndarray:
    """``TotalInfo`` of whole class weights from their ``N * Log(N)`` (``terms``, classes
    first, doubles) and ``TotalItems * Log(TotalItems)``: ``Sum`` accumulates in ``float`` in
    class order (from the first term: ``0 + N * Log(N)`` is that term, never -0)."""
    summed = terms[0].astype(F32)
    for term in terms[1:]:
        summed = (summed + term).astype(F32)
    return (items_term - summed).astype(F32)


def gain(base_info: np.ndarray, unknown_rate: np.ndarray, this_info: np.ndarray,
         known: np.ndarray) -> np.ndarray:
    """``ComputeGain``'s gain, ``(1 - UnknFrac) * (BaseInfo - ThisInfo / TotalItems)``, every
    operand and step in ``float``."""
    return (F32(1) - unknown_rate) * (base_info - this_info / known)


def ratio(gains: np.ndarray, info: np.ndarray, floor: float) -> np.ndarray:
    """``Gain / Info`` in ``float`` where ``info`` is at least ``floor``, else 0."""
    gains, info = np.asarray(gains, F32), np.asarray(info, F32)
    kept = info.astype(np.float64) >= floor  # a float compared with a double constant
    return np.where(kept, gains / np.where(kept, info, F32(1)), F32(0))


def node_weights(total: np.ndarray, known_weight: np.ndarray) -> tuple[np.ndarray, ...]:
    """``Items``, ``ValFreq[0]`` (the unknown weight) and ``KnownItems = Items - ValFreq[0]``
    of a node and attribute, in ``float``."""
    unknown = np.asarray(np.asarray(total) - known_weight, dtype=F32)
    items = np.empty_like(unknown)
    items[...] = np.asarray(total, dtype=F32)  # broadcast
    return items, unknown, items - unknown


def continuous_terms(known_counts: np.ndarray, left: np.ndarray, right: np.ndarray,
                     total: np.ndarray, xlog_table: np.ndarray | None = None
                     ) -> tuple[np.ndarray, np.ndarray]:
    """The gain and split information of every cut, as ``EvalContinuousAtt`` computes them.

    ``known_counts`` ``(n_classes, ...)``: the class weights of the cases with a known value;
    ``left``, ``right`` ``(n_classes, ..., n_cuts)``: either side of each cut; ``total``
    broadcasts against ``known_counts[0]``: the node's weight; ``xlog_table``: see
    :func:`total_info`.
    """
    known_weight = known_counts.sum(axis=0)
    items, unknown, known = node_weights(total, known_weight)
    unknown_rate = (1.0 - (known / items).astype(np.float64)).astype(F32)
    low = left.sum(axis=0)
    if xlog_table is not None and low.dtype.kind in "iu":
        # whole weights: every N * Log(N) looked up; the two branches' TotalItems terms
        # serve both their TotalInfo and the split information (ValFreq[0..2], whole too)
        low_term, high_term = xlog_table[low], xlog_table[known_weight[..., None] - low]
        this_info = (_from_terms(xlog_table[left], low_term)
                     + _from_terms(xlog_table[right], high_term))
        unknown_cases = np.rint(np.asarray(total) - known_weight).astype(low.dtype)
        split = _from_terms([xlog_table[unknown_cases][..., None], low_term, high_term],
                            xlog_table[unknown_cases + known_weight][..., None])
    else:
        this_info = total_info(left, xlog_table) + total_info(right, xlog_table)
        if low.dtype.kind in "iu":  # whole weights: ValFreq[0..2] are whole numbers
            branches = (np.rint(np.asarray(total) - known_weight).astype(low.dtype)[..., None],
                        low, known_weight[..., None] - low)
        else:
            low = low.astype(F32)
            branches = np.stack(np.broadcast_arrays(unknown[..., None], low,
                                                    known[..., None] - low))
        split = total_info(branches)
    with np.errstate(invalid="ignore", divide="ignore"):  # no known case: NaN, not used
        base_info = total_info(known_counts, xlog_table) / known
        gains = gain(base_info[..., None], unknown_rate[..., None], this_info, known[..., None])
    return gains, split / items[..., None]


def categorical_terms(counts: np.ndarray, total: np.ndarray, xlog_table: np.ndarray | None = None
                      ) -> tuple[np.ndarray, np.ndarray]:
    """The gain and split information of one-branch-per-value tests, as ``EvalDiscreteAtt``
    computes them.

    ``counts`` ``(n_classes, ..., n_values)``: the class weights of each value's cases (known
    values only; zeros past an attribute's own values add nothing); ``total`` broadcasts
    against ``counts[0, ..., 0]``: the node's weight; ``xlog_table``: see :func:`total_info`.
    """
    branches = counts.sum(axis=0)  # ValFreq[1..]
    known_weight = branches.sum(axis=-1)
    items, unknown, known = node_weights(total, known_weight)
    if xlog_table is not None and counts.dtype.kind in "iu":
        # whole weights: ClassCount, KnownItems and ValFreq are whole numbers, N * Log(N) looked up
        class_terms = xlog_table[counts.sum(axis=-1)]
        known_term = xlog_table[known_weight]
        unknown_cases = np.rint(np.asarray(total) - known_weight).astype(counts.dtype)
        value_freq = np.concatenate([unknown_cases[None], np.moveaxis(branches, -1, 0)])
    else:
        # ClassCount per class and KnownItems, floats, their N * Log(N) in one Log
        wide = np.empty((counts.shape[0] + 1, *known.shape))
        wide[:-1] = counts.sum(axis=-1).astype(F32)
        wide[-1] = known
        *class_terms, known_term = wide * _log2(wide)
        value_freq = np.concatenate([unknown[None], np.moveaxis(branches.astype(F32), -1, 0)])
    summed = np.zeros(known_weight.shape)
    for term in class_terms:  # DiscrKnownBaseInfo's Sum is a double
        summed = summed + term
    known64 = known.astype(np.float64)
    # ThisInfo: the float sum over the values, in order
    this_info = np.cumsum(total_info(counts, xlog_table), axis=-1, dtype=F32)[..., -1]
    with np.errstate(invalid="ignore", divide="ignore"):  # no known case: NaN, not used
        base_info = ((known_term - summed) / known64).astype(F32)
        gains = gain(base_info, unknown / items, this_info, known)
    return gains, total_info(value_freq, xlog_table) / items  # ValFreq[0..]: unknown first


def averages(gains: np.ndarray, counted: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``AvGain`` of every row (node) of ``gains``: the ``float`` sum of the ``counted``
    gains in order, divided (in ``float``) by their number; and that number.

    The gains are ``float`` values (held as doubles). A ``float32`` running sum adds them as
    C does, one ``float`` addition at a time, and the gains not counted add 0, which changes
    no sum. (The sum in double of two ``float`` values rounded to ``float`` is the same: a
    double has more than twice a float's 24 bits plus 2.)
    """
    summed = np.cumsum(np.where(counted, gains, 0.0).astype(F32), axis=1, dtype=F32)[:, -1]
    n_counted = np.count_nonzero(counted, axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):  # nothing counted: not used
        return summed / n_counted.astype(F32), n_counted


def minus(values: np.ndarray, charge: np.ndarray) -> np.ndarray:
    """``values - charge`` in ``float`` (``contin.c``'s ``SplitGain[i] - ThreshCost``), held as
    ``float64``."""
    return (np.asarray(values, F32) - np.asarray(charge, F32)).astype(float)


def threshold_cost(n_cuts: np.ndarray, totals: np.ndarray) -> np.ndarray:
    """Release 8's ``ThreshCost = Log(Tries) / Items`` (``double``, stored as a ``float``)."""
    return (c_log(n_cuts) / np.asarray(totals, F32).astype(np.float64)).astype(F32)


def merit(criterion: Criterion, gains: np.ndarray, info: np.ndarray) -> np.ndarray:
    """A test's merit (``Worth``): the gain ratio in ``float`` for a normalised criterion
    (0 where the split information is below 1e-6, as
    :meth:`~smalltrees.learners.criteria.Criterion.merit`), the gain otherwise; as
    ``float64``."""
    if not criterion.normalise:
        return np.asarray(gains, float)
    return ratio(gains, info, EPS).astype(float)
