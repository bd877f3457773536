"""DKM 1996 Table 1: C4.5(G) vs C4.5(H), ours beside the paper's, with a verdict per cell.

Our number is partition 1 of the design (:mod:`smalltrees.studies.dkm96.design`), as the paper's
is its one partition. Both are draws from the partition-to-partition distribution of the same
design, whose spread ``sd_R`` we measure over the R partitions of the stability study. A cell
*reproduces* the paper when

    |ours - paper| <= k * sqrt(sd_R^2 + sd_R^2) + half a unit of the paper's last decimal

(the one verdict rule :func:`smalltrees.evaluation.verdicts.verdict`; with R = 1 it is
equality at the paper's rounding). The paper's printed typo (Segmentation Pr(t) = 0.139, which
no t = 1.000 can give) is shown as printed and flagged, not corrected.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd

from smalltrees.evaluation.verdicts import NOT_RUN, verdict
from smalltrees.reporting.markdown import to_markdown
from smalltrees.reporting.paper import beside
from smalltrees.studies.dkm96.partition_statistics import METRICS, across_domains, spread

DECIMALS = {"err_G": 2, "err_H": 2, "ci_low": 2, "ci_high": 2, "size_G": 2, "size_H": 2,
            "t": 3, "p_t": 3}
"""The decimals the paper prints per column; half a unit of the last is the rounding allowance."""

HEADERS = {"err_G": "% error C4.5(G)", "err_H": "% error C4.5(H)", "ci": "95% CI (H - G)",
           "size_G": "size C4.5(G)", "size_H": "size C4.5(H)", "t": "t", "p_t": "Pr(t)"}


def paper_values(paper: pd.DataFrame) -> dict[tuple[str, str], tuple[float, bool]]:
    """The paper's numbers by (domain, metric): (value, printed value uncertain)."""
    return {(r.domain, r.metric): (float(r.value), r.uncertain == "yes")
            for r in paper.itertuples(index=False)}


def make_table1(stats: Mapping[str, pd.DataFrame], status: Mapping[str, str],
          problems: Mapping[str, str], paper: pd.DataFrame, k: float) -> pd.DataFrame:
    """Table 1 as a tidy frame: one row per domain (in config order), per metric our value
    (partition 1), its spread over partitions, the paper's, the difference and the verdict."""
    printed = paper_values(paper)
    rows = []
    for domain, problem in problems.items():
        row: dict = {"domain": domain, "problem": problem, "status": status[domain]}
        frame = stats.get(domain)
        first = frame.iloc[0] if frame is not None and not frame.empty else None
        row["n"] = int(first["n"]) if first is not None else np.nan
        row["n_test"] = int(first["n_test"]) if first is not None else np.nan
        row["partitions"] = len(frame) if frame is not None else 0
        for metric in METRICS:
            ours = float(first[metric]) if first is not None else np.nan
            sd = spread(frame, metric) if first is not None else np.nan
            value, uncertain = printed.get((domain, metric), (np.nan, False))
            row[metric] = ours
            row[f"{metric}_sd"] = sd
            row[f"paper_{metric}"] = value
            row[f"paper_{metric}_uncertain"] = uncertain
            row[f"{metric}_diff"] = ours - value
            row[f"{metric}_verdict"] = (
                NOT_RUN if first is None else
                verdict(ours, value, sd, sd, k, rounding=0.5 * 10 ** -DECIMALS[metric]))
        rows.append(row)
    return pd.DataFrame(rows)


def make_overall(stats: Mapping[str, pd.DataFrame], paper: pd.DataFrame) -> dict:
    """The sign test and the pooled t over the computed domains (partition 1), with the
    paper's values (section 3.1: 8 of 9, p < 0.039; 38 trials, p < 0.0002)."""
    first = {d: f.iloc[0] for d, f in stats.items() if not f.empty}
    ours = across_domains(first)
    printed = paper_values(paper)
    ours["paper_sign_p"] = printed.get(("all", "sign_p"), (np.nan, False))[0]
    ours["paper_pooled_p"] = printed.get(("all", "pooled_p"), (np.nan, False))[0]
    ours["paper_g_lower_error"] = printed.get(("all", "g_lower_error"), (np.nan, False))[0]
    return ours


def with_overall(table: pd.DataFrame, overall: Mapping) -> pd.DataFrame:
    """The table with a last row "all": the sign test and the pooled t (the CSV's form)."""
    row = {"domain": "all", "problem": "all computed domains (sign test; pooled t)",
           "status": "ok" if overall.get("domains", 0) else "not run", **overall}
    return pd.concat([table, pd.DataFrame([row])], ignore_index=True)


def _cell(frame_row, metric: str) -> str:
    if frame_row["status"] != "ok":
        return ""
    places = DECIMALS[metric]
    ours, paper = frame_row[metric], frame_row[f"paper_{metric}"]
    paper_text = "-" if np.isnan(paper) else f"{paper:.{places}f}"
    if frame_row[f"paper_{metric}_uncertain"]:
        paper_text += "?"
    return beside(f"{ours:.{places}f}", paper_text, frame_row[f"{metric}_verdict"] == "differs")


def render_table1(table: pd.DataFrame, overall: Mapping, notes: Mapping[str, str],
                    interval: Mapping, k: float) -> str:
    """Table 1 in Markdown, "ours (paper)" per cell, differences in bold, and ``notes`` (our
    explanations of differences, by domain; "all" for the table as a whole)."""
    lines = []
    for _, r in table.iterrows():
        ci = ("" if r["status"] != "ok" else
              beside(f"[{r['ci_low']:.2f}, {r['ci_high']:.2f}]",
                     f"[{r['paper_ci_low']:.2f}, {r['paper_ci_high']:.2f}]"
                     + ("?" if r["paper_ci_low_uncertain"] else ""),
                     "differs" in (r["ci_low_verdict"], r["ci_high_verdict"])))
        lines.append({"Problem": r["problem"],
                      HEADERS["err_G"]: _cell(r, "err_G"), HEADERS["err_H"]: _cell(r, "err_H"),
                      HEADERS["ci"]: ci,
                      HEADERS["size_G"]: _cell(r, "size_G"), HEADERS["size_H"]: _cell(r, "size_H"),
                      HEADERS["t"]: _cell(r, "t"), HEADERS["p_t"]: _cell(r, "p_t"),
                      "n x test": (f"{int(r['n'])} x {int(r['n_test'])}" if r["status"] == "ok"
                                   else ""),
                      "status": r["status"]})
    method = interval.get("method", "abc")
    described = ("nonparametric ABC (abcnon, closed form for a mean)" if method == "abc" else
                 f"BCa bootstrap, {interval.get('resamples', 2000)} resamples (a declared "
                 "stand-in for the paper's ABC)")
    out = ["# Dietterich, Kearns & Mansour (1996), Table 1: C4.5(G) vs C4.5(H)\n",
           "Ours (paper). Errors: % test error of the pruned trees, mean over the n training "
           "sets; sizes: nodes of the unpruned trees; t: paired t on size_H - size_G (|t| as "
           f"printed), Pr(t) two-sided. Interval of err_H - err_G (% points): {described}. "
           "Bold: differs by the verdict rule; `?`: the paper's printed value is doubtful.\n",
           to_markdown(pd.DataFrame(lines)), ""]
    if overall.get("domains", 0):
        out.append(
            f"- Sign test over {overall['domains']} domains: C4.5(G) has the lower error in "
            f"{overall['g_lower_error']} (paper: {overall['paper_g_lower_error']:.0f} of 9), "
            f"two-sided p = {overall['sign_p']:.4f} (paper: p < {overall['paper_sign_p']}).")
        out.append(
            f"- Pooled paired t on all {overall['pooled_trials']} trials' size differences: "
            f"t = {overall['pooled_t']:.3f}, df = {overall['pooled_df']}, two-sided p = "
            f"{overall['pooled_p']:.2g} (paper: 38 trials, p < {overall['paper_pooled_p']}).")
    out.append(
        f"- Verdict rule: |ours - paper| <= {k:g} x sqrt(2) x sd_R + half a unit of the paper's "
        "last decimal, sd_R the spread of the cell over the R partitions (the paper's number is "
        "one partition of the same design); with R = 1, equality at the paper's rounding.")
    out.append("- Multi-class G: for k > 2 classes our G is the one-vs-rest sum "
               "sum_j sqrt(p_j (1 - p_j)) (equal to G for two classes); it is not used here, "
               "every problem being one class against the rest.")
    for domain, note in notes.items():
        if domain in set(table["domain"]) or domain == "all":
            out.append(f"- {domain}: {note}")
    return "\n".join(out) + "\n"
