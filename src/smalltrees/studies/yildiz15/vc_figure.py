"""Figures 10-11 of Yildiz (2015): every tree shape drawn small, internal nodes only (as in the
paper), labelled "LB - exact"; the shapes the paper's pairs are assigned to carry the paper's
pair, and shapes where exact - LB > 1 (against the paper's claim) are drawn in red."""

from __future__ import annotations

import math

import pandas as pd
from matplotlib.figure import Figure

from smalltrees.reporting.figures import new_figure
from smalltrees.vc.shapes import LEAF, parse_shape

COLUMNS = 6


def vc_figure(table: pd.DataFrame, title: str) -> Figure:
    """One panel per row of ``table`` (one d of :func:`smalltrees.studies.yildiz15.vc.vc_table`)."""
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
