"""The one router of fitted trees: where each case ends, with what weight, and what it predicts.

All cases go through all nodes of a depth in a few array operations. A case ends at a leaf, or
at a node where it cannot go on: a node the caller marks as a leaf (``stop``: a pruned or
staged tree), an unknown tested value at a node with neither a missing-value edge nor
fractional routing (TopDown), a category code that has no branch (a category unknown at fit
time in T1/T2/T3). With fractional routing (C4.5, Quinlan 1993, ch. 3) a case with an unknown
tested value goes down every branch whose share of the node's training weight exceeds
:data:`~smalltrees.learners.criteria.EPS`, its weight multiplied by that share; the nodes a
case ends at come in node order, so that sums over them add the same numbers in the same order
as C4.5's reference (``tests/c45_prediction_reference.py``).

References
----------
J. R. Quinlan (1993), *C4.5: Programs for Machine Learning*, Morgan Kaufmann, ch. 3.
P. Auer, R. C. Holte and W. Maass (1995), ICML, section 2 (the missing-value edge).
"""

from __future__ import annotations

import numpy as np

from smalltrees.learners.criteria import EPS
from smalltrees.learners.tree.structure import Tree, first_best


def reach(tree: Tree, Z: np.ndarray, stop: np.ndarray | None = None
          ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(rows, node, weight)``: each node where each row of the encoded ``Z`` ends, with the
    row's weight there (1 unless fractional routing split it), sorted by node (stable).

    ``stop`` (optional, per node): True where a case ends as at a leaf.
    """
    n = Z.shape[0]
    rows, at, weight = np.arange(n), np.zeros(n, dtype=np.intp), np.ones(n)
    ends = tree.is_leaf if stop is None else tree.is_leaf | stop
    continuous = tree.intervals > 0
    children = tree.ended_children
    single_cut = tree.thresholds[:, 0] if tree.thresholds.shape[1] == 1 else None
    found = []
    while rows.size:
        arrived = ends[at]
        if np.count_nonzero(arrived):
            found.append((rows[arrived], at[arrived], weight[arrived]))
            rows, at, weight = rows[~arrived], at[~arrived], weight[~arrived]
        values = Z[rows, tree.feature[at]]
        unknown = np.isnan(values)
        # an unknown value or a code without a branch (UNSEEN < 0) takes the last column, -1
        branch = np.where(continuous[at], _interval(tree, at, values, single_cut),
                          np.fmax(values, -1.0)).astype(np.intp)
        next_at = children[at, branch]
        if np.count_nonzero(unknown):
            next_at[unknown] = tree.missing[at[unknown]]
            if tree.fractional:  # every branch with a share above EPS, in branch order
                lost = np.flatnonzero(unknown & (next_at < 0))
                split, b = np.nonzero(tree.fractions[at[lost]] > EPS)
                lost = lost[split]
                kept = np.ones(rows.size, dtype=bool)
                kept[lost] = False
                rows = np.concatenate([rows[kept], rows[lost]])
                weight = np.concatenate([weight[kept], weight[lost] * tree.fractions[at[lost], b]])
                next_at = np.concatenate([next_at[kept], tree.branches[at[lost], b]])
                at = np.concatenate([at[kept], at[lost]])
        halted = next_at < 0
        if np.count_nonzero(halted):  # no branch for the value: the case ends here
            found.append((rows[halted], at[halted], weight[halted]))
            rows, weight, next_at = rows[~halted], weight[~halted], next_at[~halted]
        at = next_at
    rows, node, weight = (np.concatenate(part) for part in zip(*found, strict=True)) \
        if found else (np.zeros(0, dtype=np.intp),) * 2 + (np.zeros(0),)
    order = np.argsort(node, kind="stable")
    return rows[order], node[order], weight[order]


def _interval(tree: Tree, at: np.ndarray, values: np.ndarray,
              single_cut: np.ndarray | None) -> np.ndarray:
    """The interval of a continuous test each value falls in (NaN values: 0); ``single_cut``
    is each node's cut when no test has more than one (one comparison per value)."""
    if single_cut is not None:
        return values >= single_cut[at] if tree.left_closed else values > single_cut[at]
    cuts = tree.thresholds[at]
    passed = values[:, None] >= cuts if tree.left_closed else values[:, None] > cuts
    return passed.sum(axis=1)


def end_nodes(tree: Tree, Z: np.ndarray, stop: np.ndarray | None = None) -> np.ndarray:
    """The node where each row of ``Z`` ends, for a tree without fractional routing."""
    if tree.fractional:
        raise ValueError("a tree with fractional routing sends a case to several leaves; "
                         "use reach()")
    rows, node, _ = reach(tree, Z, stop)
    out = np.empty(Z.shape[0], dtype=np.intp)
    out[rows] = node
    return out


def node_counts(tree: Tree, Z: np.ndarray, y: np.ndarray, n_classes: int,
                ends: np.ndarray | None = None) -> np.ndarray:
    """``(n_nodes, n_classes)``: class counts of the examples ``(Z, y)`` (class codes below
    ``n_classes``) reaching each node, for a tree without fractional routing: those ending at
    the node or below it. ``ends``: :func:`end_nodes` of ``Z``, where the caller has it."""
    ends = end_nodes(tree, Z) if ends is None else ends
    counts = np.bincount(ends * n_classes + y, minlength=tree.n_nodes * n_classes)
    counts = counts.reshape(tree.n_nodes, n_classes).astype(np.int64, copy=False)
    parent = tree.parent
    for node in range(tree.n_nodes - 1, 0, -1):  # children after parents: sum upwards
        counts[parent[node]] += counts[node]
    return counts


def predict_proba(tree: Tree, Z: np.ndarray, stop: np.ndarray | None = None) -> np.ndarray:
    """Class probabilities of the rows of ``Z``: the distribution of the node each ends at,
    or, where fractional routing split a row, the nodes' distributions times the row's weight
    there, added to zeros node after node (C4.5's order of summation)."""
    if not tree.fractional:
        return tree.proba[end_nodes(tree, Z, stop)]
    return _fractional_proba(tree, Z.shape[0], *reach(tree, Z, stop))


def _fractional_proba(tree: Tree, n: int, rows: np.ndarray, node: np.ndarray,
                      weight: np.ndarray) -> np.ndarray:
    """:func:`predict_proba` of ``n`` rows from where :func:`reach` sent them."""
    proba = np.zeros((n, tree.proba.shape[1]))
    add_in_order(proba, rows, weight[:, None] * tree.proba[node])
    return proba


def predict_codes(tree: Tree, Z: np.ndarray, stop: np.ndarray | None = None) -> np.ndarray:
    """The class code of each row of ``Z``: the label of the node it ends at, or where
    fractional routing may split it, the most probable class (ties within
    :data:`~smalltrees.learners.criteria.EPS` to the first, as in C4.5).

    Where no row was split (no unknown value met on the way), each row's probabilities are
    its node's, to the bit (one weight of 1), so its class is its node's
    :attr:`~.structure.Tree.proba_codes`: the same as from the row's probabilities.
    """
    if not tree.fractional:
        return tree.label[end_nodes(tree, Z, stop)]
    rows, node, weight = reach(tree, Z, stop)
    if rows.size == Z.shape[0]:  # one node per row
        codes = np.empty(rows.size, dtype=np.intp)
        codes[rows] = tree.proba_codes[node]
        return codes
    return first_best(_fractional_proba(tree, Z.shape[0], rows, node, weight))


def add_in_order(totals: np.ndarray, rows: np.ndarray, values: np.ndarray) -> None:
    """``totals[rows] += values`` where ``totals`` is zero, a row listed several times getting
    its values added in the order listed: as ``np.add.at``, but a row listed once is simply
    assigned its value (zero plus a number is that number), which is much faster."""
    once = np.bincount(rows, minlength=totals.shape[0])[rows] == 1
    if once.all():
        totals[rows] = values
        return
    totals[rows[once]] = values[once]
    np.add.at(totals, rows[~once], values[~once])
