"""Why our DKM 1996 numbers differ: Table 1 and 2 cells under other readings of the design.

Each block of ``dkm96.readings`` tests the explanation a deviation's note gives, on the data it
concerns, beside the paper's numbers:

* ``table1``: a Table 1 domain under named readings, each a set of overrides of its design
  (``dkm96.table1.domains.<domain>``) or of its C4.5 learners' parameters (``learner_params``):
  Letter's training sets drawn at random or cut in file order (``train_draw``) and C4.5's
  options, KR-vs-KP's training-set size, Annealing's ``?`` read as unknown or as a value
  (``missing_as``). A reading is computed on the first R partitions of Table 1's draws
  (``dkm96.readings.partitions``; one when nothing is drawn at random), and its cells are the
  means over them (the sd beside);
* ``stability``: a domain's per-partition statistics from Table 1's own trials (Satellite's
  partition 1 t = 9 against the other partitions);
* ``rounds``: the number of tests of trees grown to purity on Table 2's folds (TopDown's rounds
  beside C4.5's unpruned trees), and on Table 1's training sets (the paper's own unpruned sizes).

The builder here only reads trial results; the fitting is
:func:`~smalltrees.studies.dkm96.table1_trials.run_domain` and
:mod:`~smalltrees.studies.dkm96.reading_rounds`.
"""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd

from smalltrees.reporting.markdown import to_markdown
from smalltrees.studies.dkm96.partition_statistics import partition_statistics, spread
from smalltrees.studies.dkm96.reading_rounds import table1_tests, topdown_tests

CELLS = ("err_G", "err_H", "err_diff", "ci_low", "ci_high", "size_G", "size_H", "t", "p_t")
"""The Table 1 cells a reading shows (err_diff = err_H - err_G; the paper's from its row)."""
COLUMNS = ("block", "reading", "setting", "partitions", "metric", "ours", "sd", "paper")
"""The long CSV: one row per (block, reading, metric)."""


LEARNER_PARAMS = "learner_params"
"""The reading key whose parameters override those of Table 1's four C4.5 learners."""
FIXED_PARAMS = ("criterion", "prune")
"""What makes a Table 1 learner C4.5(G) or C4.5(H), pruned or not: no reading changes it."""


def reading_spec(domain: Mapping, override: Mapping) -> dict:
    """A domain's design with one reading's overrides (keys of ``dkm96.table1.domains.<d>``)."""
    return {**domain, **{k: v for k, v in override.items() if k != LEARNER_PARAMS}}


def reading_learners(learners: Mapping[str, Mapping[str, Mapping]], override: Mapping
                     ) -> dict[str, dict[str, dict]]:
    """Table 1's learners (purpose -> criterion -> entry) with a reading's ``learner_params``
    added to every entry's params (e.g. Release 8's MDL correction of continuous cuts)."""
    extra = dict(override.get(LEARNER_PARAMS, {}))
    return {purpose: {criterion: {**entry, "params": {**entry.get("params", {}), **extra}}
                      for criterion, entry in by_criterion.items()}
            for purpose, by_criterion in learners.items()}


def setting_text(override: Mapping) -> str:
    """A reading's overrides as short text ("Table 1's design" for none)."""
    if not override:
        return "Table 1's design"
    return ", ".join(f"{key}: {_value(value)}" for key, value in override.items())


def _value(value) -> str:
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}"
    return str(value)


def paper_row(paper: pd.DataFrame, domain: str) -> dict[str, float]:
    """The paper's Table 1 cells of ``domain`` (with err_diff = err_H - err_G)."""
    cells = paper[paper["domain"] == domain].set_index("metric")["value"].astype(float)
    row = {metric: float(cells[metric]) for metric in CELLS if metric in cells}
    if "err_G" in row and "err_H" in row:
        row["err_diff"] = row["err_H"] - row["err_G"]
    return row


def reading_rows(block: str, reading: str, override: Mapping, result: Mapping,
                 partitions: int, paper: Mapping[str, float], interval: Mapping, seed: int,
                 stream: str) -> list[dict]:
    """The long rows of one Table 1 reading: each cell's mean and sd over the first
    ``partitions`` partitions of its trial ``result``."""
    kept = {**result, "partitions": result["partitions"][:partitions]}
    stats = partition_statistics(kept, interval, seed, stream)
    rows = []
    for metric in CELLS:
        values = stats[metric]
        rows.append({"block": block, "reading": reading, "setting": setting_text(override),
                     "partitions": len(stats), "metric": metric, "ours": float(values.mean()),
                     "sd": spread(stats, metric), "paper": paper.get(metric, float("nan"))})
    return rows


def stability_rows(block: str, result: Mapping, paper: Mapping[str, float], interval: Mapping,
                   seed: int, stream: str) -> list[dict]:
    """One reading per partition of Table 1's own trials of a domain (no refit)."""
    stats = partition_statistics(result, interval, seed, stream)
    rows = []
    for _, part in stats.iterrows():
        diffs = " ".join(f"{d:g}" for d in part["size_diffs"])
        for metric in ("err_diff", "ci_low", "ci_high", "size_diff", "t", "p_t"):
            rows.append({"block": block, "reading": f"partition {int(part['partition'])}",
                         "setting": f"size_H - size_G per training set: {diffs}",
                         "partitions": 1, "metric": metric, "ours": float(part[metric]),
                         "sd": float("nan"),
                         "paper": _paper_size_diff(paper) if metric == "size_diff"
                         else paper.get(metric, float("nan"))})
    return rows


def _paper_size_diff(paper: Mapping[str, float]) -> float:
    return paper.get("size_H", float("nan")) - paper.get("size_G", float("nan"))


def rounds_rows(block: str, tests: pd.DataFrame, paper: Mapping[str, float]) -> list[dict]:
    """Two rows per learner of a ``rounds`` block: the mean and sd over trials of its trees'
    tests (beside ``paper[learner]``, NaN when the paper has no such number) and of their
    training error in % (a C4.5 tree with fractional missing cases may keep some; the paper's
    TopDown has none). ``tests`` has the columns of :data:`.reading_rounds.COLUMNS`."""
    rows = []
    for (learner, setting), group in tests.groupby(["learner", "setting"], sort=False):
        for metric, values, reference in (
                ("tests", group["tests"], paper.get(learner, float("nan"))),
                ("train_error", 100 * group["train_error"], float("nan"))):
            rows.append({"block": block, "reading": learner, "setting": setting,
                         "partitions": len(group), "metric": metric,
                         "ours": float(values.mean()),
                         "sd": float(values.std(ddof=1)) if len(values) > 1 else float("nan"),
                         "paper": reference})
    return rows


def rounds_block(block: str, topdown: pd.DataFrame, tests: pd.DataFrame,
                 table1_result: Mapping | None, paper_rounds: float,
                 paper_size_h: float = float("nan")) -> list[dict]:
    """A ``rounds`` block: Table 2's TopDown rounds (its ``trials.csv``), the tests of the
    config's C4.5 trees on the same folds (:func:`~.reading_rounds.fold_tests`), all beside the
    paper's rounds, and the tests of Table 1's unpruned C4.5(H) trees of the same data beside
    the paper's (size_H - 1) / 2 (Pima's attributes are all continuous: binary tests)."""
    parts = [topdown_tests(topdown), tests]
    paper = dict.fromkeys([*tests["learner"].unique(), "TopDown"], paper_rounds)
    if table1_result is not None:
        parts.append(table1_tests(table1_result))
        paper[parts[-1]["learner"].iloc[0]] = (paper_size_h - 1) / 2
    return rounds_rows(block, pd.concat(parts, ignore_index=True), paper)


def make_readings(plan: Mapping, results: Mapping[str, object], paper1: pd.DataFrame,
                  paper2: pd.DataFrame, notes: Mapping[str, Mapping[str, str]], partitions: int,
                  interval: Mapping, seed: int, stream: str
                  ) -> tuple[pd.DataFrame, dict[str, str], dict[str, str | None]]:
    """The readings table of every block of the ``plan`` (the workflow's readings plan), with
    each block's title and note.

    ``results`` holds every file the plan names: a trial result (JSON) as a mapping, a tests
    or trials CSV as a frame; ``paper1`` and ``paper2`` are the paper's Tables 1 and 2,
    ``notes`` the deviations' notes of each (by domain).
    """
    problems = plan["problems"]
    statistics = (interval, seed, stream)
    rows, titles, block_notes = [], {}, {}
    for domain, named in plan["table1"].items():
        titles[domain] = (f"{problems[domain]} ({domain}): Table 1 under other readings of its "
                          "design or learners")
        block_notes[domain] = notes["table1"].get(domain)
        paper = paper_row(paper1, domain)
        for reading, entry in named.items():
            rows += reading_rows(domain, reading, entry["override"], results[entry["file"]],
                                 partitions, paper, *statistics)
    for domain, file in plan["stability"].items():
        block = f"{domain} partitions"
        titles[block] = f"{problems[domain]} ({domain}): Table 1's partitions one by one"
        block_notes[block] = notes["table1"].get(domain)
        rows += stability_rows(block, results[file], paper_row(paper1, domain), *statistics)
    for domain, entry in plan["rounds"].items():
        block = f"{domain} rounds"
        titles[block] = f"{problems[domain]} ({domain}): tests of trees grown to purity"
        block_notes[block] = notes["table2"].get(domain)
        rounds = paper2[(paper2["domain"] == domain) & (paper2["metric"] == "topdown_rounds")]
        table1 = None if entry["table1"] is None else results[entry["table1"]]
        paper_size = paper_row(paper1, entry["table1_domain"]).get("size_H")
        rows += rounds_block(block, results[entry["topdown"]], results[entry["file"]], table1,
                             float(rounds["value"].iloc[0]), paper_size)
    return make_readings_table(rows), titles, block_notes


def make_readings_table(rows: list[dict]) -> pd.DataFrame:
    """The long table of every block's rows, in :data:`COLUMNS`."""
    return pd.DataFrame(rows, columns=list(COLUMNS))


def render_readings(table: pd.DataFrame, titles: Mapping[str, str],
                    notes: Mapping[str, str]) -> str:
    """The readings in Markdown: one wide table per block, "ours ± sd (paper)" per cell, then
    the block's note (its outcome, from data/paper/dkm96/notes.csv) when it has one."""
    out = ["# DKM 1996: Table 1 and 2 deviations under other readings (beyond the paper)\n",
           "Ours (paper). A reading's cells are means ± sd over its partitions (Table 1's first "
           "R draws; trials for tests), errors in %, sizes in nodes of the unpruned trees, "
           "H - G = err_H - err_G, t and Pr(t) of the paired t on size_H - size_G.\n"]
    for block, group in table.groupby("block", sort=False):
        out.append(f"## {titles.get(block, block)}\n")
        wide = []
        for (reading, setting), cells in group.groupby(["reading", "setting"], sort=False):
            row = {"reading": reading, "setting": setting,
                   "R": int(cells["partitions"].iloc[0])}
            for cell in cells.itertuples():
                row[cell.metric] = _cell(cell.ours, cell.sd, cell.paper)
            wide.append(row)
        out.append(to_markdown(pd.DataFrame(wide)))
        if notes.get(block):
            out.append(f"Outcome (data/paper/dkm96/notes.csv): {notes[block]}\n")
    return "\n".join(out)


def _cell(ours: float, sd: float, paper: float) -> str:
    if pd.isna(ours):
        return ""
    text = f"{ours:.3f}" if abs(ours) < 1 else f"{ours:.2f}"
    if not pd.isna(sd):
        text += f" ± {sd:.2f}"
    if not pd.isna(paper):
        text += f" ({paper:g})"
    return text
