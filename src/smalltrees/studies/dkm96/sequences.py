"""Advantage sequences averaged over trials (DKM 1996, section 4.2, Figures 8-10).

"The advantage sequence for TopDown on any particular run is very noisy ... To remove this
noise, we averaged the results of 20 trials." Trials stop after different numbers of rounds;
the paper does not say how it averaged them. Our reading (the notes' D-19): the mean at round t
is over the trials still running at t, and the number of such trials is kept beside it, so a
figure can show it and cut the curve where few remain.
"""

from __future__ import annotations

import pandas as pd


def mean_sequence(rounds: pd.DataFrame, domain: str, algorithm: str) -> pd.DataFrame:
    """``round, advantage, running``: the mean advantage at each round over the trials of
    ``domain`` whose ``algorithm`` made that round, and how many did."""
    mine = rounds[(rounds["domain"] == domain) & (rounds["algorithm"] == algorithm)]
    grouped = mine.groupby("round")["advantage"]
    return pd.DataFrame({"round": grouped.mean().index.astype(int),
                         "advantage": grouped.mean().to_numpy(),
                         "running": grouped.size().to_numpy()})


def splits(rounds: pd.DataFrame, domain: str, algorithm: str = "TopDown") -> pd.DataFrame:
    """Every split of ``algorithm`` in every trial of ``domain`` (Figures 11-12 pool them)."""
    return rounds[(rounds["domain"] == domain) & (rounds["algorithm"] == algorithm)]
