"""The one comparison: our numbers beside the paper's, one *cell* per number, judged once.

Every table of every study hands its numbers in long form to :func:`compare`, with the paper's
transcription (:mod:`smalltrees.evaluation.transcriptions`) and the rule of each kind of number
(:mod:`smalltrees.evaluation.verdicts`), and writes the cells it gets back. The table's views
(Markdown, HTML, CSV) are rendered from those cells and the scorecard is their concatenation,
so a table and the scorecard cannot disagree.

A cell has :data:`CELL_COLUMNS`. ``reading`` is empty for the study's default and names the
reading otherwise (an alternative interpretation tried to explain a deviation). A number the
paper does not have -- a dataset, domain, learner or row it never used -- is a cell with an
empty ``paper`` and no verdict: ours alone, never counted among reproduced or differs. A paper
number we do not have is ``not run``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

import numpy as np
import pandas as pd

from smalltrees.evaluation.transcriptions import matches
from smalltrees.evaluation.verdicts import VERDICTS
from smalltrees.files import write_text

CELL_COLUMNS = ("study", "table", "code", "quantity", "reading", "item", "paper",
                "paper_spread", "ours", "ours_spread", "decimals", "difference", "rule",
                "verdict", "note")
OURS_COLUMNS = ("code", "quantity", "ours")
"""What :func:`compare` needs of our numbers (``ours_spread``, ``item``, ``note``,
``reading`` and ``decimals`` are optional)."""
TEXT_COLUMNS = ("study", "table", "code", "quantity", "reading", "item", "rule", "verdict",
                "note")


def compare(study: str, table: str, ours: pd.DataFrame, paper: pd.DataFrame, rules,
            lacking: bool = True) -> pd.DataFrame:
    """The cells of ``table``: every number of ``ours`` (long form: ``code, quantity, ours``,
    optional ``ours_spread``, ``item``, ``note``, ``reading``, ``decimals``) beside the
    paper's number of the same (code, quantity) in ``paper`` (a transcription; its rows of
    ``table`` only), judged by ``rules`` (one rule, or a mapping from quantity globs to rules,
    the first match winning). Rows come in the order of ``ours``, then the paper's numbers we
    lack (``not run``; with ``lacking`` False they are left out: a reading's cells cover the
    numbers it was tried on). A number without a paper value is shown with its own
    ``decimals``, else as the paper prints that quantity in other rows, else with 2."""
    missing = [c for c in OURS_COLUMNS if c not in ours.columns]
    if missing:
        raise ValueError(f"{study} {table}: our numbers lack columns {missing}")
    mine = ours.copy()
    for column, default in (("ours_spread", np.nan), ("item", ""), ("note", ""),
                            ("reading", ""), ("decimals", np.nan)):
        if column not in mine.columns:
            mine[column] = default
    mine["code"] = mine["code"].astype(str)
    theirs = paper[paper["table"] == table][["code", "quantity", "value", "spread", "decimals"]]
    theirs = theirs.rename(columns={"value": "paper", "spread": "paper_spread",
                                    "decimals": "paper_decimals"})
    merged = mine.merge(theirs, on=["code", "quantity"], how="left")
    absent = theirs.merge(mine[["code", "quantity"]].drop_duplicates(), how="left",
                          on=["code", "quantity"], indicator=True)
    absent = absent[absent["_merge"] == "left_only"].drop(columns="_merge")
    if len(absent) and lacking:
        absent = absent.assign(ours=np.nan, ours_spread=np.nan, item="", note="", reading="",
                               decimals=np.nan)
        merged = pd.concat([merged, absent], ignore_index=True)
    printed = theirs.groupby("quantity")["paper_decimals"].max().to_dict()
    rows = []
    for record in merged.to_dict("records"):
        rule = _rule_for(rules, record["quantity"], study, table)
        decimals = next((d for d in (record["paper_decimals"], record["decimals"],
                                     printed.get(record["quantity"])) if not _missing(d)), 2)
        paper_value = record["paper"]
        has_paper = not _missing(paper_value)
        verdict = (rule.judge(record["ours"], paper_value, record["ours_spread"],
                              record["paper_spread"], decimals) if has_paper else "")
        numeric = has_paper and not _missing(record["ours"])
        rows.append({
            "study": study, "table": table, "code": record["code"],
            "quantity": record["quantity"], "reading": record["reading"] or "",
            "item": record["item"] or f"{table}, {record['quantity']}, {record['code']}",
            "paper": paper_value, "paper_spread": record["paper_spread"],
            "ours": record["ours"], "ours_spread": record["ours_spread"],
            "decimals": int(decimals),
            "difference": round(float(record["ours"]) - float(paper_value), 4) if numeric
            else np.nan,
            "rule": rule.text(decimals) if has_paper else "",
            "verdict": verdict, "note": record["note"] or "",
        })
    return cells_frame(rows)


def cells_frame(rows) -> pd.DataFrame:
    """Rows as a cells frame with exactly :data:`CELL_COLUMNS`; refuses an unknown verdict."""
    frame = pd.DataFrame(list(rows), columns=list(CELL_COLUMNS))
    unknown = sorted(set(frame["verdict"].fillna("")) - set(VERDICTS) - {""})
    if unknown:
        raise ValueError(f"cell verdicts {unknown} are not among {list(VERDICTS)}")
    return frame


def claim_cells(study: str, table: str, judged: pd.DataFrame) -> pd.DataFrame:
    """The cells of a study's claims (the rows of :func:`smalltrees.evaluation.claims.judge`):
    the claim's id as the code, its subject as the quantity, the paper's words and our value
    as text, the computed check as the rule."""
    rows = []
    for r in judged.to_dict("records"):
        subject = f" ({r['subject']})" if r["subject"] else ""
        rows.append({"study": study, "table": table, "code": r["id"],
                     "quantity": r["subject"], "reading": "",
                     "item": f"Claim{subject}: {r['claim']}", "paper": r["paper"],
                     "paper_spread": np.nan, "ours": r["ours"], "ours_spread": np.nan,
                     "decimals": 0, "difference": np.nan,
                     "rule": f"computed check: {r['test']}", "verdict": r["verdict"],
                     "note": ""})
    return cells_frame(rows)


def write_cells(path: str | os.PathLike, cells: pd.DataFrame) -> None:
    """Store cells as CSV (atomically), numbers as computed."""
    write_text(path, cells_frame(cells.to_dict("records")).to_csv(index=False,
                                                                  lineterminator="\n"))


def read_cells(path: str | os.PathLike) -> pd.DataFrame:
    """Cells written by :func:`write_cells`: text columns as text (empty, never NaN);
    ``paper`` and ``ours`` as numbers where every value is one (claims keep their words)."""
    frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    missing = [c for c in CELL_COLUMNS if c not in frame.columns]
    if missing:
        raise ValueError(f"{path}: missing cell columns {missing}")
    for column in ("paper", "ours", "paper_spread", "ours_spread", "difference"):
        frame[column] = _maybe_numeric(frame[column])
    frame["decimals"] = pd.to_numeric(frame["decimals"]).astype(int)
    return cells_frame(frame.to_dict("records"))


def _maybe_numeric(column: pd.Series) -> pd.Series:
    """Numbers where every non-empty value is one (empty -> NaN), else the text unchanged."""
    numbers = pd.to_numeric(column.replace("", None), errors="coerce")
    if (numbers.isna() & (column != "")).any():
        return column
    return numbers.astype(float)


def _rule_for(rules, quantity: str, study: str, table: str):
    """The rule of ``quantity``: ``rules`` itself, or its first pattern that matches
    (:func:`~smalltrees.evaluation.transcriptions.matches`: only ``*`` is special)."""
    if not isinstance(rules, Mapping):
        return rules
    for pattern, rule in rules.items():
        if matches(pattern, quantity):
            return rule
    raise ValueError(f"{study} {table}: no rule for quantity {quantity!r}; rules cover "
                     f"{list(rules)}")


def _missing(value) -> bool:
    return value is None or (not isinstance(value, str) and bool(pd.isna(value))) or value == ""
