"""Last, Maimon & Minkov (2002) Table 3: the datasets and predictive accuracy, as cells.

Left part: records, classes, continuous, nominal and total attributes of our parsed data beside
the paper's, judged exact (:class:`~smalltrees.evaluation.verdicts.Exact`: equal counts; the
Average row at the paper's one decimal). Right part: accuracy by R x F-fold cross-validation,
as the paper estimates IFN's (section 3): the mean of the R run accuracies with the 95%
confidence half-width ``t_{0.975, R-1} s / sqrt(R)`` (``s`` the sd of the R run accuracies;
2.262 for R = 10), judged by interval overlap
(:class:`~smalltrees.evaluation.verdicts.Interval`). Each IFN learner is a reading of the
paper's IFN column (:mod:`.layout`); our C4.5 and bagged C4.5 run on the same folds, ours alone.
The CMM, Bagging and C4.5RULES columns are the paper's copies of Domingos (1998), shown as
quoted; the Average of IFN's accuracy is judged by the claims, not here.

``p_above_quoted[IFN]`` (ours alone) is the second test of the claim "only in Iris is IFN's
accuracy significantly higher than the average accuracy of the three other methods" (the first,
the paper's own: the 95% t-interval over the R run accuracies lies above that average): Nadeau &
Bengio's corrected resampled t-test (two-sided p) of the R x F fold accuracies minus the average
of the three quoted accuracies, which uses every fold while correcting for their overlapping
training sets (:func:`~smalltrees.evaluation.statistics.corrected_resampled_t`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from smalltrees.evaluation.cells import compare
from smalltrees.evaluation.resampling import cv_estimates, fold_test_train_ratio
from smalltrees.evaluation.statistics import corrected_resampled_t, t_interval
from smalltrees.evaluation.verdicts import Exact, Interval
from smalltrees.reporting.markdown import to_markdown
from smalltrees.reporting.paper import LEGEND
from smalltrees.studies.last02.layout import (
    MEAN,
    PAPER_IFN,
    PARTIAL,
    QUOTED,
    averaged,
    columns,
    labels_of,
    mean_of,
    paper_datasets,
    quantity,
    quoted,
    reading_of,
    row_order,
)

STUDY, TABLE = "last02", "table3"
DESCRIPTION = ("records", "classes", "continuous", "nominal", "total")
RULES = {f"accuracy[{PAPER_IFN}]": Interval(), "*": Exact()}
"""The description exact (half a unit of the paper's decimals), IFN's accuracy by interval
overlap; our other numbers have no paper value. The keys are patterns (only ``*`` is
special)."""


def describe(X: pd.DataFrame, y) -> dict[str, int]:
    """Table 3's left part for one dataset: every attribute counted, by kind."""
    nominal = sum(isinstance(X[c].dtype, pd.CategoricalDtype) for c in X.columns)
    return {"records": len(X), "classes": int(pd.Series(np.asarray(y)).nunique()),
            "continuous": X.shape[1] - nominal, "nominal": nominal, "total": X.shape[1]}


def table3_numbers(folds: pd.DataFrame, described: Mapping[str, dict], paper: pd.DataFrame,
                   datasets: Sequence[str], learners: Sequence[str],
                   ifn: Sequence[str]) -> pd.DataFrame:
    """Our numbers of Table 3 in long form (``code, quantity, reading, ours, ours_spread,
    decimals, item, note``): per dataset the description and every learner's accuracy (and
    each IFN learner's ``p_above_quoted``), then the Average row over the paper's datasets."""
    runs = cv_estimates(folds)
    rows, accuracy = [], {}
    quoted_mean = _quoted_mean(paper)
    for code in datasets:
        for m in DESCRIPTION:
            rows.append(_row(code, m, "", described[code][m], item=f"Table 3, {m}, {code}",
                             decimals=0))
        for learner in learners:
            estimates = runs.loc[(runs["dataset"] == code) & (runs["learner"] == learner),
                                 "estimate"].to_numpy()
            mean, half = t_interval(estimates)
            accuracy[code, learner] = round(mean, 2)
            rows.append(_row(code, quantity("accuracy", learner, ifn),
                             reading_of(learner, ifn), round(mean, 2), round(half, 2),
                             item=f"Table 3, IFN accuracy ({learner}), {code}"
                             if learner in ifn else f"Table 3, accuracy ({learner}), {code}",
                             decimals=1))
            if learner in ifn and code in quoted_mean:
                p = above_quoted_p(folds[(folds["dataset"] == code)
                                         & (folds["learner"] == learner)], quoted_mean[code])
                rows.append(_row(code, quantity("p_above_quoted", learner, ifn),
                                 reading_of(learner, ifn), p, decimals=3))
    over = averaged(datasets, paper_datasets(paper, TABLE))
    note = "" if over is not None else PARTIAL
    for m in DESCRIPTION:
        rows.append(_row(MEAN, m, "", mean_of({c: described[c][m] for c in datasets}, over),
                         item=f"Table 3, {m}, {MEAN}", decimals=1, note=note))
    if over is not None:
        for learner in learners:
            rows.append(_row(MEAN, quantity("accuracy", learner, ifn), reading_of(learner, ifn),
                             mean_of({c: accuracy[c, learner] for c in datasets}, over),
                             decimals=2))
    return pd.DataFrame(rows)


def make_table3(numbers: pd.DataFrame, paper: pd.DataFrame) -> pd.DataFrame:
    """The cells of Table 3 and of its IFN readings: one :func:`compare` of the default's
    numbers and one per reading (a reading's cells cover the numbers it gives)."""
    compared = compared_paper(paper)
    parts = [compare(STUDY, TABLE, numbers[numbers["reading"] == reading], compared, RULES,
                     lacking=reading == "")
             for reading in dict.fromkeys(["", *numbers["reading"]])]
    return pd.concat(parts, ignore_index=True)


def compared_paper(paper: pd.DataFrame) -> pd.DataFrame:
    """The paper's numbers of Table 3 we compare: the description and IFN's accuracy per
    dataset (not the quoted columns; the Average accuracy is a claim's)."""
    rows = paper[paper["table"] == TABLE]
    keep = rows["quantity"].isin(DESCRIPTION) | (
        (rows["quantity"] == f"accuracy[{PAPER_IFN}]") & (rows["code"] != MEAN))
    return rows[keep]


def above_quoted_p(folds: pd.DataFrame, reference: float) -> float:
    """Two-sided p of Nadeau & Bengio's corrected resampled t-test of one learner's fold
    accuracies (%) against ``reference``; the test/train ratio is the folds' mean
    ``n_test / n_train``."""
    return corrected_resampled_t(folds["accuracy"].to_numpy() * 100.0 - reference,
                                 fold_test_train_ratio(folds))[1]


def _quoted_mean(paper: pd.DataFrame) -> dict[str, float]:
    """Per dataset of the paper, the mean of the three quoted accuracies."""
    rows = paper[(paper["table"] == TABLE)
                 & paper["quantity"].isin([f"accuracy[{m}]" for m in QUOTED])]
    return rows[rows["code"] != MEAN].groupby("code")["value"].mean().to_dict()


def _row(code, name, reading, ours, spread=np.nan, item="", decimals=1, note=""):
    return {"code": code, "quantity": name, "reading": reading, "ours": ours,
            "ours_spread": spread, "item": item, "decimals": decimals, "note": note}


def table3_view(cells: pd.DataFrame, paper: pd.DataFrame, learners: Sequence[str],
                ifn: Sequence[str], labels: Mapping[str, str],
                notes: Mapping[str, str]) -> pd.DataFrame:
    """Table 3 in the paper's shape from its cells: the description, the quoted columns, each
    learner's accuracy (IFN learners as ours (paper's IFN)), the p of the second test."""
    codes = row_order(paper, TABLE, cells)
    parts = [pd.Series(labels_of(paper, TABLE, codes), name="dataset"),
             columns(cells, {m: m for m in DESCRIPTION}, codes)]
    parts.append(pd.DataFrame(quoted(paper, TABLE, "accuracy", codes)))
    for learner in learners:
        name = quantity("accuracy", learner, ifn)
        parts.append(columns(cells, {name: labels.get(learner, learner)}, codes,
                             reading_of(learner, ifn)))
    for learner in ifn:
        parts.append(columns(cells, {f"p_above_quoted[{PAPER_IFN}]":
                                     f"p above quoted, {labels.get(learner, learner)}"},
                             codes, reading_of(learner, ifn)))
    view = pd.concat(parts, axis=1)
    view["note"] = [notes.get(c, "") for c in codes]
    return view.reset_index(drop=True)


def render_table3(view: pd.DataFrame) -> str:
    """Markdown of :func:`table3_view`."""
    return (
        "# Last, Maimon & Minkov (2002), Table 3: datasets and predictive accuracy\n\n"
        "Accuracy in % by repeated 10-fold cross-validation: mean of the run accuracies ± the "
        "95% t half-width, ours (paper's IFN; the description: ours (paper's)). Intervals "
        f"that do not overlap, and descriptions that are not equal, differ; {LEGEND}. Columns "
        "marked *quoted* are the paper's copies of Domingos (1998), not recomputed; the "
        "others are ours, on identical folds (our C4.5 and bagged C4.5: ours alone). *p above "
        "quoted*: corrected resampled t-test of the fold accuracies against the mean of the "
        "three quoted accuracies (two-sided). Average: over the paper's datasets (our IFN "
        "average is judged by the claims).\n\n" + to_markdown(view)
    )
