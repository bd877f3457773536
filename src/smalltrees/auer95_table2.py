"""Auer, Holte & Maass (1995) Table 2 from per-fold results, beside the paper's numbers.

Definitions follow section 3 of the paper: a learner's accuracy on a dataset is the mean of the
R cross-validation estimates (each the mean accuracy over its F folds), with the standard
deviation of the R estimates; C4.5's complexity measures (d.c., % > 2, depth) are averaged over
all R x F runs; Sky2 is the training accuracy of T2 on the whole dataset.

A number *reproduces* the paper's when ``|ours - paper| <= tolerance * sqrt(sd_ours^2 +
sd_paper^2) + 0.05`` (the 0.05 absorbs the paper's rounding to one decimal); Sky2 is
deterministic (sd 0) and so must agree at the paper's rounding. The paired
comparison of T2 and C4.5 on identical folds -- which the paper did not have -- is the corrected
resampled t-test of Nadeau & Bengio (2003), in the repeated-CV form of Bouckaert & Frank (2004):
``t = mean(d) / sqrt((1/(R F) + n_test/n_train) var(d))`` with ``R F - 1`` degrees of freedom.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd
from scipy import stats

from smalltrees.markdown import to_markdown

COMPLEXITY = {
    "dynamic_complexity": "c45_dynamic_complexity",
    "frac_deeper_than_2": "c45_pct_deeper_than_2",
    "depth": "c45_depth",
}


def cv_estimates(folds: pd.DataFrame) -> pd.DataFrame:
    """Per (dataset, learner, repetition): the CV accuracy estimate in percent."""
    return (folds.groupby(["dataset", "learner", "repetition"], sort=False)["accuracy"]
            .mean().mul(100.0).rename("estimate").reset_index())


def corrected_resampled_t(d: np.ndarray, test_train_ratio: float) -> tuple[float, float]:
    """Nadeau & Bengio's corrected resampled t statistic and its two-sided p-value.

    ``d`` holds the paired per-fold differences of all R x F runs.
    """
    n = d.size
    mean, var = float(np.mean(d)), float(np.var(d, ddof=1)) if n > 1 else 0.0
    if var == 0.0:
        return (0.0, 1.0) if mean == 0.0 else (float(np.sign(mean) * np.inf), 0.0)
    t = mean / np.sqrt((1.0 / n + test_train_ratio) * var)
    return float(t), float(2.0 * stats.t.sf(abs(t), df=n - 1))


def verdict(ours: float, ours_sd: float, paper: float, paper_sd: float, tolerance: float) -> str:
    """``reproduced`` when the difference is within ``tolerance`` combined standard deviations."""
    if np.isnan(paper):
        return ""
    combined = np.hypot(ours_sd, paper_sd)
    return "reproduced" if abs(ours - paper) <= tolerance * combined + 0.05 else "differs"


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
        row: dict[str, object] = {"code": code}
        row.update(_paper_pair(theirs, code, "sky2", sky.at[code, "sky2"], 0.0, 0.0))
        for learner in learners:
            values = estimates.loc[(estimates["dataset"] == code)
                                   & (estimates["learner"] == learner), "estimate"]
            row[f"{learner}_accuracy"] = round(float(values.mean()), 2)
            row[f"{learner}_sd"] = round(float(values.std(ddof=1)), 2) if len(values) > 1 else 0.0
        for prefix, learner in compare.items():
            row.update(_paper_pair(theirs, code, f"{prefix}_accuracy", row[f"{learner}_accuracy"],
                                   row[f"{learner}_sd"], tolerance))
        c45 = folds[(folds["dataset"] == code) & (folds["learner"] == compare["c45"])]
        for ours, metric in COMPLEXITY.items():
            scale = 100.0 if ours.startswith("frac") else 1.0
            value = round(float(c45[ours].mean() * scale), 2)
            row.update(_paper_pair(theirs, code, metric, value, None, tolerance))
        row.update(_paired_test(folds, code, compare["t2"], compare["c45"]))
        rows.append(row)
    return pd.DataFrame(rows)


def _paper_pair(theirs: pd.DataFrame, code: str, metric: str, ours: float,
                ours_sd: float | None, tolerance: float) -> dict:
    """Our value, the paper's value (and sd), the difference and, given an sd, a verdict."""
    key = (code, metric)
    paper_value = float(theirs.at[key, "value"]) if key in theirs.index else np.nan
    paper_sd = float(theirs.at[key, "sd"]) if key in theirs.index else np.nan
    out = {metric: round(float(ours), 2), f"paper_{metric}": paper_value,
           f"{metric}_diff": round(float(ours) - paper_value, 2)}
    if ours_sd is not None:
        out[f"paper_{metric}_sd"] = paper_sd
        out[f"{metric}_verdict"] = verdict(float(ours), ours_sd, paper_value,
                                           0.0 if np.isnan(paper_sd) else paper_sd, tolerance)
    return out


def _paired_test(folds: pd.DataFrame, code: str, first: str, second: str) -> dict:
    """Corrected resampled t-test of ``first`` vs ``second`` on their identical folds."""
    keys = ["repetition", "fold"]
    a = folds[(folds["dataset"] == code) & (folds["learner"] == first)].set_index(keys)
    b = folds[(folds["dataset"] == code) & (folds["learner"] == second)].set_index(keys)
    a, b = a.align(b, join="inner", axis=0)
    d = (a["accuracy"] - b["accuracy"]).to_numpy() * 100.0
    ratio = float((a["n_test"] / a["n_train"]).mean())
    t, p = corrected_resampled_t(d, ratio)
    return {f"{first}_minus_{second}": round(float(np.mean(d)), 2),
            "paired_t": round(t, 3), "paired_p": round(p, 4)}


def render_table2(table: pd.DataFrame, learners: Sequence[str], compare: Mapping[str, str],
                  notes: Mapping[str, str]) -> str:
    """Markdown: ours (paper) in every compared cell, **bold** where we do not reproduce."""
    t2, c45 = compare["t2"], compare["c45"]
    lines = []
    for _, row in table.iterrows():
        cells = {"code": row["code"], "Sky2": _cell(row, "sky2", with_sd=False)}
        for learner in learners:
            prefix = next((p for p, name in compare.items() if name == learner), None)
            cells[learner] = (_cell(row, f"{prefix}_accuracy", sd=row[f"{learner}_sd"])
                              if prefix else f"{row[f'{learner}_accuracy']:.1f} ± "
                                             f"{row[f'{learner}_sd']:.1f}")
        for label, metric in (("d.c.", "c45_dynamic_complexity"),
                              ("% > 2", "c45_pct_deeper_than_2"), ("depth", "c45_depth")):
            cells[label] = f"{row[metric]:.2f} ({row[f'paper_{metric}']:g})"
        cells[f"{t2} − {c45} (p)"] = (f"{row[f'{t2}_minus_{c45}']:+.1f} "
                                      f"(p = {row['paired_p']:.3f})")
        cells["note"] = notes.get(row["code"], "")
        lines.append(cells)
    return (
        "# Auer, Holte & Maass (1995), Table 2: T2 vs C4.5, repeated cross-validation\n\n"
        "Accuracy in % as mean ± sd of the cross-validation estimates, ours (paper's); "
        "**bold**: not within the tolerance of the paper's value. d.c., % > 2 and depth are "
        f"{c45}'s complexity measures averaged over all runs. Last columns: mean paired "
        "difference on identical folds with the corrected resampled t-test "
        "(Nadeau & Bengio 2003).\n\n" + to_markdown(pd.DataFrame(lines))
    )


def _cell(row: pd.Series, metric: str, sd: float = 0.0, with_sd: bool = True) -> str:
    ours = f"{row[metric]:.1f}" + (f" ± {sd:.1f}" if with_sd else "")
    paper = f"{row[f'paper_{metric}']:.1f}"
    if with_sd:
        paper += f" ± {row[f'paper_{metric}_sd']:.1f}"
    text = f"{ours} ({paper})"
    return f"**{text}**" if row.get(f"{metric}_verdict") == "differs" else text
