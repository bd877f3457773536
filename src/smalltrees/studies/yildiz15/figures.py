"""Critical-difference diagrams (Demsar 2006, Fig. 1) of the Nemenyi tests of Tables II-III.

The methods sit on an axis of average ranks (1 = best, on the left); a bar of length CD is drawn
above the axis, and each group of methods whose ranks lie within the CD of each other is joined
by a thick line, as in the figures of Yildiz (2015, Tables II and III).
"""

from __future__ import annotations

from matplotlib.figure import Figure

from smalltrees.evaluation.ranks import RankTest
from smalltrees.reporting.figures import new_figure


def cd_diagram(test: RankTest, title: str) -> Figure:
    """The CD diagram of ``test`` with ``title`` (N and alpha are added to it)."""
    k = len(test.methods)
    figure, ax = new_figure(size=(6.4, 2.2 + 0.25 * k))
    ax.set_xlim(-1.6, k + 2.6)
    ax.set_ylim(-(0.8 * ((k + 1) // 2) + 0.9), 2.2)
    ax.axis("off")
    ax.hlines(0, 1, k, color="black")
    for r in range(1, k + 1):
        ax.vlines(r, 0, 0.15, color="black")
        ax.text(r, 0.3, str(r), ha="center", va="bottom", fontsize=9)
    cd = test.critical_difference
    ax.hlines(1.3, 1, 1 + cd, color="black", lw=1.5)
    ax.vlines([1, 1 + cd], 1.2, 1.4, color="black")
    ax.text(1 + cd / 2, 1.5, f"CD = {cd:.2f}", ha="center", va="bottom", fontsize=9)
    order = sorted(range(k), key=lambda i: test.average_ranks[i])
    for position, i in enumerate(order):
        rank = test.average_ranks[i]
        left = position < (k + 1) // 2
        depth = -(position + 1 if left else k - position) * 0.8 - 0.4
        end = 0.6 if left else k + 0.4
        ax.plot([rank, rank, end], [0, depth, depth], color="black", lw=0.8)
        ax.text(end + (-0.05 if left else 0.05), depth, f"{test.methods[i]} ({rank:.2f})",
                ha="right" if left else "left", va="center", fontsize=9)
    for level, group in enumerate(test.cliques()):
        ranks = [test.average_ranks[test.methods.index(m)] for m in group]
        ax.hlines(-0.25 - 0.2 * level, min(ranks) - 0.03, max(ranks) + 0.03, color="black",
                  lw=3)
    verdict = "rejects" if test.rejects else "does not reject"
    ax.set_title(f"{title}\nN = {test.n_datasets} datasets, alpha = {test.alpha}; Friedman "
                 f"{verdict} equality (p = {test.p_iman_davenport:.2g})", fontsize=9)
    return figure


CD_TITLES = {"table2": ("cd_error", "Yildiz (2015) Table II: test error"),
             "table3": ("cd_nodes", "Yildiz (2015) Table III: decision nodes")}
"""The CD diagram of each table's test: its name and title."""


def cd_diagrams(tests: dict[str, RankTest]) -> dict[str, Figure]:
    """The CD diagrams of the tests of Tables II and III, by name (``cd_error``,
    ``cd_nodes``)."""
    return {CD_TITLES[table][0]: cd_diagram(tests[table], CD_TITLES[table][1])
            for table in CD_TITLES}
