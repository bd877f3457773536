"""Figure for Auer, Holte & Maass (1995) Table 2: ours beside the paper's, per dataset.

Left: T2 and C4.5 accuracy (mean ± sd of the CV estimates), ours as filled markers, the paper's
as open markers. Right: Sky2 >= T2 and C4.5 (ours), which shows where the 2-level hypothesis
class itself limits T2 (CH, SP in the paper).
"""

from __future__ import annotations

from collections.abc import Mapping

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402


def plot_table2(table: pd.DataFrame, compare: Mapping[str, str]):
    """Return the two-panel figure built from the Table 2 results table."""
    t2, c45 = compare["t2"], compare["c45"]
    x = np.arange(len(table))
    fig, (left, right) = plt.subplots(1, 2, figsize=(13, 4.5), constrained_layout=True)
    for offset, prefix, learner, colour in ((-0.15, "t2", t2, "tab:blue"),
                                            (0.15, "c45", c45, "tab:orange")):
        left.errorbar(x + offset - 0.05, table[f"{learner}_accuracy"], yerr=table[f"{learner}_sd"],
                      fmt="o", color=colour, label=f"{learner} (ours)")
        left.errorbar(x + offset + 0.05, table[f"paper_{prefix}_accuracy"],
                      yerr=table[f"paper_{prefix}_accuracy_sd"], fmt="o", mfc="white",
                      color=colour, label=f"{learner} (paper)")
    left.set_title("Accuracy, 9 x 25-fold CV: ours (filled) vs paper (open)")
    right.plot(x, table["paper_sky2"], "k^", mfc="white", ms=10, label="Sky2 (paper)")
    right.plot(x, table["sky2"], "k^", ms=5, label="Sky2 (ours)")
    right.plot(x, table[f"{t2}_accuracy"], "o", color="tab:blue", label=f"{t2} (ours)")
    right.plot(x, table[f"{c45}_accuracy"], "s", color="tab:orange", label=f"{c45} (ours)")
    right.set_title("Sky2 vs T2 vs C4.5")
    for axis in (left, right):
        axis.set_xticks(x, table["code"])
        axis.set_ylabel("accuracy (%)")
        axis.grid(axis="y", alpha=0.3)
        axis.legend(fontsize="small", loc="lower left")
    return fig
