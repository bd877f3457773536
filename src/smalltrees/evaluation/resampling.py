"""Repeated N-fold cross-validation as in Auer, Holte & Maass (1995), section 3, footnote 5.

"To evaluate a learning algorithm A on a dataset S by N-fold cross-validation one partitions S
randomly into N pieces of about equal size" -- not stratified. Each repetition draws its own
partition from a generator seeded by (master seed, study, dataset, repetition) only, so every
learner sees identical folds, and a job's result does not depend on which other jobs run, in
which order, or on how many cores.
"""

from __future__ import annotations

import time
import zlib
from collections.abc import Callable

import numpy as np
import pandas as pd


class FoldError(ValueError):
    """A cross-validation set-up that would leave a fold (test or training set) empty."""


def seed_for(seed: int, *keys: str | int) -> np.random.SeedSequence:
    """A SeedSequence from the master seed and stable keys (crc32 of strings, not ``hash``)."""
    words = [zlib.crc32(k.encode()) if isinstance(k, str) else int(k) for k in keys]
    return np.random.SeedSequence([int(seed), *words])


def fold_ids(n_examples: int, n_folds: int, seed: np.random.SeedSequence) -> np.ndarray:
    """Assign each of ``n_examples`` to one of ``n_folds`` random pieces of near-equal size.

    A random permutation is dealt round-robin, so piece sizes differ by at most one.
    """
    if n_folds < 2:
        raise FoldError(f"folds = {n_folds}: cross-validation needs at least 2 folds")
    if n_examples < n_folds:
        raise FoldError(
            f"{n_examples} examples cannot fill {n_folds} folds: some test set would be empty "
            "(lower `folds` in config.yaml)"
        )
    order = np.random.default_rng(seed).permutation(n_examples)
    ids = np.empty(n_examples, dtype=np.int64)
    ids[order] = np.arange(n_examples) % n_folds
    return ids


def cross_validate(
    make_learner: Callable[[], object],
    X: pd.DataFrame,
    y: pd.Series,
    folds: np.ndarray,
    progress: Callable[[str], None] | None = None,
) -> pd.DataFrame:
    """Fit a fresh learner on each training set and score it on the held-out piece.

    Returns one row per fold: ``fold, n_train, n_test, errors, accuracy`` and, for learners with
    a ``complexity(X)`` method (C4.5), its measures on the test set. The fit time goes to
    ``progress`` only: a wall-clock number in the rows would make results differ between runs.
    """
    y = np.asarray(y, dtype=object)
    rows = []
    fold_names = np.unique(folds)
    for fold in fold_names:
        test = folds == fold
        start = time.perf_counter()
        learner = make_learner().fit(X[~test].reset_index(drop=True), y[~test])
        seconds = time.perf_counter() - start
        X_test = X[test].reset_index(drop=True)
        errors = int(np.sum(learner.predict(X_test) != y[test]))
        row = {"fold": int(fold), "n_train": int((~test).sum()), "n_test": int(test.sum()),
               "errors": errors, "accuracy": 1.0 - errors / int(test.sum())}
        if hasattr(learner, "complexity"):
            row.update(learner.complexity(X_test))
        rows.append(row)
        if progress is not None:
            progress(f"fold {fold + 1}/{len(fold_names)}: accuracy {row['accuracy']:.3f}, "
                     f"fit {seconds:.2f}s")
    return pd.DataFrame(rows)


def repeated_cv(
    make_learner: Callable[[], object],
    X: pd.DataFrame,
    y: pd.Series,
    repetitions: int,
    n_folds: int,
    seed: int,
    stream: str,
    dataset: str,
    progress: Callable[[str], None] | None = None,
) -> pd.DataFrame:
    """``repetitions`` x ``n_folds``-fold CV: :func:`cross_validate` once per repetition.

    Repetition ``r`` (1-based) draws its partition from ``seed_for(seed, stream, dataset, r)``,
    so every learner sees identical folds. Returns the per-fold rows with a ``repetition``
    column first.
    """
    frames = []
    for repetition in range(1, repetitions + 1):
        folds = fold_ids(len(y), n_folds, seed_for(seed, stream, dataset, repetition))
        if progress is not None:
            progress(f"repetition {repetition}/{repetitions}")
        rows = cross_validate(make_learner, X, y, folds, progress)
        rows.insert(0, "repetition", repetition)
        frames.append(rows)
    return pd.concat(frames, ignore_index=True)
