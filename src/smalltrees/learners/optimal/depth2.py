"""The search of T1 and T2: the best tree of TREE(1, n, p, K) and TREE(2, n, p, K) on a
training set (Auer, Holte & Maass 1995, section 2).

T2 tries every root: a categorical root has fixed edges, each ending in the best stump on its
items; a continuous root ``beta`` splits its present items at a threshold into ``beta < t`` and
``beta >= t``, plus the "missing" edge. Its thresholds are searched by branch and bound
(:mod:`~smalltrees.learners.optimal.cuts`), evaluating the best stumps on both sides of a
threshold for every attribute at once (:mod:`~smalltrees.learners.optimal.sets`; for
continuous attributes without missing values the dense evaluators of
:mod:`~smalltrees.learners.optimal.dense` (two classes, K <= 3) and
:mod:`~smalltrees.learners.optimal.dense_classes` (more classes, or K >= 4), which give the
same numbers), so that most
thresholds of most roots are never evaluated, yet the result is the tree an exhaustive search
returns, ties included (see :mod:`~smalltrees.learners.optimal.estimators`).

:func:`two_level_errors` solves many T2 problems at once, one per item set (T3 asks for T2 on
the edges of many root tests); :func:`two_level` solves one and builds its tree.
"""

from __future__ import annotations

from functools import partial

import numpy as np

from smalltrees.learners.optimal.cuts import search_all, search_cuts
from smalltrees.learners.optimal.dense import DenseSets, applies, pays
from smalltrees.learners.optimal.dense_classes import dense_sets, sorted_stump_errors
from smalltrees.learners.optimal.root_sides import RootSides, set_counts
from smalltrees.learners.optimal.search import Encoded, cell_index, mask_items, stump_errors
from smalltrees.learners.optimal.sets import Sorted, counted_errors, mask_errors, partition_errors
from smalltrees.learners.optimal.stumps import majority_label, stump, stumps, threshold
from smalltrees.learners.optimal.sweeps import CELLS, block_width
from smalltrees.learners.optimal.tree import CategoricalSplit, IntervalSplit

EXHAUSTIVE = 1 << 17  # thresholds x items x attributes of every set: priced all at once
ALONE = 1 << 19  # the same for a single set, whose rounds no other set shares
PAIRS = 1 << 24  # item-attribute pairs counted per step for categorical roots


def one_level(enc: Encoded, *, K: int):
    """(errors, build) of the best tree of TREE(1), a leaf preferred on ties."""
    errors = stump_errors(enc, np.zeros(len(enc.y), dtype=np.int64), 1, K=K)[:, 0]
    rows = np.arange(len(enc.y))
    attr = int(np.argmin(errors)) - 1
    return int(errors.min()), partial(stump, enc, attr, rows, majority_label(enc, rows), K=K)


def two_level(enc: Encoded, *, K: int, srt: Sorted | None = None):
    """(errors, build) of the best tree of TREE(2) on ``enc``; ``build(default)`` makes it,
    ``default`` being the class of an edge without items.

    Ties go to the simpler tree (TREE(1) before two levels), then to the root that comes first
    in the columns, then to the smallest threshold.
    """
    srt = Sorted(enc) if srt is None else srt
    errors, key = best_two_level(srt, K=K)
    return errors, two_level_tree(srt, key, K=K)


def best_two_level(srt: Sorted, *, K: int) -> tuple[int, int]:
    """(errors, key) of the best tree of TREE(2) on the whole training set: the key as
    :func:`two_level_errors` gives it (-1 for TREE(1))."""
    m = len(srt.enc.y)
    found = two_level_errors(srt, np.ones((1, m), dtype=bool), np.array([m + 1]), K=K)
    return int(found[0][0]), int(found[1][0])


def two_level_tree(srt: Sorted, key: int, *, K: int):
    """``build(default)`` of the tree of TREE(2) with key ``key`` (see :func:`two_level`)."""
    enc = srt.enc
    m = len(enc.y)
    if key < 0:
        one = _part_errors(srt, [np.arange(m)], K=K)[:, 0]
        return partial(_one_level_tree, enc, int(np.argmin(one)) - 1, K=K)
    beta, position = divmod(key, m + 1)
    if not enc.continuous[beta]:
        return partial(_categorical_root, enc, beta, K=K)
    return partial(_continuous_root, srt, beta, position, K=K)


def two_level_errors(srt: Sorted, sets: np.ndarray, bounds: np.ndarray, *, K: int):
    """Least errors of a tree of TREE(2) on each item set, where below its bound.

    Parameters
    ----------
    srt : Sorted
    sets : ndarray of shape (P, m), bool
        The items of each problem.
    bounds : ndarray of shape (P,)
        Only errors below the bound are wanted.
    K : int
        At most K intervals of a continuous attribute on the second level.

    Returns
    -------
    errors, keys : ndarray of shape (P,)
        The least errors where below the bound, else the bound (a lower bound of them); the
        winner's key: -1 for TREE(1) (or the bound), ``beta * (m + 1) + j`` for root ``beta``
        split after ``j`` present items (0 for a categorical root).
    """
    span = sets.shape[1] + 1
    if len(sets) == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    dense = _dense(srt, sets, K=K)
    counted = None if dense is not None else set_counts(srt, sets)  # counted once, used thrice
    if dense is not None:
        one = dense.whole()
    elif counted is not None:
        one = counted_errors(srt, *counted, K=K).min(axis=0)
    else:
        one = mask_errors(srt, sets, K=K).min(axis=0)
    best_errors = np.minimum(one, bounds)
    best_keys = np.full(len(sets), -1, dtype=np.int64)
    for beta, totals in zip(srt.cat, _categorical_roots(srt, sets, K=K).T, strict=True):
        better = totals < best_errors
        best_errors[better], best_keys[better] = totals[better], beta * span
    open_ = (best_errors > 0) | (best_keys >= 0)  # a perfect TREE(1) cannot be beaten
    if not open_.any() or not srt.cont:
        return best_errors, best_keys
    if counted is not None and not open_.all():
        counted = tuple(c[open_] for c in counted)
    found = _continuous_roots(srt, sets[open_], span, best_errors[open_], best_keys[open_],
                              dense, np.flatnonzero(open_), K=K, counted=counted)
    best_errors[open_], best_keys[open_] = found
    return best_errors, best_keys


def _dense(srt: Sorted, sets: np.ndarray, *, K: int) -> DenseSets | None:
    """The dense evaluator of ``sets`` where :func:`_dense_path`, else None (the general
    programme)."""
    return dense_sets(srt, sets, K=K) if _dense_path(srt.enc, K=K) else None


def _dense_path(enc: Encoded, *, K: int) -> bool:
    """Whether the dense evaluators are exact for the training set and expected to pay."""
    return applies(enc) and pays(enc, K=K)


def _categorical_roots(srt: Sorted, sets: np.ndarray, *, K: int) -> np.ndarray:
    """(P, n_cat): errors of the best tree with each categorical root on each set, its edges'
    best stumps evaluated together (:func:`~smalltrees.learners.optimal.sets.partition_errors`,
    in chunks of sets of about ``PAIRS`` item-edge pairs and ``CELLS`` block counts)."""
    enc = srt.enc
    if not srt.cat:
        return np.zeros((len(sets), 0), dtype=np.int64)
    sizes = [enc.n_values[beta] for beta in srt.cat]
    edges = np.concatenate([enc.codes[beta][None, :] == np.arange(b)[:, None]
                            for beta, b in zip(srt.cat, sizes, strict=True)])
    starts = np.cumsum([0, *sizes[:-1]])
    blocks = len(edges) * block_width(srt) * (PAIRS // CELLS) if srt.cont else 0
    per_set = ((sets.sum(axis=1) + 1) * len(srt.cat) * (1 + len(enc.codes)) + edges.size // 4
               + blocks)
    work = np.cumsum(per_set)  # counted pairs, mask cells and block counts (in pairs)
    out = []
    bounds = np.unique(np.r_[0, np.searchsorted(work, np.arange(PAIRS, work[-1], PAIRS)),
                             len(sets)])
    for lo, hi in zip(bounds[:-1], bounds[1:], strict=True):
        errors = partition_errors(srt, sets[lo:hi], edges, starts, K=K).min(axis=0)
        out.append(np.add.reduceat(errors.reshape(hi - lo, -1), starts, axis=1))
    return np.concatenate(out)


def _continuous_roots(srt: Sorted, sets: np.ndarray, span: int, best_errors: np.ndarray,
                      best_keys: np.ndarray, dense: DenseSets | None = None,
                      ids: np.ndarray | None = None, *, K: int, counted=None):
    """Branch and bound over the thresholds of every continuous root of every set; with
    ``dense`` (the tables of the sets ``ids`` of its own) each threshold is priced by the dense
    evaluator; where every set's thresholds fit in ``EXHAUSTIVE`` cells (thresholds x items x
    attributes, about one batch of the evaluator), all of them are priced at once and the
    rounds are saved (:func:`~smalltrees.learners.optimal.cuts.search_all`: T2 and T3 on HA).
    Pricing only a call's small sets at once and the others by rounds made AP's and GL's T3
    slower (35-38 -> 41 and 125 -> 142-148 CPU-ms): the rounds stop their bounded problems
    early. A call with a single set (T2's own search, T3's first guess) has no other set to
    share the rounds' bookkeeping (about 0.2 ms a round): it is priced at once up to ``ALONE``
    cells (T2 at K = 2, CPU-ms, alternating in one process: AP, 0.39M cells, -10%; TR,
    0.51M, -15%; at 1M cells BU, 0.67M, +6% and G2, 1.0M, +37%)."""
    cand = _candidates(srt, sets, counted) if dense is None else dense.candidates(ids)
    if cand is None:
        return best_errors, best_keys
    root, cut, at, first, problem, attr = cand
    keys = np.array(srt.cont)[attr][root] * span + cut
    if dense is not None:
        def priced(index, limits, low_left, low_right):
            r = root[index]
            left, right = dense.evaluate(ids[problem[r]], attr[r], at[index], cut[index])
            return left, right, np.ones(len(index), dtype=bool)

        missing = np.zeros(len(attr), dtype=np.int64)
        cells = np.bincount(problem[root], minlength=len(ids)) * dense.sizes[ids] * len(srt.cont)
        if cells.max() <= (EXHAUSTIVE if len(ids) > 1 else ALONE):
            return search_all(root, keys, missing, problem, priced, best_errors, best_keys)
        return search_cuts(root, cut, keys, missing, problem, first, priced, best_errors,
                           best_keys)
    sides = RootSides(srt, sets, problem, attr, K=K, counted=counted)

    def evaluate(index, limits, low_left, low_right):
        left, right = sides.errors(root[index], cut[index])
        return left, right, np.ones(len(index), dtype=bool)

    return search_cuts(root, cut, keys, sides.missing, problem, first, evaluate, best_errors,
                       best_keys)


def _candidates(srt: Sorted, sets: np.ndarray, counted=None):
    """Every threshold of every continuous root of every set, as flat arrays.

    A root is a (set, attribute) pair with present items; its thresholds lie between
    consecutive distinct values of its items, or, with a single distinct value, below it (all
    items on the side ``>= t``). Returns ``(root, cut, at, first, problem, attr)``: per
    candidate its root, the items of the set below it (``j``) and the position in the
    attribute's order where the run of equal values above it starts (the set's items before
    it are those below); the first candidate to evaluate of each root (the purest one-level
    split); per root its set and attribute. None if there are no roots. ``counted``: the
    sets' :func:`~smalltrees.learners.optimal.root_sides.set_counts` if the caller has them (more
    than two classes count the same block columns).

    Read off each set's class counts per run of equal values (the blocks of
    :meth:`~smalltrees.learners.optimal.sets.Sorted.block_columns`, counted item by item as
    the sweeps count them), a step of about ``PAIRS`` item-attribute pairs at a time: a call
    costs the sets' items and blocks, where a prefix sum per set, item and class cost sets x
    items x classes (SU, 58,000 items in 7 classes, at most 299 distinct values per
    attribute, K = 2: T3 12.4 -> 4.8 CPU-s, T2 0.37 -> 0.24).
    """
    p = srt.enc.p
    if not len(sets):
        return None
    columns, offsets = srt.block_columns(p)
    width = int(offsets[-1]) + 1  # class-major blocks of every attribute, then "missing"
    heads = [np.flatnonzero(np.r_[True, ends[:-1]]) for ends in srt.block_end]  # block starts
    shared = counted is not None and p > 2  # the same columns (two classes: signed sums)
    if shared:
        bounds = [0, len(sets)]
    else:  # steps of about PAIRS counted pairs and counts
        work = np.cumsum(sets.sum(axis=1) * len(srt.cont) + width)
        bounds = np.unique(np.r_[0, np.searchsorted(work, np.arange(PAIRS, work[-1], PAIRS)),
                                 len(sets)])
    parts = []
    for lo, hi in zip(bounds[:-1], bounds[1:], strict=True):
        if shared:
            counts = counted[1][:, :width]
        else:
            rows, items = mask_items(sets[lo:hi])
            index = cell_index(columns, rows, items, hi - lo, width)
            counts = np.bincount(index.ravel(), minlength=(hi - lo) * width).reshape(hi - lo,
                                                                                     -1)
        for i in range(len(srt.cont)):  # attribute i's counts, (set, class, block)
            blocks = counts[:, offsets[i]:offsets[i + 1]].reshape(hi - lo, p, -1)
            sizes = blocks.sum(axis=1)
            runs = np.cumsum(sizes > 0, axis=1)  # the set's distinct values up to each block
            # a block of the set after its first, or its only one
            cand = (sizes > 0) & ((runs > 1) | (runs[:, -1:] == 1))
            q, b = mask_items(cand)
            if not len(q):
                continue
            seen = np.cumsum(blocks, axis=2) - blocks  # the set's items before each block
            under, total = seen[q, :, b], seen[q, :, -1] + blocks[q, :, -1]
            j = under.sum(axis=1)
            purity = j - under.max(axis=1) + (total.sum(axis=1) - j) - (total - under).max(axis=1)
            parts.append((q + lo, np.full(len(q), i), j, heads[i][b], purity))
    if not parts:
        return None
    q, attr, cut, at, purity = (np.concatenate(c) for c in zip(*parts, strict=True))
    order = np.lexsort((cut, attr, q))  # grouped by root (set, attribute), then by threshold
    q, attr, cut, at, purity = q[order], attr[order], cut[order], at[order], purity[order]
    new_root = np.concatenate(([True], (q[1:] != q[:-1]) | (attr[1:] != attr[:-1])))
    root = np.cumsum(new_root) - 1
    best = np.lexsort((cut, purity, root))
    first = best[np.concatenate(([True], root[best][1:] != root[best][:-1]))]
    starts = np.flatnonzero(new_root)
    return root, cut, at, first, q[starts], attr[starts]


def _one_level_tree(enc: Encoded, attr: int, default: int, *, K: int):
    rows = np.arange(len(enc.y))
    return stump(enc, attr, rows, majority_label(enc, rows, default), K=K)


def _categorical_root(enc: Encoded, beta: int, default: int, *, K: int):
    """The best tree with categorical root ``beta``."""
    codes = enc.codes[beta]
    n_edges = enc.n_values[beta]
    errors = stump_errors(enc, codes, n_edges, K=K)
    specs = []
    for value in range(n_edges):
        rows = np.flatnonzero(codes == value)
        specs.append((int(np.argmin(errors[:, value])) - 1, rows,
                      majority_label(enc, rows, default)))
    children = stumps(enc, specs, K=K)
    return CategoricalSplit(beta, tuple(children[:-1]), children[-1], default)


def _continuous_root(srt: Sorted, beta: int, position: int, default: int, *, K: int):
    """The best tree with continuous root ``beta`` split after ``position`` present items."""
    enc = srt.enc
    i = srt.cont.index(beta)
    order, size = srt.order[i], srt.n_present[i]
    parts = [order[:position], order[position:size], order[size:]]
    errors = _part_errors(srt, parts, K=K)
    nodes = stumps(enc, [(int(np.argmin(errors[:, k])) - 1, rows,
                          majority_label(enc, rows, default)) for k, rows in enumerate(parts)],
                   K=K)
    values = enc.values[beta][srt.sorted_ranks[i, :size]]
    if position:
        cut = threshold(values[position - 1], values[position])
    else:  # a single distinct value: the threshold sits on it and every present item goes right
        cut = float(values[0])
    return IntervalSplit(beta, (cut,), tuple(nodes[:2]), nodes[2])


def _part_errors(srt: Sorted, parts: list, *, K: int) -> np.ndarray:
    """(1 + n_attributes, len(parts)) errors of every stump on each of the disjoint item
    arrays ``parts``, which hold every item (the edges of the tree's root, or all items), to
    pick each part's stump: from the class counts along the sorted orders where the search
    prices by the dense evaluators (:func:`_dense_path`;
    :func:`~smalltrees.learners.optimal.dense_classes.sorted_stump_errors`), else by the
    general programme (:func:`~smalltrees.learners.optimal.sets.mask_errors`), which sweeps
    the distinct values instead of every item: at K = 3 it was the cheaper one on S47 and SB
    (0.6 and 2.4 ms against 2.7 and 8.9), where the search does not use the dense one."""
    enc = srt.enc
    m = len(enc.y)
    if _dense_path(enc, K=K):
        full = [k for k, rows in enumerate(parts) if len(rows)]  # a part without items errs 0
        group = np.empty(m, dtype=np.int64)
        for g, k in enumerate(full):
            group[parts[k]] = g
        errors = np.zeros((1 + len(enc.codes), len(parts)), dtype=np.int64)
        errors[:, full] = sorted_stump_errors(srt, group, len(full), K=K)
        return errors
    masks = np.zeros((len(parts), m), dtype=bool)
    for mask, rows in zip(masks, parts, strict=True):
        mask[rows] = True
    return mask_errors(srt, masks, K=K)
