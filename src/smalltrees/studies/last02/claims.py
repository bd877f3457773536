"""The claims of Last, Maimon & Minkov (2002), section 3, checked on our numbers.

Each claim is computed from Tables 3 and 4 (ours for IFN, the paper's quoted columns for CMM,
Bagging and C4.5RULES, as the paper itself compares) and judged by
:func:`smalltrees.evaluation.claims.judge`: the claims, how we read each where the text is
vague ("most", "almost 5%": the ``test`` column) and the thresholds are rows of
``data/paper/last02/claims.csv``; this module gives each id its check. The two claims resting
on a significance test the paper does not name are judged twice: ``stability_above_cmm`` by
Table 4's per-example t-test and ``stability_above_cmm_runs`` by the per-run t-test;
``accuracy_only_iris`` by the paper's 95% t-interval over the runs and
``accuracy_only_iris_corrected`` by the corrected resampled t-test over the folds.
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from smalltrees.evaluation.claims import Check, judge
from smalltrees.studies.last02.table3 import (
    MEAN,
    accuracy_column,
    ci_column,
    quoted_test_column,
)

QUOTED = ("CMM", "Bagging", "C45RULES")


def make_claims(paper: pd.DataFrame, table3: pd.DataFrame, table4: pd.DataFrame,
                ifn: Sequence[str], peers: Sequence[str]) -> pd.DataFrame:
    """Every claim of ``paper`` (``data/paper/last02/claims.csv``) on every IFN learner,
    judged by :func:`smalltrees.evaluation.claims.judge` (columns
    :data:`~smalltrees.evaluation.claims.RESULT`, the learner as ``subject``). The claims
    ``beyond_*`` compare IFN with each of our ``peers``."""
    t3 = table3[table3["code"] != MEAN].set_index("code")
    t4 = table4[table4["code"] != MEAN].set_index("code")
    mean3 = table3[table3["code"] == MEAN].iloc[0]
    mean4 = table4[table4["code"] == MEAN].iloc[0]
    quoted_accuracy = t3[[f"paper_{m}_acc" for m in QUOTED]].mean(axis=1)
    n = len(t4)

    def each(measure) -> Check:
        """A check on every IFN learner: ``measure(learner, threshold) -> (ours, holds)``."""
        return lambda limit: [(learner, *measure(learner, limit)) for learner in ifn]

    def smaller(learner, share):
        size = t4[f"output_size[{learner}]"]
        count = int((size < t4[[f"paper_size_{m}" for m in QUOTED]].min(axis=1)).sum())
        return f"{count} of {n}", count > share * n

    def smallest_mean(learner, _):
        ours = mean4[f"output_size[{learner}]"]
        return f"{ours:.2f}", all(ours < mean4[f"paper_size_{m}"] for m in QUOTED)

    def above_cmm(test):
        """Datasets above CMM's quoted stability with ``test`` (a Table 4 column) significant."""
        def measure(learner, least):
            stab = t4[f"stability[{learner}]"]
            count = int(((stab > t4["paper_stab_CMM"])
                         & t4[f"{test}[{learner}]"].astype(bool)).sum())
            return f"{count} of {n}", count >= least
        return measure

    def only_lc(learner, _):
        below = sorted(t4.index[t4[f"stability[{learner}]"] < t4["paper_stab_CMM"]])
        return ", ".join(below) or "none", below == ["LC"]

    def most_stable(learner, _):
        ours = mean4[f"stability[{learner}]"]
        return f"{ours:.1f}", all(ours > float(mean4[f"paper_stab_{m}"]) for m in QUOTED)

    def gap_to_cmm(learner, limits):
        gap = float(mean3["paper_CMM_acc"] - mean3[accuracy_column(learner)])
        return f"{gap:.2f}", limits[0] <= gap <= limits[1]

    def only_iris(learner, _):
        lower = t3[accuracy_column(learner)] - t3[ci_column(learner)]
        above = sorted(t3.index[lower > quoted_accuracy])
        return ", ".join(above) or "none", above == ["IR"]

    def only_iris_corrected(learner, level):
        above = sorted(t3.index[(t3[quoted_test_column(learner)] < level)
                                & (t3[accuracy_column(learner)] > quoted_accuracy)])
        return ", ".join(above) or "none", above == ["IR"]

    def beyond_stable(limit):
        out = []
        for learner in ifn:
            stab = t4[f"stability[{learner}]"]
            for peer in peers:
                more = int((stab > t4[f"stability[{peer}]"]).sum())
                out.append((f"{learner} vs {peer}", f"{more} of {n}", more > limit * n))
        return out

    checks = {"size_smaller": each(smaller), "size_smallest_mean": each(smallest_mean),
              "stability_above_cmm": each(above_cmm("sig_vs_cmm")),
              "stability_above_cmm_runs": each(above_cmm("sig_runs_vs_cmm")),
              "stability_only_lc": each(only_lc),
              "stability_most": each(most_stable), "accuracy_gap_cmm": each(gap_to_cmm),
              "accuracy_only_iris": each(only_iris),
              "accuracy_only_iris_corrected": each(only_iris_corrected),
              "beyond_stable_peers": beyond_stable}
    return judge(paper, checks)
