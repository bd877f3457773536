"""The dkm96 items of the scorecard: every number of Tables 1 and 2 we recompute, and the claims.

Every verdict is the one the table computed: Table 1's cells by the spread rule with the
cell's sd over the R partitions on both sides (:mod:`.table1`), Table 2's with the standard
error of a mean of trials on both sides (:mod:`.table2`); a domain whose data are unavailable
offline is ``not run``. The claims (section 3.1's sign test and pooled t, section 4's checks)
come from the claims table (:mod:`.claims`); the check beyond the paper (no paper value) is
not a paper item and is left out. The decision-list row of Table 2 is left out too: its
generator was calibrated against that row, so its closeness is not a reproduction (the table
shows it, marked "calibrated"). The causes and notes come from ``data/paper/dkm96/notes.csv``.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from smalltrees.evaluation.claims import judge
from smalltrees.reporting.scorecard import Part, item, scorecard_frame
from smalltrees.studies.dkm96 import table2 as table2_module
from smalltrees.studies.dkm96.claims import table1_checks
from smalltrees.studies.dkm96.partition_statistics import METRICS
from smalltrees.studies.dkm96.table1 import DECIMALS

STUDY = "dkm96"
ACROSS = "all"
"""The code of Table 1's row of tests over all domains."""
TABLE1 = Part("table1", "Table 1: C4.5(G) vs C4.5(H)", "results/tables/dkm96_table1.html")
TABLE2 = Part("table2", "Table 2: TopDown vs AdaBoost at equal rounds",
              "results/tables/dkm96_table2.html")
TABLE1_CLAIMS = Part("claims", "Claims of section 3.1 (tests over Table 1's domains)",
                     "results/tables/dkm96_table1.html")
CLAIMS = Part("claims", "Claims of section 4", "results/tables/dkm96_claims.html")


def scorecard_items(table1: pd.DataFrame, tolerance: float,
                    paper_claims: pd.DataFrame) -> pd.DataFrame:
    """One row per cell of Table 1 with a paper value, and section 3.1's claims (the
    ``table1`` rows of ``paper_claims``) on the table's row over all domains."""
    rows = []
    rule = (f"within {tolerance:g} x sqrt(2) sd over partitions (+ half a printed unit); close "
            f"within {2 * tolerance:g}")
    for record in table1.to_dict("records"):
        domain = record["domain"]
        if domain == ACROSS:
            continue
        status = "" if record["status"] == "ok" else record["status"]
        for metric in METRICS:
            paper = record[f"paper_{metric}"]
            if np.isnan(paper):
                continue
            rows.append(item(STUDY, TABLE1, domain, metric, f"Table 1, {metric}, {domain}",
                             paper, None, record[metric], record[f"{metric}_sd"],
                             record[f"{metric}_verdict"], rule, status,
                             places=DECIMALS[metric]))
    tests = table1.loc[table1["domain"] == ACROSS]
    if not tests.empty:
        judged = judge(paper_claims[paper_claims["part"] == "table1"],
                       table1_checks(tests.iloc[0].to_dict()))
        rows += _claim_items(judged, TABLE1_CLAIMS)
    return scorecard_frame(rows)


def section4_items(table2: pd.DataFrame, claims: pd.DataFrame,
                   tolerance: float) -> pd.DataFrame:
    """One row per cell of Table 2 and per paper claim (sections 3.1 and 4)."""
    rows = []
    rule = (f"within {tolerance:g} x sqrt(2) x standard error of the mean of the trials "
            f"(+ half a printed unit); close within {2 * tolerance:g}")
    for record in table2.to_dict("records"):
        if record["calibrated"]:
            continue
        for cell, (_, _, _, header) in table2_module.CELLS.items():
            rows.append(item(STUDY, TABLE2, record["domain"], cell,
                             f"Table 2, {header}, {record['problem']}",
                             record[f"paper_{cell}"], None, round(record[cell], 3),
                             round(record[f"{cell}_sd"], 3), record[f"{cell}_verdict"], rule,
                             places=table2_module.DECIMALS[cell]))
    rows += _claim_items(claims[claims["paper"] != ""], CLAIMS)  # the rest are ours
    return scorecard_frame(rows)


def _claim_items(claims: pd.DataFrame, part: Part) -> list[dict]:
    return [item(STUDY, part, r["id"], r["subject"],
                 f"Claim{f' ({s})' if (s := r['subject']) else ''}: {r['claim']}", r["paper"],
                 None, r["ours"], None, r["verdict"], f"computed check: {r['test']}")
            for r in claims.to_dict("records")]
