"""Deviations a declared reading reproduces: the cause ``protocol``, with a note written from
the reading cells themselves.

A *reading* is an alternative interpretation of a protocol the paper leaves open (which C4.5
release and options, how depth is counted, which fit, how a data file is read), declared in
the config before it is scored and scored on every number of its table at once
(:mod:`smalltrees.evaluation.cells`). The study's default stays the reading chosen from the
paper's text; a reading never replaces it. When the default deviates from the paper's number
and a reading gives the paper's number, the deviation lies within what the open protocol can
produce: its cause is ``protocol``, with a note naming the reading(s), how many readings were
declared for that number, whatever their verdicts (so that a chance agreement is visible), and
how each fares on the same quantity elsewhere in the table. A reading counts only when

- its verdict is one of :data:`EXPLAINING` (``close`` under a reading is not enough);
- it breaks no number of the same paper row (same study, table and code) that the default
  reproduces: a reading is one account of how the row was computed, so it must hold for the
  row (counting the leaf as a level gives Soybean's depth but breaks its d.c.);
- on the same quantity, over the rows of the table it was scored on, it reproduces at least as
  many numbers as the default does on those rows: a reading worse than the default across the
  table is no better account of the paper, only a chance agreement here;
- it is a protocol choice, not one random draw of the default's own protocol (a partition, a
  seed; its name starts with :data:`ONE_DRAW`): such cells show the spread of the draws, and a
  draw that lands on the paper's number is luck, whatever the other conditions say.

Whether a notes row's own cause wins over this rule is decided in
:func:`smalltrees.reporting.scorecard.explain`.
"""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd

from smalltrees.evaluation.verdicts import CLAIM_HOLDS, DEVIATIONS, NOT_RUN, REPRODUCED
from smalltrees.reporting.cell_views import number

EXPLAINING = (REPRODUCED, CLAIM_HOLDS)
"""Verdicts under which a reading gives the paper's number."""
KEY = ("study", "table", "code", "quantity")
ONE_DRAW = "one draw: "
"""How the name of a reading cell that is one random draw of the default's protocol begins
(dkm96's stability partitions): shown beside the paper, never counted as an explanation."""


def reading_notes(card: pd.DataFrame, readings: pd.DataFrame) -> dict[tuple, str]:
    """For each deviation of ``card`` (scorecard rows: the defaults' cells) that a reading of
    ``readings`` (cells with a non-empty ``reading``) reproduces under the conditions of this
    module, keyed by :data:`KEY`: the note of its ``protocol`` cause. Deviations no reading
    explains are absent."""
    if readings.empty or card.empty:
        return {}
    judged = readings[~readings["verdict"].isin(["", NOT_RUN])]
    default = {tuple(str(r[k]) for k in KEY): r["verdict"] for r in card.to_dict("records")}
    verdict = {(*(str(r[k]) for k in KEY), r["reading"]): r["verdict"]
               for r in judged.to_dict("records")}
    notes = {}
    for key, group in readings.groupby(list(KEY), sort=False):
        key = tuple(str(k) for k in key)
        if default.get(key) not in DEVIATIONS:
            continue
        found = []
        for cell in group.to_dict("records"):
            if (cell["verdict"] not in EXPLAINING or _is_draw(cell["reading"])
                    or _breaks_row(key, cell["reading"], default, verdict)):
                continue
            mine, theirs, rows = _table_hits(key, cell["reading"], default, verdict)
            if mine >= theirs:
                found.append((cell, mine, theirs, rows))
        if found:
            notes[key] = _note(found, group["reading"].nunique())
    return notes


def _is_draw(reading: str) -> bool:
    """Whether ``reading`` is one random draw of the default's protocol (:data:`ONE_DRAW`)."""
    return str(reading).startswith(ONE_DRAW)


def _breaks_row(key: tuple, reading: str, default: Mapping, verdict: Mapping) -> bool:
    """Whether ``reading`` turns a number of the same paper row (study, table, code) that the
    default reproduces into a deviation."""
    return any(k[:3] == key[:3] and v in EXPLAINING
               and verdict.get((*k, reading)) in DEVIATIONS for k, v in default.items())


def _table_hits(key: tuple, reading: str, default: Mapping,
                verdict: Mapping) -> tuple[int, int, int]:
    """On ``key``'s quantity, over the rows of its table the reading was judged on: how many
    the reading reproduces, how many the default reproduces, and how many rows."""
    study, table, _, quantity = key
    rows = [k for k in verdict if k[0] == study and k[1] == table and k[3] == quantity
            and k[4] == reading]
    mine = sum(verdict[k] in EXPLAINING for k in rows)
    theirs = sum(default.get(k[:4]) in EXPLAINING for k in rows)
    return mine, theirs, len(rows)


def _note(found: list[tuple], tried: int) -> str:
    """The note: the readings that give the paper's number, each with its count across the
    table beside the default's, and the caveats."""
    parts = []
    for cell, mine, theirs, rows in found:
        ours = number(cell["ours"], None, int(cell["decimals"]))
        parts.append(f"'{cell['reading']}' (ours {ours}; on {cell['quantity']} it gives the "
                     f"paper's number in {mine} of the {rows} rows of {cell['table']} it was "
                     f"scored on, the default in {theirs})")
    return (f"Protocol, by the rule for readings (docs/results.md): the paper's number comes "
            f"out under {len(found)} of the {tried} readings declared for it, "
            + "; ".join(parts)
            + ", none breaking a number of the same row that the default reproduces. "
            f"With {tried} readings tried a chance agreement is possible; the default was "
            "chosen from the paper's text, not from this match, and stays the default.")
