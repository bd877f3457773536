"""The figures of Auer, Holte & Maass (1995): Figure 1 (learning curves), the same for every
dataset, and Table 2 drawn beside the paper's numbers.

Figure 1: m against 1/eps for T1 and T2. Only points with eps > 0 are drawn (1/eps is undefined
otherwise; the curve table counts the dropped ones); points within the noise (left out of the
fits) are hollow. Figure 1 shows the paper's axes (m against 1/eps) above a log-log view, where
m ~ 1/eps^2 is a line of slope 2 (drawn as a guide through the middle fitted point of each T2
curve).

Table 2's figure: on the left, T2 and C4.5 accuracy (mean ± sd of the CV estimates), ours as
filled markers, the paper's as open markers; on the right, Sky2 >= T2 and C4.5 (ours), which
shows where the 2-level hypothesis class itself limits T2 (CH, SP in the paper).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd
from matplotlib.ticker import NullFormatter

from smalltrees.reporting.figures import new_figure

STYLE = {"T1": {"marker": "o", "color": "C0"}, "T2": {"marker": "s", "color": "C3"}}


def _draw(ax, curves: pd.DataFrame, code: str, loglog: bool, guide: bool) -> None:
    for level, style in STYLE.items():
        curve = curves[(curves["code"] == code) & (curves["level"] == level)
                       & curves["in_plot"]].sort_values("m")
        ax.plot(1.0 / curve["eps"], curve["m"], label=level, lw=1, ms=3, **style)
        noisy = curve[~curve["in_fit"]]
        ax.plot(1.0 / noisy["eps"], noisy["m"], ls="none", ms=3, mfc="white", **style)
        fitted = curve[curve["in_fit"]]
        if guide and level == "T2" and len(fitted):
            middle = fitted.iloc[len(fitted) // 2]
            x = np.array([1.0 / fitted["eps"].max(), 1.0 / fitted["eps"].min()])
            ax.plot(x, middle["m"] * (x * middle["eps"]) ** 2, ls=":", color="grey",
                    label="m ~ 1/eps^2")
    if loglog:
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.xaxis.set_minor_formatter(NullFormatter())  # labelled minor ticks overlap
    ax.set_xlabel("1/eps", fontsize=8)
    ax.set_ylabel("m (training examples)", fontsize=8)
    ax.tick_params(labelsize=7)


def figure1(curves: pd.DataFrame, codes: Sequence[str]):
    """The paper's panels (one per dataset, linear axes) above log-log panels."""
    figure, axes = new_figure(len(codes), 2, size=(4.0 * len(codes), 6.4))
    axes = np.asarray(axes).reshape(2, len(codes))
    for j, code in enumerate(codes):
        _draw(axes[0, j], curves, code, loglog=False, guide=False)
        axes[0, j].set_title(f"{code}: m against 1/eps (the paper's axes)", fontsize=9)
        _draw(axes[1, j], curves, code, loglog=True, guide=True)
        axes[1, j].set_title(f"{code}: log-log", fontsize=9)
        axes[1, j].legend(fontsize=7)
    figure.suptitle("Auer, Holte & Maass (1995) Figure 1: learning curves of T1 and T2")
    return figure


def all_datasets_figure(curves: pd.DataFrame, codes: Sequence[str]):
    """One log-log panel per dataset (beyond the paper, which shows CR and SE only)."""
    ncols = 5
    nrows = int(np.ceil(len(codes) / ncols))
    figure, axes = new_figure(ncols, nrows, size=(3.0 * ncols, 2.6 * nrows))
    axes = np.atleast_1d(axes).ravel()
    for ax, code in zip(axes, codes, strict=False):
        _draw(ax, curves, code, loglog=True, guide=True)
        ax.set_title(code, fontsize=9)
    for ax in axes[len(codes):]:
        ax.set_visible(False)
    axes[0].legend(fontsize=6)
    figure.suptitle("Learning curves of T1 and T2 on every dataset (log-log; dotted: "
                    "m ~ 1/eps^2; hollow: eps within the noise, not fitted)")
    return figure


def table2_figure(cells: pd.DataFrame, sky: pd.DataFrame, compare: Mapping[str, str],
                  design: str):
    """Return the two-panel figure built from the cells of Table 2 and Sky2 (a dataset the
    paper did not use has no paper points).

    ``design`` names the resampling design in the title, e.g. "9 x 25-fold CV".
    """
    t2, c45 = compare["t2"], compare["c45"]
    both = pd.concat([sky, cells], ignore_index=True)
    both = both[both["reading"] == ""]
    codes = list(dict.fromkeys(cells["code"]))

    def column(quantity: str, what: str) -> np.ndarray:
        values = both[both["quantity"] == quantity].set_index("code")[what]
        return pd.to_numeric(values.reindex(codes), errors="coerce").to_numpy(float)

    x = np.arange(len(codes))
    fig, (left, right) = new_figure(ncols=2, size=(13, 4.5))
    for offset, prefix, learner, colour in ((-0.15, "t2", t2, "tab:blue"),
                                            (0.15, "c45", c45, "tab:orange")):
        quantity = f"{prefix}_accuracy"
        left.errorbar(x + offset - 0.05, column(quantity, "ours"),
                      yerr=column(quantity, "ours_spread"),
                      fmt="o", color=colour, label=f"{learner} (ours)")
        left.errorbar(x + offset + 0.05, column(quantity, "paper"),
                      yerr=column(quantity, "paper_spread"), fmt="o", mfc="white",
                      color=colour, label=f"{learner} (paper)")
    left.set_title(f"Accuracy, {design}: ours (filled) vs paper (open at 9 x 25-fold CV)")
    right.plot(x, column("sky2", "paper"), "k^", mfc="white", ms=10, label="Sky2 (paper)")
    right.plot(x, column("sky2", "ours"), "k^", ms=5, label="Sky2 (ours)")
    right.plot(x, column("t2_accuracy", "ours"), "o", color="tab:blue", label=f"{t2} (ours)")
    right.plot(x, column("c45_accuracy", "ours"), "s", color="tab:orange",
               label=f"{c45} (ours)")
    right.set_title("Sky2 vs T2 vs C4.5")
    for axis in (left, right):
        axis.set_xticks(x, codes)
        axis.set_ylabel("accuracy (%)")
        axis.grid(axis="y", alpha=0.3)
        axis.legend(fontsize="small", loc="lower left")
    return fig
