"""Sky1, Sky2 and Sky3 of Auer, Holte & Maass (1995), section 3.

"Sky2 is the optimal accuracy of any 2-level tree on the entire dataset; it was obtained by
running T2 on the whole dataset" -- a deterministic number, since T2 is exact. Sky1 is the same
for 1-level trees (T1), Sky3 for 3-level trees (T3, the algorithm Td of Theorem 3 for d = 3,
which the paper proposes but does not run): the paper's "capacity for summarization" one level
deeper.

Sky2 has readings (:func:`sky_reading_cells`): the best tree of another T2 learner on the whole
dataset, e.g. a continuous attribute's missing value read as below every known value
(``T2(continuous_missing="lowest")``), which is how a program that codes "missing" by a
sentinel number searches: a narrower class than the paper's TREE(2), whose tests have a missing
edge of their own.
"""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd
from sklearn.base import clone

from smalltrees.evaluation.cells import compare
from smalltrees.evaluation.verdicts import ROUNDING, Exact
from smalltrees.learners.optimal.estimators import T1, T2, T3
from smalltrees.reporting.cell_views import paper_shape
from smalltrees.reporting.markdown import to_markdown
from smalltrees.studies.auer95 import STUDY


def sky(X: pd.DataFrame, y: pd.Series, readings: Mapping[str, object] | None = None) -> dict:
    """Training accuracy (%) and errors of the optimal 1- and 2-level trees, and T2's tree;
    with ``readings`` (name -> an unfitted T2 learner), each one's Sky2 and errors."""
    t1, t2 = T1().fit(X, y), T2().fit(X, y)
    found = {}
    for name, learner in (readings or {}).items():
        fitted = clone(learner).fit(X, y)
        found[name] = {"sky2": round(100.0 * fitted.score(X, y), 2),
                       "t2_errors": int(fitted.n_errors_)}
    return {
        "n": len(y),
        "sky1": round(100.0 * t1.score(X, y), 2),
        "sky2": round(100.0 * t2.score(X, y), 2),
        "t1_errors": int(t1.n_errors_),
        "t2_errors": int(t2.n_errors_),
        "t2_tree": t2.export_text(),
        "readings": found,
    }


def sky3(X: pd.DataFrame, y: pd.Series) -> dict:
    """Training accuracy (%) and errors of the optimal 3-level tree, and the tree."""
    t3 = T3().fit(X, y)
    return {"n": len(y), "sky3": round(100.0 * t3.score(X, y), 2),
            "t3_errors": int(t3.n_errors_), "t3_tree": t3.export_text()}


def paper_values(paper: pd.DataFrame, table: str, quantity: str) -> pd.Series:
    """One quantity of one table of the paper's transcription, per dataset code."""
    rows = paper[(paper["table"] == table) & (paper["quantity"] == quantity)]
    return rows.set_index("code")["value"].astype(float)


def sky_cells(rows: Mapping[str, dict], paper: pd.DataFrame) -> pd.DataFrame:
    """The cells of Sky2 (``rows``: code -> :func:`sky` dict): ours beside the paper's Sky2
    (Table 2; table ``sky2`` of the transcription), judged exactly at ± 0.05, the paper's
    rounding of its one-decimal accuracies (also for SO's "100")."""
    return _judged([{"code": code, "reading": "", "sky2": row["sky2"], "item": f"Sky2, {code}"}
                    for code, row in rows.items()], rows, paper, lacking=True)


def sky_reading_cells(rows: Mapping[str, dict], paper: pd.DataFrame) -> pd.DataFrame:
    """The reading cells of Sky2: each reading's Sky2 (``rows[code]["readings"]``) beside the
    paper's, by :func:`sky_cells`' rule; none without readings."""
    return _judged([{"code": code, "reading": name, "sky2": found["sky2"],
                     "item": f"Sky2, {code}: {name}"}
                    for code, row in rows.items()
                    for name, found in row.get("readings", {}).items()],
                   rows, paper, lacking=False)


def _judged(numbers: list[dict], rows: Mapping[str, dict], paper: pd.DataFrame,
            lacking: bool) -> pd.DataFrame:
    """Sky2 ``numbers`` (code, reading, sky2, item) beside the paper's Sky2 of the datasets of
    ``rows``, judged exactly at the paper's rounding; with ``lacking``, the paper's numbers we
    lack as ``not run``."""
    ours = pd.DataFrame([{"code": n["code"], "quantity": "sky2", "reading": n["reading"],
                          "ours": float(n["sky2"]), "decimals": 1, "item": n["item"]}
                         for n in numbers],
                        columns=["code", "quantity", "reading", "ours", "decimals", "item"])
    return compare(STUDY, "sky2", ours, paper[paper["code"].isin(list(rows))],
                   Exact(rounding=ROUNDING), lacking=lacking)


def make_sky_table(cells: pd.DataFrame, rows: Mapping[str, dict], paper: pd.DataFrame,
                   notes: Mapping[str, str], deeper: Mapping[str, dict] | None = None
                   ) -> pd.DataFrame:
    """Our Sky1/Sky2 per dataset, Sky2 as "ours (paper)" from ``cells``; with ``deeper``
    (the :func:`sky3` of each dataset), also Sky3 and the paper's C4.5 cross-validated
    accuracy it is read against (empty for a dataset the paper did not use)."""
    shown = paper_shape(cells, {"sky2": "sky2"}, rows=list(rows)).set_index("code")["sky2"]
    paper_c45 = paper_values(paper, "table2", "c45_accuracy")
    records = []
    for code, ours in rows.items():
        record = {"code": code, "n": ours["n"], "sky1": ours["sky1"], "sky2": shown[code]}
        if deeper is not None:
            record["sky3"] = deeper[code]["sky3"]
        record["t2_errors"] = ours["t2_errors"]
        if deeper is not None:
            record["t3_errors"] = deeper[code]["t3_errors"]
            record["paper_c45"] = paper_c45.get(code, "")
        record["note"] = notes.get(code, "")
        records.append(record)
    return pd.DataFrame(records)


def summarising_power(table: pd.DataFrame, rows: Mapping[str, dict]) -> str:
    """What Sky3 shows, in one sentence: on how many datasets the best 3-level tree (on all the
    data) is at least as accurate as the paper's C4.5 in cross-validation, and where not
    (``rows``: our Sky values by code)."""
    known = table[table["paper_c45"] != ""].assign(
        sky2=lambda t: [float(rows[c]["sky2"]) for c in t["code"]],
        paper_c45=lambda t: t["paper_c45"].astype(float))
    reach = known[known["sky3"] >= known["paper_c45"]]
    short = known[known["sky3"] < known["paper_c45"]]
    reach2 = int((known["sky2"] >= known["paper_c45"]).sum())
    gaps = ", ".join(f"{code} {gap:+.1f}" for code, gap in
                     zip(short["code"], short["sky3"] - short["paper_c45"], strict=True))
    text = (f"Sky3 (T3, the best 3-level tree, on the whole dataset; beyond the paper) reaches "
            f"the accuracy of C4.5 in the paper's cross-validation (Table 2) on {len(reach)} of "
            f"{len(known)} datasets (Sky2 on {reach2}): there a 3-level tree can summarise the "
            f"data as accurately as C4.5's deeper trees predict unseen cases (Sky3 is a training "
            f"accuracy: the ceiling of 3-level trees, not a prediction)")
    if len(short):
        text += f"; it stays below on {', '.join(short['code'])} (points: {gaps})"
    return text + ".\n\n"


def render_sky_table(table: pd.DataFrame, rows: Mapping[str, dict]) -> str:
    """Markdown of :func:`make_sky_table` (Sky2 marked by its verdict)."""
    if "sky3" not in table:
        return ("# Auer, Holte & Maass (1995): Sky1 and Sky2 (accuracy % of the best 1- and "
                "2-level tree on the whole dataset)\n\n" + _SKY12 + to_markdown(table))
    return ("# Auer, Holte & Maass (1995): Sky1, Sky2 and Sky3 (accuracy % of the best 1-, 2- "
            "and 3-level tree on the whole dataset)\n\n" + _SKY12 + summarising_power(table, rows)
            + to_markdown(table))


_SKY12 = ("Sky2 is compared with the paper's (Table 2): ours (paper), **bold** where it "
          "differs. Sky1 (T1 on the whole dataset) is "
          "never printed by the paper; section 4 uses it as the best 1-level tree's error "
          "1 - Sky1 in eps and in the predicted T2/T1 factors.\n\n")


def readings_text(readings: pd.DataFrame, cells: pd.DataFrame) -> str:
    """One sentence per reading of Sky2 (:func:`sky_reading_cells`): the datasets where its
    Sky2 differs from ours (``cells``, the default's), with the paper's and the verdict."""
    default = cells.set_index("code")["ours"]
    parts = []
    for name, block in readings.groupby("reading", sort=False):
        moved = block[block["ours"].to_numpy() != default.reindex(block["code"]).to_numpy()]
        found = ", ".join(f"{r['code']} {r['ours']:.2f} (paper {r['paper']:g}: {r['verdict']})"
                          for r in moved.to_dict("records")) or "none"
        parts.append(f"Reading '{name}' (T2's best tree under it on the whole dataset) "
                     f"changes Sky2 on: {found}; the other datasets are as above.\n")
    return "\n" + "\n".join(parts) if parts else ""
