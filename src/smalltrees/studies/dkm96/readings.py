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
* ``rounds``: the number of tests of trees grown to purity on Table 2's folds (C4.5's unpruned
  trees read as TopDown's rounds), and Table 1's design of the same data over its partitions
  (the paper's own unpruned sizes).

Every reading's numbers become cells of the table whose deviation they explain (the same table,
code and quantity as the default cell, with the reading's name), judged by that table's rules.
The builder here only reads trial results; the fitting is
:func:`~smalltrees.studies.dkm96.table1_trials.run_domain` and
:mod:`~smalltrees.studies.dkm96.reading_rounds`.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd

from smalltrees.evaluation.cells import compare
from smalltrees.reporting.cell_views import paper_shape
from smalltrees.reporting.markdown import to_markdown
from smalltrees.reporting.paper import LEGEND
from smalltrees.reporting.reading_causes import ONE_DRAW
from smalltrees.studies.dkm96 import table1, table2
from smalltrees.studies.dkm96.partition_statistics import partition_statistics, spread

CELLS = ("err_G", "err_H", "err_diff", "ci_low", "ci_high", "size_G", "size_H", "t", "p_t")
"""The Table 1 quantities a reading shows (err_diff = err_H - err_G: ours only)."""
PARTITION_CELLS = ("err_diff", "ci_low", "ci_high", "size_diff", "t", "p_t")
"""The quantities of one partition of a ``stability`` block (the differences: ours only)."""
ROUNDS = {"tests": "topdown_rounds", "train_error": "train_error"}
"""A ``rounds`` learner's measures -> Table 2's quantity they are read as (the tests of a tree
grown to purity as TopDown's rounds; its training error, ours only)."""

TABLE1_PARTITIONS = "Table 1's partitions"
"""The reading of a ``rounds`` block's Table 1 domain: Table 1's own design over its partitions
(the paper's unpruned C4.5(H) sizes on the same data, (size - 1) / 2 tests)."""


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


def reading_rows(domain: str, reading: str, override: Mapping, result: Mapping,
                 partitions: int, interval: Mapping, seed: int, stream: str) -> list[dict]:
    """Our numbers (long form, Table 1's quantities) of one Table 1 reading: each cell's mean
    and sd over the first ``partitions`` partitions of its trial ``result``."""
    kept = {**result, "partitions": result["partitions"][:partitions]}
    stats = partition_statistics(kept, interval, seed, stream)
    note = f"{setting_text(override)}; mean over R = {len(stats)} partitions"
    return [{"code": domain, "quantity": metric, "reading": reading,
             "ours": float(stats[metric].mean()), "ours_spread": spread(stats, metric),
             "decimals": table1.DECIMALS[metric], "note": note} for metric in CELLS]


def stability_rows(domain: str, result: Mapping, interval: Mapping, seed: int,
                   stream: str) -> list[dict]:
    """One reading per partition of Table 1's own trials of a domain (no refit), each named as
    one draw (:data:`ONE_DRAW`): it shows the spread of the partitions and explains nothing."""
    stats = partition_statistics(result, interval, seed, stream)
    rows = []
    for _, part in stats.iterrows():
        diffs = " ".join(f"{d:g}" for d in part["size_diffs"])
        for metric in PARTITION_CELLS:
            rows.append({"code": domain, "quantity": metric,
                         "reading": f"{ONE_DRAW}partition {int(part['partition'])}",
                         "ours": float(part[metric]), "decimals": table1.DECIMALS[metric],
                         "note": f"size_H - size_G per training set: {diffs}"})
    return rows


def rounds_rows(domain: str, tests: pd.DataFrame) -> list[dict]:
    """Our numbers (long form, Table 2's quantities) of a ``rounds`` block: per learner (and
    reading of the data) the mean over trials of its trees' tests, read as TopDown's rounds, and
    of their training error in % (a C4.5 tree with fractional missing cases may keep some; the
    paper's TopDown has none), with the standard error of each mean (Table 2's rule) and the
    sds over the trials in the note. ``tests`` has the columns of
    :data:`.reading_rounds.COLUMNS`."""
    rows = []
    for (learner, setting), group in tests.groupby(["learner", "setting"], sort=False):
        values = {measure: group[measure].astype(float) * (100 if measure == "train_error"
                                                           else 1) for measure in ROUNDS}
        sds = {measure: float(v.std(ddof=1)) if len(v) > 1 else np.nan
               for measure, v in values.items()}
        note = (f"{setting}; {len(group)} trials, sd {sds['tests']:.1f} tests and "
                f"{sds['train_error']:.2f}% training error")
        for measure, quantity in ROUNDS.items():
            rows.append({"code": domain, "quantity": quantity, "reading": learner,
                         "ours": float(values[measure].mean()),
                         "ours_spread": sds[measure] / np.sqrt(len(group)),
                         "decimals": table2.DECIMALS[quantity], "note": note})
    return rows


def make_readings(plan: Mapping, results: Mapping[str, object], partitions: int,
                  interval: Mapping, seed: int, stream: str
                  ) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Our numbers of every reading of the ``plan`` (the workflow's readings plan), in long
    form with a ``reading`` column: Table 1's (the ``table1`` and ``stability`` blocks, and
    each ``rounds`` block's Table 1 domain over Table 1's partitions) and Table 2's (the
    ``rounds`` blocks). ``results`` holds every file the plan names: a trial result (JSON) as a
    mapping, a tests CSV as a frame."""
    statistics = (interval, seed, stream)
    rows1, rows2 = [], []
    for domain, named in plan["table1"].items():
        for reading, entry in named.items():
            rows1 += reading_rows(domain, reading, entry["override"], results[entry["file"]],
                                  partitions, *statistics)
    for domain, file in plan["stability"].items():
        rows1 += stability_rows(domain, results[file], *statistics)
    for domain, entry in plan["rounds"].items():
        rows2 += rounds_rows(domain, results[entry["file"]])
        if entry["table1"] is not None:
            rows1 += reading_rows(entry["table1_domain"], TABLE1_PARTITIONS, {},
                                  results[entry["table1"]], partitions, *statistics)
    return _frame(rows1), _frame(rows2)


def _frame(rows: list[dict]) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=["code", "quantity", "reading", "ours", "ours_spread",
                                       "decimals", "note"])


def make_cells(numbers1: pd.DataFrame, numbers2: pd.DataFrame, paper: pd.DataFrame,
               k1: float, k2: float) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The readings' cells of Tables 1 and 2: each reading's numbers beside the paper's,
    judged by its table's rules (tolerances ``k1``, ``k2``); only the numbers tried."""
    return (compare(table1.STUDY, table1.TABLE, numbers1, paper, table1.rules(k1),
                    lacking=False),
            compare(table2.STUDY, table2.TABLE, numbers2, paper, table2.rules(k2),
                    lacking=False))


def render_readings(cells: pd.DataFrame, defaults: pd.DataFrame,
                    names: Mapping[str, Mapping[str, str]],
                    notes: Mapping[str, Mapping[str, str]]) -> str:
    """The readings in Markdown from their cells: one block per (table, code), its default
    cell first (``defaults``: the tables' cells) then one row per reading, "ours ± sd
    (paper)" per cell, then the block's note (its outcome, from data/paper/dkm96/notes.csv);
    ``names`` and ``notes`` by table, then code."""
    out = ["# DKM 1996: Table 1 and 2 deviations under other readings (beyond the paper)\n",
           "Ours (paper). A Table 1 reading's cells are means ± sd over its partitions (Table "
           "1's first R draws), a Table 2 reading's means ± standard error over the trials; "
           "errors in %, sizes in nodes of the unpruned trees, err_diff = err_H - err_G, t and "
           f"Pr(t) of the paired t on size_H - size_G. Judged by the table's rules. {LEGEND}.\n"]
    for (table, code), block in cells.groupby(["table", "code"], sort=False):
        number = table.removeprefix("table")
        out.append(f"## {names.get(table, {}).get(code, code)} ({code}), Table {number}\n")
        mine = defaults[(defaults["table"] == table) & (defaults["code"] == code)
                        & defaults["quantity"].isin(set(block["quantity"]))]
        both = pd.concat([mine.assign(reading="default", note="the table's cell"), block],
                         ignore_index=True)
        wide = paper_shape(both.assign(code=both["reading"], reading=""), row_label="reading")
        settings = dict(zip(both["reading"], both["note"], strict=False))
        wide.insert(1, "setting", wide["reading"].map(settings))
        out.append(to_markdown(wide))
        if notes.get(table, {}).get(code):
            out.append(f"Outcome (data/paper/dkm96/notes.csv): {notes[table][code]}\n")
    return "\n".join(out)
