"""Which reading of C4.5's complexity measures, and which C4.5, Auer et al.'s Table 2 used.

Auer, Holte & Maass (1995, section 3) average three complexity measures of C4.5's trees over
their 225 runs per dataset: d.c. (attributes queried to classify the average example),
"% > 2" (examples classified at depth greater than 2) and "depth" (the depth of the tree),
without saying how depth is counted or which release and options of C4.5 they ran. Our literal
reading (tests on a path, Release 8's trees without the MDL correction) agrees on d.c. but its
depth is up to half the paper's. Each hypothesis here is one configured (learner, reading)
pair, scored on all datasets at once -- never chosen per dataset:

* readings of the same fitted trees (no refit; columns of
  :func:`smalltrees.learners.tree.measures.tree_measures`): ``edges`` (ours: tests on a
  path), ``levels`` (the leaf counted as a level: d.c. and depth + 1, "% > 2" the share
  classified more than one test deep), ``unpruned_depth`` (the depth of the tree before
  pruning, which C4.5 prints first), ``mean_leaf_depth`` (an average over the leaves instead
  of the deepest path), ``distinct_attributes`` (d.c. as the distinct attributes on a path,
  "the number of attributes queried" read literally: an attribute tested twice counts once;
  the other measures as ``edges``), ``deepest_unpruned`` (depth only: the deepest tree
  before pruning in any fold, a bound no mean of pruned or unpruned trees of that C4.5 can
  pass: a paper's mean above it cannot come from that C4.5 on these folds, so it ``differs``;
  at or below it the cell has no verdict, as a bound reproduces nothing);
* other C4.5s (a learner of the Table 2 CV, or refitted on its first repetitions), read as
  ``edges``.

Each hypothesis gives *reading* cells of Table 2 (``reading`` = the hypothesis' title; the same
code and quantity as the Table 2 cell it explains), judged by Table 2's rules
(:func:`smalltrees.studies.auer95.table2.rules`): our sd over the repetitions' means, the
paper's spread for the accuracy only, half a unit of the paper's printing. A dataset the paper
did not use gives cells of ours alone. A hypothesis *explains the paper across the board* when
its depth reproduces on every dataset and its d.c. on at least as many datasets as the literal
reading's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from smalltrees.evaluation.verdicts import DIFFERS, REPRODUCED
from smalltrees.reporting.cell_views import cell_text
from smalltrees.reporting.markdown import to_markdown
from smalltrees.reporting.paper import LEGEND
from smalltrees.studies.auer95.table2 import DECIMALS, compare_cells

MEASURES = {
    "d.c.": "c45_dynamic_complexity",
    "% > 2": "c45_pct_deeper_than_2",
    "depth": "c45_depth",
    "accuracy": "c45_accuracy",
}
"""Our label of each measure -> the paper's quantity (table ``table2`` of the transcription)."""
LABELS = {metric: label for label, metric in MEASURES.items()}

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
    "distinct_attributes": {"d.c.": ("distinct_attributes", 0.0),
                            "% > 2": ("frac_deeper_than_2", 0.0), "depth": ("depth", 0.0)},
    "deepest_unpruned": {"depth": ("unpruned_depth", 0.0)},
}
"""Reading -> measure -> (column of the per-fold rows, offset added to it)."""


def c45_reading_cells(folds: pd.DataFrame, paper: pd.DataFrame, datasets: Sequence[str],
                      hypotheses: Sequence[Mapping[str, str]],
                      tolerance: float) -> pd.DataFrame:
    """Reading cells of Table 2: one per (hypothesis, dataset, measure), ours (mean over the
    repetitions' means) with our sd, beside the paper's, by Table 2's rules.

    Parameters
    ----------
    folds : DataFrame
        Per-fold rows (``dataset, learner, repetition, fold, accuracy`` and C4.5's complexity
        columns) of every learner the hypotheses name.
    paper : DataFrame
        The transcription (its table ``table2``).
    hypotheses : sequence of mappings
        ``hypothesis`` (the reading's name), ``learner`` and ``reading`` (a key of
        :data:`READINGS`).
    tolerance : float
        Combined standard deviations within which a number counts as reproduced.

    Raises
    ------
    ValueError
        Naming a hypothesis whose reading is unknown or whose learner has no rows for a
        dataset.
    """
    rows, bounds = [], []
    runs_of = dict(iter(folds.groupby(["dataset", "learner"], sort=False)))  # in folds' order
    means_of: dict[tuple[str, str], pd.DataFrame] = {}  # each repetition's means of each column
    for hypothesis in hypotheses:
        reading, learner = hypothesis["reading"], hypothesis["learner"]
        if reading not in READINGS:
            raise ValueError(f"hypothesis {hypothesis['hypothesis']!r}: unknown reading "
                             f"{reading!r}; expected one of {sorted(READINGS)}")
        for code in datasets:
            runs = runs_of.get((code, learner))
            if runs is None:
                raise ValueError(f"hypothesis {hypothesis['hypothesis']!r}: no per-fold rows "
                                 f"of learner {learner!r} on dataset {code!r}")
            if (code, learner) not in means_of:
                means_of[code, learner] = runs.groupby("repetition").mean(numeric_only=True)
            means = means_of[code, learner]
            note = (f"learner {learner}, reading {reading}, "
                    f"{len(means)} repetitions of the Table 2 folds")
            for label, metric in MEASURES.items():
                if reading == "deepest_unpruned":
                    if label != "depth":
                        continue
                    per_repetition = pd.Series([float(runs["unpruned_depth"].max())])
                else:
                    per_repetition = _per_repetition(means, reading, label)
                sd = float(per_repetition.std(ddof=1)) if len(per_repetition) > 1 else 0.0
                bounds.append(reading == "deepest_unpruned")
                rows.append({"code": code, "quantity": metric,
                             "reading": hypothesis["hypothesis"],
                             "ours": round(float(per_repetition.mean()), 3),
                             "ours_spread": round(sd, 3), "decimals": DECIMALS[metric],
                             "item": f"Table 2, C4.5 {label}, {code}: "
                                     f"{hypothesis['hypothesis']}", "note": note})
    ours = pd.DataFrame(rows, columns=["code", "quantity", "reading", "ours", "ours_spread",
                                       "decimals", "item", "note"])
    cells = compare_cells(ours, paper[paper["code"].isin(list(datasets))], tolerance,
                          lacking=False)
    return _judge_bounds(cells, pd.Series(bounds, index=cells.index, dtype=bool))


def _judge_bounds(cells: pd.DataFrame, bounds: pd.Series) -> pd.DataFrame:
    """The cells of ``deepest_unpruned`` judged as what they are, a bound and not an estimate:
    ``differs`` where the paper's mean is above the deepest tree by more than half a unit of
    its printing (no mean of that C4.5's trees on these folds can reach it), no verdict
    otherwise (a mean at or below the deepest tree is neither shown nor ruled out), so a bound
    never counts as reproducing the paper."""
    out = cells.copy()
    judged = bounds & out["paper"].notna()
    above = out["paper"] - out["ours"] > 0.5 * 10.0 ** -out["decimals"].astype(float)
    out.loc[judged, "verdict"] = np.where(above[judged], DIFFERS, "")
    out.loc[judged, "rule"] = ("bound: differs where the paper's mean is above the deepest "
                               "tree of any fold (+ half a printed unit), else no verdict")
    return out


def _per_repetition(means: pd.DataFrame, reading: str, label: str) -> pd.Series:
    """Each repetition's mean of one measure under one reading (percent for % > 2 and
    accuracy, as the paper prints them), from each repetition's means of the per-fold
    columns."""
    if label == "accuracy":
        return means["accuracy"] * 100.0
    column, offset = READINGS[reading][label]
    scale = 100.0 if label == "% > 2" else 1.0
    return means[column] * scale + offset


def _sentence(text: str) -> str:
    """``text`` with its first letter capitalised (the rest as it is: learner names)."""
    return text[:1].upper() + text[1:]


def summarise(cells: pd.DataFrame, baseline: str) -> pd.DataFrame:
    """Per hypothesis (reading): datasets reproduced per measure, and whether it explains the
    paper.

    ``baseline`` is the hypothesis of the literal reading, whose d.c. count a hypothesis must
    match (a reading that fixes depth by breaking d.c. does not explain the paper). Datasets
    the paper did not use count for none.
    """
    compared = cells[cells["paper"].notna()]
    hits = (compared.assign(hit=compared["verdict"] == REPRODUCED,
                            measure=compared["quantity"].map(LABELS))
            .groupby(["reading", "measure"], sort=False)["hit"].sum().unstack())
    out = hits.reindex(index=list(dict.fromkeys(cells["reading"])), columns=list(MEASURES),
                       fill_value=0).fillna(0).astype(int)
    n_datasets = compared["code"].nunique()
    base_dc = int(out.at[baseline, "d.c."]) if baseline in out.index else 0
    out["explains"] = (out["depth"] == n_datasets) & (out["d.c."] >= base_dc)
    return out.reset_index().rename(columns={"reading": "hypothesis"})


def render_c45_readings(cells: pd.DataFrame, baseline: str, accuracy_codes: Sequence[str],
                        not_tried: Mapping[str, str]) -> str:
    """Markdown from the reading cells: one block per hypothesis (ours (paper) per dataset and
    measure) and its verdict line, with the accuracies of ``accuracy_codes`` (HD and IO) spelled
    out (those of the studied datasets)."""
    summary = summarise(cells, baseline).set_index("hypothesis")
    n_datasets = cells[cells["paper"].notna()]["code"].nunique()
    parts = [
        "# Auer, Holte & Maass (1995), Table 2: readings of C4.5's complexity measures\n\n"
        "Each block is one hypothesis about how the paper counted d.c., % > 2 and depth, or "
        "which C4.5 it ran, on all datasets at once: ours (paper), averaged over all runs; "
        f"{LEGEND}, by Table 2's rule. A hypothesis explains the paper across the board when "
        "its depth reproduces on every dataset and its d.c. on at least as many as the literal "
        f"reading's ({baseline}).\n"
    ]
    texts: dict[str, dict[str, dict[str, str]]] = {}  # hypothesis -> code -> measure -> text
    for r in cells.to_dict("records"):
        texts.setdefault(r["reading"], {}).setdefault(r["code"], {"code": r["code"]})[
            LABELS[r["quantity"]]] = cell_text(r, spreads=False)
    for hypothesis, block in cells.groupby("reading", sort=False):
        wide = list(texts[hypothesis].values())
        counts = summary.loc[hypothesis]
        accuracy = block[block["quantity"] == MEASURES["accuracy"]].set_index("code")
        accuracies = ", ".join(
            f"{code} {accuracy.at[code, 'ours']:.1f} ({accuracy.at[code, 'paper']:g})"
            for code in accuracy_codes if code in accuracy.index
            and pd.notna(accuracy.at[code, "paper"]))
        verdict = "yes" if counts["explains"] else "no"
        parts.append(
            f"\n## {hypothesis}\n\n{_sentence(block['note'].iloc[0])}.\n\n"
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
