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
from smalltrees.studies.last02.layout import MEAN, labels_of, learner_values, paper_values

PAPER_MARKERS = {"CMM": "s", "Bagging": "D", "C45RULES": "^", "IFN": "o"}


def size_stability_figure(cells: pd.DataFrame, paper: pd.DataFrame, learners: Sequence[str],
                          ifn: Sequence[str], labels: Mapping[str, str]):
    """The figure (a :class:`matplotlib.figure.Figure`) from Table 4's cells (with its IFN
    readings) and the paper's transcription; a dataset the paper did not use shows ours
    only."""
    ours = {learner: learner_values(cells, learner, ifn) for learner in learners}
    sizes, stabilities = (paper_values(paper, "table4", "output_size"),
                          paper_values(paper, "table4", "stability"))
    codes = [c for c in ours[learners[0]].index if c != MEAN]
    codes = [c for c in sizes.index if c in codes] + [c for c in codes if c not in sizes.index]
    names = labels_of(paper, "table4", codes)
    ncols = 4
    nrows = int(np.ceil(len(codes) / ncols))
    figure, axes = new_figure(ncols, nrows, size=(3.2 * ncols, 2.9 * nrows))
    axes = np.atleast_1d(axes).ravel()
    colours = {m: f"C{i}" for i, m in enumerate([*PAPER_MARKERS, *learners])}
    for ax, code in zip(axes, codes, strict=False):
        for method, marker in PAPER_MARKERS.items():
            if code in sizes.index:
                ax.scatter(sizes.at[code, method], stabilities.at[code, method], marker=marker,
                           facecolors="none", edgecolors=colours[method],
                           label=f"paper {method}" + (" (quoted)" if method != "IFN" else ""))
        for learner in learners:
            row = ours[learner].loc[code]
            size = row["output_size"] if learner in ifn else row["fold_size"]
            ax.scatter(size, row["stability"], color=colours[learner],
                       marker="o" if learner in ifn else "x",
                       label=f"ours: {labels.get(learner, learner).removeprefix('our ')}")
        ax.set_xscale("log")
        ax.set_title(names[code], fontsize=9)
        ax.tick_params(labelsize=7)
    for ax in axes[len(codes):]:
        ax.set_visible(False)
    for ax in axes[::ncols]:
        ax.set_ylabel("stability (%)", fontsize=8)
    for ax in axes[(nrows - 1) * ncols:]:
        ax.set_xlabel("output size", fontsize=8)
    handles, names = axes[0].get_legend_handles_labels()
    figure.legend(handles, names, loc="outside lower center", ncols=4, fontsize=7)
    figure.suptitle("Last, Maimon & Minkov (2002): output size vs stability", fontsize=10)
    return figure
