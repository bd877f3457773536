"""Tables I-IV of Yildiz (2015) from our per-fold results, and their Markdown renderings.

Table I lists the paper's 31 datasets (names, S and d from the author's toolkit, since the
table body is missing from our copy of the paper) beside what we ran: our S, d, attribute kind
and class counts, or why a dataset is not available. Tables II-IV are the mean +- sd over the
10 folds of the test error (%), the number of decision nodes and the SRM bound (%); the paper's
cells are not in our copy, so there is nothing to compare cell by cell (the claims are judged in
:mod:`smalltrees.studies.yildiz15.claims`). Tables II and III end with the Friedman/Nemenyi
results over the datasets run.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from smalltrees.evaluation.ranks import RankTest, friedman_nemenyi
from smalltrees.reporting.markdown import to_markdown
from smalltrees.studies.yildiz15.protocol import METHODS, SRM, paper_coding

METRICS = {"error": "test_error", "nodes": "nodes", "bound": "bound"}
TITLES = {
    "table1": "Table I: datasets (d: number of attributes, S: sample size)",
    "table2": "Table II: test error (%) of the four pruning methods, mean +- sd over 10 folds",
    "table3": "Table III: number of decision nodes, mean +- sd over 10 folds",
    "table4": "Table IV: SRM error bound (%) of the pruned trees, mean +- sd over 10 folds",
}


def describe(X: pd.DataFrame, y: pd.Series) -> dict:
    """Our S, d, kind and class counts of a dataset (the kind after the paper's coding)."""
    _, kind = paper_coding(X)
    counts = y.value_counts().sort_index()
    return {"our_S": len(y), "our_d": X.shape[1], "our_kind": kind,
            "our_classes": "/".join(str(int(c)) for c in counts.to_numpy())}


def make_table1(paper: pd.DataFrame, ours: Mapping[str, dict], notes: Mapping[str, str]
           ) -> pd.DataFrame:
    """One row per dataset of the paper: its S, d, kind and classes (author's toolkit), ours,
    and whether we ran it."""
    rows = []
    for entry in paper.to_dict("records"):
        code = entry["code"] if isinstance(entry["code"], str) else ""
        mine = ours.get(code, {})
        if mine:
            status = "run" + (" (generated)" if entry["available"] == "generated" else "")
        elif code:
            status = "not run (not in yildiz15.datasets)"
        else:
            status = "not available: " + entry["reason"]
        rows.append({"dataset": entry["dataset"], "code": code, "group": entry["group"],
                     "S": entry["S"], "d": entry["d"], "kind": entry["kind"],
                     "classes": entry["classes"], **{k: mine.get(k, np.nan) for k in
                                                     ("our_S", "our_d", "our_kind",
                                                      "our_classes")},
                     "status": status, "note": notes.get(code, "")})
    return pd.DataFrame(rows)


def render_table1(table: pd.DataFrame) -> str:
    """Table I as Markdown, saying whose numbers the paper's columns are."""
    return (f"# Yildiz (2015), {TITLES['table1']}\n\nS, d, kind and classes are the author's "
            "(ISELL rule.xml; the paper's table body is missing from our copy); our_* are the "
            "datasets we run.\n\n" + to_markdown(table))


def make_metric_table(folds: Mapping[str, pd.DataFrame], metric: str,
            methods: Sequence[str] = METHODS) -> pd.DataFrame:
    """Mean and sd over the folds of ``metric`` per dataset (rows, in ``folds`` order) and
    method: columns ``code, <method>, <method>_sd``."""
    rows = []
    for code, frame in folds.items():
        row = {"code": code}
        for method in methods:
            values = frame.loc[frame["method"] == method, METRICS[metric]].to_numpy(float)
            row[method] = values.mean()
            row[f"{method}_sd"] = values.std(ddof=1) if values.size > 1 else 0.0
        rows.append(row)
    return pd.DataFrame(rows)


def rank_test(table: pd.DataFrame, alpha: float, methods: Sequence[str] = METHODS) -> RankTest:
    """Friedman + Nemenyi over the datasets of a summary table (lower is better)."""
    return friedman_nemenyi(table[list(methods)].to_numpy(), methods, alpha)


def rank_rows(test: RankTest, table: str) -> pd.DataFrame:
    """The rank test as tidy rows: average ranks, Friedman, CD and Nemenyi cliques."""
    rows = [{"table": table, "item": f"average rank {m}", "value": f"{r:.3f}"}
            for m, r in zip(test.methods, test.average_ranks, strict=True)]
    rows += [
        {"table": table, "item": "datasets N", "value": str(test.n_datasets)},
        {"table": table, "item": "Friedman chi2 (p)",
         "value": f"{test.chi2:.3f} ({test.p_chi2:.3g})"},
        {"table": table, "item": "Iman-Davenport F (p)",
         "value": f"{test.iman_davenport:.3f} ({test.p_iman_davenport:.3g})"},
        {"table": table, "item": f"Nemenyi CD (alpha = {test.alpha})",
         "value": f"{test.critical_difference:.3f}"},
        {"table": table, "item": "Nemenyi groups",
         "value": "; ".join("{" + ", ".join(g) + "}" for g in test.cliques()) or "none"},
    ]
    return pd.DataFrame(rows)


def render_metric_table(table: pd.DataFrame, name: str, methods: Sequence[str], decimals: int,
           settings: str, test: RankTest | None = None) -> str:
    """A summary table as Markdown: ``mean +- sd`` cells, the best mean of a row in bold."""
    shown = pd.DataFrame({"code": table["code"]})
    for method in methods:
        shown[method] = [f"{m:.{decimals}f} ± {s:.{decimals}f}" for m, s in
                         zip(table[method], table[f"{method}_sd"], strict=True)]
    best = table[list(methods)].to_numpy().argmin(axis=1)
    for i, j in enumerate(best):
        shown.iloc[i, 1 + j] = f"**{shown.iloc[i, 1 + j]}**"
    text = f"# Yildiz (2015), {TITLES[name]}\n\n{settings}\n\n" + to_markdown(shown)
    if test is not None:
        text += "\n" + to_markdown(rank_rows(test, name)[["item", "value"]])
    return text


def make_bound_table(folds: Mapping[str, pd.DataFrame]) -> pd.DataFrame:
    """Table IV with the test error of the same trees and the dataset size beside it."""
    bounds = make_metric_table(folds, "bound", SRM)
    errors = make_metric_table(folds, "error", SRM)
    for method in SRM:
        bounds[f"{method}_test_error"] = errors[method]
    bounds["S"] = [int(frame["n_train"].iloc[0] + frame["n_valid"].iloc[0]
                       + frame["n_test"].iloc[0]) for frame in folds.values()]
    return bounds


FORMATS = {"table2": (METHODS, 2), "table3": (METHODS, 1), "table4": (SRM, 2)}
"""Tables II-IV: the methods shown and the decimals of their cells."""


def make_tables(folds: Mapping[str, pd.DataFrame], alpha: float
                ) -> tuple[dict[str, pd.DataFrame], dict[str, RankTest]]:
    """Tables II-IV from the per-fold results of every dataset, and the Friedman/Nemenyi tests
    (level ``alpha``) of Tables II (error) and III (nodes)."""
    tables = {"table2": make_metric_table(folds, "error"),
              "table3": make_metric_table(folds, "nodes"), "table4": make_bound_table(folds)}
    tests = {name: rank_test(tables[name], alpha) for name in ("table2", "table3")}
    return tables, tests


def render_tables(tables: Mapping[str, pd.DataFrame], tests: Mapping[str, RankTest],
                  settings: str) -> dict[str, str]:
    """Tables II-IV in Markdown (Tables II and III with their tests)."""
    return {name: render_metric_table(table, name, *FORMATS[name], settings, tests.get(name))
            for name, table in tables.items()}


def rank_table(tests: Mapping[str, RankTest]) -> pd.DataFrame:
    """The rank tests' results, one block of rows per table."""
    return pd.concat([rank_rows(test, name) for name, test in tests.items()])
