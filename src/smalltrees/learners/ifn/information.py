"""Conditional mutual information (eq. 1) and its likelihood-ratio test (eq. 2) on count tables.

Last, Maimon & Minkov (2002), section 2.2, after Maimon & Last (2000). A *table* is an array of
counts whose last two axes are (attribute value, class) and whose leading axes index the tables
(one per network node, or per node and candidate cut). For a node ``z`` with the table
``c[v, j]`` over ``E(z)`` records, out of ``n`` training records in all:

* eq. 1, ``MI(A; C / z) = sum_v sum_j P(v; j; z) log2( P(v, j / z) / (P(v / z) P(j / z)) )``,
  with the *joint* probability ``P(v; j; z) = c[v, j] / n`` over all ``n`` records and the
  conditional ones relative to ``E(z)``. So ``MI = (E(z) / n) * I_z``, where ``I_z`` is the usual
  mutual information of the node's own table: the weighting makes the terms of different nodes,
  and of the successive cuts of a continuous attribute, add up by the chain rule.
* eq. 2, ``G2(A; C / z) = 2 ln(2) E*(z) MI(A; C / z)``, asymptotically chi-square with
  ``(NI(z) - 1)(NT(z) - 1)`` degrees of freedom (``NI``: values of ``A`` present at ``z``,
  ``NT``: classes present at ``z``).

Read literally (:data:`LITERAL`, the default), eq. 2 multiplies the joint-weighted MI of eq. 1 by
``E*(z)``, the records at the node, which gives ``(E(z) / n)`` times the textbook statistic: a
node holding a fraction of the data needs a proportionally stronger association. This reading
reproduces the paper's Iris network (Figure 2: one layer). :data:`STANDARD` is the textbook
``G2 = 2 sum c ln(c E / (row col))`` of the table itself, i.e. ``2 ln(2) n MI``; it splits more.
"""

from __future__ import annotations

import numpy as np
from scipy.stats import chi2

LITERAL = "literal"
STANDARD = "standard"
SCALINGS = (LITERAL, STANDARD)


def mutual_information(counts: np.ndarray, n_records: int) -> np.ndarray:
    """Eq. 1 for each table in ``counts`` (last axes: value, class), in bits.

    ``n_records`` is the number of training records of the whole network (the denominator of
    the joint probability). Empty cells contribute 0.

    Examples
    --------
    >>> round(float(mutual_information(np.array([[2, 0], [0, 2]]), 4)), 6)
    1.0
    >>> round(float(mutual_information(np.array([[2, 0], [0, 2]]), 8)), 6)
    0.5
    """
    counts = np.asarray(counts, dtype=float)
    total = counts.sum(axis=(-2, -1), keepdims=True)
    rows = counts.sum(axis=-1, keepdims=True)
    cols = counts.sum(axis=-2, keepdims=True)
    present = counts > 0
    ratio = np.where(present, counts * total, 1.0) / np.where(present, rows * cols, 1.0)
    return (counts * np.log2(ratio)).sum(axis=(-2, -1)) / n_records


def likelihood_ratio(mi: np.ndarray, node_records: np.ndarray, n_records: int,
                     scaling: str = LITERAL) -> np.ndarray:
    """Eq. 2: the likelihood-ratio statistic ``G2`` of tables whose eq.-1 MI is ``mi``.

    ``literal``: ``2 ln(2) E*(z) MI`` with ``E*(z) = node_records``; ``standard``: the textbook
    statistic of the table, ``2 ln(2) n MI`` (see the module docstring).
    """
    if scaling not in SCALINGS:
        raise ValueError(f"scaling must be one of {SCALINGS}, got {scaling!r}")
    factor = np.asarray(node_records, dtype=float) if scaling == LITERAL else float(n_records)
    return 2.0 * np.log(2.0) * factor * np.asarray(mi, dtype=float)


def critical_value(df: np.ndarray, significance: float) -> np.ndarray:
    """The chi-square critical value at level ``significance``; ``inf`` where ``df < 1``
    (a table with one value or one class carries no information to test).

    Examples
    --------
    >>> round(float(critical_value(np.array(1), 0.001)), 2)
    10.83
    """
    df = np.asarray(df, dtype=float)
    return np.where(df >= 1, chi2.isf(significance, np.maximum(df, 1)), np.inf)


def significant(counts: np.ndarray, n_records: int, significance: float,
                scaling: str = LITERAL, node_records: np.ndarray | None = None,
                node_classes: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Eq. 1 and the test of eq. 2 for each table: ``(mi, is_significant)``.

    ``node_records`` (``E*(z)``) and ``node_classes`` (``NT(z)``) default to the table's own
    total and number of classes present; a continuous attribute's cut inside an interval passes
    the node's (the paper's ``z`` is the node). ``NI`` is the number of values present.
    """
    counts = np.asarray(counts, dtype=float)
    mi = mutual_information(counts, n_records)
    if node_records is None:
        node_records = counts.sum(axis=(-2, -1))
    if node_classes is None:
        node_classes = (counts.sum(axis=-2) > 0).sum(axis=-1)
    values = (counts.sum(axis=-1) > 0).sum(axis=-1)
    df = (values - 1) * (np.asarray(node_classes) - 1)
    statistic = likelihood_ratio(mi, node_records, n_records, scaling)
    return mi, statistic > critical_value(df, significance)
