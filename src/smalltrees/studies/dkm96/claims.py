"""DKM 1996 section 4's claims, each turned into a computed check (``dkm96_claims.csv``).

Every claim is the paper's sentence, the statistic we compute from the trials and the rounds,
and whether the claim holds by a stated rule whose thresholds are config values
(``dkm96.table2.claims``). ``source`` says where the claim is made; the last one is ours
(beyond the paper: eq. 4 predicts that the G criterion needs fewer rounds).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd
from scipy import stats

from smalltrees.reporting.markdown import to_markdown
from smalltrees.studies.dkm96.sequences import mean_sequence, splits

COLUMNS = ("claim", "problem", "statistic", "holds", "source")
BEYOND = "beyond the paper (eq. 4)"


def check_claims(rounds: pd.DataFrame, trials: pd.DataFrame, problems: Mapping[str, str],
                 scatter_domain: str, settings: Mapping) -> pd.DataFrame:
    """Every claim on every problem it concerns (``problems``: domain -> name; the scatter
    claims of Figures 11-12 on ``scatter_domain``)."""
    rows = []
    for domain, problem in problems.items():
        rows.append(adaboost_floor(rounds, domain, problem, settings))
        rows.append(topdown_rises(rounds, domain, problem, settings))
        rows.append(fewer_rounds(trials, domain, problem))
    if scatter_domain in problems:
        points = splits(rounds, scatter_domain)
        problem = problems[scatter_domain]
        rows += [weight_trend(points, problem, settings), heavy_nodes(points, problem, settings),
                 gain_spread(points, problem, settings)]
    for domain, problem in problems.items():
        rows.append(g_fewer_rounds(trials, domain, problem))
    return pd.DataFrame(rows, columns=list(COLUMNS))


def _row(claim: str, problem: str, statistic: str, holds, source: str) -> dict:
    return {"claim": claim, "problem": problem, "statistic": statistic,
            "holds": None if holds is None else bool(holds), "source": source}


def adaboost_floor(rounds: pd.DataFrame, domain: str, problem: str, settings: Mapping) -> dict:
    """"AdaBoost rapidly drives the advantage to zero, falling below 0.05 within 40 rounds."""
    floor, within = settings["floor"], settings["within"]
    sequence = mean_sequence(rounds, domain, "AdaBoost")
    sequence = sequence[sequence["running"] >= settings["min_running"]]
    below = sequence.loc[sequence["advantage"] < floor, "round"]
    claim = f"AdaBoost's mean advantage falls below {floor:g} within {within} rounds"
    if sequence.empty:
        return _row(claim, problem, "no round with enough trials", None, "section 4.2")
    first = int(below.iloc[0]) if len(below) else None
    statistic = (f"first below {floor:g} at round {first}" if first is not None else
                 f"never below {floor:g} in {int(sequence['round'].max())} rounds (minimum "
                 f"{sequence['advantage'].min():.3f})")
    return _row(claim, problem, statistic, first is not None and first <= within,
                "section 4.2")


def topdown_rises(rounds: pd.DataFrame, domain: str, problem: str, settings: Mapping) -> dict:
    """"The advantage sequence for TopDown is lowest at the beginning and tends to increase (or
    at least hold steady)": the mean of the first rounds is below the later rounds' mean, and
    the mean sequence has no significantly negative rank trend."""
    first, alpha = settings["root_rounds"], settings["alpha"]
    sequence = mean_sequence(rounds, domain, "TopDown")
    sequence = sequence[sequence["running"] >= settings["min_running"]]
    claim = ("TopDown's advantage is lowest near the root and does not decrease with t")
    if len(sequence) <= first + 2:
        return _row(claim, problem, f"only {len(sequence)} rounds with enough trials", None,
                    "sections 4.2-4.3")
    early = sequence["advantage"].iloc[:first].mean()
    later = sequence["advantage"].iloc[first:].mean()
    rho, p_two = stats.spearmanr(sequence["round"], sequence["advantage"])
    p_negative = p_two / 2 if rho < 0 else 1 - p_two / 2
    statistic = (f"mean of rounds 1-{first} {early:.3f} vs later {later:.3f}; Spearman rho "
                 f"(t, mean gamma_t) = {rho:.2f} over {len(sequence)} rounds (one-sided p of a "
                 f"decrease {p_negative:.3g})")
    return _row(claim, problem, statistic, early < later and p_negative >= alpha,
                "sections 4.2-4.3")


def fewer_rounds(trials: pd.DataFrame, domain: str, problem: str) -> dict:
    """"TopDown is actually able to achieve zero training set error in fewer rounds than
    Adaboost": AdaBoost's training error after TopDown's rounds is above zero."""
    ada = trials[(trials["domain"] == domain) & (trials["algorithm"] == "AdaBoost")]
    ada = ada.dropna(subset=["train_error"])
    claim = "TopDown reaches zero training error in fewer rounds than AdaBoost"
    if ada.empty:
        return _row(claim, problem, "AdaBoost not run", None, "section 4.1")
    above = int((ada["train_error"] > 0).sum())
    return _row(claim, problem, f"AdaBoost's training error after TopDown's rounds is above 0 "
                f"in {above} of {len(ada)} trials (mean {100 * ada['train_error'].mean():.1f}%)",
                above == len(ada), "section 4.1")


def weight_trend(points: pd.DataFrame, problem: str, settings: Mapping) -> dict:
    """"When w is large, the advantages are smaller": a negative rank correlation."""
    claim = "when the node weight w is large, the advantages are smaller (Figure 11)"
    if len(points) < 3:
        return _row(claim, problem, "fewer than 3 splits", None, "section 4.2")
    rho, p = stats.spearmanr(points["w"], points["advantage"])
    return _row(claim, problem, f"Spearman rho (w, gamma) = {rho:.2f}, p = {p:.2g}, "
                f"{len(points)} splits", rho < 0 and p < settings["alpha"], "section 4.2")


def heavy_nodes(points: pd.DataFrame, problem: str, settings: Mapping) -> dict:
    """"If we confine our attention to nodes having at least 2% of the training data ... we
    still see many large values for the advantage": the share of such splits with a large
    advantage."""
    heavy, large, share = (settings["heavy_node"], settings["large_advantage"],
                           settings["large_share"])
    claim = (f"large advantages (gamma >= {large:g}) also at nodes with w >= {heavy:g} "
             "(Figure 11)")
    chosen = points[points["w"] >= heavy]
    if chosen.empty:
        return _row(claim, problem, f"no split with w >= {heavy:g}", None, "section 4.2")
    count = int((chosen["advantage"] >= large).sum())
    return _row(claim, problem, f"{count} of {len(chosen)} splits with w >= {heavy:g} have "
                f"gamma >= {large:g} ({100 * count / len(chosen):.0f}%; rule: >= "
                f"{100 * share:g}%)", count / len(chosen) >= share, "section 4.2")


def gain_spread(points: pd.DataFrame, problem: str, settings: Mapping) -> dict:
    """"For any fixed value of the information gain, gamma takes on a wide range of values":
    within bins of equal gain (quantiles), the 10%-90% range of gamma is wide."""
    bins, spread = settings["gain_bins"], settings["gamma_spread"]
    claim = "gamma is not a function of the information gain (Figure 12)"
    if len(points) < 2 * bins:
        return _row(claim, problem, f"only {len(points)} splits", None, "section 4.2")
    binned = pd.qcut(points["gain"], bins, duplicates="drop")
    grouped = points.groupby(binned, observed=True)["advantage"]
    ranges = grouped.quantile(0.9) - grouped.quantile(0.1)
    explained = grouped.transform("mean").var() / points["advantage"].var()
    median = float(ranges.median())
    return _row(claim, problem, f"median 10%-90% range of gamma within {len(ranges)} gain "
                f"bins = {median:.3f} (rule: >= {spread:g}); share of gamma's variance "
                f"explained by the bin means = {explained:.2f}", median >= spread,
                "section 4.2")


def g_fewer_rounds(trials: pd.DataFrame, domain: str, problem: str) -> dict:
    """Beyond the paper: eq. 4's bound for G is polynomial in 1/eps where eq. 3's for H is
    not, so TopDown_G should need fewer rounds to zero training error."""
    mine = trials[trials["domain"] == domain].pivot(index="trial", columns="algorithm",
                                                    values="rounds")
    claim = "TopDown_G needs fewer rounds to zero training error than TopDown (entropy)"
    if not {"TopDown", "TopDown_G"} <= set(mine.columns):
        return _row(claim, problem, "not run", None, BEYOND)
    h, g = mine["TopDown"].to_numpy(float), mine["TopDown_G"].to_numpy(float)
    fewer = int(np.sum(g < h))
    return _row(claim, problem, f"mean rounds G {g.mean():.1f} vs entropy {h.mean():.1f}; G "
                f"fewer in {fewer}, more in {int(np.sum(g > h))} of {len(g)} trials",
                g.mean() < h.mean(), BEYOND)


def render_claims(claims: pd.DataFrame, settings: Mapping) -> str:
    """The checked claims in Markdown, under the thresholds they were checked with."""
    return ("# Dietterich, Kearns & Mansour (1996), section 4: the claims, checked\n\n"
            f"Thresholds (dkm96.table2.claims): {dict(settings)}\n\n" + to_markdown(claims))
