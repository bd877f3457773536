"""Multi-way discretisation of a continuous attribute across the nodes of a layer.

Last, Maimon & Minkov (2002), section 2.2: "Splits on continuous features represent thresholds,
which maximize an increase in mutual information. For each layer, the algorithm re-computes the
best threshold splits". The complete procedure is in Maimon & Last (2000), which we do not have;
our reading (notes A2 and A10 item 2):

* recursive binary partitioning of the attribute's range, one set of cuts shared by every node
  of the layer;
* inside the current interval ``S`` every cut ``t`` between two consecutive distinct values is
  scored by ``sum_z MI(t; C / z, S)`` (eq. 1, joint probabilities over all ``n`` records) over the
  final-layer nodes ``z`` where the cut's likelihood-ratio statistic (eq. 2; ``E*(z)`` of the
  node under the literal scaling, degrees of freedom by the ``dof`` reading, see
  :mod:`smalltrees.learners.ifn.information`) is significant; the best cut is kept if its score
  is positive and both halves are partitioned again;
* a cut sits at a data value, the upper interval closed below (``[t, ...)``), as the paper's
  Iris rules ("between 3.0 and 4.8") suggest;
* the layer then splits the nodes where the table of all the attribute's intervals is
  significant (:class:`~smalltrees.learners.ifn.IFN`). The port ``moravitan/scikit-multiflow-IFN``
  searches cuts the same way (same score, same recursion, over the nodes of the final layer) but
  splits a node where one of the chosen cuts was significant; on the eight datasets of Table 3
  both give the same layers and output sizes (``benchmarks/ifn_readings.py --port``).

Counts for every node, distinct value and class of an attribute come from one ``bincount``; the
cuts of the pending intervals of every continuous attribute of the layer, at one level of the
recursion, are scored at once (:func:`cut_scores`) from cumulative sums: one call per level
instead of one per interval and attribute, and no per-cut sums for the tables' margins.
"""

from __future__ import annotations

import numpy as np

from smalltrees.learners.ifn.information import Margins, significant


def best_cuts(columns: np.ndarray, nodes: np.ndarray, classes: np.ndarray, n_nodes: int,
              n_classes: int, n_records: int, node_records: np.ndarray,
              node_classes: np.ndarray, significance: float, scaling: str,
              dof: str) -> list[tuple[float, ...]]:
    """The sorted cut points of each continuous attribute for the current final layer.

    Parameters
    ----------
    columns : ndarray of shape (n, n_attributes), n_attributes >= 1
        The attributes' values of the records at the final-layer nodes (``NaN``: missing,
        never used to choose cuts).
    nodes, classes : ndarray of shape (n,)
        Each record's node index and class code.
    n_nodes, n_classes, n_records : int
        Nodes of the final layer, classes, and training records of the whole network.
    node_records, node_classes : ndarray of shape (n_nodes,)
        ``E*(z)`` (all records at the node) and ``NT(z)`` (classes present at the node).
    significance, scaling, dof
        As :class:`~smalltrees.learners.ifn.IFN`; a cut is tested as a 2-row table
        (:func:`~smalltrees.learners.ifn.information.degrees_of_freedom` with ``cut=True``).

    Every attribute is partitioned on its own; their cumulative counts are laid end to end
    along the value axis (a block of ``width + 1`` rows each, starting with zeros) so that one
    :func:`cut_scores` call tests the pending intervals of every attribute at a level.
    """
    blocks, values = [], []
    for column in columns.T:
        known = ~np.isnan(column)
        distinct, rank = np.unique(column[known], return_inverse=True)
        width = len(distinct)
        counts = np.bincount((nodes[known] * width + rank) * n_classes + classes[known],
                             minlength=n_nodes * width * n_classes)
        block = np.zeros((n_nodes, width + 1, n_classes))
        block[:, 1:] = np.cumsum(counts.reshape(n_nodes, width, n_classes), axis=1)
        blocks.append(block)
        values.append(np.append(distinct, np.nan))
    sizes = np.array([len(block) for block in values])
    ends = np.cumsum(sizes)
    distinct, cumulative = np.concatenate(values), np.concatenate(blocks, axis=1)
    records = cumulative.sum(axis=2)
    chosen, low, high = np.zeros(len(distinct), dtype=bool), ends - sizes, ends - 1
    while True:
        wide = high - low >= 2
        low, high = low[wide], high[wide]
        if not len(low):
            return [tuple(map(float, cuts[kept])) for cuts, kept in
                    zip(np.split(distinct, ends[:-1]), np.split(chosen, ends[:-1]), strict=True)]
        at, interval, _, _, score = cut_scores(cumulative, records, low, high, n_records,
                                               node_records, node_classes, significance,
                                               scaling, dof)
        # each interval's best cut, the first of equal scores (np.argmax's tie-break)
        starts = np.searchsorted(interval, np.arange(len(low)))
        top = np.maximum.reduceat(score, starts)
        position = np.arange(len(at))
        first = np.minimum.reduceat(np.where(score == top[interval], position, len(at)), starts)
        grows = top > 0.0
        cut = at[first[grows]]
        chosen[cut] = True
        low, high = np.concatenate([low[grows], cut]), np.concatenate([cut, high[grows]])


def cut_scores(cumulative: np.ndarray, records: np.ndarray, low: np.ndarray, high: np.ndarray,
               n_records: int, node_records: np.ndarray, node_classes: np.ndarray,
               significance: float, scaling: str, dof: str) -> tuple[np.ndarray, ...]:
    """Eqs. 1-2 for every cut inside the intervals ``[low, high)`` of distinct values (each
    holding two or more), in one :func:`significant` call.

    ``cumulative[z, v, j]`` counts the records of node ``z`` and class ``j`` below the
    ``v``-th distinct value, ``records[z, v]`` its sum over the classes. Returns ``(at,
    interval, mi, ok, score)``: per cut (the cuts of each interval in turn, ascending) the
    value index its upper side starts at and its interval; per node and cut the MI and
    significance; per cut the score, the sum over nodes of the significant MI.

    The cut tables' :class:`~smalltrees.learners.ifn.information.Margins` come from the
    cumulative counts: the sides' records and the class counts of the interval, shared by
    its cuts. Every array is laid out cut by cut (the node axis inside the cut axis), as numpy
    lays out a gather ``cumulative[:, at]``; ``mi`` then is too, and its sum over the nodes
    runs along a contiguous axis (numpy's pairwise summation): the floats, and the order they
    are summed in, of the per-interval code.
    """
    sizes = high - low - 1
    interval = np.repeat(np.arange(len(low)), sizes)
    at = np.arange(len(interval)) - (np.cumsum(sizes) - sizes)[interval] + low[interval] + 1
    lows, highs = low[interval], high[interval]
    n_nodes, _, n_classes = cumulative.shape
    counts = np.empty((len(at), n_nodes, 2, n_classes)).transpose(1, 0, 2, 3)
    upper = cumulative[:, at]
    np.subtract(upper, cumulative[:, lows], out=counts[:, :, 0])
    np.subtract(cumulative[:, highs], upper, out=counts[:, :, 1])
    below, above = records[:, at] - records[:, lows], records[:, highs] - records[:, at]
    inside = cumulative[:, high] - cumulative[:, low]
    margins = Margins(np.stack([below, above], axis=-1)[..., None], inside[:, interval, None],
                      (below + above)[..., None, None],
                      (below > 0).astype(np.int64) + (above > 0),
                      (inside > 0).sum(axis=-1)[:, interval])
    mi, ok = significant(counts, n_records, significance, scaling, node_records[:, None],
                         node_classes[:, None], dof, cut=True, margins=margins)
    return at, interval, mi, ok, np.where(ok, mi, 0.0).sum(axis=0)
