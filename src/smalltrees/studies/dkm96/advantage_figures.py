"""DKM 1996 Figures 8-12: advantage sequences, and the advantage against weight and gain.

* Figures 8-10 (decision list, Pima, Australian): the mean advantage gamma_t against round t,
  TopDown on top (with TopDown_G, beyond the paper, as a second curve) and AdaBoost below; the
  means are over the trials still running (:func:`~.sequences.mean_sequence`), drawn where at
  least ``min_running`` trials run, and a bottom panel shows how many run.
* Figure 11: gamma (x) against the weight w of the node split (y), every TopDown split of every
  decision-list trial, with the line w = ``heavy_node`` (the paper's 2%); w on a log scale, so
  that the many light nodes do not hide the heavy ones.
* Figure 12: gamma (x) against the local information gain of the split (y, bits; the reading
  notes' D-21) for the same splits.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from smalltrees.reporting.figures import new_figure
from smalltrees.studies.dkm96.sequences import mean_sequence, splits

TOP = {"TopDown": ("TopDown (entropy)", "C0"), "TopDown_G": ("TopDown_G (beyond the paper)",
                                                              "C2")}
BOTTOM = {"AdaBoost": ("AdaBoost", "C3")}


def sequence_figure(rounds: pd.DataFrame, domain: str, problem: str, number: int,
                    min_running: int, floor: float) -> Figure:
    """Figure 8, 9 or 10: mean advantage against round for one problem."""
    figure = Figure(figsize=(7.0, 7.0), layout="constrained")
    axes = figure.subplots(3, 1, sharex=True, gridspec_kw={"height_ratios": [3, 3, 1.3]})
    for ax, panel in zip(axes[:2], (TOP, BOTTOM), strict=True):
        for algorithm, (label, colour) in panel.items():
            sequence = mean_sequence(rounds, domain, algorithm)
            shown = sequence[sequence["running"] >= min_running]
            ax.plot(shown["round"], shown["advantage"], color=colour, lw=1.0, label=label)
            axes[2].step(sequence["round"], sequence["running"], where="mid", color=colour,
                         lw=1.0, ls="--" if panel is BOTTOM else "-", label=label)
        ax.set_ylabel("mean advantage $\\gamma_t$")
        ax.set_ylim(0, 0.5)
        ax.legend(loc="lower right" if panel is TOP else "upper right", fontsize=8)
    axes[1].axhline(floor, color="grey", lw=0.6, ls="--")
    axes[1].text(1, floor, f" {floor:g}", va="bottom", fontsize=7, color="grey")
    axes[2].axhline(min_running, color="grey", lw=0.6, ls=":")
    axes[2].set_ylabel("trials\nrunning")
    axes[2].legend(loc="lower left", fontsize=7)
    axes[2].set_xlabel("round t")
    axes[0].set_title(f"Figure {number}: advantage on the filtered distribution vs round, "
                      f"{problem}\n(mean over the trials still running; curves cut below "
                      f"{min_running} trials)", fontsize=9)
    return figure


def weight_figure(rounds: pd.DataFrame, domain: str, problem: str, heavy_node: float,
                  train_size: int | None) -> Figure:
    """Figure 11: advantage against node weight, all TopDown splits of all trials."""
    points = splits(rounds, domain)
    figure, ax = new_figure(size=(6.0, 4.8))
    ax.scatter(points["advantage"], points["w"], s=5, alpha=0.4, color="C0", lw=0)
    ax.axhline(heavy_node, color="C3", lw=0.8)
    examples = "" if train_size is None else f" ({heavy_node * train_size:g} of {train_size})"
    ax.text(0.5, heavy_node, f"w = {heavy_node:g}{examples}", ha="right", va="bottom",
            fontsize=8, color="C3")
    ax.set_yscale("log")
    ax.set_xlim(0, 0.52)
    ax.set_xlabel("advantage $\\gamma$ on the balanced distribution $P'_\\ell$")
    ax.set_ylabel("weight w of the node (log scale)")
    ax.set_title(f"Figure 11: advantage vs weight, {problem}, {len(points)} splits of "
                 f"{points['trial'].nunique()} trials", fontsize=9)
    return figure


def gain_figure(rounds: pd.DataFrame, domain: str, problem: str) -> Figure:
    """Figure 12: advantage against the split's local information gain."""
    points = splits(rounds, domain)
    figure, ax = new_figure(size=(6.0, 4.8))
    ax.scatter(points["advantage"], points["gain"], s=5, alpha=0.4, color="C0", lw=0)
    ax.set_xlim(0, 0.52)
    ax.set_ylim(0, max(1.0, float(np.nanmax(points["gain"], initial=0.0)) * 1.02))
    ax.set_xlabel("advantage $\\gamma$ on the balanced distribution $P'_\\ell$")
    ax.set_ylabel("information gain of the split (bits)")
    ax.set_title(f"Figure 12: advantage vs information gain, {problem}, {len(points)} splits",
                 fontsize=9)
    return figure


def figure(number: int, rounds: pd.DataFrame, domain: str, problem: str,
           settings: dict) -> Figure:
    """Figure ``number`` of section 4 for ``domain``: 11 and 12 are the scatter plots (settings
    ``heavy_node``, ``train_size``), any other number an advantage sequence (settings
    ``min_running``, ``floor``)."""
    if number == 11:
        return weight_figure(rounds, domain, problem, settings["heavy_node"],
                             settings["train_size"])
    if number == 12:
        return gain_figure(rounds, domain, problem)
    return sequence_figure(rounds, domain, problem, number, settings["min_running"],
                           settings["floor"])
