"""DKM 1996 Table 2: TopDown and AdaBoost at equal numbers of rounds, beside the paper's.

Per problem, the means over its trials (:mod:`smalltrees.studies.dkm96.boosting_trials`) of:
TopDown's rounds to zero training error, AdaBoost's training error after that many rounds, and
the test errors of both (TopDown's tree unpruned), in %; beyond the paper, TopDown_G's rounds
and test error. The paper prints means of 20 trials without a spread; its mean and ours are
both means of n trials of the same design, so a cell *reproduces* the paper's when

    |ours - paper| <= k * sqrt(2) * sd / sqrt(n) + half a unit of the paper's last decimal,

``sd`` the spread of our n trials (the spread rule with the standard error of the mean on both
sides; ``close`` within 2k, ``inconclusive`` where that band exceeds half the paper's value).
The cells come from one :func:`~smalltrees.evaluation.cells.compare` with the transcription
``data/paper/dkm96/table2.csv``. A generated problem whose generator was calibrated against its
row (the decision list) is shown beside the paper but not judged (:func:`not_compared`). Trials
whose TopDown cannot reach zero training error (identical x with different labels) are counted
and reported.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from smalltrees.evaluation.cells import compare
from smalltrees.evaluation.verdicts import Spread
from smalltrees.reporting.cell_views import paper_shape
from smalltrees.reporting.markdown import to_markdown
from smalltrees.reporting.paper import LEGEND
from smalltrees.studies.dkm96.views import problem_names, with_details

STUDY = "dkm96"
TABLE = "table2"
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
            "adaboost_test_error": 1, "topdown_g_rounds": 1, "topdown_g_test_error": 2,
            "train_error": 1}
"""The decimals the paper prints per column (TopDown's test error has two; ours alone as the
nearest of the paper's)."""
CALIBRATED = "not compared: the generator was calibrated against this row (dkm96_calibration.md)"


def rules(k: float) -> Spread:
    """Table 2's rule: every number is a mean of trials (the module docstring)."""
    return Spread(k, paper_spread="ours",
                  spread_name="x sqrt(2) standard error of the mean of the trials")


def table2_numbers(trials: pd.DataFrame, problems: Mapping[str, str]) -> pd.DataFrame:
    """Our Table 2 in long form: per problem (config order) and column, the mean over its
    trials and the standard error of that mean."""
    rows = []
    for domain, problem in problems.items():
        mine = trials[trials["domain"] == domain]
        for cell, (algorithm, field, scale, header) in {**CELLS, **EXTRA}.items():
            values = (mine.loc[mine["algorithm"] == algorithm, field].astype(float)
                      * scale).dropna()
            sd = float(values.std(ddof=1)) if len(values) > 1 else 0.0
            rows.append({"code": domain, "quantity": cell,
                         "ours": float(values.mean()) if len(values) else np.nan,
                         "ours_spread": sd / np.sqrt(len(values)) if len(values) else np.nan,
                         "decimals": DECIMALS[cell], "item": f"Table 2, {header}, {problem}"})
    return pd.DataFrame(rows)


def make_cells(trials: pd.DataFrame, problems: Mapping[str, str], paper: pd.DataFrame,
               k: float, calibrated: Sequence[str] = ()) -> pd.DataFrame:
    """Table 2's cells: our numbers beside the paper's, judged by :func:`rules`; the rows of
    ``calibrated`` problems not judged (:func:`not_compared`)."""
    return not_compared(compare(STUDY, TABLE, table2_numbers(trials, problems), paper,
                                rules(k)), calibrated)


def not_compared(cells: pd.DataFrame, calibrated: Sequence[str]) -> pd.DataFrame:
    """``cells`` with the verdicts of the ``calibrated`` codes taken away: a generator chosen
    by its closeness to the paper's row cannot reproduce that row (its closeness is how the
    calibration went, shown beside the paper's numbers, counted nowhere)."""
    out = cells.copy()
    chosen = out["code"].isin(list(calibrated))
    out.loc[chosen, "verdict"] = ""
    out.loc[chosen, "rule"] = CALIBRATED
    return out


def details(trials: pd.DataFrame, problems: Mapping[str, str],
            calibrated: Sequence[str]) -> pd.DataFrame:
    """Our columns beside the paper's: per problem the trials run and those whose TopDown
    could not reach zero training error."""
    rows = []
    for domain, problem in problems.items():
        topdown = trials[(trials["domain"] == domain) & (trials["algorithm"] == "TopDown")]
        rows.append({"domain": domain, "problem": problem, "calibrated": domain in calibrated,
                     "trials": len(topdown),
                     "unreachable": int((~topdown["zero_train_error"].astype(bool)).sum())})
    return pd.DataFrame(rows)


def table2_csv(cells: pd.DataFrame, ours: pd.DataFrame, paper: pd.DataFrame) -> pd.DataFrame:
    """The CSV view: one row per problem, our columns then the cells' numbers."""
    return with_details(cells, ours, problem_names(paper, TABLE, ours))


def render_table2(cells: pd.DataFrame, ours: pd.DataFrame, paper: pd.DataFrame,
                  notes: Mapping[str, str], k: float, calibration: str) -> str:
    """Table 2 in Markdown from its cells, "ours ± standard error (paper)" per cell, marked by
    verdict, then the notes."""
    names = problem_names(paper, TABLE, ours)
    headers = {cell: spec[3] for cell, spec in {**CELLS, **EXTRA}.items()}
    shape = paper_shape(cells, headers, rows=list(ours["domain"]), row_label="domain")
    shape = shape.merge(ours, on="domain", how="left")
    calibrated = set(ours.loc[ours["calibrated"], "domain"])
    problem = [names.get(d, d) + (" (calibrated)" if d in calibrated else "")
               for d in shape["domain"]]
    shape = shape.drop(columns=["domain", "problem", "calibrated"])
    shape.insert(0, "Problem", problem)
    shape["trials not reaching 0 train error"] = shape.pop("unreachable")
    shape["trials"] = shape["trials"].map(lambda n: "" if pd.isna(n) else f"{int(n)}")
    shape["trials not reaching 0 train error"] = shape["trials not reaching 0 train error"].map(
        lambda n: "" if pd.isna(n) else f"{int(n)}")
    out = ["# Dietterich, Kearns & Mansour (1996), Table 2: TopDown vs AdaBoost at equal "
           "rounds\n",
           "Ours ± standard error of the mean over trials (paper's mean of 20 trials). TopDown: "
           "the unpruned tree grown best-first (entropy) until zero training error; AdaBoost "
           f"run for the same number of rounds per trial. Errors in %. {LEGEND}.\n",
           to_markdown(shape), "",
           f"- Verdict rule: |ours - paper| <= {k:g} x sqrt(2) x sd / sqrt(n) + half a unit of "
           "the paper's last decimal (both numbers are means of n trials of one design); "
           "close within twice that; inconclusive where that band exceeds half the paper's "
           "value.",
           f"- Decision list: {calibration}",
           "- A trial whose training set has identical x with different labels cannot reach "
           "zero training error: TopDown stops when no test separates an impure leaf, and the "
           "last column counts such trials (their rounds are the splits made)."]
    for domain, note in notes.items():
        if domain in set(ours["domain"]):
            out.append(f"- {domain}: {note}")
    return "\n".join(out) + "\n"


def calibration_note(decision_lists: Mapping[str, Mapping]) -> str:
    """The table's note on its generated problems: each decision list's generator settings."""
    generators = "; ".join(f"{name}: {spec}" for name, spec in decision_lists.items())
    return (f"our generator, calibrated against this row (see dkm96_calibration.md): "
            f"{generators}" if generators else "not in this table")
