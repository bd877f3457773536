"""Figure for Auer, Holte & Maass (1995) Table 2: ours beside the paper's, per dataset.

Left: T2 and C4.5 accuracy (mean ± sd of the CV estimates), ours as filled markers, the paper's
as open markers. Right: Sky2 >= T2 and C4.5 (ours), which shows where the 2-level hypothesis
class itself limits T2 (CH, SP in the paper).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd

from smalltrees.reporting.figures import new_figure
from smalltrees.studies.auer95.table2 import accuracy_column, sd_column


def plot_table2(table: pd.DataFrame, compare: Mapping[str, str], design: str):
    """Return the two-panel figure built from the Table 2 results table.

    ``design`` names the resampling design in the title, e.g. "9 x 25-fold CV".
    """
    t2, c45 = compare["t2"], compare["c45"]
    x = np.arange(len(table))
    fig, (left, right) = new_figure(ncols=2, size=(13, 4.5))
    for offset, prefix, learner, colour in ((-0.15, "t2", t2, "tab:blue"),
                                            (0.15, "c45", c45, "tab:orange")):
        left.errorbar(x + offset - 0.05, table[accuracy_column(learner)],
                      yerr=table[sd_column(learner)],
                      fmt="o", color=colour, label=f"{learner} (ours)")
        left.errorbar(x + offset + 0.05, table[f"paper_{prefix}_accuracy"],
                      yerr=table[f"paper_{prefix}_accuracy_sd"], fmt="o", mfc="white",
                      color=colour, label=f"{learner} (paper)")
    left.set_title(f"Accuracy, {design}: ours (filled) vs paper (open at 9 x 25-fold CV)")
    right.plot(x, table["paper_sky2"], "k^", mfc="white", ms=10, label="Sky2 (paper)")
    right.plot(x, table["sky2"], "k^", ms=5, label="Sky2 (ours)")
    right.plot(x, table[accuracy_column(t2)], "o", color="tab:blue", label=f"{t2} (ours)")
    right.plot(x, table[accuracy_column(c45)], "s", color="tab:orange", label=f"{c45} (ours)")
    right.set_title("Sky2 vs T2 vs C4.5")
    for axis in (left, right):
        axis.set_xticks(x, table["code"])
        axis.set_ylabel("accuracy (%)")
        axis.grid(axis="y", alpha=0.3)
        axis.legend(fontsize="small", loc="lower left")
    return fig
