"""Learning curves of T1 and T2, Auer, Holte & Maass (1995) section 4 and Figure 1.

The paper plots the training-set size m against 1/eps, where eps = Err(T_d(S_train)) -
(1 - Sky_d): the excess error of the learned d-level tree over the best d-level tree of the
whole dataset S (Sky_d, T_d run on all of S). It does not give the protocol; we take the reading
notes' (``shared/papers/notes/auer95-section4.md``, A-1/A-2/A-9):

- for each m of a grid, R training sets of m examples drawn uniformly without replacement from
  S (unstratified, :func:`~smalltrees.evaluation.resampling.random_subsample`), each draw
  seeded by (seed, stream, dataset, m, r);
- the "true error" of the learned tree is its error on the held-out rest S \\ S_train;
- the errors are averaged over the R draws and eps is formed from the mean (not 1/eps averaged);
- a point whose mean eps is <= 0 is kept in the table and dropped from the 1/eps plot;
- the fits and the T2/T1 factor use the points whose eps exceeds ``noise_se`` standard errors
  of the mean error (config; 0 means every eps > 0);
- a grid value m >= |S| leaves no test data: it is dropped, and the drop is recorded.

:func:`draw_errors` is the per-(dataset, learner) job; :func:`summarise` turns its tidy rows
into the per-m curve.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import numpy as np
import pandas as pd

from smalltrees.evaluation.encoded import EncodedData
from smalltrees.evaluation.resampling import random_subsample, seed_for

LOG = logging.getLogger(__name__)


def usable_sizes(grid: Sequence[int], n: int) -> tuple[list[int], list[int]]:
    """``(kept, dropped)``: the grid sizes that leave at least one test example, and the rest."""
    kept = sorted({int(m) for m in grid if 1 <= int(m) < n})
    dropped = sorted({int(m) for m in grid if int(m) >= n})
    return kept, dropped


def draw_errors(X: pd.DataFrame, y: np.ndarray, make_learner, sizes: Sequence[int],
                repetitions: int, seed: int, stream: str, dataset: str,
                first: int = 0) -> pd.DataFrame:
    """Test errors of ``make_learner()`` trained on ``repetitions`` random draws of each size,
    from draw ``first`` on (each draw's seed is its own: the draws before ``first``, stored by
    another job, are the same whoever draws them).

    Returns one row per (m, draw): ``m, draw, test_size, test_errors, test_error``.
    """
    data = EncodedData.of(X, y)
    n = len(data.y)
    rows = []
    for m in sizes:
        for r in range(first, repetitions):
            train, test = random_subsample(n, m, seed_for(seed, stream, dataset, int(m), r))
            model = data.fit(make_learner(), train)
            wrong = int(np.sum(data.predict(model, test) != data.y[test]))
            rows.append({"m": int(m), "draw": r, "test_size": len(test), "test_errors": wrong,
                         "test_error": wrong / len(test)})
    return pd.DataFrame(rows, columns=["m", "draw", "test_size", "test_errors", "test_error"])


def summarise(draws: pd.DataFrame, sky: float, noise_se: float) -> pd.DataFrame:
    """Per m: mean and standard error of the test error over the draws, and eps (fractions).

    ``sky`` is Sky_d in percent. ``eps = mean error - (1 - sky/100)``; ``in_plot`` is False
    where eps <= 0 (no 1/eps); ``in_fit`` is True where eps > ``noise_se`` standard errors of
    the mean error, the points whose 1/eps is measured rather than noise (the reading notes'
    caution: near eps = 0, 1/eps is dominated by estimation noise). ``noise_se = 0`` fits
    every point with eps > 0.
    """
    grouped = draws.groupby("m")["test_error"]
    curve = pd.DataFrame({
        "draws": grouped.size(),
        "error": grouped.mean(),
        "error_se": grouped.std(ddof=1) / np.sqrt(grouped.size()),
    }).reset_index()
    # rounded so that float noise (0.1 - (1 - 0.9) = 1e-17) is not read as a tiny positive eps
    curve["eps"] = (curve["error"] - (1.0 - sky / 100.0)).round(12)
    curve["in_plot"] = curve["eps"] > 0
    curve["in_fit"] = curve["in_plot"] & (curve["eps"] > noise_se * curve["error_se"])
    return curve


def curve_draws(X: pd.DataFrame, y, make_learner, grid: Sequence[int], repetitions: int,
                seed: int, stream: str, dataset: str, first: int = 0) -> pd.DataFrame:
    """:func:`draw_errors` at the sizes of ``grid`` that leave test data (the others are
    dropped, with a warning)."""
    sizes, dropped = usable_sizes(grid, len(y))
    if dropped:
        LOG.warning("%s: sizes %s leave no test data (%d examples): dropped", dataset, dropped,
                    len(y))
    draws = draw_errors(X, y, make_learner, sizes, repetitions, seed, stream, dataset,
                        first)
    LOG.info("%s: %d draws at m = %s", dataset, len(draws), sizes)
    return draws


def resample_draws(draws: pd.DataFrame, rng: np.random.Generator) -> pd.DataFrame:
    """A bootstrap sample of the draws: at each size, as many draws drawn with replacement."""
    picks = [group.index[rng.integers(0, len(group), len(group))]
             for _, group in draws.groupby("m", sort=True)]
    return draws.loc[np.concatenate(picks)]


def all_draws(stored: pd.DataFrame, beyond: pd.DataFrame) -> pd.DataFrame:
    """The ``stored`` draws of a curve and those ``beyond`` them (the ``auer95_curve_more``
    jobs draw from the first draw not stored on) as one curve's draws, by size then draw."""
    first = int(stored["draw"].max()) + 1
    if int(beyond["draw"].min()) != first:
        raise ValueError(f"the draws beyond the stored ones start at draw "
                         f"{int(beyond['draw'].min())}, expected {first}")
    return (pd.concat([stored, beyond], ignore_index=True)
            .sort_values(["m", "draw"], kind="stable", ignore_index=True))
