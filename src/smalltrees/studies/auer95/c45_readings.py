"""Which reading of C4.5's complexity measures, and which C4.5, Auer et al.'s Table 2 used.

Auer, Holte & Maass (1995, section 3) average three complexity measures of C4.5's trees over
their 225 runs per dataset: d.c. (attributes queried to classify the average example),
"% > 2" (examples classified at depth greater than 2) and "depth" (the depth of the tree),
without saying how depth is counted or which release and options of C4.5 they ran. Our literal
reading (tests on a path, Release 8's trees without the MDL correction) agrees on d.c. but its
depth is up to half the paper's. Each hypothesis here is one configured (learner, reading)
pair, scored on all datasets at once -- never chosen per dataset:

* readings of the same fitted trees (no refit; columns of
  :func:`smalltrees.learners.c45.complexity.tree_complexity`): ``edges`` (ours: tests on a
  path), ``levels`` (the leaf counted as a level: d.c. and depth + 1, "% > 2" the share
  classified more than one test deep), ``unpruned_depth`` (the depth of the tree before
  pruning, which C4.5 prints first), ``mean_leaf_depth`` (an average over the leaves instead
  of the deepest path);
* other C4.5s (a learner of the Table 2 CV, or refitted on its first repetitions), read as
  ``edges``.

Verdicts follow Table 2's rule (:mod:`smalltrees.studies.auer95.table2`): our sd over the
repetitions' means, the paper's spread for the accuracy only, half a unit of the paper's
printing. A hypothesis *explains the paper across the board* when its depth reproduces on
every dataset and its d.c. on at least as many datasets as the literal reading's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd

from smalltrees.evaluation.verdicts import REPRODUCED, sd_rule
from smalltrees.evaluation.verdicts import ROUNDING as ACCURACY_ROUNDING
from smalltrees.reporting.markdown import to_markdown
from smalltrees.reporting.paper import LEGEND, beside
from smalltrees.studies.auer95.table2 import ROUNDING

MEASURES = {
    "d.c.": "c45_dynamic_complexity",
    "% > 2": "c45_pct_deeper_than_2",
    "depth": "c45_depth",
    "accuracy": "c45_accuracy",
}
"""Our label of each measure -> the paper's metric (data/paper/auer95/table2.csv)."""

READINGS: dict[str, dict[str, tuple[str, float]]] = {
    "edges": {"d.c.": ("dynamic_complexity", 0.0), "% > 2": ("frac_deeper_than_2", 0.0),
              "depth": ("depth", 0.0)},
    "levels": {"d.c.": ("dynamic_complexity", 1.0), "% > 2": ("frac_deeper_than_1", 0.0),
               "depth": ("depth", 1.0)},
    "unpruned_depth": {"d.c.": ("dynamic_complexity", 0.0),
                       "% > 2": ("frac_deeper_than_2", 0.0), "depth": ("unpruned_depth", 0.0)},
    "mean_leaf_depth": {"d.c.": ("dynamic_complexity", 0.0),
                        "% > 2": ("frac_deeper_than_2", 0.0),
                        "depth": ("mean_leaf_depth", 0.0)},
}
"""Reading -> measure -> (column of the per-fold rows, offset added to it)."""


def make_c45_readings(folds: pd.DataFrame, paper: pd.DataFrame, datasets: Sequence[str],
                      hypotheses: Sequence[Mapping[str, str]], tolerance: float) -> pd.DataFrame:
    """One row per (hypothesis, dataset, measure): ours, our sd, the paper's, verdict.

    Parameters
    ----------
    folds : DataFrame
        Per-fold rows (``dataset, learner, repetition, fold, accuracy`` and C4.5's complexity
        columns) of every learner the hypotheses name.
    paper : DataFrame
        Table 2's transcription: ``code, metric, value, sd``.
    hypotheses : sequence of mappings
        ``hypothesis`` (the block's title), ``learner`` and ``reading`` (a key of
        :data:`READINGS`).
    tolerance : float
        Combined standard deviations within which a number counts as reproduced.

    Raises
    ------
    ValueError
        Naming a hypothesis whose reading is unknown or whose learner has no rows for a
        dataset.
    """
    theirs = paper.set_index(["code", "metric"])
    rows = []
    for hypothesis in hypotheses:
        reading, learner = hypothesis["reading"], hypothesis["learner"]
        if reading not in READINGS:
            raise ValueError(f"hypothesis {hypothesis['hypothesis']!r}: unknown reading "
                             f"{reading!r}; expected one of {sorted(READINGS)}")
        for code in datasets:
            runs = folds[(folds["dataset"] == code) & (folds["learner"] == learner)]
            if runs.empty:
                raise ValueError(f"hypothesis {hypothesis['hypothesis']!r}: no per-fold rows "
                                 f"of learner {learner!r} on dataset {code!r}")
            for label, metric in MEASURES.items():
                per_repetition = _per_repetition(runs, reading, label)
                ours = float(per_repetition.mean())
                sd = float(per_repetition.std(ddof=1)) if len(per_repetition) > 1 else 0.0
                key = (code, metric)
                value = float(theirs.at[key, "value"]) if key in theirs.index else float("nan")
                paper_sd = float(theirs.at[key, "sd"]) if label == "accuracy" else 0.0
                rounding = ACCURACY_ROUNDING if label == "accuracy" else ROUNDING[metric]
                rows.append({
                    "hypothesis": hypothesis["hypothesis"], "learner": learner,
                    "reading": reading, "repetitions": int(runs["repetition"].nunique()),
                    "code": code, "measure": label, "ours": round(ours, 3),
                    "ours_sd": round(sd, 3), "paper": value,
                    "diff": round(ours - value, 3),
                    "verdict": sd_rule(ours, value, sd, paper_sd, tolerance, rounding),
                })
    return pd.DataFrame(rows)


def _per_repetition(runs: pd.DataFrame, reading: str, label: str) -> pd.Series:
    """Each repetition's mean of one measure under one reading (percent for % > 2 and
    accuracy, as the paper prints them)."""
    if label == "accuracy":
        return runs.groupby("repetition")["accuracy"].mean() * 100.0
    column, offset = READINGS[reading][label]
    scale = 100.0 if label == "% > 2" else 1.0
    return runs.groupby("repetition")[column].mean() * scale + offset


def summarise(table: pd.DataFrame, baseline: str) -> pd.DataFrame:
    """Per hypothesis: datasets reproduced per measure, and whether it explains the paper.

    ``baseline`` is the hypothesis of the literal reading, whose d.c. count a hypothesis must
    match (a reading that fixes depth by breaking d.c. does not explain the paper).
    """
    reproduced = (table.assign(hit=table["verdict"] == REPRODUCED)
                  .groupby(["hypothesis", "measure"], sort=False)["hit"].sum().unstack())
    n_datasets = table["code"].nunique()
    base_dc = int(reproduced.at[baseline, "d.c."])
    out = reproduced[list(MEASURES)].astype(int)
    out["explains"] = (out["depth"] == n_datasets) & (out["d.c."] >= base_dc)
    return out.reset_index()


def render_c45_readings(table: pd.DataFrame, baseline: str, accuracy_codes: Sequence[str],
                        not_tried: Mapping[str, str]) -> str:
    """Markdown: one block per hypothesis (ours (paper) per dataset and measure) and its
    verdict line, with the accuracies of ``accuracy_codes`` (HD and IO) spelled out (those of
    the studied datasets)."""
    summary = summarise(table, baseline).set_index("hypothesis")
    n_datasets = table["code"].nunique()
    parts = [
        "# Auer, Holte & Maass (1995), Table 2: readings of C4.5's complexity measures\n\n"
        "Each block is one hypothesis about how the paper counted d.c., % > 2 and depth, or "
        "which C4.5 it ran, on all datasets at once: ours (paper), averaged over all runs; "
        f"{LEGEND}, by Table 2's rule. A hypothesis explains the paper across the board when "
        "its depth reproduces on every dataset and its d.c. on at least as many as the literal "
        f"reading's ({baseline}).\n"
    ]
    for hypothesis, block in table.groupby("hypothesis", sort=False):
        first = block.iloc[0]
        wide = []
        for code, cells in block.groupby("code", sort=False):
            row = {"code": code}
            for cell in cells.itertuples(index=False):
                digits = 2 if cell.measure == "d.c." else 1
                row[cell.measure] = beside(f"{cell.ours:.{digits}f}", f"{cell.paper:g}",
                                           cell.verdict)
            wide.append(row)
        counts = summary.loc[hypothesis]
        accuracy = block[block["measure"] == "accuracy"].set_index("code")
        accuracies = ", ".join(
            f"{code} {accuracy.at[code, 'ours']:.1f} ({accuracy.at[code, 'paper']:g})"
            for code in accuracy_codes if code in accuracy.index)
        verdict = "yes" if counts["explains"] else "no"
        parts.append(
            f"\n## {hypothesis}\n\nLearner {first['learner']}, reading `{first['reading']}`, "
            f"{first['repetitions']} repetitions of the Table 2 folds.\n\n"
            + to_markdown(pd.DataFrame(wide))
            + f"\nReproduced on: d.c. {counts['d.c.']}/{n_datasets}, % > 2 "
            f"{counts['% > 2']}/{n_datasets}, depth {counts['depth']}/{n_datasets}, accuracy "
            f"{counts['accuracy']}/{n_datasets}" + (f"; accuracy {accuracies}" if accuracies
                                                    else "") + ". "
            f"Explains the paper across the board: **{verdict}**.\n")
    explaining = [h for h in summary.index if summary.at[h, "explains"]]
    parts.append("\n## Outcome\n\n" + (
        f"Explained across the board by: {', '.join(explaining)}.\n" if explaining else
        "No hypothesis explains the paper across the board.\n"))
    if not_tried:
        parts.append("\nNot tried: " + "; ".join(f"{name} ({why})"
                                                  for name, why in not_tried.items()) + ".\n")
    return "".join(parts)

