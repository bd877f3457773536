"""Last, Maimon & Minkov (2002) Table 4's stability under every reading of eq. 4, side by side.

Eq. 4 (section 3) takes "ne ... testing examples randomly generated from the original instance
space" and "nr ... train-test runs", and says neither how the examples are generated nor which
models are paired. Each stability job computes every reading
(:data:`~smalltrees.studies.last02.turney_stability.READINGS`: the ``uniform`` box, the
``empirical`` marginals and the data's ``records``, models paired per CV ``run`` or ``all``
together) from one set of fits; this table shows them beside the paper's IFN and CMM
stabilities, with both tests against CMM of
:func:`~smalltrees.studies.last02.turney_stability.summarise_parts` (the paper's "**" names no
test). The configured reading (``last02.stability``) is Table 4's and is marked ``default``.

CSV: one row per (dataset, learner, generator, pairing), and an ``MEAN`` row per (learner,
reading) averaging the datasets run (the paper's columns averaged over the same datasets):
``code, dataset, learner, generator, pairing, default, stability, stability_sd, p_vs_cmm,
sig_vs_cmm, p_runs_vs_cmm, sig_runs_vs_cmm, paper_stab_IFN, paper_stab_CMM, paper_sig99``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import product

import numpy as np
import pandas as pd

from smalltrees.evaluation.cells import cells_frame, compare
from smalltrees.reporting.cell_views import number
from smalltrees.reporting.figures import new_figure
from smalltrees.reporting.markdown import to_markdown
from smalltrees.studies.last02.layout import MEAN, PAPER_IFN, averaged, mean_of, paper_datasets
from smalltrees.studies.last02.table4 import STUDY, TABLE, compared_paper, rules
from smalltrees.studies.last02.turney_stability import READINGS, summarise_parts

SIG_EXAMPLES = " ‡"
"""Significantly different from CMM by the per-example t-test (Table 4's marker)."""
SIG_RUNS = " †"
"""Significantly different from CMM by the t-test over the per-run stabilities."""


def make_readings_table(examples: Mapping[tuple[str, str], pd.DataFrame],
                        runs: Mapping[tuple[str, str], pd.DataFrame], paper: pd.DataFrame,
                        datasets: Sequence[str], learners: Sequence[str],
                        default: tuple[str, str], alpha: float) -> pd.DataFrame:
    """The long table of the module docstring.

    ``examples[(code, L)]`` and ``runs[(code, L)]`` are a stability job's per-example and per-run
    agreement of every reading (``generator, pairing, instance|repetition, agreement``);
    ``paper`` is the transcription of Table 4 (:mod:`smalltrees.evaluation.transcriptions`);
    ``default`` the configured ``(generator, pairing)``.
    """
    rows4 = paper[paper["table"] == TABLE]
    theirs = rows4.set_index(["code", "quantity"])["value"]
    names = rows4.drop_duplicates("code").set_index("code")["dataset"]
    rows = []
    for code, learner in product(datasets, learners):
        cmm = _paper(theirs, code, "stability[CMM]")
        by_example = examples[code, learner].groupby(["generator", "pairing"])
        by_run = runs[code, learner].groupby(["generator", "pairing"])
        for reading in READINGS:
            if reading not in by_example.groups:
                raise ValueError(f"stability readings of {code}/{learner}: reading {reading} "
                                 f"missing (expected every one of {READINGS})")
            summary = summarise_parts(
                by_example.get_group(reading).set_index("instance")["agreement"],
                by_run.get_group(reading).set_index("repetition")["agreement"], cmm, alpha)
            rows.append({"code": code, "dataset": names.get(code, code), "learner": learner,
                         "generator": reading[0], "pairing": reading[1],
                         "default": reading == tuple(default),
                         **{key: round(value, 2) if key.startswith("stability") else value
                            for key, value in summary.items()},
                         "paper_stab_IFN": _paper(theirs, code, "stability[IFN]"),
                         "paper_stab_CMM": cmm,
                         "paper_sig99": _paper(theirs, code, "sig_vs_cmm[IFN]")})
    table = pd.DataFrame(rows)
    return pd.concat([table, _mean_rows(table)], ignore_index=True)


def readings_cells(table: pd.DataFrame, paper: pd.DataFrame, learner: str,
                   readings: Sequence[str], tolerance: float) -> pd.DataFrame:
    """The cells of Table 4's IFN stability and "**" marker under each reading of eq. 4 named
    in ``readings`` (``generator/pairing``; the default is Table 4's own cells and is left
    out), for the default IFN ``learner``: one :func:`compare` per reading, judged by Table 4's
    rules, ``reading`` ``eq. 4: <generator>/<pairing>``. The Average stability is over the
    paper's datasets (none when we ran only some)."""
    mine = table[(table["learner"] == learner) & (table["code"] != MEAN) & ~table["default"]]
    over = averaged(list(mine["code"]), paper_datasets(paper, TABLE))
    parts = []
    for name in readings:
        generator, pairing = name.split("/")
        rows = mine[(mine["generator"] == generator) & (mine["pairing"] == pairing)]
        if rows.empty:
            continue
        reading = f"eq. 4: {name}"
        numbers = [{"code": r["code"], "quantity": f"stability[{PAPER_IFN}]",
                    "ours": r["stability"], "ours_spread": r["stability_sd"], "decimals": 1}
                   for r in rows.to_dict("records")]
        numbers += [{"code": r["code"], "quantity": f"sig_vs_cmm[{PAPER_IFN}]",
                     "ours": float(r["sig_vs_cmm"]), "decimals": 0}
                    for r in rows.to_dict("records") if not pd.isna(r["p_vs_cmm"])]
        if over is not None:
            by_code = rows.set_index("code")
            numbers.append({"code": MEAN, "quantity": f"stability[{PAPER_IFN}]",
                            "ours": mean_of(by_code["stability"], over),
                            "ours_spread": mean_of(by_code["stability_sd"], over),
                            "decimals": 1})
        ours = pd.DataFrame(numbers)
        ours = ours.assign(reading=reading,
                           item=f"Table 4, {learner} under {reading}, " + ours["code"])
        parts.append(compare(STUDY, TABLE, ours, compared_paper(paper), rules(tolerance),
                             lacking=False))
    return pd.concat(parts, ignore_index=True) if parts else cells_frame([])


def _paper(theirs: pd.Series, code: str, column: str) -> float:
    return float(theirs[(code, column)]) if (code, column) in theirs.index else np.nan


def _mean_rows(table: pd.DataFrame) -> pd.DataFrame:
    """Per (learner, reading): our mean stability over the paper's datasets we ran and the
    paper's over the same datasets (no test; a dataset the paper did not use stays out)."""
    paper_rows = table[table["paper_stab_IFN"].notna()]
    means = (paper_rows.groupby(["learner", "generator", "pairing", "default"], sort=False)
             [["stability", "stability_sd", "paper_stab_IFN", "paper_stab_CMM"]].mean()
             .round(2).reset_index())
    return means.assign(code=MEAN, dataset="Average (the paper's datasets run)", p_vs_cmm=np.nan,
                        sig_vs_cmm=False, p_runs_vs_cmm=np.nan, sig_runs_vs_cmm=False,
                        paper_sig99=np.nan)[table.columns]


def reading_name(generator: str, pairing: str) -> str:
    """A reading's column name: ``uniform / run``."""
    return f"{generator} / {pairing}"


def render_readings(table: pd.DataFrame, labels: Mapping[str, str], design: str,
                    alpha: float) -> str:
    """Markdown: one row per dataset and learner, one column per reading (the default's
    marked), then the paper's IFN and CMM stabilities."""
    lines = []
    for (code, learner), group in table.groupby(["code", "learner"], sort=False):
        first = group.iloc[0]
        cells = {"dataset": first["dataset"] if code in (MEAN, first["dataset"])
                 else f"{first['dataset']} ({code})",
                 "learner": labels.get(learner, learner)}
        for _, row in group.iterrows():
            name = reading_name(row["generator"], row["pairing"])
            text = f"{row['stability']:.1f}"
            text += SIG_EXAMPLES if row["sig_vs_cmm"] else ""
            text += SIG_RUNS if row["sig_runs_vs_cmm"] else ""
            cells[f"{name} (default)" if row["default"] else name] = text
        cells["paper IFN"] = number(first["paper_stab_IFN"], None, 1) + (
            SIG_EXAMPLES if first["paper_sig99"] == 1 else "")
        cells["paper CMM (quoted)"] = number(first["paper_stab_CMM"], None, 1)
        lines.append(cells)
    level = f"{100 * alpha:g}%"
    return (
        "# Last, Maimon & Minkov (2002), Table 4: stability under each reading of eq. 4\n\n"
        f"Stability (eq. 4, %) of the same fold models under every reading: {design}. "
        "Generators: *uniform*, each attribute drawn independently and uniformly over its "
        "observed range (nominal: over its observed values); *empirical*, each attribute drawn "
        "independently from its observed values as they occur (the data's marginals); "
        "*records*, whole rows of the data drawn with replacement (the joint distribution; "
        "each row is a training example of most fold models). "
        "Pairings: *run*, the models of each cross-validation run paired among themselves, "
        "averaged over runs; *all*, every fold model of every run paired. *(default)* is the "
        f"configured reading, Table 4's. Against the paper's CMM stability at {level}, "
        "two-sided: ‡ one-sample t-test of the per-example agreement (Table 4's marker), "
        "† one-sample t-test of the per-run stabilities (runs paired separately only). "
        "Domingos' own CMM generator is not a reading: we found no description of it. "
        "In *paper IFN*, ‡ is the paper's `**` (99% vs CMM, test not named).\n\n"
        + to_markdown(pd.DataFrame(lines))
    )


def readings_figure(table: pd.DataFrame, labels: Mapping[str, str]):
    """Stability per dataset by reading (bars), one panel per learner, the paper's IFN (black
    dash) and CMM (grey dash) stabilities over each dataset's bars."""
    rows = table[table["code"] != MEAN]
    learners = list(dict.fromkeys(rows["learner"]))
    codes = list(dict.fromkeys(rows["code"]))
    readings = list(dict.fromkeys(zip(rows["generator"], rows["pairing"], strict=True)))
    ncols = min(len(learners), 3)
    nrows = int(np.ceil(len(learners) / ncols))
    figure, axes = new_figure(ncols, nrows, size=(max(4.0, 0.9 * len(codes)) * ncols,
                                                  3.0 * nrows))
    axes = np.atleast_1d(axes).ravel()
    width = 0.8 / len(readings)
    x = np.arange(len(codes))
    for ax, learner in zip(axes, learners, strict=False):
        mine = rows[rows["learner"] == learner].set_index(["code", "generator", "pairing"])
        for i, (generator, pairing) in enumerate(readings):
            default = bool(mine.loc[(codes[0], generator, pairing), "default"])
            ax.bar(x - 0.4 + width * (i + 0.5),
                   [mine.loc[(code, generator, pairing), "stability"] for code in codes],
                   width, color=f"C{i}", hatch="//" if default else None,
                   label=reading_name(generator, pairing) + (" (default)" if default else ""))
        paper = mine.xs(readings[0], level=["generator", "pairing"]).loc[codes]
        ax.hlines(paper["paper_stab_IFN"], x - 0.4, x + 0.4, colors="black",
                  label="paper IFN")
        ax.hlines(paper["paper_stab_CMM"], x - 0.4, x + 0.4, colors="grey", linestyles="--",
                  label="paper CMM (quoted)")
        ax.set_xticks(x, codes, fontsize=7)
        ax.set_ylim(0, 100)
        ax.set_title(labels.get(learner, learner), fontsize=9)
        ax.tick_params(labelsize=7)
    for ax in axes[len(learners):]:
        ax.set_visible(False)
    for ax in axes[::ncols]:
        ax.set_ylabel("stability (%)", fontsize=8)
    handles, names = axes[0].get_legend_handles_labels()
    figure.legend(handles, names, loc="outside lower center", ncols=3, fontsize=7)
    figure.suptitle("Last, Maimon & Minkov (2002), eq. 4: stability by reading", fontsize=10)
    return figure


def read_readings(datasets: Sequence[str], learners: Sequence[str], examples: Sequence[str],
                  runs: Sequence[str]) -> tuple[dict, dict]:
    """The inputs of :func:`make_readings_table` from the stability jobs' files, each list in
    the order of the (dataset, learner) pairs."""
    pairs = list(product(datasets, learners))
    return ({pair: pd.read_csv(path) for pair, path in zip(pairs, examples, strict=True)},
            {pair: pd.read_csv(path) for pair, path in zip(pairs, runs, strict=True)})
