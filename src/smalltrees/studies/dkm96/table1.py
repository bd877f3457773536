"""DKM 1996 Table 1: C4.5(G) vs C4.5(H), ours beside the paper's, one cell per number.

Our number is partition 1 of the design (:mod:`smalltrees.studies.dkm96.design`), as the paper's
is its one partition. The cells come from one :func:`~smalltrees.evaluation.cells.compare` of our
numbers (long form) with the paper's transcription (``data/paper/dkm96/table1.csv``) under
:func:`rules`:

- error rates and sizes are draws from the partition-to-partition distribution of the same
  design, whose spread ``sd_R`` we measure over the R partitions of the stability study::

      |ours - paper| <= k * sqrt(sd_R^2 + sd_R^2) + half a unit of the paper's last decimal

  (``close`` within 2k; ``inconclusive`` where that band exceeds half the paper's value: with
  R = 1 it is equality at the paper's rounding);
- the interval ends, t and Pr(t) of one partition are judged by the conclusion they support
  (section 3.1 of the paper): an interval end and t by their sign (the interval excludes 0 on
  the same side iff both ends keep their signs; t is signed as size_H - size_G, the paper's
  |t| taking the sign of its own sizes), Pr(t) by whether it is below :data:`LEVEL`.

The paper's printed typo (Segmentation Pr(t) = 0.139, which no t = 1.000 can give) is shown as
printed and listed under the table with the other doubtful printed values.
Section 3.1's tests over all domains (sign test, pooled t) are claims (:func:`claim_cells`),
also judged, as a reading, on the paper's own Table 1 restricted to the domains we computed
(:func:`paper_overall`): whether the paper's numbers themselves reach its p bounds on the
domains our data allow.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd

from smalltrees.evaluation.cells import claim_cells as cells_of_claims
from smalltrees.evaluation.cells import compare
from smalltrees.evaluation.claims import judge
from smalltrees.evaluation.statistics import pooled_t_from_summaries, sign_test
from smalltrees.evaluation.verdicts import Conclusion, Spread
from smalltrees.reporting.cell_views import paper_shape
from smalltrees.reporting.markdown import to_markdown
from smalltrees.reporting.paper import LEGEND
from smalltrees.studies.dkm96.claims import table1_checks
from smalltrees.studies.dkm96.partition_statistics import METRICS, across_domains, spread
from smalltrees.studies.dkm96.views import problem_names, with_details

STUDY = "dkm96"
TABLE = "table1"
CLAIMS = "claims"
"""The table key of section 3.1's claims (the scorecard's, shared with section 4's)."""
DECIMALS = {"err_G": 2, "err_H": 2, "ci_low": 2, "ci_high": 2, "size_G": 2, "size_H": 2,
            "t": 3, "p_t": 3, "err_diff": 2, "size_diff": 2}
"""The decimals the paper prints per column (the differences, ours only, as the errors)."""
LEVEL = 0.05
"""The significance level of Pr(t): the paper's own ("significant below the 0.05 level in only
2 problems", section 3.1; its ``**`` marks p < 0.05)."""
HEADERS = {"err_G": "% error C4.5(G)", "err_H": "% error C4.5(H)", "ci_low": "ci_low",
           "ci_high": "ci_high", "size_G": "size C4.5(G)", "size_H": "size C4.5(H)",
           "t": "t (H - G)", "p_t": "Pr(t)"}
CI = "95% CI (H - G)"


def rules(k: float) -> dict:
    """Table 1's rule per quantity (the module docstring): spreads for the averages, the
    conclusion for the statistics of one partition (and the differences' signs)."""
    draws = Spread(k, paper_spread="ours", spread_name="x sqrt(2) sd over the partitions")
    return {"err_G": draws, "err_H": draws, "size_G": draws, "size_H": draws,
            "ci_*": Conclusion("sign"), "t": Conclusion("sign"), "*_diff": Conclusion("sign"),
            "p_t": Conclusion("below", LEVEL)}


def table1_numbers(stats: Mapping[str, pd.DataFrame], status: Mapping[str, str],
                   problems: Mapping[str, str]) -> pd.DataFrame:
    """Our Table 1 in long form: per domain (config order) and column, partition 1's number and
    its sd over the partitions; a domain that was not run has no numbers and its status as
    the note."""
    rows = []
    for domain in problems:
        frame = stats.get(domain)
        first = frame.iloc[0] if frame is not None and not frame.empty else None
        for metric in METRICS:
            rows.append({"code": domain, "quantity": metric,
                         "ours": np.nan if first is None else float(first[metric]),
                         "ours_spread": np.nan if first is None else spread(frame, metric),
                         "decimals": DECIMALS[metric],
                         "item": f"Table 1, {metric}, {domain}",
                         "note": "" if status[domain] == "ok" else status[domain]})
    return pd.DataFrame(rows)


def make_cells(stats: Mapping[str, pd.DataFrame], status: Mapping[str, str],
               problems: Mapping[str, str], paper: pd.DataFrame, k: float) -> pd.DataFrame:
    """Table 1's cells: our numbers beside the paper's (``paper``: the study's transcription),
    judged by :func:`rules`."""
    return compare(STUDY, TABLE, table1_numbers(stats, status, problems), paper, rules(k))


def overall(stats: Mapping[str, pd.DataFrame], paper: pd.DataFrame) -> dict:
    """The sign test and the pooled t over the computed domains the paper has (partition 1):
    section 3.1's claims are about its domains, so a domain of ours alone does not count."""
    domains = set(paper.loc[paper["table"] == TABLE, "code"])
    return across_domains({d: f.iloc[0] for d, f in stats.items()
                           if d in domains and not f.empty})


PAPER_READING = "the paper's Table 1 on the domains we computed"
"""The reading of section 3.1's claims that recomputes them from the paper's numbers."""


def paper_overall(stats: Mapping[str, pd.DataFrame], paper: pd.DataFrame) -> dict:
    """Section 3.1's two tests recomputed from the paper's Table 1 alone, on the domains of
    :func:`overall` (computed by us and in the paper): the sign test on its err_H - err_G, and
    the pooled t on its size differences from each domain's mean (size_H - size_G), |t| and
    n (the number of training sets of our design, the paper's inferred n: Letter 8, Pima 2,
    the others 4, which sum to its "38 trials" over its 9 domains), sd = |mean| sqrt(n) /
    |t|."""
    table = paper[paper["table"] == TABLE].pivot(index="code", columns="quantity",
                                                 values="value")
    domains = [d for d, f in stats.items() if d in table.index and not f.empty]
    if not domains:
        return {"domains": 0}
    rows = table.loc[domains]
    n = [int(stats[d]["n"].iloc[0]) for d in domains]
    mean = (rows["size_H"] - rows["size_G"]).to_numpy()
    sd = np.abs(mean) * np.sqrt(n) / rows["t"].abs().to_numpy()
    signs = sign_test((rows["err_H"] - rows["err_G"]).to_numpy())
    pooled = pooled_t_from_summaries(n, mean, sd)
    return {"domains": len(domains), "g_lower_error": signs.wins, "h_lower_error": signs.losses,
            "ties": signs.ties, "sign_p": signs.p, "pooled_trials": pooled.n,
            "pooled_t": pooled.t, "pooled_df": pooled.df, "pooled_p": pooled.p}


def claim_cells(claims: pd.DataFrame, tests: Mapping, paper_tests: Mapping | None = None
                ) -> pd.DataFrame:
    """Section 3.1's claims (the ``table1`` part of ``claims.csv``) checked on :func:`overall`,
    and with ``paper_tests`` (:func:`paper_overall`) on the paper's own numbers as reading
    cells (:data:`PAPER_READING`)."""
    mine = claims[claims["part"] == TABLE]
    cells = cells_of_claims(STUDY, CLAIMS, judge(mine, table1_checks(tests)))
    if paper_tests is None:
        return cells
    theirs = cells_of_claims(STUDY, CLAIMS, judge(mine, table1_checks(paper_tests)))
    return pd.concat([cells, theirs.assign(reading=PAPER_READING)], ignore_index=True)


def details(stats: Mapping[str, pd.DataFrame], status: Mapping[str, str],
            problems: Mapping[str, str]) -> pd.DataFrame:
    """Our columns beside the paper's: per domain its status, n, test-set size and the
    number of partitions."""
    rows = []
    for domain, problem in problems.items():
        frame = stats.get(domain)
        ran = frame is not None and not frame.empty
        rows.append({"domain": domain, "problem": problem, "status": status[domain],
                     "n": int(frame["n"].iloc[0]) if ran else None,
                     "n_test": int(frame["n_test"].iloc[0]) if ran else None,
                     "partitions": len(frame) if ran else 0})
    return pd.DataFrame(rows).astype({"n": "Int64", "n_test": "Int64"})


def table1_csv(cells: pd.DataFrame, ours: pd.DataFrame, paper: pd.DataFrame,
               tests: Mapping) -> pd.DataFrame:
    """The CSV view: one row per domain (our columns, then per quantity ours, its sd, the
    paper's and the verdict, from the cells) and a last row ``all`` with the tests over
    domains."""
    table = with_details(cells, ours, problem_names(paper, TABLE, ours))
    row = {"domain": "all", "problem": "the paper's computed domains (sign test; pooled t)",
           "status": "ok" if tests.get("domains", 0) else "not run", **tests}
    return pd.concat([table, pd.DataFrame([row])], ignore_index=True)


def render_table1(cells: pd.DataFrame, claims: pd.DataFrame, ours: pd.DataFrame,
                  paper: pd.DataFrame, notes: Mapping[str, str], interval: Mapping,
                  k: float) -> str:
    """Table 1 in Markdown from its cells: "ours (paper)" per cell, marked by verdict, rows in
    config order then the paper's domains we did not configure; then the claims over all
    domains, the doubtful printed values and ``notes`` (our explanations, by domain)."""
    names = problem_names(paper, TABLE, ours)
    shape = paper_shape(cells, HEADERS, rows=list(ours["domain"]), spreads=False,
                        row_label="domain")
    ci = [f"[{low}, {high}]" if low and high else ""
          for low, high in zip(shape.pop("ci_low"), shape.pop("ci_high"), strict=True)]
    shape.insert(3, CI, ci)
    shape = shape.merge(ours[["domain", "n", "n_test", "status"]], on="domain", how="left")
    shape["n x test"] = [f"{int(n)} x {int(m)}" if pd.notna(n) else ""
                         for n, m in zip(shape.pop("n"), shape.pop("n_test"), strict=True)]
    shape["status"] = shape.pop("status").fillna("not configured")
    shape.insert(0, "Problem", shape.pop("domain").map(names))
    method = interval.get("method", "abc")
    described = ("nonparametric ABC (abcnon, closed form for a mean)" if method == "abc" else
                 f"BCa bootstrap, {interval.get('resamples', 2000)} resamples (a declared "
                 "stand-in for the paper's ABC)")
    out = ["# Dietterich, Kearns & Mansour (1996), Table 1: C4.5(G) vs C4.5(H)\n",
           "Ours (paper). Errors: % test error of the pruned trees, mean over the n training "
           "sets; sizes: nodes of the unpruned trees; t: paired t on size_H - size_G (the paper "
           "prints |t|; its sign is that of its sizes), Pr(t) two-sided. Interval of "
           f"err_H - err_G (% points): {described}. {LEGEND}.\n",
           to_markdown(shape), ""]
    for claim in claims.to_dict("records"):
        whose = f"Reading, {claim['reading']}" if claim["reading"] else "Ours"
        out.append(f"- {claim['item']}. {whose}: {claim['ours']}; paper: {claim['paper']}: "
                   f"{claim['verdict']}.")
    out.append(
        f"- Verdict rule: errors and sizes within {k:g} x sqrt(2) x sd_R + half a unit of the "
        "paper's last decimal, sd_R the spread of the cell over the R partitions (the paper's "
        "number is one partition of the same design); close within twice that; inconclusive "
        "where that band exceeds half the paper's value. Interval ends and t: the same sign "
        f"(the interval excludes 0 on the same side); Pr(t): below {LEVEL:g} or not, as the "
        "paper's (the conclusion of one partition, not its number).")
    out.append("- Multi-class G: for k > 2 classes our G is the one-vs-rest sum "
               "sum_j sqrt(p_j (1 - p_j)) (equal to G for two classes); it is not used here, "
               "every problem being one class against the rest.")
    for row in paper[(paper["table"] == TABLE) & (paper["uncertain"] == "yes")].itertuples():
        out.append(f"- Doubtful printed value: {names.get(row.code, row.code)} {row.quantity} "
                   f"= {row.value:.{row.decimals}f} ({row.comment}).")
    for domain, note in notes.items():
        if domain in set(ours["domain"]) or domain == "all":
            out.append(f"- {domain}: {note}")
    return "\n".join(out) + "\n"
