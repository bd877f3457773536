"""The size-stability trade-off of Last, Maimon & Minkov (2002), section 3, as one figure.

One panel per dataset: output size (log scale) against stability, the paper's four methods
(hollow markers; CMM, Bagging and C4.5RULES quoted from Domingos 1998) and ours (filled: each
IFN reading with its whole-data size, our C4.5 and bagged C4.5 with the mean size of their fold
models).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from smalltrees.reporting.figures import new_figure
from smalltrees.studies.last02.table3 import MEAN

PAPER_MARKERS = {"CMM": "s", "Bagging": "D", "C45RULES": "^", "IFN": "o"}


def size_stability_figure(table4: pd.DataFrame, learners: Sequence[str], ifn: Sequence[str],
                          labels: Mapping[str, str]):
    """The figure (a :class:`matplotlib.figure.Figure`) from the Table 4 CSV."""
    rows = table4[table4["code"] != MEAN].reset_index(drop=True)
    ncols = 4
    nrows = int(np.ceil(len(rows) / ncols))
    figure, axes = new_figure(ncols, nrows, size=(3.2 * ncols, 2.9 * nrows))
    axes = np.atleast_1d(axes).ravel()
    colours = {m: f"C{i}" for i, m in enumerate([*PAPER_MARKERS, *learners])}
    for ax, (_, row) in zip(axes, rows.iterrows(), strict=False):
        for method, marker in PAPER_MARKERS.items():
            ax.scatter(row[f"paper_size_{method}"], row[f"paper_stab_{method}"], marker=marker,
                       facecolors="none", edgecolors=colours[method],
                       label=f"paper {method}" + (" (quoted)" if method != "IFN" else ""))
        for learner in learners:
            size = row[f"output_size[{learner}]"] if learner in ifn else \
                row[f"fold_size[{learner}]"]
            ax.scatter(size, row[f"stability[{learner}]"], color=colours[learner],
                       marker="o" if learner in ifn else "x",
                       label=f"ours: {labels.get(learner, learner).removeprefix('our ')}")
        ax.set_xscale("log")
        ax.set_title(f"{row['dataset']} ({row['code']})", fontsize=9)
        ax.tick_params(labelsize=7)
    for ax in axes[len(rows):]:
        ax.set_visible(False)
    for ax in axes[::ncols]:
        ax.set_ylabel("stability (%)", fontsize=8)
    for ax in axes[(nrows - 1) * ncols:]:
        ax.set_xlabel("output size", fontsize=8)
    handles, names = axes[0].get_legend_handles_labels()
    figure.legend(handles, names, loc="outside lower center", ncols=4, fontsize=7)
    figure.suptitle("Last, Maimon & Minkov (2002): output size vs stability", fontsize=10)
    return figure
