"""The claims of Last, Maimon & Minkov (2002), section 3, checked on our numbers.

Each claim is computed from the cells of Tables 3 and 4 (ours for each IFN learner, over the
paper's datasets we ran; the paper's quoted columns for CMM, Bagging and C4.5RULES, as the paper
itself compares) and judged by
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

import numpy as np
import pandas as pd

from smalltrees.evaluation.claims import Check, judge
from smalltrees.studies.last02.layout import (
    MEAN,
    QUOTED,
    learner_values,
    paper_datasets,
    paper_values,
)


def make_claims(paper: pd.DataFrame, transcription: pd.DataFrame, table3: pd.DataFrame,
                table4: pd.DataFrame, ifn: Sequence[str], peers: Sequence[str]) -> pd.DataFrame:
    """Every claim of ``paper`` (``data/paper/last02/claims.csv``) on every IFN learner,
    judged by :func:`smalltrees.evaluation.claims.judge` (columns
    :data:`~smalltrees.evaluation.claims.RESULT`, the learner as ``subject``), from the cells
    of Tables 3 and 4 (with their readings) and the paper's ``transcription``. The claims
    ``beyond_*`` compare IFN with each of our ``peers``."""
    run3 = set(learner_values(table3, ifn[0], ifn).index)
    run4 = set(learner_values(table4, ifn[0], ifn).index)
    codes3 = [c for c in paper_datasets(transcription, "table3") if c in run3]
    codes4 = [c for c in paper_datasets(transcription, "table4") if c in run4]
    accuracy3 = paper_values(transcription, "table3", "accuracy")
    size4 = paper_values(transcription, "table4", "output_size")
    stab4 = paper_values(transcription, "table4", "stability")
    quoted_accuracy = accuracy3.loc[codes3, list(QUOTED)].mean(axis=1)
    n = len(codes4)

    def t3(learner):
        return learner_values(table3, learner, ifn).assign(
            accuracy_ci=learner_values(table3, learner, ifn, "ours_spread")["accuracy"]
        ).loc[codes3]

    def t4(learner):
        return learner_values(table4, learner, ifn).loc[codes4]

    def mean(values: pd.Series) -> float:
        return round(float(values.mean()), 2)

    def each(measure) -> Check:
        """A check on every IFN learner: ``measure(learner, threshold) -> (ours, holds)``."""
        return lambda limit: [(learner, *measure(learner, limit)) for learner in ifn]

    def smaller(learner, share):
        count = int((t4(learner)["output_size"]
                     < size4.loc[codes4, list(QUOTED)].min(axis=1)).sum())
        return f"{count} of {n}", count > share * n

    def smallest_mean(learner, _):
        ours = mean(t4(learner)["output_size"])
        return f"{ours:.2f}", all(ours < size4.at[MEAN, m] for m in QUOTED)

    def above_cmm(test):
        """Datasets above CMM's quoted stability with ``test`` (a Table 4 marker) significant."""
        def measure(learner, least):
            ours = t4(learner)
            count = int(((ours["stability"] > stab4.loc[codes4, "CMM"])
                         & (ours[test] == 1)).sum())
            return f"{count} of {n}", count >= least
        return measure

    def only_lc(learner, _):
        stab = t4(learner)["stability"]
        below = sorted(stab.index[stab < stab4.loc[codes4, "CMM"]])
        return ", ".join(below) or "none", below == ["LC"]

    def most_stable(learner, _):
        ours = mean(t4(learner)["stability"])
        return f"{ours:.1f}", all(ours > float(stab4.at[MEAN, m]) for m in QUOTED)

    def gap_to_cmm(learner, limits):
        gap = float(accuracy3.at[MEAN, "CMM"] - mean(t3(learner)["accuracy"]))
        return f"{gap:.2f}", limits[0] <= gap <= limits[1]

    def only_iris(learner, _):
        ours = t3(learner)
        lower = ours["accuracy"] - ours["accuracy_ci"]
        above = sorted(ours.index[lower > quoted_accuracy])
        return ", ".join(above) or "none", above == ["IR"]

    def only_iris_corrected(learner, level):
        ours = t3(learner)
        above = sorted(ours.index[(ours["p_above_quoted"] < level)
                                  & (ours["accuracy"] > quoted_accuracy)])
        return ", ".join(above) or "none", above == ["IR"]

    def beyond_stable(limit):
        out = []
        for learner in ifn:
            stab = t4(learner)["stability"]
            for peer in peers:
                more = int((stab > t4(peer)["stability"]).sum())
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


def compared_claims(judged: pd.DataFrame) -> pd.DataFrame:
    """The claims the scorecard counts: those with a paper value (the ``beyond_*`` claims are
    ours alone: no verdict)."""
    return judged.assign(verdict=np.where(judged["paper"] != "", judged["verdict"], ""))
