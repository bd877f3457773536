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

Two choices the paper leaves open, each an option of :class:`~smalltrees.learners.ifn.IFN`:

*Scaling of eq. 2.* :data:`STANDARD` (the default) is the textbook ``G2 = 2 sum c ln(c E / (row
col))`` of the node's table, i.e. ``2 ln(2) n MI`` (Attneave 1959, whom the paper cites for eq.
2, relates chi-square to ``2 ln(2) N T`` for a table of ``N`` observations), and the statistic
of the independent implementation ``moravitan/scikit-multiflow-IFN`` (``2 ln 2 * n * MI`` with
MI weighted by ``1 / n``). :data:`LITERAL` multiplies the joint-weighted MI of eq. 1 by
``E*(z)``, which gives ``(E(z) / n)`` times the textbook statistic: a node holding a fraction of
the data needs a proportionally stronger association. The literal reading gives the paper's
one-layer Iris network but networks far smaller than Table 4's elsewhere (Credit 8, Diabetes 12,
Glass 16, Wine 12 against 13, 31, 40, 21: ``benchmarks/ifn_readings.py``).

*Degrees of freedom of eq. 2* (:func:`degrees_of_freedom`): the paper's ``(NI(z) - 1)(NT(z) -
1)``, ``NT(z)`` "the number of distinct values of the target attribute at node z", leaves open
what ``NT`` is when the tested table is a cut of an interval, or a node missing some classes.
:data:`NODE` counts the classes present at the node, for every table of the node (a cut inside
an interval included). :data:`PORT` (the default) is the reading of
``moravitan/scikit-multiflow-IFN`` (Avitan, Carmi & Naor, "original code and method by Prof.
Mark Last", its discretisation after Maimon & Last 2000): for the values of a nominal attribute
``(NI(z) - 1)(C - 1)`` with ``C`` the classes of the whole problem (the network's target
nodes), and for a binary cut of an interval ``(classes present in the interval at the node -
1)``. With the standard scaling it gives Table 4's whole-data output size on Credit, Diabetes,
Glass, Liver and Wine (13, 31, 40, 13, 21), and the same network as the port on all eight
datasets of Table 3; the node reading gives Glass 65.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

import numpy as np
from scipy.special import chdtri

LITERAL = "literal"
STANDARD = "standard"
SCALINGS = (LITERAL, STANDARD)

NODE = "node"
PORT = "port"
DOF_READINGS = (NODE, PORT)


def mutual_information(counts: np.ndarray, n_records: int,
                       margins: Margins | None = None) -> np.ndarray:
    """Eq. 1 for each table in ``counts`` (last axes: value, class), in bits.

    ``n_records`` is the number of training records of the whole network (the denominator of
    the joint probability). Empty cells contribute 0. ``margins``: see :class:`Margins`.

    Examples
    --------
    >>> round(float(mutual_information(np.array([[2, 0], [0, 2]]), 4)), 6)
    1.0
    >>> round(float(mutual_information(np.array([[2, 0], [0, 2]]), 8)), 6)
    0.5
    """
    counts = np.asarray(counts, dtype=float)
    rows, cols, total = (table_margins(counts) if margins is None else margins)[:3]
    present = counts > 0
    ratio = np.where(present, counts * total, 1.0) / np.where(present, rows * cols, 1.0)
    return (counts * np.log2(ratio)).sum(axis=(-2, -1)) / n_records


class Margins(NamedTuple):
    """What eqs. 1-2 need of each table besides its cells.

    ``rows``, ``cols``, ``total``: its row and column sums and total, of shapes
    ``(..., values, 1)``, ``(..., 1, classes)`` and ``(..., 1, 1)``; ``values``, ``classes``:
    how many rows and classes hold records, ``(...)``. :func:`mutual_information`,
    :func:`degrees_of_freedom` and :func:`significant` compute them (:func:`table_margins`)
    unless a caller that has them more cheaply passes them: the binary cuts of an interval
    share its class counts, and their sides come from cumulative counts. Counts are integers,
    so margins summed in any order are the same floats.
    """

    rows: np.ndarray
    cols: np.ndarray
    total: np.ndarray
    values: np.ndarray
    classes: np.ndarray


def table_margins(counts: np.ndarray) -> Margins:
    """The :class:`Margins` of each table in ``counts``, summed from its cells."""
    rows, cols = counts.sum(axis=-1, keepdims=True), counts.sum(axis=-2, keepdims=True)
    return Margins(rows, cols, rows.sum(axis=-2, keepdims=True), (rows > 0).sum(axis=(-2, -1)),
                   (cols > 0).sum(axis=(-2, -1)))


def likelihood_ratio(mi: np.ndarray, node_records: np.ndarray, n_records: int,
                     scaling: str = STANDARD) -> np.ndarray:
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

    The upper quantile is :func:`scipy.special.chdtri`, the function ``scipy.stats.chi2.isf``
    evaluates (the same floats): importing ``scipy.stats`` would add ~0.7 CPU-s to the start-up
    of every workflow job that fits IFN. Integer degrees of freedom (those of
    :func:`degrees_of_freedom`) are looked up in a table of ``chdtri`` at 0, 1, 2, ...: the
    discretisation tests every cut of every interval, thousands of tables per fit with a
    handful of distinct ``df``, and evaluating ``chdtri`` for each was a fifth of an IFN fit.
    """
    df = np.asarray(df)
    if not np.issubdtype(df.dtype, np.integer):
        df = df.astype(float)
        return np.where(df >= 1, chdtri(np.maximum(df, 1), significance), np.inf)
    table = _critical_table(float(significance), _table_size(int(df.max(initial=0))))
    return np.asarray(table[np.maximum(df, 0)])


def _table_size(largest_df: int) -> int:
    """Room for ``df`` up to ``largest_df``, in powers of two (few tables per level)."""
    return max(64, 1 << largest_df.bit_length())


@cache
def _critical_table(significance: float, size: int) -> np.ndarray:
    """``chdtri(df, significance)`` for ``df = 0 .. size - 1`` (``inf`` at 0), read-only."""
    table = chdtri(np.maximum(np.arange(size, dtype=float), 1), significance)
    table[0] = np.inf
    table.flags.writeable = False
    return table


def degrees_of_freedom(counts: np.ndarray, dof: str = PORT,
                       node_classes: np.ndarray | None = None, cut: bool = False,
                       margins: Margins | None = None) -> np.ndarray:
    """Degrees of freedom of the chi-square law of eq. 2 for each table (see the module docstring).

    ``node``: ``(NI(z) - 1)(NT(z) - 1)``, ``NI`` the values (or sides of a cut) present in the
    table and ``NT`` the classes present at the node (``node_classes``, default: the table's own).
    ``port``: ``(NI(z) - 1)(C - 1)`` for the values of a nominal attribute, ``C`` the classes of
    the problem (the table's class axis); for a binary ``cut`` of an interval,
    ``(NI - 1)(classes present in the interval - 1)``. ``margins``: see :class:`Margins`.

    Examples
    --------
    >>> table = np.array([[5, 0, 0], [0, 5, 0]])  # 2 values, 2 of the 3 classes present
    >>> int(degrees_of_freedom(table, "node")), int(degrees_of_freedom(table, "port"))
    (1, 2)
    >>> int(degrees_of_freedom(table, "node", node_classes=np.array(3), cut=True))
    2
    >>> int(degrees_of_freedom(table, "port", node_classes=np.array(3), cut=True))
    1
    """
    if dof not in DOF_READINGS:
        raise ValueError(f"dof must be one of {DOF_READINGS}, got {dof!r}")
    counts = np.asarray(counts)
    values, table_classes = (table_margins(counts) if margins is None else margins)[3:]
    if dof == PORT:
        classes = table_classes if cut else counts.shape[-1]
    else:
        classes = table_classes if node_classes is None else np.asarray(node_classes)
    return (values - 1) * (classes - 1)


def significant(counts: np.ndarray, n_records: int, significance: float,
                scaling: str = STANDARD, node_records: np.ndarray | None = None,
                node_classes: np.ndarray | None = None, dof: str = PORT, cut: bool = False,
                margins: Margins | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Eq. 1 and the test of eq. 2 for each table: ``(mi, is_significant)``.

    ``node_records`` (``E*(z)``) defaults to the table's own total; a continuous attribute's cut
    inside an interval passes the node's (the paper's ``z`` is the node) and ``cut=True``.
    ``node_classes`` and ``dof``: see :func:`degrees_of_freedom`; ``margins``: see
    :class:`Margins`.
    """
    counts = np.asarray(counts, dtype=float)
    margins = table_margins(counts) if margins is None else margins
    mi = mutual_information(counts, n_records, margins)
    if node_records is None:
        node_records = margins.total[..., 0, 0]
    df = degrees_of_freedom(counts, dof, node_classes, cut, margins)
    statistic = likelihood_ratio(mi, node_records, n_records, scaling)
    return mi, statistic > critical_value(df, significance)
