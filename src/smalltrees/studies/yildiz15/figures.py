"""The figures of Yildiz (2015): critical-difference diagrams of Tables II-III, Figures 10-11.

:func:`cd_diagram` -- the critical-difference diagram (Demsar 2006, Fig. 1) of a Nemenyi test:
the methods sit on an axis of average ranks (1 = best, on the left); a bar of length CD is drawn
above the axis, and each group of methods whose ranks lie within the CD of each other is joined
by a thick line, as in the figures of Yildiz (2015, Tables II and III).

:func:`vc_figure` -- Figures 10-11: every tree shape drawn small, internal nodes only (as in the
paper), labelled "LB - exact"; the shapes the paper's pairs are assigned to carry the paper's
pair, and shapes where exact - LB > 1 (against the paper's claim) are drawn in red.
"""

from __future__ import annotations

import math

import pandas as pd
from matplotlib.figure import Figure

from smalltrees.evaluation.ranks import RankTest
from smalltrees.reporting.figures import new_figure
from smalltrees.vc.shapes import LEAF, parse_shape

COLUMNS = 6
"""Panels per row of Figures 10-11."""


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


def vc_figure(table: pd.DataFrame, title: str) -> Figure:
    """One panel per row of ``table`` (one d of
    :func:`smalltrees.studies.yildiz15.vc_table.vc_listing`)."""
    rows = math.ceil(len(table) / COLUMNS)
    figure, axes = new_figure(COLUMNS, rows, size=(1.7 * COLUMNS, 1.75 * rows + 0.6))
    axes = [axes] if rows * COLUMNS == 1 else list(getattr(axes, "flat", axes))
    for ax, row in zip(axes, table.itertuples(), strict=False):
        broken = row.difference > 1
        _draw(ax, parse_shape(row.shape), "tab:red" if broken else "black", row.d)
        label = f"{row.lb} - {row.exact}"
        if not pd.isna(row.paper_lb):
            label += f"\npaper {int(row.paper_lb)} - {int(row.paper_exact)}"
        ax.set_title(label, fontsize=9, color="tab:red" if broken else "black",
                     fontweight="bold" if not pd.isna(row.paper_lb) else "normal")
    for ax in axes:
        ax.axis("off")
    broken = int((table["difference"] > 1).sum())
    figure.suptitle(f"{title}\nLB-binary - exact VC-dimension; {len(table)} shapes, "
                    f"max difference {int(table['difference'].max())}, {broken} with a "
                    "difference > 1 (red); bold: assigned a pair of the paper", fontsize=10)
    return figure


def _draw(ax, shape, color: str, levels: int) -> None:
    """Internal nodes as dots at (mean x of their subtree's leaf slots, -depth), with edges to
    internal children."""
    slots = iter(range(10_000))

    def place(part, level):
        if part == LEAF:
            return float(next(slots)), []
        placed = [place(child, level + 1) for child in part]
        x = sum(p[0] for p in placed) / len(placed)
        nodes = [(x, -level)]
        for (cx, below), child in zip(placed, part, strict=True):
            if child != LEAF:
                ax.plot([x, cx], [-level, -level - 1], color=color, lw=1)
            nodes += below
        return x, nodes

    width = _leaves(shape)
    _, nodes = place(shape, 0)
    ax.scatter([n[0] for n in nodes], [n[1] for n in nodes], s=28, color=color, zorder=3)
    ax.set_xlim(-0.5, width - 0.5)
    ax.set_ylim(-levels + 0.4, 0.5)


def _leaves(shape) -> int:
    return 1 if shape == LEAF else sum(_leaves(child) for child in shape)


def paper_figures(table: pd.DataFrame) -> dict[str, Figure]:
    """Figures 10 and 11 (``fig10``, ``fig11``) from the VC table, each on its own d."""
    figures = {}
    for name, number in (("fig10", 10), ("fig11", 11)):
        part = table[table["figure"] == name]
        d = int(part["d"].iloc[0])
        figures[name] = vc_figure(part, f"Yildiz (2015), Figure {number}: d = {d} binary features")
    return figures
