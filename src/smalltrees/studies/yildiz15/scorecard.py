"""The yildiz15 items of the scorecard: the LB and exact value of every pair of Figures 10-11 the
paper published (ICPRAM 2012 Fig. 6), the claim "the maximum difference between the lower bound
and the exact VC-dimension is one" over every shape we enumerate, and the claims of section V-B.

The verdicts are the ones the tables already hold (:mod:`smalltrees.studies.yildiz15.vc`, exact
rule on integers) and the claims' (:mod:`~smalltrees.studies.yildiz15.claims`, rows of
``data/paper/yildiz15/claims.csv``). Tables II-IV have no paper numbers in our copy, and Table
I's S and d come from the author's toolkit, not the paper, so they give no items beyond the
claims. The causes and notes come from ``data/paper/yildiz15/notes.csv``.
"""

from __future__ import annotations

import pandas as pd

from smalltrees.evaluation.claims import judge
from smalltrees.reporting.scorecard import Part, item, scorecard_frame
from smalltrees.studies.yildiz15.claims import vc_checks

STUDY = "yildiz15"
FIGURES = {figure: Part("vc", f"Figure {figure}: LB-binary and exact VC-dimension (d = "
                        f"{figure - 7})", f"figures/yildiz15_fig{figure}.png")
           for figure in (10, 11)}
VC_CLAIM = Part("vc_claims", "Claim on Figures 10-11", "results/tables/yildiz15_vc.html")
CLAIMS = Part("claims", "Claims of section V-B (Tables II-IV)",
              "results/tables/yildiz15_claims.html")


def scorecard_items(vc: pd.DataFrame, claims: pd.DataFrame,
                    paper_claims: pd.DataFrame) -> pd.DataFrame:
    """One row per published pair value (LB, exact), the claim on Figures 10-11 (``vc`` rows
    of ``paper_claims``) and each claim of the claims table."""
    rows = []
    drawn = vc[vc["position"].notna()].sort_values(["d", "position"])
    for record in drawn.to_dict("records"):
        figure = 10 if record["figure"] == "fig10" else 11
        name = (f"Figure {figure} (d = {record['d']}), position {int(record['position'])}, "
                f"shape {record['shape']}")
        code = f"fig{figure}:{int(record['position'])}"
        for key, label in (("lb", "LB-binary"), ("exact", "exact VC-dimension")):
            rows.append(item(STUDY, FIGURES[figure], code, key, f"{name}: {label}",
                             int(record[f"paper_{key}"]), None, int(record[key]), None,
                             record[f"verdict_{key}"], "exact"))
    judged = judge(paper_claims[paper_claims["part"] == "vc"], vc_checks(vc))
    for part, frame in ((VC_CLAIM, judged), (CLAIMS, claims)):
        for record in frame.to_dict("records"):
            rows.append(item(STUDY, part, record["id"], record["subject"],
                             f"Claim: {record['claim']}", record["paper"], None,
                             record["ours"], None, record["verdict"],
                             f"computed check: {record['test']}"))
    return scorecard_frame(rows)
