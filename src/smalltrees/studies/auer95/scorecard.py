"""The auer95 items of the scorecard: every number of Tables 1 and 2 (and Sky2) we recompute,
the predicted factors the paper quotes and the claims of section 4.

Every verdict is the one the table computed (:mod:`.table1`, :mod:`.sky`, :mod:`.table2`,
:mod:`.factors`, the claims): dataset characteristics, Sky2 and the factors are deterministic
(exact rule); the CV accuracies and C4.5's complexity measures are averages over random runs
(spread rule). The causes and notes come from ``data/paper/auer95/notes.csv``
(:func:`smalltrees.reporting.scorecard.explain`).
"""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd

from smalltrees.reporting.scorecard import Part, item, printed_places, scorecard_frame
from smalltrees.studies.auer95.table1 import COMPARED
from smalltrees.studies.auer95.table2 import COMPLEXITY, ROUNDING

STUDY = "auer95"
TABLE1 = Part("table1", "Table 1: datasets", "results/tables/auer95_table1.html")
SKY = Part("sky2", "Sky2: the best 2-level tree on all data (Table 2)",
           "results/tables/auer95_sky.html")
TABLE2 = Part("table2", "Table 2: T2 vs C4.5, 9 x 25-fold cross-validation",
              "results/tables/auer95_table2.html")
FACTORS = Part("factors", "Section 4: predicted T2/T1 factors (Theorem 4)",
               "results/tables/auer95_vc_factors.html")
CLAIMS = Part("claims", "Section 4: claims on the learning curves (Figure 1)",
              "results/tables/auer95_learning_curves.html")
LABELS = {"c45_dynamic_complexity": "d.c.", "c45_pct_deeper_than_2": "% > 2",
          "c45_depth": "depth"}


def scorecard_items(table1: pd.DataFrame, sky: pd.DataFrame, table2: pd.DataFrame,
                    compare: Mapping[str, str], tolerance: float,
                    factors: pd.DataFrame | None = None,
                    claims: pd.DataFrame | None = None) -> pd.DataFrame:
    """One row per compared cell of Table 1, Sky2 and Table 2, and, for section 4, per
    predicted factor the paper quotes and per claim."""
    rows = []
    for record in table1.to_dict("records"):
        for key, rounding in COMPARED.items():
            rows.append(item(STUDY, TABLE1, record["code"], key,
                             f"Table 1, {key}, {record['code']}", record[f"paper_{key}"], None,
                             record[key], None, record[f"{key}_verdict"],
                             f"exact (± {rounding})", places=printed_places(rounding)))
    for record in sky.to_dict("records"):
        rows.append(item(STUDY, SKY, record["code"], "sky2", f"Sky2, {record['code']}",
                         record["paper_sky2"], None, record["sky2"], None, record["verdict"],
                         "exact (± 0.05)", places=1))
    spread = (f"within {tolerance:g} combined sd (+ 0.05); close within {2 * tolerance:g}")
    for record in table2.to_dict("records"):
        code = record["code"]
        for role, learner in compare.items():
            metric = f"{role}_accuracy"
            rows.append(item(STUDY, TABLE2, code, metric,
                             f"Table 2, {role.upper()} accuracy ({learner}), {code}",
                             record[f"paper_{metric}"], record[f"paper_{metric}_sd"],
                             record[f"accuracy[{learner}]"], record[f"accuracy_sd[{learner}]"],
                             record[f"{metric}_verdict"], spread, places=1))
        for metric in COMPLEXITY.values():
            rows.append(item(STUDY, TABLE2, code, metric, f"Table 2, C4.5 {LABELS[metric]}, "
                             f"{code}", record[f"paper_{metric}"], None, record[metric],
                             record[f"{metric}_sd"], record[f"{metric}_verdict"],
                             f"within {tolerance:g} sd of our repetitions (+ "
                             f"{ROUNDING[metric]:g}); close within {2 * tolerance:g}",
                             places=printed_places(ROUNDING[metric])))
    if factors is not None:
        rows += _factor_items(factors)
    if claims is not None:
        rows += [item(STUDY, CLAIMS, r["id"], r["subject"],
                      f"Claim ({r['subject']}): {r['claim']}", r["paper"], None, r["ours"],
                      None, r["verdict"], f"computed check: {r['test']}")
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
                STUDY, FACTORS, record["code"], term,
                f"Section 4, {term} of {record['code']} ({record['bound']} bound, b = "
                f"{record['b']}: {record['b_counts']})", record[f"paper_{term}"], None,
                record[term], None, verdict, "within the paper's range, or within the "
                "configured fraction of 'around x'"))
    return rows
