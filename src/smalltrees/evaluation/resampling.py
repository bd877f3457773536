"""Every random partition of the studies' data: folds, holdouts, subsamples, disjoint sets.

Each design draws from a generator seeded by (master seed, study stream, dataset, ...) only
(:func:`seed_for`), so every learner sees identical partitions, and a job's result does not
depend on which other jobs run, in which order, or on how many cores. The designs:

* :func:`fold_ids` -- N-fold cross-validation as in Auer, Holte & Maass (1995), section 3,
  footnote 5: "one partitions S randomly into N pieces of about equal size" -- not stratified;
  :func:`repetition_fold_ids` is repetition r of repeated CV (auer95, last02), and
  :func:`repeated_cv` runs it (:func:`repeated_cv_each` for several learners on the same folds).
* :func:`stratified_fold_ids` and :func:`stratified_holdout` -- stratified pieces, each class
  dealt separately (Yildiz 2015, section V-B: the author's toolkit stratifies its test third
  and its 5 x 2-fold halves).
* :func:`random_subsample` -- a training set of m examples drawn uniformly without replacement,
  the rest held out (Auer et al. 1995, section 4 learning curves).
* :func:`disjoint_training_sets` -- n disjoint training sets beside one test set (Dietterich,
  Kearns & Mansour 1996, section 3.1, after DELVE).
"""

from __future__ import annotations

import time
import zlib
from collections.abc import Callable, Sequence

import numpy as np
import pandas as pd

from smalltrees.evaluation.encoded import EncodedData


class FoldError(ValueError):
    """A cross-validation set-up that would leave a fold (test or training set) empty."""


def seed_for(seed: int, *keys: str | int) -> np.random.SeedSequence:
    """A SeedSequence from the master seed and stable keys (crc32 of strings, not ``hash``)."""
    words = [zlib.crc32(k.encode()) if isinstance(k, str) else int(k) for k in keys]
    return np.random.SeedSequence([int(seed), *words])


def fold_ids(n_examples: int, n_folds: int, seed: np.random.SeedSequence) -> np.ndarray:
    """Assign each of ``n_examples`` to one of ``n_folds`` random pieces of near-equal size.

    A random permutation is dealt round-robin, so piece sizes differ by at most one.

    >>> ids = fold_ids(7, 3, seed_for(1, "study", "DS", 1))
    >>> np.bincount(ids).tolist()
    [3, 2, 2]
    >>> bool((ids == fold_ids(7, 3, seed_for(1, "study", "DS", 1))).all())    # same seed
    True
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


def repetition_fold_ids(n_examples: int, n_folds: int, seed: int, stream: str, dataset: str,
                        repetition: int) -> np.ndarray:
    """The folds of repetition ``repetition`` (1-based) of repeated CV on ``dataset``: drawn from
    ``seed_for(seed, stream, dataset, repetition)``, so every learner sees identical folds."""
    return fold_ids(n_examples, n_folds, seed_for(seed, stream, dataset, repetition))


def stratified_fold_ids(y: np.ndarray, n_folds: int,
                        seed: np.random.SeedSequence) -> np.ndarray:
    """Assign examples to ``n_folds`` stratified pieces: the classes in sorted order, each
    shuffled and dealt round-robin, continuing the deal where the previous class stopped (so
    piece sizes differ by at most one and every class is spread evenly).

    >>> y = np.array(["a"] * 4 + ["b"] * 6)
    >>> ids = stratified_fold_ids(y, 2, seed_for(0, "x"))
    >>> [[int(np.sum(y[ids == k] == c)) for k in (0, 1)] for c in ("a", "b")]
    [[2, 2], [3, 3]]
    """
    rng = np.random.default_rng(seed)
    ids = np.empty(len(y), dtype=np.int64)
    offset = 0
    for label in np.unique(y):
        members = rng.permutation(np.flatnonzero(y == label))
        ids[members] = (np.arange(members.size) + offset) % n_folds
        offset += members.size
    return ids


def stratified_holdout(y: np.ndarray, fraction: float,
                       seed: np.random.SeedSequence) -> np.ndarray:
    """A stratified holdout: True for ``round(fraction * n_c)`` random examples of each class
    ``c`` (the classes in sorted order, each shuffled in turn).

    >>> y = np.array(["a"] * 3 + ["b"] * 6)
    >>> held_out = stratified_holdout(y, 1 / 3, seed_for(0, "x"))
    >>> int((y[held_out] == "a").sum()), int((y[held_out] == "b").sum())
    (1, 2)
    """
    rng = np.random.default_rng(seed)
    held_out = np.empty(len(y), dtype=bool)
    for label in np.unique(y):
        members = rng.permutation(np.flatnonzero(y == label))
        held_out[members] = np.arange(members.size) < round(fraction * members.size)
    return held_out


def random_subsample(n_examples: int, size: int,
                     seed: np.random.SeedSequence) -> tuple[np.ndarray, np.ndarray]:
    """``(train, rest)``: ``size`` examples drawn uniformly without replacement (in the order
    drawn), and the others (not stratified).

    >>> train, rest = random_subsample(10, 3, seed_for(0, "x"))
    >>> len(train), len(rest), sorted([*train, *rest]) == list(range(10))
    (3, 7, True)
    """
    order = np.random.default_rng(seed).permutation(n_examples)
    return order[:size], order[size:]


def disjoint_training_sets(n_examples: int, test: np.ndarray | int, n_sets: int, size: int,
                           seed: np.random.SeedSequence
                           ) -> tuple[tuple[np.ndarray, ...], np.ndarray]:
    """``n_sets`` disjoint random training sets of ``size`` examples each, outside the test set.

    ``test`` is either the test rows themselves or a number of test rows to draw at random
    (first, from the same generator). Returns the training sets and the test rows, each
    sorted. The caller checks that ``n_sets * size`` rows remain outside the test set.

    >>> train, test = disjoint_training_sets(10, np.array([8, 9]), 2, 3, seed_for(0, "x"))
    >>> [len(t) for t in train], test.tolist(), len(set(train[0]) | set(train[1]) | {8, 9})
    ([3, 3], [8, 9], 8)
    """
    rng = np.random.default_rng(seed)
    if isinstance(test, (int, np.integer)):
        test = rng.choice(n_examples, size=int(test), replace=False)
    pool = np.setdiff1d(np.arange(n_examples), test)
    if n_sets * size > pool.size:
        raise FoldError(f"{n_sets} training sets of {size} rows need {n_sets * size} rows, but "
                        f"only {pool.size} are outside the test set")
    order = rng.permutation(pool)
    train = tuple(np.sort(order[i * size:(i + 1) * size]) for i in range(n_sets))
    return train, np.sort(test)


def cross_validate(
    make_learner: Callable[[], object],
    X: pd.DataFrame,
    y: pd.Series,
    folds: np.ndarray,
    progress: Callable[[str], None] | None = None,
    on_fit: Callable[[int, object], None] | None = None,
) -> pd.DataFrame:
    """Fit a fresh learner on each training set and score it on the held-out piece.

    Returns one row per fold: ``fold, n_train, n_test, errors, accuracy`` and, for learners with
    a ``complexity(X)`` method (C4.5), its measures on the test set. The fit time goes to
    ``progress`` only: a wall-clock number in the rows would make results differ between runs.
    ``on_fit(fold, model)`` sees each fitted model, for a study that also needs the fold models
    (Last et al. 2002's stability), so that they are not fitted twice.
    """
    keep = None if on_fit is None else (lambda fold, models: on_fit(fold, models[0]))
    return _cross_validate([make_learner], EncodedData.of(X, y), folds, progress, keep)[0]


def _cross_validate(make_learners: Sequence[Callable[[], object]], data: EncodedData,
                    folds: np.ndarray, progress: Callable[[str], None] | None,
                    on_fit: Callable[[int, list], None] | None) -> list[pd.DataFrame]:
    """:func:`cross_validate` of each learner on data encoded once (for all repetitions), the
    learners of all folds fitted together (:meth:`EncodedData.fit_sets`: the C4.5 trees of
    the folds grow side by side)."""
    rows: list[list[dict]] = [[] for _ in make_learners]
    fold_names = np.unique(folds)
    tests = [folds == fold for fold in fold_names]
    start = time.perf_counter()
    fitted = data.fit_sets([[make() for make in make_learners] for _ in tests],
                           [~test for test in tests])
    if progress is not None:
        progress(f"{len(tests)} folds fitted in {time.perf_counter() - start:.2f}s")
    for fold, test, learners in zip(fold_names.tolist(), tests, fitted, strict=True):
        if on_fit is not None:
            on_fit(int(fold), learners)
        for learner, found in zip(learners, rows, strict=True):
            found.append(_fold_row(data, learner, int(fold), test))
        if progress is not None:
            accuracies = ", ".join(f"{found[-1]['accuracy']:.3f}" for found in rows)
            progress(f"fold {fold + 1}/{len(fold_names)}: accuracy {accuracies}")
    return [pd.DataFrame(found) for found in rows]


def _fold_row(data: EncodedData, learner, fold: int, test: np.ndarray) -> dict:
    """The row of :func:`cross_validate` of the fitted ``learner`` on the ``test`` piece."""
    errors = int(np.sum(data.predict(learner, test) != data.y[test]))
    row = {"fold": fold, "n_train": int((~test).sum()), "n_test": int(test.sum()),
           "errors": errors, "accuracy": 1.0 - errors / int(test.sum())}
    if hasattr(learner, "complexity"):
        row.update(data.complexity(learner, test))
    return row


def cv_estimates(folds: pd.DataFrame) -> pd.DataFrame:
    """Per (dataset, learner, repetition) of :func:`repeated_cv`'s rows (with ``dataset`` and
    ``learner`` columns added): that repetition's CV accuracy estimate in percent, the mean
    accuracy over its folds (Auer et al. 1995, section 3; Last et al. 2002, section 3).

    >>> rows = pd.DataFrame({"dataset": "D", "learner": "L", "repetition": [1, 1, 2, 2],
    ...                      "accuracy": [1.0, 0.5, 0.5, 0.5]})
    >>> cv_estimates(rows)["estimate"].tolist()
    [75.0, 50.0]
    """
    return (folds.groupby(["dataset", "learner", "repetition"], sort=False)["accuracy"]
            .mean().mul(100.0).rename("estimate").reset_index())


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
    on_fit: Callable[[int, int, object], None] | None = None,
) -> pd.DataFrame:
    """``repetitions`` x ``n_folds``-fold CV: :func:`cross_validate` once per repetition.

    Repetition ``r`` (1-based) draws its partition by :func:`repetition_fold_ids`, so every
    learner sees identical folds. Returns the per-fold rows with a ``repetition`` column
    first. ``on_fit(repetition, fold, model)`` sees each fitted model.
    """
    keep = None if on_fit is None else (
        lambda repetition, fold, models: on_fit(repetition, fold, models[0]))
    partitions = repetition_partitions(len(y), repetitions, n_folds, seed, stream, dataset)
    return repeated_cv_each([make_learner], X, y, partitions, progress, keep)[0]


def repetition_partitions(n_examples: int, repetitions: int, n_folds: int, seed: int,
                          stream: str, dataset: str) -> list[np.ndarray]:
    """The fold ids of repetitions ``1, ..., repetitions`` of repeated CV on ``dataset``
    (:func:`repetition_fold_ids`)."""
    return [repetition_fold_ids(n_examples, n_folds, seed, stream, dataset, repetition)
            for repetition in range(1, repetitions + 1)]


def repeated_cv_each(make_learners: Sequence[Callable[[], object]], X: pd.DataFrame, y,
                     partitions: Sequence[np.ndarray],
                     progress: Callable[[str], None] | None = None,
                     on_fit: Callable[[int, int, list], None] | None = None,
                     ) -> list[pd.DataFrame]:
    """Cross-validation of each learner on each partition (fold ids; repetition ``r`` is the
    ``r``-th, as :func:`repetition_partitions` lists them): one frame per learner, each that of
    :func:`repeated_cv` of the learner alone. The learners of a fold are fitted together
    (:meth:`EncodedData.fit_all`: C4.5 learners that differ only in pruning grow each tree
    once; the trees of a repetition's folds grow side by side). ``on_fit(repetition, fold,
    models)`` sees the fitted models of each fold."""
    data = EncodedData.of(X, y)
    frames: list[list[pd.DataFrame]] = [[] for _ in make_learners]
    for repetition, folds in enumerate(partitions, start=1):
        if progress is not None:
            progress(f"repetition {repetition}/{len(partitions)}")
        keep = None if on_fit is None else \
            (lambda fold, models, r=repetition: on_fit(r, fold, models))
        for rows, found in zip(_cross_validate(make_learners, data, folds, progress, keep),
                               frames, strict=True):
            rows.insert(0, "repetition", repetition)
            found.append(rows)
    return [pd.concat(found, ignore_index=True) for found in frames]


def fold_test_train_ratio(folds: pd.DataFrame) -> float:
    """The folds' mean ``n_test / n_train``: the ratio of Nadeau & Bengio's corrected
    resampled t-test (:func:`~smalltrees.evaluation.statistics.corrected_resampled_t`)."""
    return float((folds["n_test"] / folds["n_train"]).mean())


def label_cv_rows(rows: pd.DataFrame, dataset: str, learner: str) -> pd.DataFrame:
    """:func:`repeated_cv`'s rows with ``dataset`` and ``learner`` as their first columns, as
    every stored CV file has them (and :func:`cv_estimates` reads them); in place."""
    rows.insert(0, "learner", learner)
    rows.insert(0, "dataset", dataset)
    return rows
