"""Last, Maimon & Minkov (2002) Table 4: output size and Turney stability.

Output size (section 3, Domingos' measure: one unit per antecedent and per consequent of every
rule) of the IFN induced on the whole dataset (the paper's reading, notes A10 item 6), and the
mean over the cross-validation's fold models of every configured learner (our C4.5 read as one
rule per leaf, bagged C4.5 summed over its trees). Stability is eq. 4 on generated examples
(:mod:`smalltrees.studies.last02.turney_stability`). CMM, Bagging and C4.5RULES are the paper's
copies of Domingos (1998), shown as quoted.

Verdicts for each IFN learner: the whole-data size must equal the paper's; the stability is
within ``tolerance`` sd of the per-run stabilities (+ rounding) of the paper's
(:func:`~smalltrees.evaluation.verdicts.sd_rule`); the "**" marker (IFN vs CMM at 99%)
reproduces when our test reaches the same decision (``exact_rule`` on the yes/no marker). The
Average row's verdicts are ``not run`` when we ran only some of the paper's datasets
(:func:`~smalltrees.studies.last02.table3.partial_average`). The scorecard reads these
verdicts.

CSV columns: ``code, dataset``, the paper's ``paper_size_<m>``, ``paper_stab_<m>`` and
``paper_sig99``; per IFN learner ``output_size[L]``, ``size_verdict[L]``,
``stability_verdict[L]``, ``sig_verdict[L]``; per stability learner ``fold_size[L]``,
``stability[L]``, ``stability_sd[L]``, ``p_vs_cmm[L]``, ``sig_vs_cmm[L]`` (Table 4's test: the
per-example t-test of :func:`~smalltrees.studies.last02.turney_stability.summarise_parts`),
``p_runs_vs_cmm[L]``, ``sig_runs_vs_cmm[L]`` (the second test: the t-test over the per-run
stabilities, shown beside it; NaN when the models are pooled over runs).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from itertools import product
from pathlib import Path

import numpy as np
import pandas as pd

from smalltrees.evaluation.verdicts import NOT_RUN, exact_rule, sd_rule
from smalltrees.reporting.markdown import to_markdown
from smalltrees.reporting.paper import LEGEND, beside
from smalltrees.studies.last02.table3 import MEAN, partial_average
from smalltrees.studies.last02.turney_stability import summarise

METHODS = ("CMM", "Bagging", "C45RULES", "IFN")
SIGNIFICANT = " ‡"
"""Marks a stability significantly different from CMM's (the paper's "**", which markdown would
read as bold)."""
SIGNIFICANT_RUNS = " †"
"""Marks a stability significantly different from CMM's by the second test (per-run t-test)."""


def make_table4(networks: Mapping[tuple[str, str], dict],
                agreements: Mapping[tuple[str, str], pd.DataFrame],
                sizes: Mapping[tuple[str, str], pd.DataFrame], paper: pd.DataFrame,
                datasets: Sequence[str], learners: Sequence[str], ifn: Sequence[str],
                tolerance: float, alpha: float) -> pd.DataFrame:
    """One row per dataset and a row of means.

    ``networks[(code, L)]`` is the whole-data network summary of IFN learner ``L``;
    ``agreements`` and ``sizes`` the stability job's outputs per (code, learner).
    """
    theirs = paper.set_index(["code", "column"])["value"]
    rows = []
    for code in datasets:
        row: dict[str, object] = {"code": code,
                                  "dataset": paper.loc[paper["code"] == code, "dataset"].iloc[0]}
        for m in METHODS:
            row[f"paper_size_{m}"] = _value(theirs, code, f"size_{m}")
            row[f"paper_stab_{m}"] = _value(theirs, code, f"stab_{m}")
        row["paper_sig99"] = _value(theirs, code, "sig99_IFN_vs_CMM")
        for learner in learners:
            summary = summarise(agreements[code, learner], row["paper_stab_CMM"], alpha)
            row[f"fold_size[{learner}]"] = round(float(sizes[code, learner]["output_size"]
                                                       .mean()), 1)
            row[f"stability[{learner}]"] = round(summary["stability"], 2)
            row[f"stability_sd[{learner}]"] = round(summary["stability_sd"], 2)
            row[f"p_vs_cmm[{learner}]"] = summary["p_vs_cmm"]
            row[f"sig_vs_cmm[{learner}]"] = summary["sig_vs_cmm"]
            row[f"p_runs_vs_cmm[{learner}]"] = summary["p_runs_vs_cmm"]
            row[f"sig_runs_vs_cmm[{learner}]"] = summary["sig_runs_vs_cmm"]
        for learner in ifn:
            row[f"output_size[{learner}]"] = int(networks[code, learner]["output_size"])
        rows.append(row)
    table = pd.DataFrame(rows)
    table = pd.concat([table, _mean_row(table, theirs)], ignore_index=True)
    partial = partial_average(paper, datasets)
    for learner in ifn:
        size, stab = table[f"output_size[{learner}]"], table[f"stability[{learner}]"]
        table[f"size_verdict[{learner}]"] = [
            NOT_RUN if code == MEAN and partial else
            exact_rule(ours, paper, rounding=0.5 if code != MEAN else 0.005)
            for ours, paper, code in zip(size, table["paper_size_IFN"], table["code"],
                                         strict=True)]
        table[f"stability_verdict[{learner}]"] = [
            NOT_RUN if code == MEAN and partial else sd_rule(ours, paper, sd, 0.0, tolerance)
            for ours, paper, sd, code in zip(stab, table["paper_stab_IFN"],
                                             table[f"stability_sd[{learner}]"], table["code"],
                                             strict=True)]
        table[f"sig_verdict[{learner}]"] = [
            "" if code == MEAN else exact_rule(float(bool(ours)), float(bool(paper)), 0.0)
            for ours, paper, code in zip(table[f"sig_vs_cmm[{learner}]"], table["paper_sig99"],
                                         table["code"], strict=True)]
    return table


def _value(theirs: pd.Series, code: str, column: str) -> float:
    return float(theirs[(code, column)]) if (code, column) in theirs.index else np.nan


def _mean_row(table: pd.DataFrame, theirs: pd.Series) -> pd.DataFrame:
    """Means of our numeric columns; the paper's printed averages."""
    row: dict[str, object] = {"code": MEAN, "dataset": "Average"}
    for column in table.columns[2:]:
        if column.startswith("paper_"):
            row[column] = _value(theirs, MEAN, column.removeprefix("paper_"))
        elif column.startswith(("p_vs_cmm[", "sig_vs_cmm[", "p_runs_vs_cmm[",
                                "sig_runs_vs_cmm[")):
            row[column] = np.nan
        else:
            row[column] = round(float(table[column].mean()), 2)
    return pd.DataFrame([row])


def render_table4(table: pd.DataFrame, learners: Sequence[str], ifn: Sequence[str],
                  labels: Mapping[str, str], notes: Mapping[str, str], design: str) -> str:
    """Markdown: ours (paper) for the IFN columns, quoted literature columns, our peers."""
    lines = []
    for _, row in table.iterrows():
        cells: dict[str, str] = {"dataset": f"{row['dataset']} ({row['code']})"}
        for m in METHODS[:3]:
            cells[f"size {m} (quoted)"] = f"{row[f'paper_size_{m}']:g}"
        for learner in ifn:
            cells[f"size {labels.get(learner, learner)}"] = beside(
                f"{row[f'output_size[{learner}]']:g}", f"{row['paper_size_IFN']:g}",
                row[f"size_verdict[{learner}]"])
        for learner in learners:
            cells[f"fold size {labels.get(learner, learner)}"] = \
                f"{row[f'fold_size[{learner}]']:g}"
        for m in METHODS[:3]:
            cells[f"stab {m} (quoted)"] = f"{row[f'paper_stab_{m}']:.1f}"
        for learner in learners:
            text = f"{row[f'stability[{learner}]']:.1f}"
            if row["code"] != MEAN and row[f"sig_vs_cmm[{learner}]"]:
                text += SIGNIFICANT
            if row["code"] != MEAN and row[f"sig_runs_vs_cmm[{learner}]"]:
                text += SIGNIFICANT_RUNS
            if learner in ifn:
                paper = f"{row['paper_stab_IFN']:.1f}" + (SIGNIFICANT if row["paper_sig99"] == 1
                                                         else "")
                text = beside(text, paper, row[f"stability_verdict[{learner}]"])
            cells[f"stab {labels.get(learner, learner)}"] = text
        cells["note"] = notes.get(row["code"], "")
        lines.append(cells)
    return (
        "# Last, Maimon & Minkov (2002), Table 4: output size and stability\n\n"
        "Output size: antecedents + consequents of all rules; *size* is the IFN induced on the "
        "whole dataset, ours (paper's); *fold size* the mean over the cross-validation's fold "
        f"models. Stability (eq. 4, %): {design}. Significantly different from the paper's "
        "CMM stability at 1%, two-sided: ‡ (the paper's `**`, our test) one-sample t-test of "
        "the per-example agreement; † (a second test) one-sample t-test of the per-run "
        f"stabilities (9 df). In the IFN columns, {LEGEND}. Columns marked "
        "*quoted* are the paper's copies of Domingos (1998).\n\n" + to_markdown(pd.DataFrame(lines))
    )


def read_runs(datasets: Sequence[str], learners: Sequence[str], ifn: Sequence[str],
              networks: Sequence[str], agreements: Sequence[str], sizes: Sequence[str]
              ) -> tuple[dict, dict, dict]:
    """The inputs of :func:`make_table4` from their files: the whole-data network (JSON) of
    every (dataset, IFN learner), and the agreement and size CSVs of every (dataset, stability
    learner), each list in the order of the pairs."""
    pairs = list(product(datasets, learners))
    return (
        {pair: json.loads(Path(path).read_text())
         for pair, path in zip(product(datasets, ifn), networks, strict=True)},
        {pair: pd.read_csv(path) for pair, path in zip(pairs, agreements, strict=True)},
        {pair: pd.read_csv(path) for pair, path in zip(pairs, sizes, strict=True)},
    )
