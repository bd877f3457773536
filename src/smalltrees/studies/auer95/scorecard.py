"""The auer95 items of the scorecard: every number of Tables 1 and 2 (and Sky2) we recompute.

Rules (:mod:`smalltrees.evaluation.verdicts`): dataset characteristics and Sky2 are
deterministic (``exact`` at the paper's rounding); CV accuracies have the paper's spread (sd of
9 CV estimates) and ours (``sd`` rule, k = ``tolerance_sd``); C4.5's complexity measures are
printed without a spread, so they are compared ``exact`` at the paper's rounding (two decimals
for d.c., whole percent for % > 2, depth to 0.05) -- a strict rule for averages of tree shapes,
stated as such.
"""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd

from smalltrees.evaluation.verdicts import exact_rule, sd_rule
from smalltrees.reporting.scorecard import item, scorecard_frame

STUDY = "auer95"
TABLE1 = {"size": 0.5, "classes": 0.5, "baseline": 0.05, "total": 0.5}
COMPLEXITY = {"c45_dynamic_complexity": ("d.c.", 0.005), "c45_pct_deeper_than_2": ("% > 2", 0.5),
              "c45_depth": ("depth", 0.05)}


def scorecard_items(table1: pd.DataFrame, sky: pd.DataFrame, table2: pd.DataFrame,
                    compare: Mapping[str, str], tolerance: float,
                    notes: Mapping[tuple[str, str], str],
                    factors: pd.DataFrame | None = None,
                    claims: pd.DataFrame | None = None) -> pd.DataFrame:
    """One row per compared cell of Table 1, Sky2 and Table 2 (``notes`` by (table, code)),
    and, for section 4, per predicted factor the paper quotes and per curve-shape claim."""
    rows = []
    for record in table1.to_dict("records"):
        for key, rounding in TABLE1.items():
            paper, ours = record[f"paper_{key}"], record[key]
            rows.append(item(STUDY, f"Table 1, {key}, {record['code']}", paper, None, ours, None,
                             exact_rule(ours, paper, rounding), f"exact (± {rounding})",
                             record.get("note", "")))
    for record in sky.to_dict("records"):
        paper, ours = record["paper_sky2"], record["sky2"]
        rows.append(item(STUDY, f"Table 2, Sky2, {record['code']}", paper, None, ours, None,
                         exact_rule(ours, paper), "exact (± 0.05)",
                         notes.get(("sky2", record["code"]), "")))
    for record in table2.to_dict("records"):
        code = record["code"]
        note = notes.get(("table2", code), "")
        for role, learner in compare.items():
            metric = f"{role}_accuracy"
            ours, ours_sd = record[f"accuracy[{learner}]"], record[f"accuracy_sd[{learner}]"]
            paper, paper_sd = record[f"paper_{metric}"], record[f"paper_{metric}_sd"]
            rows.append(item(STUDY, f"Table 2, {role.upper()} accuracy ({learner}), {code}",
                             paper, paper_sd, ours, ours_sd,
                             sd_rule(ours, paper, ours_sd, paper_sd, tolerance),
                             f"within {tolerance:g} combined sd (+ 0.05); close within "
                             f"{2 * tolerance:g}", note))
        for metric, (label, rounding) in COMPLEXITY.items():
            paper, ours = record[f"paper_{metric}"], record[metric]
            rows.append(item(STUDY, f"Table 2, C4.5 {label}, {code}", paper, None, ours, None,
                             exact_rule(ours, paper, rounding), f"exact (± {rounding})", note))
    if factors is not None:
        rows += _factor_items(factors)
    if claims is not None:
        rows += [item(STUDY, f"Section 4 claim, {r['code']} {r['level']}: {r['claim']}",
                      r["where"], None, r["ours"], None, r["verdict"],
                      "computed check: see the curve table", "")
                 for r in claims.to_dict("records")]
    return scorecard_frame(rows)


def _factor_items(factors: pd.DataFrame) -> list[dict]:
    """The predicted factors the paper quotes (CR, SE), one item per bound and b counting."""
    rows = []
    for record in factors.to_dict("records"):
        for term in ("F_up", "F_low"):
            verdict = record[f"{term}_verdict"]
            if not isinstance(verdict, str) or not verdict:
                continue
            rows.append(item(
                STUDY, f"Section 4, {term} of {record['code']} ({record['bound']} bound, b = "
                f"{record['b']}: {record['b_counts']})", record[f"paper_{term}"], None,
                record[term], None, verdict, "within the paper's range, or within the "
                "configured fraction of 'around x'", "the paper's inputs are not stated; "
                "ours are in the factor table"))
    return rows


