"""Table 1's statistics of one partition of one domain, and across domains (DKM 1996, 3.1).

Per domain and partition: the mean % error of the n pruned C4.5(G) and C4.5(H) trees on the test
set, the confidence interval of err_H - err_G from the contingency table of the 2n hypotheses,
the mean unpruned sizes and the paired t test on the n size differences (size_H - size_G).
Across domains: the sign test on the error differences and the t test on all trials' size
differences pooled.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping

import numpy as np
import pandas as pd

from smalltrees.evaluation.intervals import difference_interval
from smalltrees.evaluation.resampling import seed_for
from smalltrees.evaluation.statistics import paired_t, pooled_t, sign_test

METRICS = ("err_G", "err_H", "ci_low", "ci_high", "size_G", "size_H", "t", "p_t")
"""Table 1's columns, in the paper's order (t signed as size_H - size_G, where the paper prints
|t| beside its sizes; p_t two-sided)."""


def partition_statistics(result: Mapping, interval: Mapping, seed: int, stream: str
                         ) -> pd.DataFrame:
    """One row per partition of a domain's trial result
    (:func:`~smalltrees.studies.dkm96.table1_trials.run_domain`).

    ``interval`` is ``dkm96.table1.interval`` (method, level, resamples); a BCa bootstrap draws
    from ``seed_for(seed, stream, domain, partition, "interval")``.
    """
    rows = []
    for part in result["partitions"]:
        trials = pd.DataFrame(part["trials"])
        n_test = part["n_test"]
        sizes = (trials["size_H"] - trials["size_G"]).to_numpy(dtype=float)
        test = paired_t(sizes)
        ci = difference_interval(
            np.array(part["contingency"]), level=interval.get("level", 0.95),
            method=interval.get("method", "abc"), resamples=interval.get("resamples", 2000),
            seed=seed_for(seed, stream, result["domain"], part["partition"], "interval"))
        rows.append({
            "partition": part["partition"], "n": len(trials), "n_test": n_test,
            "err_G": 100 * trials["errors_G"].mean() / n_test,
            "err_H": 100 * trials["errors_H"].mean() / n_test,
            "ci_low": 100 * ci.low, "ci_high": 100 * ci.high,
            "size_G": trials["size_G"].mean(), "size_H": trials["size_H"].mean(),
            "size_diff": test.mean, "t": test.t, "p_t": test.p,
            "size_diffs": sizes.tolist(),
        })
    frame = pd.DataFrame(rows)
    if not frame.empty:
        frame["err_diff"] = frame["err_H"] - frame["err_G"]
    return frame


def across_domains(first: Mapping[str, pd.Series]) -> dict:
    """The sign test on err_H - err_G over domains and the pooled t on all size differences,
    from each computed domain's statistics row of one partition."""
    if not first:
        return {"domains": 0}
    err_diffs = [row["err_H"] - row["err_G"] for row in first.values()]
    signs = sign_test(err_diffs)
    pooled = pooled_t([row["size_diffs"] for row in first.values()])
    return {"domains": len(first), "g_lower_error": signs.wins, "h_lower_error": signs.losses,
            "ties": signs.ties, "sign_p": signs.p, "pooled_trials": pooled.n,
            "pooled_t": pooled.t, "pooled_df": pooled.df, "pooled_p": pooled.p}


def spread(frame: pd.DataFrame, metric: str) -> float:
    """The standard deviation of ``metric`` over a domain's partitions (NaN for one)."""
    return float(frame[metric].std(ddof=1)) if len(frame) > 1 else float("nan")


def load(results: Mapping[str, Mapping], interval: Mapping, seed: int, stream: str
         ) -> tuple[dict[str, pd.DataFrame], dict[str, str]]:
    """Per-partition statistics and status ("ok" or "not run: ...") of every domain's trial
    result (``results`` by domain, in table order)."""
    stats = {d: partition_statistics(r, interval, seed, stream) for d, r in results.items()
             if r["status"] == "ok"}
    return stats, {d: r["status"] for d, r in results.items()}


def read_trials(paths: Iterable[str | os.PathLike]) -> dict[str, dict]:
    """The trial results (JSON files of
    :func:`~smalltrees.studies.dkm96.table1_trials.run_domain`) by domain, in order."""
    results = {}
    for path in paths:
        with open(path) as handle:
            result = json.load(handle)
        results[result["domain"]] = result
    return results
