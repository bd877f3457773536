"""The claims of Yildiz (2015, section V-B and the abstract), computed on our Tables II-IV.

The copy of the paper has no table numbers, so the claims are what we can check. The claims,
how we read each (``test``) and its threshold are rows of ``data/paper/yildiz15/claims.csv``;
this module gives each id its check (:mod:`smalltrees.evaluation.claims`). The per-dataset
groups are read on the means over the 10 folds:

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

from smalltrees.evaluation.claims import judge
from smalltrees.evaluation.ranks import RankTest
from smalltrees.studies.yildiz15 import SRM
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
    """Every claim of ``paper`` (``data/paper/yildiz15/claims.csv``, part ``tables``) judged
    by :func:`smalltrees.evaluation.claims.judge` (columns
    :data:`~smalltrees.evaluation.claims.RESULT`)."""
    from scipy import stats  # here, not at the top: ~0.6 CPU-s of start-up for the VC claims
    # and readings jobs, which import this module for its views only

    err, size = tests["error"], tests["nodes"]
    found = groups(error, nodes)
    N = len(error)
    gaps = {m: bounds[m] - bounds[f"{m}_test_error"] for m in SRM}
    rho = {m: stats.spearmanr(bounds["S"], gaps[m]).statistic if N > 2 else np.nan for m in SRM}
    loose_run = [c for c in ("BU", "HE") if c in set(bounds["code"])]

    def ranks(test: RankTest) -> str:
        pairs = zip(test.methods, test.average_ranks, strict=True)
        return ", ".join(f"{m} {r:.2f}" for m, r in pairs) + (
            f"; CD {test.critical_difference:.2f}")

    def listing(codes) -> str:
        return f"{len(codes)} of {N}: " + (", ".join(codes) if codes else "none")

    def one(ours: str, holds) -> list[tuple[str, str, object]]:
        return [("", ours, holds)]

    def loose(quantile: float):
        large = {m: set(bounds.loc[gaps[m] >= gaps[m].quantile(quantile), "code"])
                 for m in SRM}
        return one("; ".join(f"{m}: " + ", ".join(
            f"{c} {float(gaps[m][bounds['code'] == c].iloc[0]):.1f}" for c in loose_run)
            for m in SRM) if loose_run else "neither BU nor HE run",
            all(c in large[m] for m in SRM for c in loose_run) if loose_run else None)

    checks = {
        "friedman_error": lambda _: one(f"F = {err.iman_davenport:.2f}, p = "
                                        f"{err.p_iman_davenport:.3g} (N = {N})", err.rejects),
        "nemenyi_error": lambda _: one(
            ranks(err), not any(err.differ(a, b) for a in PRUNED for b in PRUNED)
            and all(err.differ(m, "NoPrune") and _better(err, m, "NoPrune") for m in PRUNED)),
        "friedman_nodes": lambda _: one(f"F = {size.iman_davenport:.2f}, p = "
                                        f"{size.p_iman_davenport:.3g}", size.rejects),
        "nemenyi_nodes": lambda _: one(
            ranks(size), all(size.differ("CvPrune", m) and _better(size, "CvPrune", m)
                             and size.differ(m, "NoPrune") and _better(size, m, "NoPrune")
                             for m in SRM) and not size.differ(*SRM)),
        "group_no_prune": lambda least: one(
            listing(found["hurts"]), len(found["hurts"]) >= least
            and all(kinds.get(c) == "discrete" for c in found["hurts"])),
        "group_pruning_helps": lambda _: one(
            listing(found["helps"]),
            len(found["helps"]) > max(len(found["hurts"]), len(found["over"]))),
        "group_cv_overprunes": lambda least: one(listing(found["over"]),
                                                 len(found["over"]) >= least),
        "srm_vs_cv": lambda _: one(ranks(err), not any(err.differ(m, "CvPrune") for m in SRM)),
        "bounds_small_loose": loose,
        "bounds_size": lambda limit: one("; ".join(f"{m}: Spearman rho {_number(rho[m])}"
                                                   for m in SRM),
                                         all(rho[m] < limit for m in SRM)
                                         if all(np.isfinite(list(rho.values()))) else None),
    }
    return judge(paper, checks)


def vc_checks(vc: pd.DataFrame) -> dict:
    """The check of the claim on Figures 10-11 (part ``vc``): the largest exact - LB over every
    shape of the VC table, and the shapes where it exceeds the threshold."""
    def difference(limit: float) -> list[tuple[str, str, object]]:
        broken = vc[vc["difference"] > limit]
        where = "; ".join(f"d = {r.d}: {r.shape} (LB {r.lb}, exact {r.exact})"
                          for r in broken.itertuples())
        ours = f"{int(vc['difference'].max())} over {len(vc)} shapes" + (
            f"; above {limit:g}: {where}" if where else "")
        return [("", ours, bool((vc["difference"] <= limit).all()))]
    return {"vc_difference": difference}


def _better(test: RankTest, a: str, b: str) -> bool:
    """Method ``a`` has a lower (better) average rank than ``b``."""
    return bool(test.average_ranks[test.methods.index(a)]
                < test.average_ranks[test.methods.index(b)])


def kinds_of(table1: pd.DataFrame) -> dict[str, str]:
    """Each dataset's attribute kind after the paper's coding, from our Table I (its
    ``our_kind``; the datasets we ran)."""
    ran = table1[table1["our_kind"].notna() & table1["code"].notna()]
    return dict(zip(ran["code"], ran["our_kind"], strict=True))


def pick_claims(paper: pd.DataFrame, ids, where: str) -> pd.DataFrame:
    """The rows of ``paper`` (claims) with the ``ids`` asked for, in that order; an id that is
    not a claim of ``paper`` is refused, naming ``where``."""
    unknown = [i for i in ids if i not in set(paper["id"])]
    if unknown:
        raise ValueError(f"{where}: no claims {unknown} (yildiz15.readings.claims); the claims "
                         f"of Tables II-IV are {list(paper['id'])}")
    return paper.set_index("id").loc[list(ids)].reset_index()


def claims_view(cells: pd.DataFrame) -> pd.DataFrame:
    """The claims' table from their cells: id, subject, (reading), the claim, the paper's
    words, ours, the verdict, the check, (note); the reading and note columns only where some
    cell has one."""
    view = pd.DataFrame({"id": cells["code"], "subject": cells["quantity"],
                         "reading": cells["reading"],
                         "claim": cells["item"].str.replace(r"^Claim( \(.*?\))?: ", "",
                                                            regex=True),
                         "paper": cells["paper"], "ours": cells["ours"],
                         "verdict": cells["verdict"], "check": cells["rule"],
                         "note": cells["note"]})
    empty = [c for c in ("reading", "note") if (view[c].fillna("") == "").all()]
    return view.drop(columns=empty).reset_index(drop=True)


def _number(value: float) -> str:
    """A correlation at two decimals; "undefined" where it is not a number (two datasets, or
    a constant column)."""
    return f"{value:.2f}" if np.isfinite(value) else "undefined"


def claims_from_folds(paper: pd.DataFrame, folds: Mapping[str, pd.DataFrame],
                      kinds: Mapping[str, str], alpha: float) -> pd.DataFrame:
    """:func:`make_claims` from the per-fold results of every dataset and the attribute kind
    of each dataset (our Table I's ``our_kind``), the rank tests at level ``alpha``."""
    error, nodes = make_metric_table(folds, "error"), make_metric_table(folds, "nodes")
    tests = {"error": rank_test(error, alpha), "nodes": rank_test(nodes, alpha)}
    return make_claims(paper, error, nodes, make_bound_table(folds), tests, kinds)
