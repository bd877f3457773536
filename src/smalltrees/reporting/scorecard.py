"""The scorecard: one row per number a paper prints and we recompute, across all studies.

Each study writes its items as a tidy table with :data:`COLUMNS` (:func:`item`, then
:func:`explain`); :func:`combine` stacks them. A row's verdict is the one its table computed
(:mod:`smalltrees.evaluation.verdicts`): the scorecard never judges a number again. Every row
whose verdict is a deviation (``close``, ``differs``, ``claim fails``) carries a ``cause`` from
:data:`CAUSES` and a note, both read from ``data/paper/<study>/notes.csv`` (:func:`explain`):

- ``data``: our data are not the paper's (version, attributes, rows), and the note says how we
  know;
- ``protocol``: the paper leaves a choice open and ours is one reading (the note names it and,
  where tried, what the others give);
- ``paper``: the paper's own numbers are inconsistent or impossible (the note shows the check);
- ``learner``: our implementation is a documented reading of an ambiguous step of the algorithm;
- ``unexplained``: none of the above was shown (the note says what was tried).

A deviation no note row covers is ``unexplained``. The rendering (:mod:`.scorecard_page`) shows
the counts of verdicts and causes per paper, then every item by paper and table.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

import pandas as pd

from smalltrees.evaluation.verdicts import DEVIATIONS, VERDICTS

CAUSES = ("data", "protocol", "paper", "learner", "unexplained")
UNEXPLAINED = "unexplained"
COLUMNS = ("study", "section", "source", "table", "code", "quantity", "item", "paper",
           "paper_spread", "ours", "ours_spread", "difference", "verdict", "rule", "cause",
           "note")
NOTE_COLUMNS = ("table", "code", "quantity", "cause", "note")


@dataclass(frozen=True)
class Part:
    """One table, figure or claim set of a paper: the key of its rows in ``notes.csv``
    (``table``), its title on the scorecard and the file it comes from (a path from the
    workflow's root, e.g. ``results/tables/auer95_table2.html``)."""

    table: str
    section: str
    source: str


def scorecard_frame(rows: Sequence[dict]) -> pd.DataFrame:
    """Scorecard items as a frame with exactly :data:`COLUMNS`; refuses unknown verdicts and
    causes."""
    frame = pd.DataFrame(list(rows), columns=list(COLUMNS))
    unknown = sorted(set(frame["verdict"]) - set(VERDICTS))
    if unknown:
        raise ValueError(f"scorecard verdicts {unknown} are not among {list(VERDICTS)}")
    causes = sorted(set(frame["cause"].dropna()) - set(CAUSES) - {""})
    if causes:
        raise ValueError(f"scorecard causes {causes} are not among {list(CAUSES)}")
    return frame


def item(study: str, part: Part, code: str, quantity: str, name: str, paper, paper_spread,
         ours, ours_spread, verdict: str, rule: str, note: str = "",
         places: int | None = None) -> dict:
    """One scorecard row: the number ``quantity`` of ``code`` (a dataset, domain or claim) in
    ``part`` of ``study``, both values with their spreads (None where not printed), the table's
    verdict and the rule that gave it. ``note`` is a fixed remark (e.g. why a row was not run);
    the cause and our explanation come from the notes (:func:`explain`). ``places``: the
    decimals the paper prints, kept by writing its number as printed (2.00, not 2.0)."""
    numeric = all(isinstance(v, (int, float)) and not isinstance(v, bool) and not pd.isna(v)
                  for v in (ours, paper))
    difference = round(float(ours) - float(paper), 4) if numeric else None
    if places is not None and numeric:
        paper = f"{float(paper):.{places}f}"
    return {"study": study, "section": part.section, "source": part.source,
            "table": part.table, "code": code, "quantity": quantity, "item": name,
            "paper": paper, "paper_spread": paper_spread, "ours": ours,
            "ours_spread": ours_spread, "difference": difference, "verdict": verdict,
            "rule": rule, "cause": "", "note": note or ""}


def printed_places(rounding: float) -> int:
    """The decimals of a number printed to half a unit ``rounding`` (0.05 -> 1, 0.5 -> 0)."""
    return max(0, round(-math.log10(2 * rounding)))


def read_notes(path) -> pd.DataFrame:
    """``data/paper/<study>/notes.csv``: one row per item or group of items (``table``;
    ``code`` and ``quantity`` empty for all, ``quantity`` may be a glob such as ``c45_*``),
    with its ``cause`` (one of :data:`CAUSES`, or empty for a note that explains no deviation)
    and ``note``."""
    notes = pd.read_csv(path, keep_default_na=False, dtype=str)
    missing = [c for c in NOTE_COLUMNS if c not in notes.columns]
    if missing:
        raise ValueError(f"{path}: missing columns {missing}; expected {list(NOTE_COLUMNS)}")
    bad = notes[~notes["cause"].isin([*CAUSES, ""])]
    if len(bad):
        raise ValueError(f"{path}: cause {bad['cause'].iloc[0]!r} (row {bad.index[0] + 2}) is "
                         f"not one of {list(CAUSES)} or empty")
    return notes


def explain(card: pd.DataFrame, notes: pd.DataFrame, where: str = "notes.csv") -> pd.DataFrame:
    """``card`` with each row's cause and note from the most specific matching row of
    ``notes`` (same ``table``; ``code`` equal or empty; ``quantity`` matching or empty; a row
    naming both beats one naming the code, which beats one naming the quantity; for a
    deviation, rows with a cause beat rows without; a row with a cause explains deviations
    only, so a number that reproduces never shows why it would not). A deviation without a
    matching row with a cause is ``unexplained``; a fixed note of the item (e.g. why it was not
    run) comes first."""
    out = card.copy()
    causes, texts = [], []
    for record in out.to_dict("records"):
        match = _best_note(notes, record, record["verdict"] in DEVIATIONS)
        fixed = record["note"] if isinstance(record["note"], str) else ""
        note = " ".join(t for t in (fixed, match["note"] if match is not None else "") if t)
        cause = ""
        if record["verdict"] in DEVIATIONS:
            cause = match["cause"] if match is not None and match["cause"] else UNEXPLAINED
            if not note:
                note = f"no explanation recorded in {where}"
        causes.append(cause)
        texts.append(note)
    out["cause"], out["note"] = causes, texts
    return scorecard_frame(out.to_dict("records"))


def _best_note(notes: pd.DataFrame, record: dict, deviation: bool) -> dict | None:
    """The most specific row of ``notes`` for ``record``; for a deviation, a row with a cause
    first (a table's plain note on a dataset does not hide the cause of one of its numbers);
    for any other row, only rows without a cause."""
    best, rank = None, (-1, -1)
    for row in notes.to_dict("records"):
        if row["table"] != record["table"] or row["code"] not in ("", str(record["code"])):
            continue
        if row["cause"] and not deviation:
            continue
        if row["quantity"] and not _glob(row["quantity"], str(record["quantity"])):
            continue
        score = (int(deviation and bool(row["cause"])),
                 2 * bool(row["code"]) + bool(row["quantity"]))
        if score > rank:
            best, rank = row, score
    return best


def _glob(pattern: str, text: str) -> bool:
    """``text`` matches ``pattern``, where only ``*`` is special (any characters): quantities
    such as ``accuracy[IFN]`` hold brackets."""
    return re.fullmatch(".*".join(re.escape(part) for part in pattern.split("*")), text) \
        is not None


def combine(frames: Sequence[pd.DataFrame]) -> pd.DataFrame:
    """The items of every study, in the order given."""
    return scorecard_frame(pd.concat(frames, ignore_index=True).to_dict("records"))


def summary(card: pd.DataFrame) -> pd.DataFrame:
    """Per study: the number of items with each verdict, of deviations with each cause, and
    the total."""
    studies = list(dict.fromkeys(card["study"]))
    verdicts = pd.crosstab(card["study"], card["verdict"]).reindex(
        index=studies, columns=list(VERDICTS), fill_value=0)
    deviations = card[card["cause"].isin(CAUSES)]
    causes = pd.crosstab(deviations["study"], deviations["cause"]).reindex(
        index=studies, columns=list(CAUSES), fill_value=0)
    counts = pd.concat([verdicts, causes], axis=1)
    counts["items"] = verdicts.sum(axis=1)
    return counts.rename_axis("study").reset_index()
