"""Comparing k methods over N datasets by ranks: Friedman's test and the Nemenyi post-hoc test.

As recommended by Demsar (2006), and used by Yildiz (2015, section V-B): rank the methods on
each dataset (1 = best, ties get the average rank), test the equality of the average ranks with
Friedman's chi-square (and Iman & Davenport's F form), and call two methods different when their
average ranks differ by at least the critical difference

    CD = q_alpha * sqrt(k (k + 1) / (6 N)),

with q_alpha the upper-alpha quantile of the studentized range for k means and infinite degrees
of freedom, divided by sqrt(2) (Demsar 2006, Table 5: 2.569 for k = 4 at alpha = 0.05).

References
----------
J. Demsar (2006), "Statistical comparisons of classifiers over multiple data sets", *JMLR* 7,
1-30, sections 3.2.2 and 3.2.3 (Friedman, Iman-Davenport, Nemenyi, CD diagrams).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class RankTest:
    """Friedman and Nemenyi results for k methods on N datasets (lower values are better)."""

    methods: tuple[str, ...]
    average_ranks: np.ndarray
    n_datasets: int
    chi2: float
    p_chi2: float
    iman_davenport: float
    p_iman_davenport: float
    critical_difference: float
    alpha: float

    @property
    def rejects(self) -> bool:
        """Friedman (Iman-Davenport form, Demsar's recommendation) rejects equal ranks."""
        return bool(self.p_iman_davenport < self.alpha)

    def differ(self, a: str, b: str) -> bool:
        """Nemenyi: the average ranks of methods ``a`` and ``b`` differ by at least the CD."""
        i, j = self.methods.index(a), self.methods.index(b)
        return bool(abs(self.average_ranks[i] - self.average_ranks[j])
                    >= self.critical_difference)

    def cliques(self) -> list[tuple[str, ...]]:
        """Maximal groups of methods, consecutive in rank order, whose ranks all lie within
        the CD of each other (the bars of a CD diagram)."""
        order = np.argsort(self.average_ranks, kind="stable")
        ranks = self.average_ranks[order]
        groups = []
        for start in range(len(order)):
            end = start
            while end + 1 < len(order) and ranks[end + 1] - ranks[start] < self.critical_difference:
                end += 1
            group = tuple(self.methods[i] for i in order[start:end + 1])
            if len(group) > 1 and not any(set(group) <= set(g) for g in groups):
                groups.append(group)
        return groups


def nemenyi_q(k: int, alpha: float = 0.05) -> float:
    """Critical value q_alpha of the Nemenyi test for ``k`` methods (Demsar 2006, Table 5).

    >>> round(nemenyi_q(4), 3)
    2.569
    """
    from scipy import stats  # here, not at the top: ~0.6 CPU-s of start-up for the jobs that
    # import this module (through the yildiz15 tables) without testing anything

    return float(stats.studentized_range.ppf(1.0 - alpha, k, np.inf) / np.sqrt(2.0))


def rank_rows(values: np.ndarray) -> np.ndarray:
    """Ranks within each row (1 = smallest), ties sharing their average rank.

    >>> rank_rows([[0.1, 0.2, 0.2], [0.3, 0.1, 0.2]]).tolist()
    [[1.0, 2.5, 2.5], [3.0, 1.0, 2.0]]
    """
    from scipy import stats  # (not at the top: see nemenyi_q)

    return np.apply_along_axis(stats.rankdata, 1, np.asarray(values, dtype=float))


def friedman_nemenyi(values: np.ndarray, methods, alpha: float = 0.05) -> RankTest:
    """Friedman and Nemenyi on an ``(N datasets, k methods)`` array of results, lower better."""
    from scipy import stats  # (not at the top: see nemenyi_q)

    values = np.asarray(values, dtype=float)
    N, k = values.shape
    if N < 2 or k < 2:
        raise ValueError(f"need at least 2 datasets and 2 methods, got {N} x {k}")
    ranks = rank_rows(values).mean(axis=0)
    chi2 = 12.0 * N / (k * (k + 1)) * (np.sum(ranks ** 2) - k * (k + 1) ** 2 / 4.0)
    denominator = N * (k - 1) - chi2
    f = (N - 1) * chi2 / denominator if denominator > 0 else np.inf
    return RankTest(
        methods=tuple(methods), average_ranks=ranks, n_datasets=N, chi2=float(chi2),
        p_chi2=float(stats.chi2.sf(chi2, k - 1)), iman_davenport=float(f),
        p_iman_davenport=float(stats.f.sf(f, k - 1, (k - 1) * (N - 1))) if np.isfinite(f)
        else 0.0,
        critical_difference=nemenyi_q(k, alpha) * float(np.sqrt(k * (k + 1) / (6.0 * N))),
        alpha=alpha,
    )
