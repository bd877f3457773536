"""Prefix sums along the positions of the dense evaluators' arrays, in place
(:mod:`~smalltrees.learners.optimal.dense`, :mod:`~smalltrees.learners.optimal.dense_classes`):
the scan that prices a root threshold's sides, and the running maxima of K = 3 and of the
layers. Each is the fast one for its layout, measured on the shared 2-core machine."""

from __future__ import annotations

import numpy as np

DOUBLING, LONG = 20000, 8192  # prefix sums double from DOUBLING elements, up to LONG rows


def cumulative_sums(W: np.ndarray) -> None:
    """Cumulative sums along the last axis of a C-contiguous array, in place, int16 widened to
    int32 and back: numpy accumulates int32 (and uint64) along contiguous rows 2-4x faster
    than int16 along any axis, and than recursive doubling below about 50k elements (int16 6 x
    7 x 57: 3.7 us against 6.4 and 16.7; 12 x 22 x 112: 22 against 67 and 33; 30 x 22 x 195:
    83 against 282 and 77). An int32 ``dtype`` on int16 is as slow as int16 beyond numpy's
    8,192-element buffer."""
    if W.dtype == np.int16:
        wide = W.astype(np.int32)
        np.add.accumulate(wide, axis=-1, out=wide)
        np.copyto(W, wide, casting="unsafe")
    else:
        np.add.accumulate(W, axis=-1, out=W)


def prefix_sums(W: np.ndarray, spare: np.ndarray, ufunc=np.add) -> None:
    """Cumulative sums (``ufunc``'s running reduction: running maxima for ``np.maximum``) along
    axis 1 of a C-contiguous (G, n, F) array, in place. Below ``DOUBLING`` elements
    ``ufunc.accumulate``, about 1.3 ns per element, as it runs along short rows; from there
    recursive doubling (Hillis and Steele): ``ceil(log2 n)`` passes, each one contiguous
    operation over every row of a group at once (``W[g, i] += W[g, i - d]``), alternating
    between ``W`` and ``spare`` (the same shape), about 8 us plus 0.2 ns per element and pass
    (sums measured over F = 3..22, n = 20..400, G = 1..64: 2-3.5x faster from 50k elements, a
    wash at 20k). Beyond ``LONG`` rows the passes cost more than the accumulation (T2 at K = 3
    on 16k synthetic rows: 0.58 vs 0.46 CPU-s; on 4k: 0.066 vs 0.080)."""
    G, n, F = W.shape
    if W.size < DOUBLING or n > LONG:
        ufunc.accumulate(W, axis=1, out=W)
        return
    source, target = W.reshape(G, n * F), spare.reshape(G, n * F)
    d, swapped = F, False
    while d < n * F:
        target[:, :d] = source[:, :d]
        ufunc(source[:, d:], source[:, :-d], out=target[:, d:])
        source, target, swapped = target, source, not swapped
        d *= 2
    if swapped:
        np.copyto(W, spare)
