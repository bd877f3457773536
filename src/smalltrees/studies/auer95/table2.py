"""Auer, Holte & Maass (1995) Table 2 from per-fold results, beside the paper's numbers.

Definitions follow section 3 of the paper: a learner's accuracy on a dataset is the mean of the
R cross-validation estimates (each the mean accuracy over its F folds), with the standard
deviation of the R estimates; C4.5's complexity measures (d.c., % > 2, depth) are averaged over
all R x F runs; Sky2 is the training accuracy of T2 on the whole dataset.

Every compared number gets its verdict here, by the rule for its kind
(:mod:`smalltrees.evaluation.verdicts`), and the scorecard reads it: Sky2 is deterministic
(``exact_rule`` at the paper's rounding); the accuracies are averages over random runs
(``sd_rule`` with our sd and the paper's over the R estimates, ``k = tolerance``); so are
C4.5's complexity measures, which the paper prints without a spread (``sd_rule`` with our sd
over the R repetitions of the per-repetition mean, and half a unit of the paper's printing:
0.005 for d.c., 0.5 for % > 2, 0.05 for depth). The paired comparison of T2 and C4.5 on
identical folds -- which the paper did not have -- is
:func:`~smalltrees.evaluation.statistics.corrected_resampled_t`.

Columns: each learner's numbers are ``accuracy[<learner>]`` and ``accuracy_sd[<learner>]`` (the
brackets keep them apart from the paper's metric names, whatever the learners are called); each
compared metric ``m`` has ``paper_m``, ``m_diff``, ``m_verdict`` and, where the paper prints a
spread, ``paper_m_sd`` (ours is the learner's column; Sky2 and the complexity measures have
their own column ``m``, the complexity measures also ``m_sd``); ``paired_diff``, ``paired_t``,
``paired_p`` compare the two learners of ``compare`` on identical folds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from smalltrees.evaluation.resampling import cv_estimates, fold_test_train_ratio
from smalltrees.evaluation.statistics import corrected_resampled_t
from smalltrees.evaluation.verdicts import exact_rule, sd_rule
from smalltrees.reporting.markdown import to_markdown
from smalltrees.reporting.paper import LEGEND, beside

COMPLEXITY = {
    "dynamic_complexity": "c45_dynamic_complexity",
    "frac_deeper_than_2": "c45_pct_deeper_than_2",
    "depth": "c45_depth",
}
ROUNDING = {"c45_dynamic_complexity": 0.005, "c45_pct_deeper_than_2": 0.5, "c45_depth": 0.05}
"""Half a unit of the paper's printing of each complexity measure."""


def make_table2(
    folds: pd.DataFrame,
    sky: pd.DataFrame,
    paper: pd.DataFrame,
    datasets: Sequence[str],
    learners: Sequence[str],
    compare: Mapping[str, str],
    tolerance: float,
) -> pd.DataFrame:
    """One row per dataset: Sky2, every learner's accuracy, the paper's numbers, verdicts.

    Parameters
    ----------
    folds : DataFrame
        Per-fold rows of all jobs (``dataset, learner, repetition, fold, n_train, n_test,
        accuracy`` and C4.5's complexity measures).
    sky : DataFrame
        ``code, sky1, sky2`` in percent.
    paper : DataFrame
        The transcription: ``code, metric, value, sd``.
    compare : mapping
        Which configured learner reproduces the paper's ``t2`` and ``c45`` rows.
    """
    estimates = cv_estimates(folds)
    theirs = paper.set_index(["code", "metric"])
    sky = sky.set_index("code")
    rows = []
    for code in datasets:
        row: dict[str, object] = {"code": code, "sky2": float(sky.at[code, "sky2"])}
        row.update(_paper_pair(theirs, code, "sky2", row["sky2"]))
        for learner in learners:
            values = estimates.loc[(estimates["dataset"] == code)
                                   & (estimates["learner"] == learner), "estimate"]
            row[accuracy_column(learner)] = round(float(values.mean()), 2)
            row[sd_column(learner)] = (round(float(values.std(ddof=1)), 2) if len(values) > 1
                                       else 0.0)
        for prefix, learner in compare.items():
            row.update(_paper_pair(theirs, code, f"{prefix}_accuracy",
                                   row[accuracy_column(learner)], row[sd_column(learner)],
                                   tolerance))
        c45 = folds[(folds["dataset"] == code) & (folds["learner"] == compare["c45"])]
        for ours, metric in COMPLEXITY.items():
            scale = 100.0 if ours.startswith("frac") else 1.0
            row[metric] = round(float(c45[ours].mean() * scale), 2)
            repetitions = c45.groupby("repetition")[ours].mean() * scale
            row[f"{metric}_sd"] = (round(float(repetitions.std(ddof=1)), 3)
                                   if len(repetitions) > 1 else 0.0)
            row.update(_paper_pair(theirs, code, metric, row[metric], row[f"{metric}_sd"],
                                   tolerance, ROUNDING[metric], paper_spread=False))
        row.update(_paired_test(folds, code, compare["t2"], compare["c45"]))
        rows.append(row)
    return pd.DataFrame(rows)


def accuracy_column(learner: str) -> str:
    """The column of a learner's mean CV accuracy (%)."""
    return f"accuracy[{learner}]"


def sd_column(learner: str) -> str:
    """The column of the standard deviation of a learner's R CV estimates."""
    return f"accuracy_sd[{learner}]"


def _paper_pair(theirs: pd.DataFrame, code: str, metric: str, ours: float,
                ours_sd: float | None = None, tolerance: float = 0.0,
                rounding: float = 0.05, paper_spread: bool = True) -> dict:
    """The paper's value (and sd, where it prints one), our difference and the verdict: exact
    without ``ours_sd`` (a deterministic number), else by the spread rule."""
    key = (code, metric)
    paper_value = float(theirs.at[key, "value"]) if key in theirs.index else np.nan
    paper_sd = float(theirs.at[key, "sd"]) if key in theirs.index else np.nan
    out = {f"paper_{metric}": paper_value, f"{metric}_diff": round(float(ours) - paper_value, 2)}
    if ours_sd is None:
        out[f"paper_{metric}_sd"] = paper_sd
        out[f"{metric}_verdict"] = exact_rule(float(ours), paper_value, rounding)
        return out
    if paper_spread:
        out[f"paper_{metric}_sd"] = paper_sd
    out[f"{metric}_verdict"] = sd_rule(float(ours), paper_value, ours_sd,
                                       paper_sd if paper_spread else 0.0, tolerance, rounding)
    return out


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


def render_table2(table: pd.DataFrame, learners: Sequence[str], compare: Mapping[str, str],
                  notes: Mapping[str, str]) -> str:
    """Markdown: ours (paper) in every compared cell, **bold** where we do not reproduce."""
    t2, c45 = compare["t2"], compare["c45"]
    lines = []
    for _, row in table.iterrows():
        cells = {"code": row["code"], "Sky2": _cell(row, "sky2", row["sky2"])}
        for learner in learners:
            prefix = next((p for p, name in compare.items() if name == learner), None)
            mean, sd = row[accuracy_column(learner)], row[sd_column(learner)]
            cells[learner] = (_cell(row, f"{prefix}_accuracy", mean, sd) if prefix
                              else f"{mean:.1f} ± {sd:.1f}")
        for label, metric in (("d.c.", "c45_dynamic_complexity"),
                              ("% > 2", "c45_pct_deeper_than_2"), ("depth", "c45_depth")):
            cells[label] = beside(f"{row[metric]:.2f}", f"{row[f'paper_{metric}']:g}",
                                  row[f"{metric}_verdict"])
        cells[f"{t2} − {c45} (p)"] = f"{row['paired_diff']:+.1f} (p = {row['paired_p']:.3f})"
        cells["note"] = notes.get(row["code"], "")
        lines.append(cells)
    return (
        "# Auer, Holte & Maass (1995), Table 2: T2 vs C4.5, repeated cross-validation\n\n"
        "Accuracy in % as mean ± sd of the cross-validation estimates, ours (paper's); "
        f"{LEGEND}, as on the scorecard. d.c., % > 2 and depth are "
        f"{c45}'s complexity measures averaged over all runs. Last columns: mean paired "
        "difference on identical folds with the corrected resampled t-test "
        "(Nadeau & Bengio 2003).\n\n" + to_markdown(pd.DataFrame(lines))
    )


def _cell(row: pd.Series, metric: str, ours: float, sd: float | None = None) -> str:
    """``ours ± sd (paper ± sd)``, marked by its verdict; no sd for Sky2."""
    paper = f"{row[f'paper_{metric}']:.1f}"
    text = f"{ours:.1f}"
    if sd is not None:
        text += f" ± {sd:.1f}"
        paper += f" ± {row[f'paper_{metric}_sd']:.1f}"
    return beside(text, paper, row[f"{metric}_verdict"])
