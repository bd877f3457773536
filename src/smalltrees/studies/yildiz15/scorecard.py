"""The yildiz15 items of the scorecard: the LB and exact value of every pair of Figures 10-11 the
paper published (ICPRAM 2012 Fig. 6), the claim "the maximum difference between the lower bound
and the exact VC-dimension is one" over every shape we enumerate, and the claims of section V-B.

The verdicts are the ones the tables already hold (:mod:`smalltrees.studies.yildiz15.vc` and
:mod:`~smalltrees.studies.yildiz15.claims`, from the shared rules of
:mod:`smalltrees.evaluation.verdicts`). Tables II-IV have no paper numbers in our copy, so they
give no items beyond the claims.
"""

from __future__ import annotations

import pandas as pd

from smalltrees.evaluation.verdicts import claim_rule
from smalltrees.reporting.scorecard import item, scorecard_frame

STUDY = "yildiz15"


def scorecard_items(vc: pd.DataFrame, claims: pd.DataFrame) -> pd.DataFrame:
    """One row per published pair value (LB, exact), the difference claim and each claim."""
    rows = []
    drawn = vc[vc["position"].notna()].sort_values(["d", "position"])
    for record in drawn.to_dict("records"):
        name = (f"Figure {10 if record['figure'] == 'fig10' else 11} (d = {record['d']}), "
                f"position {int(record['position'])}, shape {record['shape']}")
        for key, label in (("lb", "LB-binary"), ("exact", "exact VC-dimension")):
            rows.append(item(STUDY, f"{name}: {label}", int(record[f"paper_{key}"]), None,
                             int(record[key]), None, record[f"verdict_{key}"], "exact",
                             "shape read from the figure's layout (vc_pairs.csv)"))
    broken = vc[vc["difference"] > 1]
    rows.append(item(
        STUDY, f"Claim: max(exact - LB) is one, over all {len(vc)} shapes of Figures 10-11", 1,
        None, int(vc["difference"].max()), None,
        claim_rule(bool((vc["difference"] <= 1).all())), "qualitative: every shape",
        "; ".join(f"d = {r.d}: {r.shape} (LB {r.lb}, exact {r.exact})"
                  for r in broken.itertuples())))
    for record in claims.to_dict("records"):
        rows.append(item(STUDY, f"Claim: {record['claim']}", record["paper"], None,
                         record["ours"], None, record["verdict"],
                         f"qualitative: {record['test']}", record["where"]))
    return scorecard_frame(rows)
