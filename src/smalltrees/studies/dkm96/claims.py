"""DKM 1996's claims, each turned into a computed check (``dkm96_claims.csv``).

The claims (the paper's sentence, where, how we read it) are rows of
``data/paper/dkm96/claims.csv`` judged by :func:`smalltrees.evaluation.claims.judge`; this
module gives each id its check: the statistic we compute from the trials and the rounds, and
whether the claim holds by the stated rule. The thresholds of section 4's checks are the config
values ``dkm96.table2.claims`` (shown with the claims table); section 3.1's are the paper's
p bounds, in ``claims.csv``. The last claim is ours (beyond the paper: eq. 4 predicts that the
G criterion needs fewer rounds).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

import numpy as np
import pandas as pd

from smalltrees.evaluation.cells import claim_cells
from smalltrees.evaluation.claims import Check, judge
from smalltrees.reporting.markdown import to_markdown
from smalltrees.studies.dkm96.sequences import mean_sequence, splits


class Result(NamedTuple):
    """One check on one problem: the statistic we compute and whether the claim holds (None:
    the check cannot be run)."""

    problem: str
    statistic: str
    holds: object


def check_claims(paper: pd.DataFrame, rounds: pd.DataFrame, trials: pd.DataFrame,
                 problems: Mapping[str, str], scatter_domain: str,
                 settings: Mapping) -> pd.DataFrame:
    """Every claim of ``paper`` (``data/paper/dkm96/claims.csv``, part ``section4``) on every
    problem it concerns (``problems``: domain -> name; the scatter claims of Figures 11-12 on
    ``scatter_domain``), judged by :func:`smalltrees.evaluation.claims.judge`."""
    scatter = {}
    if scatter_domain in problems:
        scatter = {"points": splits(rounds, scatter_domain),
                   "problem": problems[scatter_domain]}

    def each(check) -> Check:
        return lambda _: [check(domain, problem) for domain, problem in problems.items()]

    def on_scatter(check) -> Check:
        return lambda _: ([check(scatter["points"], scatter["problem"], settings)]
                          if scatter else [])

    checks = {
        "adaboost_floor": each(lambda d, p: adaboost_floor(rounds, d, p, settings)),
        "topdown_rises": each(lambda d, p: topdown_rises(rounds, d, p, settings)),
        "fewer_rounds": each(lambda d, p: fewer_rounds(trials, d, p)),
        "weight_trend": on_scatter(weight_trend),
        "heavy_nodes": on_scatter(heavy_nodes),
        "gain_spread": on_scatter(gain_spread),
        "g_fewer_rounds": each(lambda d, p: g_fewer_rounds(trials, d, p)),
    }
    return judge(paper, checks)


def paper_claim_cells(claims: pd.DataFrame, problems: Mapping[str, str],
                      paper: pd.DataFrame) -> pd.DataFrame:
    """The cells of section 4's checked claims that the paper makes, under the scorecard's key
    ``claims``: not the last (ours, beyond the paper: no paper value), and only on the paper's
    problems (``problems``: domain -> name; ``paper``: the transcriptions, whose Table 2 codes
    are its problems): a claim checked on a dataset the paper never used is shown in the
    claims table but is no paper item."""
    theirs = {name for domain, name in problems.items()
              if domain in set(paper.loc[paper["table"] == "table2", "code"])}
    return claim_cells("dkm96", "claims",
                       claims[(claims["paper"] != "") & claims["subject"].isin(theirs)])


def table1_checks(overall: Mapping) -> dict:
    """The checks of section 3.1's claims (part ``table1``) on Table 1's row over all domains:
    our two-sided sign-test p and pooled paired-t p below the paper's bounds (thresholds);
    not run when no domain was computed."""
    if not overall.get("domains", 0):
        return {claim: lambda bound: [("", "no domain computed", None)]
                for claim in ("sign_test", "pooled_t")}
    return {
        "sign_test": lambda bound: [(
            "", f"p = {overall['sign_p']:.4g} ({overall['g_lower_error']:.0f} of "
            f"{overall['domains']:.0f} domains)", bool(overall["sign_p"] < bound))],
        "pooled_t": lambda bound: [(
            "", f"p = {overall['pooled_p']:.2g} ({overall['pooled_trials']:.0f} trials)",
            bool(overall["pooled_p"] < bound))],
    }


def adaboost_floor(rounds: pd.DataFrame, domain: str, problem: str, settings: Mapping) -> Result:
    """"AdaBoost rapidly drives the advantage to zero, falling below 0.05 within 40 rounds."""
    floor, within = settings["floor"], settings["within"]
    sequence = mean_sequence(rounds, domain, "AdaBoost")
    sequence = sequence[sequence["running"] >= settings["min_running"]]
    below = sequence.loc[sequence["advantage"] < floor, "round"]
    if sequence.empty:
        return Result(problem, "no round with enough trials", None)
    first = int(below.iloc[0]) if len(below) else None
    statistic = (f"first below {floor:g} at round {first}" if first is not None else
                 f"never below {floor:g} in {int(sequence['round'].max())} rounds (minimum "
                 f"{sequence['advantage'].min():.3f})")
    return Result(problem, statistic, first is not None and first <= within)


def topdown_rises(rounds: pd.DataFrame, domain: str, problem: str, settings: Mapping) -> Result:
    """"The advantage sequence for TopDown is lowest at the beginning and tends to increase (or
    at least hold steady)": the mean of the first rounds is below the later rounds' mean, and
    the mean sequence has no significantly negative rank trend."""
    first, alpha = settings["root_rounds"], settings["alpha"]
    sequence = mean_sequence(rounds, domain, "TopDown")
    sequence = sequence[sequence["running"] >= settings["min_running"]]
    if len(sequence) <= first + 2:
        return Result(problem, f"only {len(sequence)} rounds with enough trials", None)
    early = sequence["advantage"].iloc[:first].mean()
    later = sequence["advantage"].iloc[first:].mean()
    from scipy import stats  # here, not at the top: the workflow imports this module to check
    # its config, in every Snakemake start (each cluster job), and scipy.stats costs ~0.5 CPU-s

    rho, p_two = stats.spearmanr(sequence["round"], sequence["advantage"])
    p_negative = p_two / 2 if rho < 0 else 1 - p_two / 2
    statistic = (f"mean of rounds 1-{first} {early:.3f} vs later {later:.3f}; Spearman rho "
                 f"(t, mean gamma_t) = {rho:.2f} over {len(sequence)} rounds (one-sided p of a "
                 f"decrease {p_negative:.3g})")
    return Result(problem, statistic, early < later and p_negative >= alpha)


def fewer_rounds(trials: pd.DataFrame, domain: str, problem: str) -> Result:
    """"TopDown is actually able to achieve zero training set error in fewer rounds than
    Adaboost": AdaBoost's training error after TopDown's rounds is above zero."""
    ada = trials[(trials["domain"] == domain) & (trials["algorithm"] == "AdaBoost")]
    ada = ada.dropna(subset=["train_error"])
    if ada.empty:
        return Result(problem, "AdaBoost not run", None)
    above = int((ada["train_error"] > 0).sum())
    return Result(problem, f"AdaBoost's training error after TopDown's rounds is above 0 "
                  f"in {above} of {len(ada)} trials (mean {100 * ada['train_error'].mean():.1f}%)",
                  above == len(ada))


def weight_trend(points: pd.DataFrame, problem: str, settings: Mapping) -> Result:
    """"When w is large, the advantages are smaller": a negative rank correlation."""
    if len(points) < 3:
        return Result(problem, "fewer than 3 splits", None)
    from scipy import stats  # (not at the top: see topdown_rises)

    rho, p = stats.spearmanr(points["w"], points["advantage"])
    return Result(problem, f"Spearman rho (w, gamma) = {rho:.2f}, p = {p:.2g}, "
                  f"{len(points)} splits", rho < 0 and p < settings["alpha"])


def heavy_nodes(points: pd.DataFrame, problem: str, settings: Mapping) -> Result:
    """"If we confine our attention to nodes having at least 2% of the training data ... we
    still see many large values for the advantage": the share of such splits with a large
    advantage."""
    heavy, large, share = (settings["heavy_node"], settings["large_advantage"],
                           settings["large_share"])
    chosen = points[points["w"] >= heavy]
    if chosen.empty:
        return Result(problem, f"no split with w >= {heavy:g}", None)
    count = int((chosen["advantage"] >= large).sum())
    return Result(problem, f"{count} of {len(chosen)} splits with w >= {heavy:g} have "
                  f"gamma >= {large:g} ({100 * count / len(chosen):.0f}%; rule: >= "
                  f"{100 * share:g}%)", count / len(chosen) >= share)


def gain_spread(points: pd.DataFrame, problem: str, settings: Mapping) -> Result:
    """"For any fixed value of the information gain, gamma takes on a wide range of values":
    within bins of equal gain (quantiles), the 10%-90% range of gamma is wide."""
    bins, spread = settings["gain_bins"], settings["gamma_spread"]
    if len(points) < 2 * bins:
        return Result(problem, f"only {len(points)} splits", None)
    binned = pd.qcut(points["gain"], bins, duplicates="drop")
    grouped = points.groupby(binned, observed=True)["advantage"]
    ranges = grouped.quantile(0.9) - grouped.quantile(0.1)
    explained = grouped.transform("mean").var() / points["advantage"].var()
    median = float(ranges.median())
    return Result(problem, f"median 10%-90% range of gamma within {len(ranges)} gain "
                  f"bins = {median:.3f} (rule: >= {spread:g}); share of gamma's variance "
                  f"explained by the bin means = {explained:.2f}", median >= spread)


def g_fewer_rounds(trials: pd.DataFrame, domain: str, problem: str) -> Result:
    """Beyond the paper: eq. 4's bound for G is polynomial in 1/eps where eq. 3's for H is
    not, so TopDown_G should need fewer rounds to zero training error."""
    mine = trials[trials["domain"] == domain].pivot(index="trial", columns="algorithm",
                                                    values="rounds")
    if not {"TopDown", "TopDown_G"} <= set(mine.columns):
        return Result(problem, "not run", None)
    h, g = mine["TopDown"].to_numpy(float), mine["TopDown_G"].to_numpy(float)
    fewer = int(np.sum(g < h))
    return Result(problem, f"mean rounds G {g.mean():.1f} vs entropy {h.mean():.1f}; G "
                  f"fewer in {fewer}, more in {int(np.sum(g > h))} of {len(g)} trials",
                  g.mean() < h.mean())


def render_claims(claims: pd.DataFrame, settings: Mapping) -> str:
    """The checked claims in Markdown, under the thresholds they were checked with."""
    return ("# Dietterich, Kearns & Mansour (1996), section 4: the claims, checked\n\n"
            f"Thresholds (dkm96.table2.claims): {dict(settings)}\n\n" + to_markdown(claims))
