"""Last, Maimon & Minkov (2002) Table 3: the datasets and predictive accuracy.

Left part: records, classes, continuous, nominal and total attributes of our parsed data beside
the paper's. Right part: accuracy by R x F-fold cross-validation, as the paper estimates IFN's
(section 3): the mean of the R run accuracies with the 95% confidence half-width
``t_{0.975, R-1} s / sqrt(R)`` (``s`` the sd of the R run accuracies; 2.262 for R = 10). The
CMM, Bagging and C4.5RULES columns are the paper's copies of Domingos (1998) and are shown as
such, never as ours; our C4.5 and bagged C4.5 run on the same folds as extra columns.

A configured IFN reproduces the paper's IFN accuracy when the two 95% intervals overlap
(:func:`~smalltrees.evaluation.verdicts.interval_rule`); the dataset description must be equal
(:func:`~smalltrees.evaluation.verdicts.exact_rule`, column ``m_verdict``: equal counts; the
averages at the paper's one decimal, ``not run`` when we ran only some of the paper's datasets,
:func:`partial_average`). The scorecard reads these verdicts.

CSV columns: ``code, dataset``; ``m`` and ``paper_m`` for each description ``m``; the paper's
``paper_<method>_acc`` and ``paper_<method>_acc_pm``; ``m_verdict`` per description ``m``;
per configured learner ``L`` ``accuracy[L]`` and ``accuracy_ci[L]`` (half-width); per IFN
learner ``accuracy_verdict[L]`` and ``p_above_quoted[L]``.

``p_above_quoted[L]`` is the second test of the claim "only in Iris is IFN's accuracy
significantly higher than the average accuracy of the three other methods" (the first, the
paper's own: the 95% t-interval over the R run accuracies lies above that average): Nadeau &
Bengio's corrected resampled t-test (two-sided p) of the R x F fold accuracies minus the average
of the three quoted accuracies, which uses every fold while correcting for their overlapping
training sets (:func:`~smalltrees.evaluation.statistics.corrected_resampled_t`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from smalltrees.evaluation.resampling import cv_estimates, fold_test_train_ratio
from smalltrees.evaluation.statistics import corrected_resampled_t, t_interval
from smalltrees.evaluation.verdicts import NOT_RUN, exact_rule, interval_rule
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
        for learner in ifn:
            row[quoted_test_column(learner)] = above_quoted_p(
                folds[(folds["dataset"] == code) & (folds["learner"] == learner)],
                np.mean([row[f"paper_{method}_acc"] for method in LITERATURE]))
        rows.append(row)
    table = pd.DataFrame(rows)
    table = pd.concat([table, _mean_row(table, theirs)], ignore_index=True)
    partial = partial_average(paper, datasets)
    for m in DESCRIPTION:
        table[f"{m}_verdict"] = [
            NOT_RUN if code == MEAN and partial else
            exact_rule(ours, paper, 0.05 if code == MEAN else 0.5)
            for ours, paper, code in zip(table[m], table[f"paper_{m}"], table["code"],
                                         strict=True)]
    for learner in ifn:
        table[verdict_column(learner)] = [
            interval_rule(r[accuracy_column(learner)] - r[ci_column(learner)],
                          r[accuracy_column(learner)] + r[ci_column(learner)],
                          r["paper_IFN_acc"] - r["paper_IFN_acc_pm"],
                          r["paper_IFN_acc"] + r["paper_IFN_acc_pm"])
            if r["code"] != MEAN else ""  # the average is judged in the claims table
            for _, r in table.iterrows()]
    return table


def above_quoted_p(folds: pd.DataFrame, reference: float) -> float:
    """Two-sided p of Nadeau & Bengio's corrected resampled t-test of one learner's fold
    accuracies (%) against ``reference`` (NaN without a reference); the test/train ratio is
    the folds' mean ``n_test / n_train``."""
    if np.isnan(reference):
        return np.nan
    return corrected_resampled_t(folds["accuracy"].to_numpy() * 100.0 - reference,
                                 fold_test_train_ratio(folds))[1]


def partial_average(paper: pd.DataFrame, datasets: Sequence[str]) -> bool:
    """Whether our "Average" row leaves out some of the paper's datasets: it is then not the
    paper's average, and its verdicts are ``not run`` (a run on fewer datasets)."""
    return bool(set(paper["code"]) - {MEAN} - set(datasets))


def accuracy_column(learner: str) -> str:
    """Mean CV accuracy (%) of a configured learner."""
    return f"accuracy[{learner}]"


def ci_column(learner: str) -> str:
    """95% t half-width of a learner's run accuracies."""
    return f"accuracy_ci[{learner}]"


def quoted_test_column(learner: str) -> str:
    """The corrected resampled t-test's p of a learner's accuracy against the average of the
    three quoted methods (:func:`above_quoted_p`)."""
    return f"p_above_quoted[{learner}]"


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
        elif column.startswith(("accuracy_ci[", "p_above_quoted[")):
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
            cells[m] = beside(f"{row[m]:g}", f"{row[f'paper_{m}']:g}", row[f"{m}_verdict"])
        for method in LITERATURE:
            cells[f"{method} (quoted)"] = _pm(row[f"paper_{method}_acc"],
                                             row[f"paper_{method}_acc_pm"])
        for learner in learners:
            ours = _pm(row[accuracy_column(learner)], row[ci_column(learner)])
            if learner in ifn:
                paper = _pm(row["paper_IFN_acc"], row["paper_IFN_acc_pm"])
                ours = beside(ours, paper, row[verdict_column(learner)])
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
