"""Last, Maimon & Minkov (2002) Table 4: output size and Turney stability, as cells.

Output size (section 3, Domingos' measure: one unit per antecedent and per consequent of every
rule) of the IFN induced on the whole dataset (the paper's reading, notes A10 item 6), judged
exact; and the mean over the cross-validation's fold models of every configured learner (ours
alone: our C4.5 read as one rule per leaf, bagged C4.5 summed over its trees). Stability is eq.
4 on generated examples (:mod:`smalltrees.studies.last02.turney_stability`), judged within
``tolerance`` sd of our per-run stabilities (+ the paper's rounding;
:class:`~smalltrees.evaluation.verdicts.Spread`). The "**" marker (IFN vs CMM at 99%) is a
test's conclusion: ours (1 when our test is significant at ``alpha``, 0 when not) reproduces
the paper's when the two agree (:class:`~smalltrees.evaluation.verdicts.Conclusion`). Each IFN
learner is a reading of the paper's IFN column (:mod:`.layout`). CMM, Bagging and C4.5RULES are
the paper's copies of Domingos (1998), shown as quoted.

Quantities per learner (``[IFN]`` for every IFN learner, ``[L]`` for a peer): ``output_size``
(IFN only), ``fold_size``, ``stability`` (``ours_spread``: the sd of the per-run values),
``sig_vs_cmm`` and ``p_vs_cmm`` (Table 4's test: the per-example t-test of
:func:`~smalltrees.studies.last02.turney_stability.summarise_parts`), ``sig_runs_vs_cmm`` and
``p_runs_vs_cmm`` (the second test: the t-test over the per-run stabilities). A dataset the
paper did not use has no CMM stability to test against: its markers and p are left out.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from itertools import product
from pathlib import Path

import numpy as np
import pandas as pd

from smalltrees.evaluation.cells import compare
from smalltrees.evaluation.verdicts import Conclusion, Exact, Spread
from smalltrees.reporting.cell_views import cell_text
from smalltrees.reporting.markdown import to_markdown
from smalltrees.reporting.paper import LEGEND
from smalltrees.studies.last02.layout import (
    MEAN,
    PAPER_IFN,
    PARTIAL,
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
from smalltrees.studies.last02.turney_stability import summarise

STUDY, TABLE = "last02", "table4"
SIGNIFICANT = "‡"
"""Marks a stability significantly different from CMM's (the paper's "**", which markdown would
read as bold)."""
SIGNIFICANT_RUNS = "†"
"""Marks a stability significantly different from CMM's by the second test (per-run t-test)."""
TESTS = {"sig_vs_cmm": "p_vs_cmm", "sig_runs_vs_cmm": "p_runs_vs_cmm"}


def rules(tolerance: float) -> dict:
    """The rule of each quantity: the whole-data size exact, the stability within
    ``tolerance`` sd of our per-run values (the paper prints none), the marker by its
    conclusion; our other numbers have no paper value. The keys are patterns (only ``*`` is
    special)."""
    return {f"output_size[{PAPER_IFN}]": Exact(),
            f"stability[{PAPER_IFN}]": Spread(
                tolerance, paper_spread="none", spread_name="sd of our per-run stabilities"),
            f"sig_vs_cmm[{PAPER_IFN}]": Conclusion("sign"), "*": Exact()}


def table4_numbers(networks: Mapping[tuple[str, str], dict],
                   agreements: Mapping[tuple[str, str], pd.DataFrame],
                   sizes: Mapping[tuple[str, str], pd.DataFrame], paper: pd.DataFrame,
                   datasets: Sequence[str], learners: Sequence[str], ifn: Sequence[str],
                   alpha: float) -> pd.DataFrame:
    """Our numbers of Table 4 in long form (``code, quantity, reading, ours, ours_spread,
    decimals, item, note``), then the Average row over the paper's datasets.

    ``networks[(code, L)]`` is the whole-data network summary of IFN learner ``L``;
    ``agreements`` and ``sizes`` the stability job's outputs per (code, learner).
    """
    cmm = paper[(paper["table"] == TABLE) & (paper["quantity"] == "stability[CMM]")]
    cmm = dict(zip(cmm["code"], cmm["value"], strict=True))
    rows, values = [], {}
    for code in datasets:
        for learner in learners:
            summary = summarise(agreements[code, learner], cmm.get(code, np.nan), alpha)
            mine = {"fold_size": round(float(sizes[code, learner]["output_size"].mean()), 1),
                    "stability": round(summary["stability"], 2)}
            if learner in ifn:
                mine["output_size"] = int(networks[code, learner]["output_size"])
            values[code, learner] = {**mine, "stability_sd": round(summary["stability_sd"], 2)}
            for name, ours in mine.items():
                rows.append(_row(code, name, learner, ifn, ours,
                                 values[code, learner]["stability_sd"]
                                 if name == "stability" else np.nan))
            if code in cmm:
                for sig, p in TESTS.items():
                    rows.append(_row(code, sig, learner, ifn, float(summary[sig])))
                    rows.append(_row(code, p, learner, ifn, summary[p]))
    over = averaged(datasets, paper_datasets(paper, TABLE))
    for learner in learners:
        names = (["output_size"] if learner in ifn else []) + ["fold_size", "stability"]
        if over is None:  # no average: only the default's compared cells, as not run
            names = ["output_size", "stability"] if learner == ifn[0] else []
        for name in names:
            ours = mean_of({c: values[c, learner][name] for c in datasets}, over)
            sd = mean_of({c: values[c, learner]["stability_sd"] for c in datasets}, over) \
                if name == "stability" else np.nan
            rows.append(_row(MEAN, name, learner, ifn, ours, sd,
                             note=PARTIAL if over is None else ""))
    return pd.DataFrame(rows)


def make_table4(numbers: pd.DataFrame, paper: pd.DataFrame, tolerance: float) -> pd.DataFrame:
    """The cells of Table 4 and of its IFN readings: one :func:`compare` of the default's
    numbers and one per reading. The quoted columns are not compared."""
    compared = compared_paper(paper)
    return pd.concat([compare(STUDY, TABLE, numbers[numbers["reading"] == reading], compared,
                              rules(tolerance), lacking=reading == "")
                      for reading in dict.fromkeys(["", *numbers["reading"]])],
                     ignore_index=True)


def compared_paper(paper: pd.DataFrame) -> pd.DataFrame:
    """The paper's numbers of Table 4 we compare: IFN's size, stability and marker."""
    rows = paper[paper["table"] == TABLE]
    return rows[rows["quantity"].str.endswith(f"[{PAPER_IFN}]")]


_DECIMALS = {"output_size": 0, "fold_size": 1, "stability": 1, "sig_vs_cmm": 0,
             "sig_runs_vs_cmm": 0, "p_vs_cmm": 3, "p_runs_vs_cmm": 3}
_ITEMS = {"output_size": "IFN output size", "stability": "IFN stability",
          "sig_vs_cmm": "'**' vs CMM"}


def _row(code, name, learner, ifn, ours, spread=np.nan, note=""):
    label = _ITEMS.get(name, name) if learner in ifn else name
    return {"code": code, "quantity": quantity(name, learner, ifn),
            "reading": reading_of(learner, ifn), "ours": ours, "ours_spread": spread,
            "item": f"Table 4, {label} ({learner}), {code}", "note": note,
            "decimals": 2 if code == MEAN and name == "output_size" else _DECIMALS[name]}


def table4_view(cells: pd.DataFrame, paper: pd.DataFrame, learners: Sequence[str],
                ifn: Sequence[str], labels: Mapping[str, str],
                notes: Mapping[str, str]) -> pd.DataFrame:
    """Table 4 in the paper's shape from its cells: quoted sizes, each IFN learner's
    whole-data size (ours (paper's IFN)), every learner's mean fold size, quoted stabilities,
    every learner's stability with the marks of our two tests against CMM, and each IFN
    learner's "**" marker (1: significant at ``alpha``, 0: not; ours (paper's))."""
    codes = row_order(paper, TABLE, cells)
    parts = [pd.Series(labels_of(paper, TABLE, codes), name="dataset"),
             pd.DataFrame(quoted(paper, TABLE, "output_size", codes))]
    for learner in ifn:
        parts.append(columns(cells, {f"output_size[{PAPER_IFN}]":
                                     f"size {labels.get(learner, learner)}"},
                             codes, reading_of(learner, ifn)))
    for learner in learners:
        parts.append(columns(cells, {quantity("fold_size", learner, ifn):
                                     f"fold size {labels.get(learner, learner)}"},
                             codes, reading_of(learner, ifn)))
    parts.append(pd.DataFrame(quoted(paper, TABLE, "stability", codes, spreads=False)))
    for learner in learners:
        parts.append(pd.Series(_stability_texts(cells, learner, ifn, codes),
                               name=f"stab {labels.get(learner, learner)}", index=codes))
    for learner in ifn:
        parts.append(columns(cells, {f"sig_vs_cmm[{PAPER_IFN}]":
                                     f"marker vs CMM {labels.get(learner, learner)}"},
                             codes, reading_of(learner, ifn)))
    view = pd.concat(parts, axis=1)
    view["note"] = [notes.get(c, "") for c in codes]
    return view.reset_index(drop=True)


def _stability_texts(cells: pd.DataFrame, learner: str, ifn: Sequence[str],
                     codes: Sequence[str]) -> list[str]:
    """The stability cell (:func:`cell_text`, ``ours (paper)`` marked by its verdict), then
    our two tests' marks: ‡ where the per-example test against CMM is significant, † where
    the per-run one is."""
    mine = cells[cells["reading"] == reading_of(learner, ifn)].set_index(["code", "quantity"])
    texts = []
    for code in codes:
        key = (code, quantity("stability", learner, ifn))
        if key not in mine.index:
            texts.append("")
            continue
        text = cell_text(mine.loc[key].to_dict(), spreads=False)
        for sig, mark in (("sig_vs_cmm", SIGNIFICANT), ("sig_runs_vs_cmm", SIGNIFICANT_RUNS)):
            marker = (code, quantity(sig, learner, ifn))
            text += f" {mark}" if marker in mine.index and mine.loc[marker, "ours"] == 1 else ""
        texts.append(text)
    return texts


def render_table4(view: pd.DataFrame, design: str) -> str:
    """Markdown of :func:`table4_view`."""
    return (
        "# Last, Maimon & Minkov (2002), Table 4: output size and stability\n\n"
        "Output size: antecedents + consequents of all rules; *size* is the IFN induced on the "
        "whole dataset, ours (paper's); *fold size* the mean over the cross-validation's fold "
        f"models (ours alone). Stability (eq. 4, %): {design}. Significantly different from "
        "the paper's CMM stability at 1%, two-sided: ‡ (the paper's `**`, our test) one-sample "
        "t-test of the per-example agreement; † (a second test) one-sample t-test of the "
        "per-run stabilities (9 df). *marker vs CMM*: the paper's `**` as a test's conclusion, "
        "1 significant, 0 not: ours (our ‡) beside the paper's. In the IFN columns, "
        f"{LEGEND}. Columns marked *quoted* are the paper's copies of Domingos (1998). "
        "Average: over the paper's datasets.\n\n" + to_markdown(view)
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
