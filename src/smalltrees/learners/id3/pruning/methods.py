"""The four pruning methods of Yildiz (2015, section V-B) on a grown tree, vectorised over the
(a1, a2) grid.

Every method returns a boolean ``cut`` array of shape ``(n_nodes, G)``: column ``g`` is one
pruned tree, the grown tree with the nodes where ``cut`` is True (and still in the tree) made
leaves. NoPrune and CvPrune give one column, the SRM methods one per grid pair, so the whole
grid of 800 pairs is decided in one pass over the nodes with ``(G,)`` vectors instead of 800
re-prunings.

- **NoPrune**: the grown tree.
- **CvPrune**: reduced-error pruning on the validation half: a subtree T becomes a leaf when the
  leaf's validation errors are at most T's (``ties="prune"``, the author's toolkit) or fewer
  (``ties="keep"``).
- **SrmLocal**: T becomes a leaf when the bound (eq. 2) of the leaf (V = 1, the leaf's training
  error over the n_T examples reaching T, S = n_T) is smaller than T's (V = LB of T's subtree,
  its training error over the same n_T examples).
- **SrmGlobal**: T becomes a leaf when the bound of the whole tree with T pruned is smaller than
  the bound of the whole current tree (S = the training set size).

Visiting order (``order``): ``"top_down"`` (default; the author's toolkit, pre-order from the
root: a node's decision sees its full subtree, and a pruned node's descendants are never
visited) or ``"bottom_up"`` (children before parents: a node's decision sees its subtree as
already pruned below, as in classic reduced-error pruning).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from smalltrees.learners.id3.pruning.bound import srm_bound
from smalltrees.learners.tree.structure import Tree

ORDERS = ("top_down", "bottom_up")
TIES = ("prune", "keep")


def leaf_errors(tree: Tree, counts: np.ndarray) -> np.ndarray:
    """Per node: errors on examples with class ``counts`` if the node were a leaf (it predicts
    ``tree.label``)."""
    return counts.sum(axis=1) - counts[np.arange(tree.n_nodes), tree.label]


def frontier(tree: Tree, cut: np.ndarray) -> np.ndarray:
    """The leaves of the pruned tree(s) ``cut``: nodes in the tree that are cut or leaves."""
    is_leaf = tree.is_leaf if cut.ndim == 1 else tree.is_leaf[:, None]
    return tree.alive(cut) & (cut | is_leaf)


def pruned_errors(tree: Tree, cut: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Errors of the pruned tree(s) on examples whose node class counts are ``counts``."""
    return leaf_errors(tree, counts) @ frontier(tree, cut)


def decision_nodes(tree: Tree, cut: np.ndarray) -> np.ndarray:
    """Number of decision nodes of the pruned tree(s)."""
    internal = ~(cut | (tree.is_leaf if cut.ndim == 1 else tree.is_leaf[:, None]))
    return (tree.alive(cut) & internal).sum(axis=0)


def no_prune(tree: Tree) -> np.ndarray:
    """NoPrune: no node is cut."""
    return np.zeros((tree.n_nodes, 1), dtype=bool)


def cv_prune(tree: Tree, valid_counts: np.ndarray, order: str = "top_down",
             ties: str = "prune") -> np.ndarray:
    """CvPrune: reduced-error pruning on the validation examples with node class counts
    ``valid_counts`` (:func:`~smalltrees.learners.tree.routing.node_counts`)."""
    if ties not in TIES:
        raise ValueError(f"ties must be one of {TIES}, got {ties!r}")
    leaf = leaf_errors(tree, valid_counts).astype(float)[:, None]

    def decide(node, lb, errors):
        return leaf[node] <= errors if ties == "prune" else leaf[node] < errors

    return _local(tree, np.ones(tree.n_nodes), leaf, decide, order)


def srm_local(tree: Tree, base: np.ndarray, a1: np.ndarray, a2: np.ndarray,
              order: str = "top_down", confidence: str = "paper") -> np.ndarray:
    """SrmLocal for every grid pair ``(a1[g], a2[g])``; ``base`` holds each node's
    single-node lower bound (:func:`smalltrees.learners.id3.pruning.capacity.node_values`)."""
    n_t = tree.counts.sum(axis=1).astype(float)
    leaf = np.broadcast_to(leaf_errors(tree, tree.counts).astype(float)[:, None],
                           (tree.n_nodes, a1.size))
    leaf_bound = srm_bound(leaf[:, 0:1] / np.maximum(n_t, 1)[:, None], 1.0, n_t[:, None],
                           a1, a2, confidence)

    def decide(node, lb, errors):
        S = max(n_t[node], 1.0)
        return leaf_bound[node] < srm_bound(errors / S, lb, S, a1, a2, confidence)

    return _local(tree, base, leaf, decide, order)


def _local(tree: Tree, base: np.ndarray, leaf: np.ndarray,
           decide: Callable[[int, np.ndarray, np.ndarray], np.ndarray],
           order: str) -> np.ndarray:
    """A node-by-node rule: ``decide(node, lb, errors)`` says in which columns the node
    becomes a leaf, given the lower bound and the summed ``leaf`` errors of its current subtree
    (full when top-down, already pruned below when bottom-up)."""
    if order not in ORDERS:
        raise ValueError(f"order must be one of {ORDERS}, got {order!r}")
    G = leaf.shape[1]
    shape = (tree.n_nodes, G)
    lb, errors = np.ones(shape), np.array(leaf, dtype=float, copy=True)
    is_frontier = np.broadcast_to(tree.is_leaf[:, None], shape).copy()
    cut = np.zeros(shape, dtype=bool)
    for node in np.flatnonzero(~tree.is_leaf)[::-1]:
        kids = tree.edges(node)
        bottom = is_frontier[kids].all(axis=0)
        sub_lb = np.where(bottom, base[node], lb[kids].sum(axis=0))
        sub_errors = errors[kids].sum(axis=0)
        prune = np.asarray(decide(node, sub_lb, sub_errors), dtype=bool)
        cut[node] = prune
        if order == "bottom_up":
            is_frontier[node] = prune
            lb[node] = np.where(prune, 1.0, sub_lb)
            errors[node] = np.where(prune, leaf[node], sub_errors)
        else:
            lb[node], errors[node] = sub_lb, sub_errors
    return cut


def srm_global(tree: Tree, base: np.ndarray, a1: np.ndarray, a2: np.ndarray,
               order: str = "top_down", confidence: str = "paper") -> np.ndarray:
    """SrmGlobal for every grid pair: visit the decision nodes one by one (pre-order, or
    children first) and cut a node when the whole tree's bound drops.

    The whole tree's training errors and lower bound are kept per grid column and updated
    along the path to the root when a node is cut: the node's subtree counts 1; its parent
    becomes a bottom node (single-node value) if all its other children are leaves; every
    other ancestor changes by the same amount, since the bound is a sum over children there.
    Columns where a node is no longer in the tree (an ancestor was cut) are computed and
    ignored.
    """
    if order not in ORDERS:
        raise ValueError(f"order must be one of {ORDERS}, got {order!r}")
    G, S = a1.size, float(max(tree.counts.sum(), 1))
    leaf = leaf_errors(tree, tree.counts).astype(float)
    is_frontier = np.broadcast_to(tree.is_leaf[:, None], (tree.n_nodes, G)).copy()
    lb = np.repeat(_full_lb(tree, base)[:, None], G, axis=1)
    errors = np.repeat(_subtree_sums(tree, np.where(tree.is_leaf, leaf, 0.0))[:, None], G,
                       axis=1)
    alive = np.ones((tree.n_nodes, G), dtype=bool)
    cut = np.zeros((tree.n_nodes, G), dtype=bool)
    visits = tree.preorder() if order == "top_down" else np.arange(tree.n_nodes)[::-1]
    before = None  # the whole tree's bound, recomputed only after a cut changes the tree
    for node in visits[~tree.is_leaf[visits]]:
        path = _ancestors(tree, node)
        delta = 1.0 - lb[node]
        if node:
            parent = tree.parent[node]
            others = tree.edges(parent)[tree.edges(parent) != node]
            bottom = is_frontier[others].all(axis=0)  # the parent becomes a bottom node
            delta = np.where(bottom, base[parent] - lb[parent], delta)
        with np.errstate(divide="ignore", invalid="ignore"):
            if before is None:
                before = srm_bound(errors[0] / S, lb[0], S, a1, a2, confidence)
            after = srm_bound((errors[0] - errors[node] + leaf[node]) / S, lb[0] + delta, S,
                              a1, a2, confidence)
        prune = alive[node] & (after < before)
        if not prune.any():
            continue
        before = None
        cut[node] = is_frontier[node] = prune
        errors[path] -= np.where(prune, errors[node] - leaf[node], 0.0)
        lb[path] += np.where(prune, delta, 0.0)
        lb[node] = np.where(prune, 1.0, lb[node])
        errors[node] = np.where(prune, leaf[node], errors[node])
        if order == "top_down":
            _kill_below(tree, node, alive, prune)
    return cut


def _ancestors(tree: Tree, node: int) -> np.ndarray:
    """Proper ancestors of ``node``, parent first."""
    path = []
    while tree.parent[node] >= 0:
        node = int(tree.parent[node])
        path.append(node)
    return np.array(path, dtype=np.int64)


def _kill_below(tree: Tree, node: int, alive: np.ndarray, prune: np.ndarray) -> None:
    """Mark the descendants of ``node`` out of the tree in the columns where it was cut."""
    stack = list(tree.edges(node).tolist())
    while stack:
        child = stack.pop()
        alive[child] &= ~prune
        stack.extend(tree.edges(child).tolist())


def _subtree_sums(tree: Tree, values: np.ndarray) -> np.ndarray:
    """Per node, the sum of ``values`` over its subtree."""
    total = np.array(values, dtype=float, copy=True)
    for node in range(tree.n_nodes - 1, 0, -1):
        total[tree.parent[node]] += total[node]
    return total


def _full_lb(tree: Tree, base: np.ndarray) -> np.ndarray:
    """Per node, the lower bound of its full subtree in the grown tree."""
    from smalltrees.learners.id3.pruning.capacity import tree_lb

    return tree_lb(tree, base, tree.is_leaf)
