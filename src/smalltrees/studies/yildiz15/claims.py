"""The claims of Yildiz (2015, section V-B and the abstract), computed on our Tables II-IV.

The copy of the paper has no table numbers, so the claims are what we can check. Each row says
how we read the claim (``test``) and gives a verdict by
:func:`~smalltrees.evaluation.verdicts.claim_rule`. The per-dataset groups are read on the
means over the 10 folds:

- *pruning hurts* (the paper's 4 discrete datasets): NoPrune's error is the lowest of the four
  and CvPrune's is higher;
- *pruning helps* (18 datasets): some pruning method is more accurate than NoPrune and CvPrune
  is not less accurate than NoPrune;
- *CV over-prunes* (7 datasets): CvPrune is less accurate than NoPrune, while both SRM methods
  are at least as accurate as NoPrune with fewer nodes.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd
from scipy import stats

from smalltrees.evaluation.ranks import RankTest
from smalltrees.evaluation.verdicts import claim_rule
from smalltrees.studies.yildiz15.protocol import SRM
from smalltrees.studies.yildiz15.tables import make_bound_table, make_metric_table, rank_test

PRUNED = ("CvPrune", "SrmLocal", "SrmGlobal")


def groups(error: pd.DataFrame, nodes: pd.DataFrame) -> dict[str, list[str]]:
    """The datasets in each of the paper's three groups (see the module)."""
    e, n = error.set_index("code"), nodes.set_index("code")
    hurts = e.index[(e["NoPrune"] <= e[list(PRUNED)].min(axis=1))
                    & (e["CvPrune"] > e["NoPrune"])]
    helps = e.index[(e[list(PRUNED)].min(axis=1) < e["NoPrune"]) & (e["CvPrune"] <= e["NoPrune"])]
    srm_fine = np.logical_and.reduce([(e[m] <= e["NoPrune"]) & (n[m] < n["NoPrune"]) for m in SRM])
    over = e.index[(e["CvPrune"] > e["NoPrune"]) & srm_fine]
    return {"hurts": list(hurts), "helps": list(helps), "over": list(over)}


def make_claims(paper: pd.DataFrame, error: pd.DataFrame, nodes: pd.DataFrame,
                bounds: pd.DataFrame, tests: Mapping[str, RankTest],
                kinds: Mapping[str, str]) -> pd.DataFrame:
    """One row per claim of ``data/paper/yildiz15/claims.csv``: ``id, claim, where, paper,
    ours, test, verdict``."""
    err, size = tests["error"], tests["nodes"]
    found = groups(error, nodes)
    N = len(error)
    gaps = {m: bounds[m] - bounds[f"{m}_test_error"] for m in SRM}
    rho = {m: stats.spearmanr(bounds["S"], gaps[m]).statistic if N > 2 else np.nan for m in SRM}
    large = {m: set(bounds.loc[gaps[m] >= gaps[m].median(), "code"]) for m in SRM}
    loose_run = [c for c in ("BU", "HE") if c in set(bounds["code"])]

    def ranks(test: RankTest) -> str:
        pairs = zip(test.methods, test.average_ranks, strict=True)
        return ", ".join(f"{m} {r:.2f}" for m, r in pairs) + (
            f"; CD {test.critical_difference:.2f}")

    def listing(codes) -> str:
        return f"{len(codes)} of {N}: " + (", ".join(codes) if codes else "none")

    checks = {
        "friedman_error": (f"F = {err.iman_davenport:.2f}, p = {err.p_iman_davenport:.3g} "
                           f"(N = {N})", "Iman-Davenport p < alpha", err.rejects),
        "nemenyi_error": (ranks(err), "the three pruned methods pairwise within the CD, each "
                          "ranked better than NoPrune by at least the CD",
                          not any(err.differ(a, b) for a in PRUNED for b in PRUNED)
                          and all(err.differ(m, "NoPrune") and _better(err, m, "NoPrune")
                                  for m in PRUNED)),
        "friedman_nodes": (f"F = {size.iman_davenport:.2f}, p = {size.p_iman_davenport:.3g}",
                           "Iman-Davenport p < alpha", size.rejects),
        "nemenyi_nodes": (ranks(size), "CvPrune better than both SRM methods by the CD, the SRM "
                          "methods within the CD of each other, both better than NoPrune by "
                          "the CD",
                          all(size.differ("CvPrune", m) and _better(size, "CvPrune", m)
                              and size.differ(m, "NoPrune") and _better(size, m, "NoPrune")
                              for m in SRM) and not size.differ(*SRM)),
        "group_no_prune": (listing(found["hurts"]), "at least one such dataset, all discrete",
                           bool(found["hurts"]) and all(kinds.get(c) == "discrete"
                                                        for c in found["hurts"])),
        "group_pruning_helps": (listing(found["helps"]),
                                "the largest of the three groups",
                                len(found["helps"]) > max(len(found["hurts"]),
                                                          len(found["over"]))),
        "group_cv_overprunes": (listing(found["over"]), "at least one such dataset",
                                bool(found["over"])),
        "srm_vs_cv": (ranks(err), "neither SRM method differs from CvPrune by the CD (error)",
                      not any(err.differ(m, "CvPrune") for m in SRM)),
        "bounds_small_loose": (
            "; ".join(f"{m}: " + ", ".join(f"{c} {float(gaps[m][bounds['code'] == c].iloc[0]):.1f}"
                                            for c in loose_run) for m in SRM)
            if loose_run else "neither BU nor HE run",
            "bound - test error of bupa and hepatitis (those run) in the upper half of datasets",
            all(c in large[m] for m in SRM for c in loose_run) if loose_run else None),
        "bounds_size": ("; ".join(f"{m}: Spearman rho {rho[m]:.2f}" for m in SRM),
                        "Spearman correlation of S with bound - test error negative for both",
                        all(rho[m] < 0 for m in SRM) if N > 2 else None),
    }
    rows = []
    for claim in paper.to_dict("records"):
        ours, test, holds = checks[claim["id"]]
        rows.append({"id": claim["id"], "claim": claim["claim"], "where": claim["where"],
                     "paper": claim["paper"], "ours": ours, "test": test,
                     "verdict": claim_rule(None if holds is None else bool(holds))})
    return pd.DataFrame(rows)


def _better(test: RankTest, a: str, b: str) -> bool:
    """Method ``a`` has a lower (better) average rank than ``b``."""
    return bool(test.average_ranks[test.methods.index(a)]
                < test.average_ranks[test.methods.index(b)])


def claims_from_folds(paper: pd.DataFrame, folds: Mapping[str, pd.DataFrame],
                      table1: pd.DataFrame, alpha: float) -> pd.DataFrame:
    """:func:`make_claims` from the per-fold results of every dataset and our Table I (the
    attribute kind of each dataset), the rank tests at level ``alpha``."""
    error, nodes = make_metric_table(folds, "error"), make_metric_table(folds, "nodes")
    tests = {"error": rank_test(error, alpha), "nodes": rank_test(nodes, alpha)}
    kinds = dict(zip(table1["code"], table1["our_kind"], strict=True))
    return make_claims(paper, error, nodes, make_bound_table(folds), tests, kinds)
