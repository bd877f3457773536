"""The stump sweeps of T1/T2/T3 (smalltrees.learners.optimal.sweeps): the two-class programme
gives the general programme's numbers, and both give a brute force's over all cut sets."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from smalltrees.learners.optimal.search import cell_index, mask_items, narrow
from smalltrees.learners.optimal.sweeps import _class_count_sweep, _two_class_sweep


def brute_force(blocks: np.ndarray, K: int) -> int:
    """Least errors of at most K intervals over the class counts of consecutive blocks, by
    trying every set of at most K - 1 cuts between blocks and the majority of each interval."""
    n_blocks, best = len(blocks), int(blocks.sum())
    for k in range(min(K, n_blocks)):
        for cuts in itertools.combinations(range(1, n_blocks), k):
            edges = (0, *cuts, n_blocks)
            errors = sum(int(blocks[a:b].sum() - blocks[a:b].sum(axis=0).max())
                         for a, b in itertools.pairwise(edges))
            best = min(best, errors)
    return best


@pytest.mark.parametrize("K", [1, 2, 3, 4, 5])
def test_two_class_sweep_is_the_general_one_and_the_brute_force(K):
    rng = np.random.default_rng(K)
    for _ in range(60):
        n_sets, n_blocks = int(rng.integers(1, 6)), int(rng.integers(1, 9))
        kept = rng.random((n_sets, n_blocks, 1)) < 0.8  # some blocks empty in a set
        counts = rng.integers(0, 3, (n_sets, n_blocks, 2)) * kept
        signed = (counts[..., 0] - counts[..., 1]).astype(float)
        present = counts.sum(axis=(1, 2))
        class_major = np.concatenate([counts[..., 0], counts[..., 1]], axis=1)
        two = _two_class_sweep(signed, present, K=K)
        general = _class_count_sweep(class_major, 2, K=K)
        expected = [brute_force(c, K) for c in counts]
        assert two.tolist() == general.tolist() == expected


@pytest.mark.parametrize("K", [1, 2, 3, 4])
def test_class_count_sweep_is_the_brute_force_for_more_classes(K):
    """2-6 classes, some blocks empty, heavy ties: the general programme (its own passes at
    K = 2) gives the brute force's least errors of at most K intervals."""
    rng = np.random.default_rng(10 + K)
    for _ in range(80):
        n_sets, n_blocks, p = (int(rng.integers(1, 6)), int(rng.integers(1, 8)),
                               int(rng.integers(2, 7)))
        kept = rng.random((n_sets, n_blocks, 1)) < 0.8
        counts = rng.integers(0, 3, (n_sets, n_blocks, p)) * kept
        class_major = counts.transpose(0, 2, 1).reshape(n_sets, -1)
        got = _class_count_sweep(class_major, p, K=K)
        assert got.tolist() == [brute_force(c, K) for c in counts]


@pytest.mark.parametrize("shape", [(0, 5), (3, 0), (1, 1), (7, 13), (40, 300)])
def test_mask_items_are_nonzero(shape):
    """The sets and items of boolean masks read off their flat indices: ``np.nonzero``'s pairs,
    in its order, at every density, empty masks included."""
    rng = np.random.default_rng(sum(shape))
    for density in (0.0, 0.1, 0.5, 1.0):
        masks = rng.random(shape) < density
        rows, items = mask_items(masks)
        expected = np.nonzero(masks)
        assert rows.tolist() == expected[0].tolist() and items.tolist() == expected[1].tolist()


@pytest.mark.parametrize("r", [5, 1 << 30])
def test_cell_index_widens_where_int32_would_overflow(r):
    """The counted cells ``rows * width + table[items]``, exact in int64: int32 only while
    ``r * width`` fits (r = 2^30 sets of width 4 would wrap)."""
    table = narrow(np.array([[0, 3], [1, 2], [2, 0]]))
    assert table.dtype == np.int32
    rows, items = np.array([0, 2, 4]), np.array([2, 0, 1])
    index = cell_index(table, rows, items, r, 4)
    assert index.dtype == (np.int32 if r == 5 else np.int64)
    assert index.tolist() == (rows[:, None] * 4 + np.array([[2, 0], [0, 3], [1, 2]])).tolist()
    big = cell_index(table, np.array([r - 1]), np.array([0]), r, 4)
    assert big.tolist() == [[(r - 1) * 4, (r - 1) * 4 + 3]]
