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

Counts for every node, distinct value and class come from one ``bincount``; all cuts of an
interval are scored at once from cumulative sums.
"""

from __future__ import annotations

import numpy as np

from smalltrees.learners.ifn.information import significant


def best_cuts(values: np.ndarray, nodes: np.ndarray, classes: np.ndarray, n_nodes: int,
              n_classes: int, n_records: int, node_records: np.ndarray,
              node_classes: np.ndarray, significance: float, scaling: str,
              dof: str) -> tuple[float, ...]:
    """The sorted cut points of one continuous attribute for the current final layer.

    Parameters
    ----------
    values, nodes, classes : ndarray
        For each record with a known value at a final-layer node: its value, node index and
        class code.
    n_nodes, n_classes, n_records : int
        Nodes of the final layer, classes, and training records of the whole network.
    node_records, node_classes : ndarray of shape (n_nodes,)
        ``E*(z)`` (all records at the node) and ``NT(z)`` (classes present at the node).
    significance, scaling, dof
        As :class:`~smalltrees.learners.ifn.IFN`; a cut is tested as a 2-row table
        (:func:`~smalltrees.learners.ifn.information.degrees_of_freedom` with ``cut=True``).
    """
    if len(values) == 0:
        return ()
    distinct, rank = np.unique(values, return_inverse=True)
    width = len(distinct)
    counts = np.bincount((nodes * width + rank) * n_classes + classes,
                         minlength=n_nodes * width * n_classes)
    cumulative = np.zeros((n_nodes, width + 1, n_classes))
    cumulative[:, 1:] = np.cumsum(counts.reshape(n_nodes, width, n_classes), axis=1)
    records, classes_at = node_records[:, None], node_classes[:, None]
    cuts, intervals = [], [(0, width)]
    while intervals:
        low, high = intervals.pop()
        if high - low < 2:
            continue
        at = np.arange(low + 1, high)
        left = cumulative[:, at] - cumulative[:, low:low + 1]
        right = cumulative[:, high:high + 1] - cumulative[:, at]
        mi, ok = significant(np.stack([left, right], axis=-2), n_records, significance,
                             scaling, records, classes_at, dof, cut=True)
        score = np.where(ok, mi, 0.0).sum(axis=0)
        best = int(np.argmax(score))
        if score[best] <= 0.0:
            continue
        cut = int(at[best])
        cuts.append(float(distinct[cut]))
        intervals += [(low, cut), (cut, high)]
    return tuple(sorted(cuts))
