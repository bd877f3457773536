"""The search of T1 and T2: the best tree of TREE(1, n, p, K) and TREE(2, n, p, K) on a
training set (Auer, Holte & Maass 1995, section 2).

T2 tries every root: a categorical root has fixed edges, each ending in the best stump on its
items; a continuous root ``beta`` splits its present items at a threshold into ``beta < t`` and
``beta >= t``, plus the "missing" edge. Its thresholds are searched by branch and bound
(:mod:`~smalltrees.learners.optimal.cuts`), evaluating the best stumps on both sides of a
threshold for every attribute at once (:mod:`~smalltrees.learners.optimal.sets`), so that most
thresholds of most roots are never evaluated, yet the result is the tree an exhaustive search
returns, ties included (see :mod:`~smalltrees.learners.optimal.estimators`).

Each search returns ``(errors, build)``: the least number of training errors and a function
``build(default)`` that makes the tree, ``default`` being the class of an edge without items.
"""

from __future__ import annotations

from functools import partial

import numpy as np

from smalltrees.learners.optimal.cuts import search_cuts
from smalltrees.learners.optimal.search import Encoded, stump_errors
from smalltrees.learners.optimal.sets import Sorted, mask_errors
from smalltrees.learners.optimal.stumps import majority_label, stump, threshold
from smalltrees.learners.optimal.tree import CategoricalSplit, IntervalSplit


def one_level(enc: Encoded, K: int):
    """(errors, build) of the best tree of TREE(1), a leaf preferred on ties."""
    errors = stump_errors(enc, np.zeros(len(enc.y), dtype=np.int64), 1, K)[:, 0]
    return _best_stump(enc, errors, np.arange(len(enc.y)), K)


def two_level(enc: Encoded, K: int, bound: int | None = None, srt: Sorted | None = None):
    """(errors, build) of the best tree of TREE(2) on ``enc``.

    Ties go to the simpler tree (TREE(1) before two levels), then to the root that comes first
    in the columns, then to the smallest threshold.

    With ``bound``, only the errors are wanted, and only if they are below ``bound``: the result
    is ``(errors, None)`` with the exact errors when they are below ``bound``, else ``bound``
    (a lower bound of them). T3 uses this to stop early on subtrees that cannot win.
    """
    m = len(enc.y)
    srt = Sorted(enc) if srt is None else srt
    one = mask_errors(srt, np.ones((1, m), dtype=bool), K)[:, 0]
    best = (int(one.min()), -1)
    if bound is not None and bound <= best[0]:
        best = (bound, -1)
    span = m + 1  # key of a root beta and threshold position j: beta * span + j
    for beta, total in zip(srt.cat, _categorical_roots(srt, K), strict=True):
        if total < best[0]:
            best = (int(total), beta * span)
    if best != (0, -1):  # else nothing can win: it would have to beat zero errors
        best = _continuous_roots(srt, K, span, best)
    if bound is not None:
        return best[0], None
    if best[1] < 0:
        return best[0], partial(_one_level_tree, enc, int(np.argmin(one)) - 1, K)
    beta, position = divmod(best[1], span)
    if not enc.continuous[beta]:
        return best[0], partial(_categorical_root, enc, beta, K)
    return best[0], partial(_continuous_root, srt, beta, position, K)


def _categorical_roots(srt: Sorted, K: int) -> np.ndarray:
    """Errors of the best tree with each categorical root: its edges' best stumps, all
    evaluated at once."""
    if not srt.cat:
        return np.zeros(0, dtype=np.int64)
    enc = srt.enc
    sizes = [enc.n_values[beta] for beta in srt.cat]
    masks = np.concatenate([enc.codes[beta][None, :] == np.arange(b)[:, None]
                            for beta, b in zip(srt.cat, sizes, strict=True)])
    errors = mask_errors(srt, masks, K).min(axis=0)
    return np.add.reduceat(errors, np.cumsum([0, *sizes[:-1]]))


def _continuous_roots(srt: Sorted, K: int, span: int, best: tuple[int, int]):
    """Branch and bound over the thresholds of every continuous root."""
    usable = [i for i, s in enumerate(srt.n_present) if s > 0]
    if not usable:
        return best
    roots, cuts, firsts = [], [], []
    offset = 0
    for r, i in enumerate(usable):
        ranks = srt.sorted_ranks[i, : srt.n_present[i]]
        cut = np.flatnonzero(ranks[1:] != ranks[:-1]) + 1
        cut = cut if len(cut) else np.zeros(1, dtype=np.int64)
        roots.append(np.full(len(cut), r))
        cuts.append(cut)
        firsts.append(offset + _best_single_cut(srt, i, cut))
        offset += len(cut)
    root, cut = np.concatenate(roots), np.concatenate(cuts)
    columns = np.array([srt.cont[i] for i in usable])
    positions = srt.position[usable]
    sizes = srt.n_present[usable]
    missing = mask_errors(srt, positions >= sizes[:, None], K).min(axis=0)
    seen = _cumulative_counts(srt, usable)

    def evaluate(index, limits, low_left, low_right):
        position, at, size = positions[root[index]], cut[index], sizes[root[index]]
        below = position < at[:, None]
        above = ~below & (position < size[:, None])
        below_counts = seen[root[index], at]
        counts = np.concatenate([below_counts, seen[root[index], size] - below_counts])
        errors = mask_errors(srt, np.concatenate([below, above]), K, counts).min(axis=0)
        return errors[: len(index)], errors[len(index):], np.ones(len(index), dtype=bool)

    return search_cuts(root, cut, columns[root] * span + cut, missing, np.array(firsts),
                       evaluate, best)


def _cumulative_counts(srt: Sorted, usable: list[int]) -> np.ndarray:
    """(roots, m + 1, C): the one-hot counts of :attr:`Sorted.onehot` of the first ``j``
    items of each root's order, so the counts of both sides of any threshold are two look-ups."""
    matrix = srt.onehot[0]
    dtype = np.int16 if len(matrix) < 1 << 15 else np.int32
    seen = np.zeros((len(usable), len(matrix) + 1, matrix.shape[1]), dtype=dtype)
    np.cumsum(matrix[srt.order[usable]], axis=1, dtype=dtype, out=seen[:, 1:])
    return seen


def _best_single_cut(srt: Sorted, i: int, cut: np.ndarray) -> int:
    """Index in ``cut`` of the threshold whose two sides are purest (the best one-level split
    on the attribute): a guess of a good root threshold, evaluated first."""
    y = srt.enc.y[srt.order[i, : srt.n_present[i]]]
    seen = np.cumsum(np.eye(srt.enc.p, dtype=np.int64)[y], axis=0)
    seen = np.concatenate([np.zeros((1, srt.enc.p), dtype=np.int64), seen])
    below, above = seen[cut], seen[-1] - seen[cut]
    errors = below.sum(1) - below.max(1) + above.sum(1) - above.max(1)
    return int(np.argmin(errors))


def _best_stump(enc: Encoded, errors: np.ndarray, rows: np.ndarray, K: int):
    """(errors, build) of the stump with the least ``errors`` (a leaf, then the first column)."""
    attr = int(np.argmin(errors)) - 1
    return int(errors.min()), partial(stump, enc, attr, rows, K, majority_label(enc, rows))


def _one_level_tree(enc: Encoded, attr: int, K: int, default: int):
    rows = np.arange(len(enc.y))
    return stump(enc, attr, rows, K, majority_label(enc, rows, default))


def _categorical_root(enc: Encoded, beta: int, K: int, default: int):
    """The best tree with categorical root ``beta``."""
    codes = enc.codes[beta]
    n_edges = enc.n_values[beta]
    errors = stump_errors(enc, codes, n_edges, K)
    children = []
    for value in range(n_edges):
        rows = np.flatnonzero(codes == value)
        attr = int(np.argmin(errors[:, value])) - 1
        children.append(stump(enc, attr, rows, K, majority_label(enc, rows, default)))
    return CategoricalSplit(beta, tuple(children[:-1]), children[-1], default)


def _continuous_root(srt: Sorted, beta: int, position: int, K: int, default: int):
    """The best tree with continuous root ``beta`` split after ``position`` present items."""
    enc = srt.enc
    i = srt.cont.index(beta)
    order, size = srt.order[i], srt.n_present[i]
    parts = [order[:position], order[position:size], order[size:]]
    masks = np.zeros((3, len(enc.y)), dtype=bool)
    for mask, rows in zip(masks, parts, strict=True):
        mask[rows] = True
    errors = mask_errors(srt, masks, K)
    nodes = [stump(enc, int(np.argmin(errors[:, k])) - 1, rows, K,
                   majority_label(enc, rows, default)) for k, rows in enumerate(parts)]
    values = enc.values[beta][srt.sorted_ranks[i, :size]]
    if position:
        cut = threshold(values[position - 1], values[position])
    else:  # a single distinct value: the threshold sits on it and every present item goes right
        cut = float(values[0])
    return IntervalSplit(beta, (cut,), tuple(nodes[:2]), nodes[2])
