"""The last02 items of the scorecard: every number of Tables 3 and 4 we recompute, and the claims.

The verdicts are the ones the tables hold (:mod:`smalltrees.studies.last02.table3` and
:mod:`~smalltrees.studies.last02.table4`): the description by the exact rule, IFN's accuracy by
interval overlap, the whole-data output size exact, the stability by the spread rule, the "**"
marker by equality; the claims come from the claims table (:mod:`.claims`), except those with
no paper value, which are ours (beyond the paper). The CMM, Bagging
and C4.5RULES columns are the paper's quotes of Domingos (1998): nothing of ours is compared
with them, so they are no items. The causes and notes come from ``data/paper/last02/notes.csv``.
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from smalltrees.evaluation.verdicts import NOT_RUN
from smalltrees.reporting.scorecard import Part, item, scorecard_frame
from smalltrees.studies.last02.table3 import (
    DESCRIPTION,
    MEAN,
    accuracy_column,
    ci_column,
    verdict_column,
)

STUDY = "last02"
INTERVAL_RULE = "95% intervals overlap"
TABLE3 = Part("table3", "Table 3: datasets and predictive accuracy",
              "results/tables/last02_table3.html")
TABLE4 = Part("table4", "Table 4: output size and stability", "results/tables/last02_table4.html")
CLAIMS = Part("claims", "Claims of section 3", "results/tables/last02_claims.html")
PARTIAL = ("our average is over the datasets run, only some of the paper's eight: not the "
           "paper's average")
"""The note of an Average cell that is ``not run`` (:func:`.table3.partial_average`)."""


def scorecard_items(table3: pd.DataFrame, table4: pd.DataFrame, claims: pd.DataFrame,
                    ifn: Sequence[str], tolerance: float) -> pd.DataFrame:
    """One row per compared cell of Tables 3 and 4 (a cell the table leaves without a verdict
    is none) and per claim."""
    rows = []
    for record in table3.to_dict("records"):
        code = record["code"]
        for key in DESCRIPTION:
            if _judged(record[f"{key}_verdict"]):
                rows.append(item(STUDY, TABLE3, code, key, f"Table 3, {key}, {code}",
                                 record[f"paper_{key}"], None, record[key], None,
                                 record[f"{key}_verdict"], "exact",
                                 _note(code, record[f"{key}_verdict"]),
                                 places=1 if code == MEAN else 0))
        for learner in ifn:
            if _judged(record[verdict_column(learner)]):
                rows.append(item(
                    STUDY, TABLE3, code, f"accuracy[{learner}]",
                    f"Table 3, IFN accuracy ({learner}), {code}", record["paper_IFN_acc"],
                    record["paper_IFN_acc_pm"], record[accuracy_column(learner)],
                    record[ci_column(learner)], record[verdict_column(learner)], INTERVAL_RULE,
                    places=1))
    for record in table4.to_dict("records"):
        code = record["code"]
        for learner in ifn:
            rows.append(item(STUDY, TABLE4, code, f"output_size[{learner}]",
                             f"Table 4, IFN output size ({learner}), {code}",
                             record["paper_size_IFN"], None, record[f"output_size[{learner}]"],
                             None, record[f"size_verdict[{learner}]"], "exact",
                             _note(code, record[f"size_verdict[{learner}]"]),
                             places=2 if code == MEAN else 0))
            rows.append(item(
                STUDY, TABLE4, code, f"stability[{learner}]",
                f"Table 4, IFN stability ({learner}), {code}", record["paper_stab_IFN"],
                None, record[f"stability[{learner}]"], record[f"stability_sd[{learner}]"],
                record[f"stability_verdict[{learner}]"],
                f"within {tolerance:g} sd of our runs (+ 0.05); close within {2 * tolerance:g}",
                _note(code, record[f"stability_verdict[{learner}]"]), places=1))
            if _judged(record[f"sig_verdict[{learner}]"]):
                rows.append(item(
                    STUDY, TABLE4, code, f"sig_vs_cmm[{learner}]",
                    f"Table 4, '**' vs CMM ({learner}), {code}", bool(record["paper_sig99"]),
                    None, bool(record[f"sig_vs_cmm[{learner}]"]), None,
                    record[f"sig_verdict[{learner}]"], "same marker (t test at 1%)"))
    for record in claims[claims["paper"] != ""].to_dict("records"):  # the rest are ours
        subject = f" ({record['subject']})" if record["subject"] else ""
        rows.append(item(STUDY, CLAIMS, record["id"], record["subject"],
                         f"Claim{subject}: {record['claim']}", record["paper"], None,
                         record["ours"], None, record["verdict"],
                         f"computed check: {record['test']}"))
    return scorecard_frame(rows)


def _note(code: str, verdict: str) -> str:
    """The fixed note of a cell: why an Average cell was not run."""
    return PARTIAL if code == MEAN and verdict == NOT_RUN else ""


def _judged(verdict) -> bool:
    """Whether a table's verdict cell holds a verdict (the tables leave cells they do not judge
    empty, which a CSV reader may give back as NaN)."""
    return isinstance(verdict, str) and verdict != ""
