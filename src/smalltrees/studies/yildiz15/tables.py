"""Tables I-IV of Yildiz (2015) from our per-fold results, and their Markdown renderings.

Table I lists the paper's 31 datasets (names, S and d from the author's toolkit, since the
table body is missing from our copy of the paper) beside what we ran: our S, d, attribute kind
and class counts, or why a dataset is not available (a sheet, not compared: its S and d are
the toolkit's, not the paper's). Tables II-IV are the mean +- sd over the 10 folds of the test
error (%), the number of decision nodes and the SRM bound (%), as cells
(:mod:`smalltrees.evaluation.cells`); the paper's numbers are not in our copy, so every cell
is ours alone (the claims are judged in :mod:`smalltrees.studies.yildiz15.claims`). Tables II
and III end with the Friedman/Nemenyi results over the datasets run.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from smalltrees.evaluation.cells import compare
from smalltrees.evaluation.ranks import RankTest, friedman_nemenyi
from smalltrees.reporting.cell_views import paper_shape
from smalltrees.reporting.markdown import to_markdown
from smalltrees.reporting.paper import LEGEND
from smalltrees.studies.yildiz15 import METHODS, SRM
from smalltrees.studies.yildiz15.protocol import paper_coding

STUDY = "yildiz15"

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
    """One row per dataset of the paper (``paper``: the sheet
    ``data/paper/yildiz15/sheets/table1.csv``): its S, d, kind and classes (author's toolkit),
    ours, and whether we ran it; then one row per dataset we ran that the paper did not use
    (ours alone)."""
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
    listed = set(paper["code"].dropna())
    rows += [{"dataset": code, "code": code, **mine, "status": "run (not in the paper)",
              "note": notes.get(code, "")} for code, mine in ours.items() if code not in listed]
    integers = {column: "Int64" for column in ("S", "d", "our_S", "our_d")}
    return pd.DataFrame(rows, columns=list(rows[0])).astype(integers)


def render_table1(table: pd.DataFrame) -> str:
    """Table I as Markdown, saying whose numbers the paper's columns are."""
    return (f"# Yildiz (2015), {TITLES['table1']}\n\nS, d, kind and classes are the author's "
            "(ISELL rule.xml; the paper's table body is missing from our copy); our_* are the "
            "datasets we run (one the paper did not use is listed last, ours alone).\n\n"
            + to_markdown(table))


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
    """Tables II-IV (wide, :func:`make_metric_table`; Table IV by :func:`make_bound_table`)
    from the per-fold results of every dataset, and the Friedman/Nemenyi tests (level
    ``alpha``) of Tables II (error) and III (nodes)."""
    tables = {"table2": make_metric_table(folds, "error"),
              "table3": make_metric_table(folds, "nodes"), "table4": make_bound_table(folds)}
    tests = {name: rank_test(tables[name], alpha) for name in ("table2", "table3")}
    return tables, tests


def metric_cells(name: str, table: pd.DataFrame, paper: pd.DataFrame, rule) -> pd.DataFrame:
    """The cells of Table II, III or IV (``name``): per dataset and method, our mean and sd
    over the folds beside the paper's number, judged by ``rule``. Our copy of the paper has
    none, so every cell is ours alone unless a transcription gives them."""
    methods, decimals = FORMATS[name]
    label = TITLES[name].split(":")[0]
    ours = pd.DataFrame([{"code": code, "quantity": m, "ours": row[m],
                          "ours_spread": row[f"{m}_sd"], "decimals": decimals,
                          "item": f"{label}, {m}, {code}"}
                         for code, row in table.set_index("code").iterrows() for m in methods],
                        columns=["code", "quantity", "ours", "ours_spread", "decimals", "item"])
    return compare(STUDY, name, ours, paper, rule)


def csv_view(cells: pd.DataFrame, table: pd.DataFrame) -> pd.DataFrame:
    """The CSV view of a table's cells: one row per code, ``<method>`` (ours), ``<method>_sd``
    and, where the paper has numbers, ``<method>_paper`` and ``<method>_verdict``; then the
    columns of ``table`` (the wide table the cells were made from) that are not cells, such as
    Table IV's test errors and S."""
    default = cells[cells["reading"] == ""]
    out = pd.DataFrame({"code": list(dict.fromkeys(default["code"]))})
    for method in dict.fromkeys(default["quantity"]):
        mine = default[default["quantity"] == method].set_index("code")
        out[method] = out["code"].map(mine["ours"])
        out[f"{method}_sd"] = out["code"].map(mine["ours_spread"])
        if mine["paper"].notna().any():
            out[f"{method}_paper"] = out["code"].map(mine["paper"])
            out[f"{method}_verdict"] = out["code"].map(mine["verdict"])
    extra = ["code", *(c for c in table.columns if c not in out.columns)]
    return out.merge(table[extra], on="code", how="left")


def render_metric_table(name: str, cells: pd.DataFrame, settings: str,
                        test: RankTest | None = None) -> str:
    """A table's Markdown from its cells: ``mean ± sd`` (ours, beside the paper's number where
    it has one), the method with the lowest mean of each row, and the rank test."""
    shown = paper_shape(cells)
    default = cells[cells["reading"] == ""]
    found = default.dropna(subset=["ours"])
    lowest = found.loc[found.groupby("code", sort=False)["ours"].idxmin()]
    shown["lowest"] = shown["code"].map(lowest.set_index("code")["quantity"]).fillna("")
    legend = (LEGEND if cells["paper"].notna().any() else
              "Our copy of the paper prints none of these numbers: every cell is ours alone")
    text = f"# Yildiz (2015), {TITLES[name]}\n\n{settings}\n\n{legend}.\n\n" + to_markdown(shown)
    if test is not None:
        text += "\n" + to_markdown(rank_rows(test, name)[["item", "value"]])
    return text


def rank_table(tests: Mapping[str, RankTest]) -> pd.DataFrame:
    """The rank tests' results, one block of rows per table."""
    return pd.concat([rank_rows(test, name) for name, test in tests.items()])
