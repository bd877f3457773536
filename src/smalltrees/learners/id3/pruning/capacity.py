"""The VC-dimension V of a (pruned) tree for SRM pruning: the lower bounds of Yildiz (2015).

All three lower-bound algorithms (LB-binary, LB-L-ary, LB-continuous; sections II-IV) share one
recursion: a leaf counts 1, a node whose children are all leaves counts the single-node value
of Theorems 1 and 3 (or line 4 of LB-continuous) for the features left to it, any other node the
sum of its children. Only the single-node value depends on where the node sits, so it is
computed once per node of the grown tree (:func:`node_values`, from :mod:`smalltrees.vc`) and
the recursion then runs on arrays, for one pruned tree or for a whole grid of them at once
(:func:`tree_lb`).

Which features are left to a node:

- ``kind="discrete"`` (all attributes categorical, ID3's multiway splits): LB-L-ary over the
  attributes not tested above the node (``features="path"``, the paper: d decreases by one per
  level, Theorem 4) or over all attributes (``features="all"``, the author's toolkit). With
  binary attributes this is LB-binary.
- ``kind="continuous"`` (all attributes numeric, binary cuts): LB-continuous, whose bottom
  nodes use all d attributes at every depth (``features`` does not apply).

A tree over attributes of both kinds has no bound in the paper (the author's toolkit returns
VC = 1 for such data): :func:`data_kind` refuses it, naming the attributes.
"""

from __future__ import annotations

import numpy as np

from smalltrees.learners.tree.structure import Tree

KINDS = ("discrete", "continuous")
FEATURES = ("path", "all")


def data_kind(n_values: np.ndarray, names) -> str:
    """``"discrete"`` if every attribute is categorical, ``"continuous"`` if none is; a mix is
    refused, because the paper's bounds assume one kind."""
    categorical = np.asarray(n_values) > 0
    if categorical.all():
        return "discrete"
    if not categorical.any():
        return "continuous"
    names = list(names)
    raise ValueError(
        "mixed attribute kinds: categorical "
        f"{[n for n, c in zip(names, categorical, strict=True) if c]} and continuous "
        f"{[n for n, c in zip(names, categorical, strict=True) if not c]}; the lower bounds of "
        "Yildiz (2015) assume one kind (LB-L-ary for discrete, LB-continuous for numeric "
        "data): encode the categorical attributes numerically to use LB-continuous"
    )


def node_values(tree: Tree, n_values: np.ndarray, kind: str,
                features: str = "path") -> np.ndarray:
    """Per node of ``tree``: the lower bound of a single decision node placed there."""
    from smalltrees.vc import lb_continuous, lb_lary

    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, got {kind!r}")
    if features not in FEATURES:
        raise ValueError(f"features must be one of {FEATURES}, got {features!r}")
    values = np.ones(tree.n_nodes, dtype=float)
    if kind == "continuous":
        # line 4 of LB-continuous: floor(log2 d) + 1 for every bottom node, the root included
        stump = lb_continuous(("L", "L"), int(len(n_values)))
        values[~tree.is_leaf] = stump
        return values
    cache: dict[tuple[int, ...], float] = {}
    left = [np.ones(len(n_values), dtype=bool)] * tree.n_nodes
    for node in range(tree.n_nodes):
        if node and features == "path":
            parent = tree.parent[node]
            left[node] = left[parent].copy()
            left[node][tree.feature[parent]] = False
        if tree.is_leaf[node]:
            continue
        key = tuple(sorted(np.asarray(n_values)[left[node]].tolist()))
        if key not in cache:
            cache[key] = float(lb_lary(("L",) * len(tree.edges(node)), list(key)))
        values[node] = cache[key]
    return values


def tree_lb(tree: Tree, base: np.ndarray, frontier: np.ndarray) -> np.ndarray:
    """The lower bound of the pruned tree(s) whose leaves are ``frontier``.

    ``frontier`` is ``(n_nodes,)`` or ``(n_nodes, G)``: True where a node is a leaf of the
    pruned tree (nodes below it are ignored). Returns the bound of each node's subtree in the
    pruned tree, same shape; row 0 is the whole tree's.
    """
    lb = np.where(frontier, 1.0, 0.0)
    internal = ~frontier
    for node in range(tree.n_nodes - 1, -1, -1):
        kids = tree.edges(node)
        if not kids.size:
            continue
        bottom = frontier[kids].all(axis=0)
        value = np.where(bottom, base[node], lb[kids].sum(axis=0))
        lb[node] = np.where(internal[node], value, lb[node])
    return lb
