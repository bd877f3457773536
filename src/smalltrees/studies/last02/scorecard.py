"""The last02 items of the scorecard: every number of Tables 3 and 4 we recompute, and the claims.

The verdicts are the ones the tables already hold (:mod:`smalltrees.studies.last02.table3` and
:mod:`~smalltrees.studies.last02.table4`, from the shared rules of
:mod:`smalltrees.evaluation.verdicts`); only the dataset description is judged here, by
``exact_rule``. The CMM, Bagging and C4.5RULES columns are the paper's quotes of Domingos (1998):
nothing of ours is compared with them, so they are no items.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd

from smalltrees.evaluation.verdicts import exact_rule
from smalltrees.reporting.scorecard import item, scorecard_frame
from smalltrees.studies.last02.table3 import (
    DESCRIPTION,
    MEAN,
    accuracy_column,
    ci_column,
    verdict_column,
)

STUDY = "last02"
INTERVAL_RULE = "95% intervals overlap"


def scorecard_items(table3: pd.DataFrame, table4: pd.DataFrame, claims: pd.DataFrame,
                    ifn: Sequence[str], tolerance: float,
                    notes: Mapping[tuple[str, str], str]) -> pd.DataFrame:
    """One row per compared cell of Tables 3 and 4 and per claim (``notes`` by (table, code))."""
    rows = []
    for record in table3.to_dict("records"):
        code = record["code"]
        note = notes.get(("table3", code), "")
        if code != MEAN:
            for key in DESCRIPTION:
                paper, ours = record[f"paper_{key}"], record[key]
                rows.append(item(STUDY, f"Table 3, {key}, {code}", paper, None, ours, None,
                                 exact_rule(ours, paper, 0.5), "exact", note))
        for learner in ifn:
            if not _judged(record[verdict_column(learner)]):
                continue  # the average row is judged by the claims
            rows.append(item(
                STUDY, f"Table 3, IFN accuracy ({learner}), {code}", record["paper_IFN_acc"],
                record["paper_IFN_acc_pm"], record[accuracy_column(learner)],
                record[ci_column(learner)], record[verdict_column(learner)], INTERVAL_RULE,
                note))
    for record in table4.to_dict("records"):
        code = record["code"]
        note = notes.get(("table4", code), "")
        for learner in ifn:
            rows.append(item(STUDY, f"Table 4, IFN output size ({learner}), {code}",
                             record["paper_size_IFN"], None, record[f"output_size[{learner}]"],
                             None, record[f"size_verdict[{learner}]"], "exact", note))
            rows.append(item(
                STUDY, f"Table 4, IFN stability ({learner}), {code}", record["paper_stab_IFN"],
                None, record[f"stability[{learner}]"], record[f"stability_sd[{learner}]"],
                record[f"stability_verdict[{learner}]"],
                f"within {tolerance:g} sd of our runs (+ 0.05); close within {2 * tolerance:g}",
                note))
            if _judged(record[f"sig_verdict[{learner}]"]):
                rows.append(item(
                    STUDY, f"Table 4, '**' vs CMM ({learner}), {code}",
                    bool(record["paper_sig99"]), None, bool(record[f"sig_vs_cmm[{learner}]"]),
                    None, record[f"sig_verdict[{learner}]"], "same marker (t test at 1%)", note))
    for record in claims.to_dict("records"):
        rows.append(item(STUDY, f"Claim ({record['learner']}): {record['claim']}",
                         record["paper"], None, record["ours"], None, record["verdict"],
                         f"qualitative: {record['test']}", ""))
    return scorecard_frame(rows)


def _judged(verdict) -> bool:
    """Whether a table's verdict cell holds a verdict (the tables leave rows they do not judge
    empty, which a CSV reader may give back as NaN)."""
    return isinstance(verdict, str) and verdict != ""
