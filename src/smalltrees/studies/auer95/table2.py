"""Auer, Holte & Maass (1995) Table 2 from per-fold results, beside the paper's numbers.

Definitions follow section 3 of the paper: a learner's accuracy on a dataset is the mean of the
R cross-validation estimates (each the mean accuracy over its F folds), with the standard
deviation of the R estimates; C4.5's complexity measures (d.c., % > 2, depth) are averaged over
all R x F runs; Sky2 is the training accuracy of T2 on the whole dataset (:mod:`.sky`).

Every compared number is a cell (:func:`smalltrees.evaluation.cells.compare`), judged by the
rule of its kind (:data:`rules`): the accuracies are averages over random runs (``Spread`` with
our sd and the paper's over the R estimates, ``k = tolerance``); so are C4.5's complexity
measures, which the paper prints without a spread (``Spread`` with our sd over the R
repetitions of the per-repetition mean, and half a unit of the paper's printing: 0.005 for
d.c., 0.5 for % > 2, 0.05 for depth, whose printed decimals vary from 1 to 2). The learners of
``auer95.table2.compare`` give the paper's quantities ``t2_accuracy`` and ``c45_accuracy`` (and
the C4.5 learner the complexity measures); every other configured learner's accuracy is
``accuracy[<learner>]``, ours alone. The paired comparison of T2 and C4.5 on identical folds
-- which the paper did not have -- is
:func:`~smalltrees.evaluation.statistics.corrected_resampled_t`, shown beside the cells.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from smalltrees.evaluation.cells import compare as compare_numbers
from smalltrees.evaluation.resampling import cv_estimates, fold_test_train_ratio
from smalltrees.evaluation.statistics import corrected_resampled_t
from smalltrees.evaluation.verdicts import Spread
from smalltrees.reporting.cell_views import paper_shape
from smalltrees.reporting.markdown import to_markdown
from smalltrees.reporting.paper import LEGEND
from smalltrees.studies.auer95 import STUDY

COMPLEXITY = {
    "dynamic_complexity": "c45_dynamic_complexity",
    "frac_deeper_than_2": "c45_pct_deeper_than_2",
    "depth": "c45_depth",
}
ROUNDING = {"c45_dynamic_complexity": 0.005, "c45_pct_deeper_than_2": 0.5, "c45_depth": 0.05}
"""Half a unit of the paper's printing of each complexity measure."""
LABELS = {"c45_dynamic_complexity": "d.c.", "c45_pct_deeper_than_2": "% > 2",
          "c45_depth": "depth"}
DECIMALS = {"c45_accuracy": 1, "c45_dynamic_complexity": 2, "c45_pct_deeper_than_2": 0,
            "c45_depth": 2}
"""The decimals a number shows where the paper has none (a dataset it did not use)."""


def rules(tolerance: float) -> dict:
    """Table 2's rule of each quantity (module docstring)."""
    complexity = {metric: Spread(tolerance, "none", rounding, spread_name="sd of our "
                                 "repetitions") for metric, rounding in ROUNDING.items()}
    return {**complexity, "*": Spread(tolerance)}


def accuracy_quantity(learner: str, compare: Mapping[str, str]) -> str:
    """The quantity of a learner's mean CV accuracy: the paper's ``<role>_accuracy`` for a
    learner of ``compare``, else ``accuracy[<learner>]`` (ours alone)."""
    role = next((r for r, name in compare.items() if name == learner), None)
    return f"{role}_accuracy" if role else f"accuracy[{learner}]"


def table2_ours(folds: pd.DataFrame, datasets: Sequence[str], learners: Sequence[str],
                compare: Mapping[str, str]) -> pd.DataFrame:
    """Our numbers of Table 2 in long form (``code, quantity, ours, ours_spread, decimals,
    item``): every learner's accuracy and sd of the R estimates, C4.5's complexity measures
    and their sd over the repetitions' means.

    ``folds``: per-fold rows of all jobs (``dataset, learner, repetition, fold, n_train,
    n_test, accuracy`` and C4.5's complexity measures); ``compare``: which configured learner
    reproduces the paper's ``t2`` and ``c45`` rows.
    """
    estimates = cv_estimates(folds)
    rows = []
    for code in datasets:
        for learner in learners:
            values = estimates.loc[(estimates["dataset"] == code)
                                   & (estimates["learner"] == learner), "estimate"]
            quantity = accuracy_quantity(learner, compare)
            role = quantity.split("_")[0].upper() if quantity.endswith("_accuracy") else ""
            rows.append({"code": code, "quantity": quantity,
                         "ours": round(float(values.mean()), 2),
                         "ours_spread": _sd(values, 2), "decimals": 1,
                         "item": (f"Table 2, {role} accuracy ({learner}), {code}" if role
                                  else f"Table 2, accuracy of {learner}, {code}")})
        c45 = folds[(folds["dataset"] == code) & (folds["learner"] == compare["c45"])]
        for column, metric in COMPLEXITY.items():
            scale = 100.0 if column.startswith("frac") else 1.0
            repetitions = c45.groupby("repetition")[column].mean() * scale
            rows.append({"code": code, "quantity": metric,
                         "ours": round(float(c45[column].mean() * scale), 2),
                         "ours_spread": _sd(repetitions, 3), "decimals": DECIMALS[metric],
                         "item": f"Table 2, C4.5 {LABELS[metric]}, {code}"})
    return pd.DataFrame(rows)


def table2_cells(folds: pd.DataFrame, paper: pd.DataFrame, datasets: Sequence[str],
                 learners: Sequence[str], compare: Mapping[str, str],
                 tolerance: float) -> pd.DataFrame:
    """The cells of Table 2 (:func:`table2_ours` beside the transcription's table ``table2``;
    a dataset the paper did not use is ours alone)."""
    return compare_cells(table2_ours(folds, datasets, learners, compare),
                         paper[paper["code"].isin(list(datasets))], tolerance)


def compare_cells(ours: pd.DataFrame, paper: pd.DataFrame, tolerance: float,
                  lacking: bool = True) -> pd.DataFrame:
    """Table 2's comparison of ``ours`` (long form) by :func:`rules`."""
    return compare_numbers(STUDY, "table2", ours, paper, rules(tolerance), lacking=lacking)


def _sd(values: pd.Series, places: int) -> float:
    """The sample sd of ``values`` rounded to ``places`` (0 for a single value)."""
    return round(float(values.std(ddof=1)), places) if len(values) > 1 else 0.0


def paired_tests(folds: pd.DataFrame, datasets: Sequence[str],
                 compare: Mapping[str, str]) -> pd.DataFrame:
    """Per dataset: the mean paired difference (points) of the ``t2`` and ``c45`` learners on
    their identical folds, with the corrected resampled t-test (ours alone)."""
    return pd.DataFrame([{"code": code} | _paired_test(folds, code, compare["t2"],
                                                        compare["c45"]) for code in datasets])


def _paired_test(folds: pd.DataFrame, code: str, first: str, second: str) -> dict:
    """Corrected resampled t-test of ``first`` vs ``second`` on their identical folds."""
    keys = ["repetition", "fold"]
    a = folds[(folds["dataset"] == code) & (folds["learner"] == first)].set_index(keys)
    b = folds[(folds["dataset"] == code) & (folds["learner"] == second)].set_index(keys)
    a, b = a.align(b, join="inner", axis=0)
    d = (a["accuracy"] - b["accuracy"]).to_numpy() * 100.0
    t, p = corrected_resampled_t(d, fold_test_train_ratio(a))
    return {"paired_diff": round(float(np.mean(d)), 2),
            "paired_t": round(t, 3), "paired_p": round(p, 4)}


def table2_view(cells: pd.DataFrame, sky: pd.DataFrame, paired: pd.DataFrame,
                datasets: Sequence[str], learners: Sequence[str], compare: Mapping[str, str],
                notes: Mapping[str, str]) -> pd.DataFrame:
    """Table 2 as shown: per dataset Sky2 (``sky``: the Sky2 cells), every learner's
    accuracy, C4.5's complexity measures (all "ours (paper)" from the cells), then the paired
    difference with its p-value (``paired``: :func:`paired_tests`) and the note."""
    columns = {"sky2": "Sky2", **{accuracy_quantity(learner, compare): learner
                                  for learner in learners}, **LABELS}
    shown = paper_shape(pd.concat([sky, cells], ignore_index=True), columns,
                        rows=list(datasets))
    tests = paired.set_index("code")
    shown[f"{compare['t2']} − {compare['c45']} (p)"] = [
        f"{tests.at[code, 'paired_diff']:+.1f} (p = {tests.at[code, 'paired_p']:.3f})"
        for code in shown["code"]]
    shown["note"] = [notes.get(code, "") for code in shown["code"]]
    return shown


def render_table2(view: pd.DataFrame, compare: Mapping[str, str]) -> str:
    """Markdown of :func:`table2_view`."""
    return (
        "# Auer, Holte & Maass (1995), Table 2: T2 vs C4.5, repeated cross-validation\n\n"
        "Accuracy in % as mean ± sd of the cross-validation estimates, ours (paper's); "
        f"{LEGEND}, as on the scorecard. d.c., % > 2 and depth are "
        f"{compare['c45']}'s complexity measures averaged over all runs. Last columns: mean "
        "paired difference on identical folds with the corrected resampled t-test "
        "(Nadeau & Bengio 2003).\n\n" + to_markdown(view)
    )
