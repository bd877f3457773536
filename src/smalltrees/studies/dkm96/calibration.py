"""Calibrating the decision-list generator against DKM 1996's Table 2 row (reading notes, 5).

The paper gives no parameter of its decision-list problem, only the four numbers of its Table 2
row (TopDown's rounds, AdaBoost's training error, both test errors). For every point of the
grid ``dkm96.table2.calibration.grid`` (generator parameters) we run ``trials`` trials of the
study's own protocol (:mod:`smalltrees.studies.dkm96.boosting_trials`; every point draws its trials
from the same seeds of a stream of its own, so points differ by their parameters only and the
study's trials are not the ones calibrated on) and measure the four numbers, and their distance
to the paper's: the sum over the four of ``|ours - paper| / paper``. The table lists the grid by
distance and marks the configured generator; choosing it is the one place where a number of this
study is set by looking at the paper's results, and the table says so.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping

import numpy as np
import pandas as pd

from smalltrees.reporting.markdown import to_markdown
from smalltrees.studies.dkm96.boosting_trials import DL_POSITIVE, decision_list_trials, run_trials
from smalltrees.studies.dkm96.table2 import CELLS

GENERATOR_KEYS = ("train_size", "n_attributes", "length", "rule_size", "noise")


def grid_points(grid: Mapping[str, list], base: Mapping) -> list[dict]:
    """Every combination of the grid's values, the other generator settings from ``base``."""
    keys = [k for k in GENERATOR_KEYS if k in grid]
    return [{**base, **dict(zip(keys, values, strict=True))}
            for values in itertools.product(*(grid[k] for k in keys))]


def measure(point: Mapping, trials: int, learners: Mapping, seed: int, stream: str,
            domain: str) -> dict[str, float]:
    """The four Table 2 numbers of ``trials`` trials of the generator ``point``."""
    spec = {**point, "trials": trials}
    needed = {role: learners[role] for role in ("topdown", "adaboost")}  # Table 2's columns
    _, summary = run_trials(domain, decision_list_trials(domain, spec, seed, stream),
                            DL_POSITIVE, needed)
    found = {}
    for cell, (algorithm, field, scale, _) in CELLS.items():
        found[cell] = float(summary.loc[summary["algorithm"] == algorithm, field].astype(float)
                            .mean() * scale)
    return found


def make_calibration_table(grid: Mapping[str, list], configured: Mapping, trials: int,
                           learners: Mapping, paper: Mapping[str, float], seed: int, stream: str,
                           domain: str) -> pd.DataFrame:
    """The grid, each point's four numbers and distance, sorted by distance; ``configured``
    marks the point the study uses (it is measured too if it is not on the grid)."""
    measured = measure_points(calibration_points(grid, configured), trials, learners, seed,
                              stream, domain)
    return calibration_table(measured, configured, paper)


def calibration_points(grid: Mapping[str, list], configured: Mapping) -> list[dict]:
    """The generators measured: the grid's points, then ``configured`` if it is not one."""
    points = grid_points(grid, configured)
    chosen = {k: configured[k] for k in GENERATOR_KEYS}
    if chosen not in [{k: p[k] for k in GENERATOR_KEYS} for p in points]:
        points.append(dict(configured))
    return points


def measure_points(points: list[Mapping], trials: int, learners: Mapping, seed: int,
                   stream: str, domain: str) -> pd.DataFrame:
    """One row per point, in order: its generator settings and its four numbers
    (:func:`measure`; each point is independent of the others, so the grid can be measured in
    parts, e.g. by several jobs, and put together by :func:`calibration_table`)."""
    return pd.DataFrame([{**{k: point[k] for k in GENERATOR_KEYS},
                          **measure(point, trials, learners, seed, stream, domain)}
                         for point in points])


def calibration_table(measured: pd.DataFrame, configured: Mapping,
                      paper: Mapping[str, float]) -> pd.DataFrame:
    """The measured points (:func:`measure_points`, in :func:`calibration_points` order) with
    their distance to the paper's row, sorted by distance (ties in grid order), the
    configured point marked and every point ranked."""
    chosen = {k: configured[k] for k in GENERATOR_KEYS}
    rows = []
    for point in measured.to_dict("records"):
        found = {c: float(point[c]) for c in CELLS}
        distance = 0.0  # added left to right: Python 3.12's sum() compensates its roundings
        for c in CELLS:
            distance += abs(found[c] - paper[c]) / paper[c]
        rows.append({**{k: point[k] for k in GENERATOR_KEYS}, **found, "distance": distance,
                     "configured": {k: point[k] for k in GENERATOR_KEYS} == chosen})
    table = pd.DataFrame(rows).sort_values("distance", kind="stable").reset_index(drop=True)
    table.insert(0, "rank", np.arange(1, len(table) + 1))
    return table


def render_calibration_table(table: pd.DataFrame, paper: Mapping[str, float], trials: int) -> str:
    """The calibration grid in Markdown, the configured point in bold."""
    shown = table.copy()
    for cell in CELLS:
        shown[cell] = shown[cell].map(lambda v: f"{v:.2f}")
    shown["distance"] = shown["distance"].map(lambda v: f"{v:.3f}")
    shown["configured"] = shown["configured"].map(lambda v: "**configured**" if v else "")
    target = ", ".join(f"{CELLS[c][3]} {paper[c]:g}" for c in CELLS)
    return ("# DKM 1996 decision list: calibration of the generator against Table 2\n\n"
            f"Each point: {trials} trials of the study's protocol (their own random stream); "
            "distance = sum over the four numbers of |ours - paper| / paper. The paper's row: "
            f"{target}. The configured generator (dkm96.table2.decision_list) is chosen from "
            "this grid; it is the only setting of the study chosen by looking at the paper's "
            "results.\n\n" + to_markdown(shown))


def paper_targets(paper: pd.DataFrame, domain: str) -> dict[str, float]:
    """The paper's Table 2 row of ``domain`` (a transcription, ``data/paper/dkm96/table2.csv``):
    quantity -> value, the numbers the generator is calibrated against."""
    row = paper[(paper["table"] == "table2") & (paper["code"] == domain)]
    return dict(zip(row["quantity"], row["value"], strict=True))
