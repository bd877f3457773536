"""The claims of Last, Maimon & Minkov (2002), section 3, checked on our numbers.

Each claim is computed from Tables 3 and 4 (ours for IFN, the paper's quoted columns for CMM,
Bagging and C4.5RULES, as the paper itself compares) and judged by
:func:`~smalltrees.evaluation.verdicts.claim_rule`. Where the text is vague ("most", "almost
5%") the ``test`` column says how we read it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from smalltrees.evaluation.verdicts import claim_rule
from smalltrees.studies.last02.table3 import MEAN, accuracy_column, ci_column

QUOTED = ("CMM", "Bagging", "C45RULES")


def make_claims(table3: pd.DataFrame, table4: pd.DataFrame, ifn: Sequence[str],
                peers: Sequence[str]) -> pd.DataFrame:
    """One row per (claim, IFN learner): ``learner, claim, where, paper, ours, test,
    verdict``."""
    t3 = table3[table3["code"] != MEAN].set_index("code")
    t4 = table4[table4["code"] != MEAN].set_index("code")
    mean3 = table3[table3["code"] == MEAN].iloc[0]
    mean4 = table4[table4["code"] == MEAN].iloc[0]
    rows = []
    for learner in ifn:
        size = t4[f"output_size[{learner}]"]
        smallest = size < t4[[f"paper_size_{m}" for m in QUOTED]].min(axis=1)
        stab = t4[f"stability[{learner}]"]
        above_cmm = (stab > t4["paper_stab_CMM"]) & t4[f"sig_vs_cmm[{learner}]"].astype(bool)
        below_cmm = stab < t4["paper_stab_CMM"]
        gap = float(mean3["paper_CMM_acc"] - mean3[accuracy_column(learner)])
        lower = t3[accuracy_column(learner)] - t3[ci_column(learner)]
        others = t3[[f"paper_{m}_acc" for m in QUOTED]].mean(axis=1)
        significantly_above = sorted(t3.index[lower > others])
        averages = {m: float(mean4[f"paper_stab_{m}"]) for m in QUOTED}
        items = [
            ("IFN's output size is smaller than CMM's, Bagging's and C4.5RULES' on most "
             "datasets", "Table 4; section 3", "7 of 8", f"{int(smallest.sum())} of {len(t4)}",
             "more than half of the datasets", smallest.sum() > len(t4) / 2),
            ("IFN has the smallest average output size (20 vs 123 for CMM and 36 for "
             "C4.5RULES)", "section 3", "20.38", f"{mean4[f'output_size[{learner}]']:.2f}",
             "our mean below the quoted means of CMM, Bagging and C4.5RULES",
             all(mean4[f"output_size[{learner}]"] < mean4[f"paper_size_{m}"] for m in QUOTED)),
            ("IFN is more stable than CMM at the 99% level on seven datasets of eight",
             "Table 4 (**); section 3", "7 of 8", f"{int(above_cmm.sum())} of {len(t4)}",
             "at least 7 datasets higher than CMM with our test significant at 1%",
             above_cmm.sum() >= 7),
            ("Only on Lung-cancer is IFN less stable than CMM", "section 3", "LC",
             ", ".join(sorted(t4.index[below_cmm])) or "none",
             "the datasets below CMM's stability are exactly {LC}",
             sorted(t4.index[below_cmm]) == ["LC"]),
            ("IFN is the most stable of the four methods (on average)", "section 3",
             f"{mean4['paper_stab_IFN']:.1f} vs " + ", ".join(f"{v:.1f}"
                                                            for v in averages.values()),
             f"{mean4[f'stability[{learner}]']:.1f}",
             "our mean stability above the quoted means of CMM, Bagging and C4.5RULES",
             all(mean4[f"stability[{learner}]"] > v for v in averages.values())),
            ("IFN's average accuracy is lower than CMM's by almost 5%", "Table 3; section 3",
             "4.76", f"{gap:.2f}", "the gap to CMM's quoted mean between 4 and 6 points",
             4.0 <= gap <= 6.0),
            ("Only on Iris is IFN's accuracy significantly above the mean of the other three "
             "methods", "Table 3; section 3", "IR", ", ".join(significantly_above) or "none",
             "datasets whose 95% interval lies above the quoted three-method mean: exactly "
             "{IR}", significantly_above == ["IR"]),
        ]
        for peer in peers:
            more = int((stab > t4[f"stability[{peer}]"]).sum())
            items.append((f"(beyond the paper) IFN is more stable than our {peer} on most "
                          "datasets", "our runs, identical folds and examples", "",
                          f"{more} of {len(t4)}", "more than half of the datasets",
                          more > len(t4) / 2))
        for claim, where, paper, ours, test, holds in items:
            rows.append({"learner": learner, "claim": claim, "where": where, "paper": paper,
                         "ours": ours, "test": test, "verdict": claim_rule(bool(np.bool_(holds)))})
    return pd.DataFrame(rows)
