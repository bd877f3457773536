"""Beyond DKM 1996 Table 1: is each conclusion stable over independent partitions?

The paper's design rests on one random partition of each domain into n training sets and a test
set. We repeat the whole design over R independent partitions and report, per domain, how often
C4.5(G) beats C4.5(H) on error and on size, the spread of the two differences, how often the
interval of err_H - err_G excludes 0 and how often the size t test is significant; and, over
domains, how often the sign test and the pooled t reach the paper's significance.
"""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd

from smalltrees.reporting.markdown import to_markdown
from smalltrees.studies.dkm96.partition_statistics import across_domains

ALPHA = 0.05


def make_stability_table(stats: Mapping[str, pd.DataFrame], problems: Mapping[str, str],
          status: Mapping[str, str]) -> pd.DataFrame:
    """One row per domain: counts over its R partitions and the spread of the differences."""
    rows = []
    for domain, problem in problems.items():
        frame = stats.get(domain)
        if frame is None or frame.empty:
            rows.append({"domain": domain, "problem": problem, "status": status[domain],
                         "partitions": 0})
            continue
        excludes = (frame["ci_low"] > 0) | (frame["ci_high"] < 0)
        rows.append({
            "domain": domain, "problem": problem, "status": status[domain],
            "partitions": len(frame),
            "g_lower_error": int((frame["err_diff"] > 0).sum()),
            "error_ties": int((frame["err_diff"] == 0).sum()),
            "g_smaller": int((frame["size_diff"] > 0).sum()),
            "size_ties": int((frame["size_diff"] == 0).sum()),
            "err_diff_mean": frame["err_diff"].mean(), "err_diff_sd": frame["err_diff"].std(),
            "err_diff_min": frame["err_diff"].min(), "err_diff_max": frame["err_diff"].max(),
            "size_diff_mean": frame["size_diff"].mean(),
            "size_diff_sd": frame["size_diff"].std(),
            "size_diff_min": frame["size_diff"].min(), "size_diff_max": frame["size_diff"].max(),
            "ci_excludes_0": int(excludes.sum()),
            "ci_favours_g": int((frame["ci_low"] > 0).sum()),
            "size_p_below_005": int((frame["p_t"] < ALPHA).sum()),
        })
    return pd.DataFrame(rows)


def overall_by_partition(stats: Mapping[str, pd.DataFrame]) -> pd.DataFrame:
    """Per partition: the sign test and pooled t over the computed domains."""
    computed = {d: f for d, f in stats.items() if not f.empty}
    if not computed:
        return pd.DataFrame()
    partitions = sorted(set.intersection(*(set(f["partition"]) for f in computed.values())))
    rows = []
    for number in partitions:
        first = {d: f[f["partition"] == number].iloc[0] for d, f in computed.items()}
        rows.append({"partition": number, **across_domains(first)})
    return pd.DataFrame(rows)


def render_stability_table(table: pd.DataFrame, per_partition: pd.DataFrame) -> str:
    """The stability summary in Markdown."""
    shown = []
    for _, r in table.iterrows():
        if r["partitions"] == 0:
            shown.append({"Problem": r["problem"], "R": 0, "status": r["status"]})
            continue
        R = int(r["partitions"])
        shown.append({
            "Problem": r["problem"], "R": R,
            "G lower error": f"{int(r['g_lower_error'])}/{R}"
                             + (f" ({int(r['error_ties'])} ties)" if r["error_ties"] else ""),
            "err_H - err_G (% pts) mean ± sd [min, max]":
                f"{r['err_diff_mean']:.2f} ± {_sd(r['err_diff_sd'])} "
                f"[{r['err_diff_min']:.2f}, {r['err_diff_max']:.2f}]",
            "CI excludes 0 (for G)": f"{int(r['ci_excludes_0'])} ({int(r['ci_favours_g'])})",
            "G smaller": f"{int(r['g_smaller'])}/{R}"
                         + (f" ({int(r['size_ties'])} ties)" if r["size_ties"] else ""),
            "size_H - size_G mean ± sd [min, max]":
                f"{r['size_diff_mean']:.2f} ± {_sd(r['size_diff_sd'])} "
                f"[{r['size_diff_min']:.2f}, {r['size_diff_max']:.2f}]",
            "Pr(t) < 0.05": f"{int(r['size_p_below_005'])}/{R}",
            "status": r["status"]})
    out = ["# DKM 1996 Table 1 over R independent partitions (beyond the paper)\n",
           "Each partition redraws the n training sets (and the test set where it is drawn at "
           "random); partition 1 is Table 1's. Counts are over partitions.\n",
           to_markdown(pd.DataFrame(shown)).rstrip("\n"), ""]
    if not per_partition.empty:
        R = len(per_partition)
        significant = int((per_partition["sign_p"] < ALPHA).sum())
        out.append(
            f"- Sign test over domains: p < {ALPHA} in {significant} of {R} partitions (G lower "
            f"error in {per_partition['g_lower_error'].min()} to "
            f"{per_partition['g_lower_error'].max()} of {per_partition['domains'].iloc[0]} "
            "domains; the paper: 8 of 9, p < 0.039).")
        out.append(
            f"- Pooled t on sizes: p < 0.0002 in {int((per_partition['pooled_p'] < 2e-4).sum())} "
            f"of {R} partitions (median p = {per_partition['pooled_p'].median():.2g}; the paper: "
            "p < 0.0002).")
    return "\n".join(out) + "\n"


def _sd(value: float) -> str:
    return "-" if pd.isna(value) else f"{value:.2f}"
