"""Last, Maimon & Minkov (2002) Table 3: the datasets and predictive accuracy.

Left part: records, classes, continuous, nominal and total attributes of our parsed data beside
the paper's. Right part: accuracy by R x F-fold cross-validation, as the paper estimates IFN's
(section 3): the mean of the R run accuracies with the 95% confidence half-width
``t_{0.975, R-1} s / sqrt(R)`` (``s`` the sd of the R run accuracies; 2.262 for R = 10). The
CMM, Bagging and C4.5RULES columns are the paper's copies of Domingos (1998) and are shown as
such, never as ours; our C4.5 and bagged C4.5 run on the same folds as extra columns.

A configured IFN reproduces the paper's IFN accuracy when the two 95% intervals overlap
(:func:`~smalltrees.evaluation.verdicts.interval_rule`); the dataset description must be equal
(:func:`~smalltrees.evaluation.verdicts.exact_rule`).

CSV columns: ``code, dataset``; ``m`` and ``paper_m`` for each description ``m``; the paper's
``paper_<method>_acc`` and ``paper_<method>_acc_pm``; per configured learner ``L``
``accuracy[L]`` and ``accuracy_ci[L]`` (half-width); per IFN learner ``accuracy_verdict[L]``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from smalltrees.evaluation.resampling import cv_estimates
from smalltrees.evaluation.statistics import t_interval
from smalltrees.evaluation.verdicts import DIFFERS, exact_rule, interval_rule
from smalltrees.reporting.markdown import to_markdown
from smalltrees.reporting.paper import beside

DESCRIPTION = ("records", "classes", "continuous", "nominal", "total")
LITERATURE = ("CMM", "Bagging", "C45RULES")
MEAN = "mean"
"""The code of the paper's "Average" row."""


def describe(X: pd.DataFrame, y) -> dict[str, int]:
    """Table 3's left part for one dataset: every attribute counted, by kind."""
    nominal = sum(isinstance(X[c].dtype, pd.CategoricalDtype) for c in X.columns)
    return {"records": len(X), "classes": int(pd.Series(np.asarray(y)).nunique()),
            "continuous": X.shape[1] - nominal, "nominal": nominal, "total": X.shape[1]}


def make_table3(folds: pd.DataFrame, described: Mapping[str, dict], paper: pd.DataFrame,
                datasets: Sequence[str], learners: Sequence[str],
                ifn: Sequence[str]) -> pd.DataFrame:
    """One row per dataset and a last row of means (see the module docstring for columns)."""
    theirs = paper.set_index(["code", "column"])
    runs = cv_estimates(folds)
    rows = []
    for code in datasets:
        row: dict[str, object] = {"code": code, "dataset": _name(paper, code)}
        for m in DESCRIPTION:
            row[m] = described[code][m]
            row[f"paper_{m}"] = _paper(theirs, code, m)
        for method in (*LITERATURE, "IFN"):
            row[f"paper_{method}_acc"] = _paper(theirs, code, f"{method}_acc")
            row[f"paper_{method}_acc_pm"] = _paper(theirs, code, f"{method}_acc", "pm")
        for learner in learners:
            estimates = runs.loc[(runs["dataset"] == code) & (runs["learner"] == learner),
                                 "estimate"]
            mean, half = t_interval(estimates.to_numpy())
            row[accuracy_column(learner)] = round(mean, 2)
            row[ci_column(learner)] = round(half, 2)
        rows.append(row)
    table = pd.DataFrame(rows)
    table = pd.concat([table, _mean_row(table, theirs)], ignore_index=True)
    for learner in ifn:
        table[verdict_column(learner)] = [
            interval_rule(r[accuracy_column(learner)] - r[ci_column(learner)],
                          r[accuracy_column(learner)] + r[ci_column(learner)],
                          r["paper_IFN_acc"] - r["paper_IFN_acc_pm"],
                          r["paper_IFN_acc"] + r["paper_IFN_acc_pm"])
            if r["code"] != MEAN else ""  # the average is judged in the claims table
            for _, r in table.iterrows()]
    return table


def accuracy_column(learner: str) -> str:
    """Mean CV accuracy (%) of a configured learner."""
    return f"accuracy[{learner}]"


def ci_column(learner: str) -> str:
    """95% t half-width of a learner's run accuracies."""
    return f"accuracy_ci[{learner}]"


def verdict_column(learner: str) -> str:
    """Verdict of an IFN learner's accuracy against the paper's IFN column."""
    return f"accuracy_verdict[{learner}]"


def _name(paper: pd.DataFrame, code: str) -> str:
    names = paper.loc[paper["code"] == code, "dataset"]
    return str(names.iloc[0]) if len(names) else code


def _paper(theirs: pd.DataFrame, code: str, column: str, field: str = "value") -> float:
    key = (code, column)
    return float(theirs.at[key, field]) if key in theirs.index else np.nan


def _mean_row(table: pd.DataFrame, theirs: pd.DataFrame) -> pd.DataFrame:
    """The "Average" row: means of our columns; the paper's printed averages (its ± are
    blank)."""
    row: dict[str, object] = {"code": MEAN, "dataset": "Average"}
    for column in table.columns[2:]:
        if column.startswith("paper_"):
            name = column.removeprefix("paper_")
            row[column] = np.nan if name.endswith("_pm") else _paper(theirs, MEAN, name)
        elif column.startswith("accuracy_ci["):
            row[column] = np.nan
        else:
            row[column] = round(float(table[column].mean()), 2)
    return pd.DataFrame([row])


def render_table3(table: pd.DataFrame, learners: Sequence[str], ifn: Sequence[str],
                  labels: Mapping[str, str], notes: Mapping[str, str]) -> str:
    """Markdown: ours (paper) where we recompute, the literature columns marked as quoted."""
    lines = []
    for _, row in table.iterrows():
        cells: dict[str, str] = {"dataset": f"{row['dataset']} ({row['code']})"}
        for m in DESCRIPTION:
            differs = exact_rule(row[m], row[f"paper_{m}"]) == DIFFERS
            cells[m] = beside(f"{row[m]:g}", f"{row[f'paper_{m}']:g}", differs)
        for method in LITERATURE:
            cells[f"{method} (quoted)"] = _pm(row[f"paper_{method}_acc"],
                                             row[f"paper_{method}_acc_pm"])
        for learner in learners:
            ours = _pm(row[accuracy_column(learner)], row[ci_column(learner)])
            if learner in ifn:
                paper = _pm(row["paper_IFN_acc"], row["paper_IFN_acc_pm"])
                ours = beside(ours, paper, row[verdict_column(learner)] == DIFFERS)
            cells[labels.get(learner, learner)] = ours
        cells["note"] = notes.get(row["code"], "")
        lines.append(cells)
    return (
        "# Last, Maimon & Minkov (2002), Table 3: datasets and predictive accuracy\n\n"
        "Accuracy in % by repeated 10-fold cross-validation: mean of the run accuracies ± the "
        "95% t half-width, ours (paper's IFN). **Bold**: the intervals do not overlap (the "
        "description: not equal). Columns marked *quoted* are the paper's copies of Domingos "
        "(1998), not recomputed; the others are ours, on identical folds.\n\n"
        + to_markdown(pd.DataFrame(lines))
    )


def _pm(mean: float, half: float) -> str:
    if np.isnan(mean):
        return ""
    return f"{mean:.1f}" if np.isnan(half) else f"{mean:.1f} ± {half:.1f}"
