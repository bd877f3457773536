"""DKM 1996 Table 2: TopDown and AdaBoost at equal numbers of rounds, beside the paper's.

Per problem, the means over its trials (:mod:`smalltrees.studies.dkm96.boosting_trials`) of:
TopDown's rounds to zero training error, AdaBoost's training error after that many rounds, and
the test errors of both (TopDown's tree unpruned), in %; beyond the paper, TopDown_G's rounds
and test error. The paper prints means of 20 trials without a spread; its mean and ours are
both means of n trials of the same design, so a cell *reproduces* the paper's when

    |ours - paper| <= k * sqrt(2) * sd / sqrt(n) + half a unit of the paper's last decimal,

``sd`` the spread of our n trials (the shared :func:`~smalltrees.evaluation.verdicts.sd_rule`
with the standard error of the mean on both sides; ``close`` within 2k). Trials whose TopDown
cannot reach zero training error (identical x with different labels) are counted and reported.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd

from smalltrees.evaluation.verdicts import DIFFERS, NOT_RUN, sd_rule
from smalltrees.reporting.markdown import to_markdown
from smalltrees.reporting.paper import beside

CELLS = {
    "topdown_rounds": ("TopDown", "rounds", 1.0, "TopDown # rounds to 0 train error"),
    "adaboost_train_error": ("AdaBoost", "train_error", 100.0, "AdaBoost train error (%)"),
    "topdown_test_error": ("TopDown", "test_error", 100.0, "TopDown test error (%)"),
    "adaboost_test_error": ("AdaBoost", "test_error", 100.0, "AdaBoost test error (%)"),
}
"""Table 2's columns: (algorithm, trial field, scale, header), in the paper's order."""
EXTRA = {
    "topdown_g_rounds": ("TopDown_G", "rounds", 1.0, "TopDown_G # rounds (beyond the paper)"),
    "topdown_g_test_error": ("TopDown_G", "test_error", 100.0,
                             "TopDown_G test error (%) (beyond the paper)"),
}
DECIMALS = {"topdown_rounds": 1, "adaboost_train_error": 1, "topdown_test_error": 2,
            "adaboost_test_error": 1, "topdown_g_rounds": 1, "topdown_g_test_error": 2}
"""The decimals the paper prints per column (TopDown's test error has two)."""


def make_table2(trials: pd.DataFrame, problems: Mapping[str, str], paper: pd.DataFrame,
          k: float, calibrated: tuple[str, ...] = ()) -> pd.DataFrame:
    """One row per problem (config order): per cell our mean, sd over trials, the number of
    trials, the paper's value, the difference and the verdict. ``calibrated`` problems (the
    generated decision list, whose generator was chosen against this row) are marked: their
    verdicts say how close the calibration came, not that anything reproduced."""
    printed = {(r.domain, r.metric): float(r.value) for r in paper.itertuples(index=False)}
    rows = []
    for domain, problem in problems.items():
        mine = trials[trials["domain"] == domain]
        topdown = mine[mine["algorithm"] == "TopDown"]
        row = {"domain": domain, "problem": problem, "calibrated": domain in calibrated,
               "trials": len(topdown),
               "unreachable": int((~topdown["zero_train_error"].astype(bool)).sum())}
        for cell, (algorithm, field, scale, _) in {**CELLS, **EXTRA}.items():
            values = mine.loc[mine["algorithm"] == algorithm, field].astype(float) * scale
            values = values.dropna()
            ours = float(values.mean()) if len(values) else np.nan
            sd = float(values.std(ddof=1)) if len(values) > 1 else 0.0
            se = sd / np.sqrt(len(values)) if len(values) else np.nan
            paper_value = printed.get((domain, cell), np.nan)
            row.update({cell: ours, f"{cell}_sd": sd, f"paper_{cell}": paper_value,
                        f"{cell}_diff": ours - paper_value})
            row[f"{cell}_verdict"] = (
                "" if np.isnan(paper_value) else NOT_RUN if np.isnan(ours) else
                sd_rule(ours, paper_value, se, se, k, 0.5 * 10 ** -DECIMALS[cell]))
        rows.append(row)
    return pd.DataFrame(rows)


def render_table2(table: pd.DataFrame, notes: Mapping[str, str], k: float,
                    calibration: str) -> str:
    """Table 2 in Markdown, "ours (paper)" per cell, differences in bold, then the notes."""
    lines = []
    for r in table.to_dict("records"):
        line = {"Problem": r["problem"] + (" (calibrated)" if r["calibrated"] else ""),
                "trials": r["trials"]}
        for cell, (_, _, _, header) in {**CELLS, **EXTRA}.items():
            places = DECIMALS[cell]
            ours = f"{r[cell]:.{places}f} ± {r[f'{cell}_sd']:.{places}f}"
            paper = r[f"paper_{cell}"]
            line[header] = (ours if np.isnan(paper) else
                            beside(ours, f"{paper:.{places}f}", r[f"{cell}_verdict"] == DIFFERS))
        line["trials not reaching 0 train error"] = r["unreachable"]
        lines.append(line)
    out = ["# Dietterich, Kearns & Mansour (1996), Table 2: TopDown vs AdaBoost at equal "
           "rounds\n",
           "Ours ± sd over trials (paper's mean of 20 trials). TopDown: the unpruned tree grown "
           "best-first (entropy) until zero training error; AdaBoost run for the same number of "
           "rounds per trial. Errors in %. Bold: differs by the verdict rule.\n",
           to_markdown(pd.DataFrame(lines)), "",
           f"- Verdict rule: |ours - paper| <= {k:g} x sqrt(2) x sd / sqrt(n) + half a unit of "
           "the paper's last decimal (both numbers are means of n trials of one design); "
           "'close' (in the scorecard) within twice that.",
           f"- Decision list: {calibration}",
           "- A trial whose training set has identical x with different labels cannot reach "
           "zero training error: TopDown stops when no test separates an impure leaf, and the "
           "last column counts such trials (their rounds are the splits made)."]
    for domain, note in notes.items():
        if domain in set(table["domain"]):
            out.append(f"- {domain}: {note}")
    return "\n".join(out) + "\n"


def calibration_note(decision_lists: Mapping[str, Mapping]) -> str:
    """The table's note on its generated problems: each decision list's generator settings."""
    generators = "; ".join(f"{name}: {spec}" for name, spec in decision_lists.items())
    return (f"our generator, calibrated against this row (see dkm96_calibration.md): "
            f"{generators}" if generators else "not in this table")
