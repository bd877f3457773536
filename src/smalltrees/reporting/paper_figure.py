"""One figure per paper: each compared number, ours against the paper's, at a glance.

One panel per quantity (each on its own scale: an accuracy, a depth and a dataset's size share
no axis), the paper's value across and ours up, the diagonal drawn (where ours equals the
paper's), each point coloured by its verdict, our spread as an error bar. Claims and numbers
we did not run have no point. Built from the scorecard's rows of one study, so the figure, the
page and the tables show the same verdicts.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from smalltrees.evaluation.verdicts import CLOSE, DIFFERS, INCONCLUSIVE, REPRODUCED
from smalltrees.reporting.figures import new_figure

COLOURS = {REPRODUCED: "#2a8a2a", CLOSE: "#d9a400", DIFFERS: "#c02020", INCONCLUSIVE: "#5a6fd0"}
COLUMNS_PER_ROW = 4


def paper_figure(rows: pd.DataFrame, title: str) -> Figure:
    """Ours against the paper's number, one panel per quantity of ``rows`` (scorecard rows of
    one study; those with a number on both sides)."""
    points = _numeric(rows)
    quantities = list(dict.fromkeys(zip(points["table"], points["quantity"], strict=True)))
    count = max(1, len(quantities))
    ncols = min(COLUMNS_PER_ROW, count)
    nrows = math.ceil(count / ncols)
    figure, axes = new_figure(ncols, nrows, size=(3.0 * ncols, 2.8 * nrows + 0.6))
    axes = np.atleast_1d(axes).ravel()
    for ax, (table, quantity) in zip(axes, quantities, strict=False):
        _panel(ax, points[(points["table"] == table) & (points["quantity"] == quantity)],
               f"{table}: {quantity}")
    for ax in axes[len(quantities):]:
        ax.set_axis_off()
    handles = [axes[0].scatter([], [], color=c, label=v) for v, c in COLOURS.items()]
    figure.legend(handles=handles, loc="outside lower center", ncols=len(COLOURS),
                  fontsize="small", frameon=False)
    figure.suptitle(title, fontsize="medium")
    return figure


def _numeric(rows: pd.DataFrame) -> pd.DataFrame:
    """The rows whose paper and ours are both numbers, as floats."""
    out = rows.copy()
    for column in ("paper", "ours", "ours_spread"):
        out[column] = pd.to_numeric(out[column], errors="coerce")
    return out[out["paper"].notna() & out["ours"].notna() & out["verdict"].isin(COLOURS)]


def _panel(ax, points: pd.DataFrame, title: str) -> None:
    low = float(min(points["paper"].min(), points["ours"].min()))
    high = float(max(points["paper"].max(), points["ours"].max()))
    pad = (high - low) * 0.08 or max(abs(high) * 0.1, 0.5)
    ax.plot([low - pad, high + pad], [low - pad, high + pad], color="#888", linewidth=0.8)
    for verdict, colour in COLOURS.items():
        shown = points[points["verdict"] == verdict]
        if len(shown):
            ax.errorbar(shown["paper"], shown["ours"], yerr=shown["ours_spread"].fillna(0.0),
                        fmt="o", markersize=3.5, color=colour, elinewidth=0.7, capsize=0)
    ax.set_xlim(low - pad, high + pad)
    ax.set_ylim(low - pad, high + pad)
    ax.set_title(title, fontsize="small")
    ax.set_xlabel("paper", fontsize="x-small")
    ax.set_ylabel("ours", fontsize="x-small")
    ax.tick_params(labelsize="x-small")
