"""The scorecard: every number a paper prints and we recompute, across all studies.

The scorecard is the concatenation of every table's cells (:mod:`smalltrees.evaluation.cells`)
and claims, nothing else (:func:`combine`): a row's verdict is the one its table's comparison
gave, never judged again, so a table's view and the scorecard agree by construction. Cells of a
reading (an alternative interpretation tried to explain a deviation: ``reading`` not empty) are
no rows of their own: each default row lists, in ``readings``, what the readings of the same
number gave. Every row whose verdict is a deviation (``close``, ``differs``, ``claim fails``)
carries a ``cause`` from :data:`CAUSES` and a note, both read from
``data/paper/<study>/notes.csv`` (:func:`explain`):

- ``data``: our data are not the paper's (version, attributes, rows), and the note says how we
  know;
- ``protocol``: the paper leaves a choice open and ours is one reading (the note names it and,
  where tried, what the others give);
- ``paper``: the paper's own numbers are inconsistent or impossible (the note shows the check);
- ``learner``: our implementation is a documented reading of an ambiguous step of the algorithm;
- ``unexplained``: none of the above was shown (the note says what was tried).

A deviation that a declared reading reproduces is ``protocol`` by one rule for every study
(:mod:`.reading_causes`), unless its notes decide otherwise (:func:`explain`); any other
deviation no note row covers is ``unexplained``. ``inconclusive`` is no deviation: the
tolerance is too wide to tell (:mod:`smalltrees.evaluation.verdicts`). A number the paper does
not have (ours alone) is shown in its table but is no scorecard row. The rendering
(:mod:`.scorecard_page`) shows the counts of verdicts and causes per paper, then every table in
the paper's shape.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

import pandas as pd

from smalltrees.evaluation.cells import CELL_COLUMNS, cells_frame, read_cells
from smalltrees.evaluation.transcriptions import matches
from smalltrees.evaluation.verdicts import DEVIATIONS, VERDICTS
from smalltrees.reporting.cell_views import number
from smalltrees.reporting.reading_causes import KEY, reading_notes

CAUSES = ("data", "protocol", "paper", "learner", "unexplained")
PROTOCOL, UNEXPLAINED = "protocol", "unexplained"
COLUMNS = (*CELL_COLUMNS, "title", "link", "cause", "readings")
NOTE_COLUMNS = ("table", "code", "quantity", "cause", "note")


def scorecard_frame(rows: Sequence[dict]) -> pd.DataFrame:
    """Scorecard rows as a frame with exactly :data:`COLUMNS`; refuses unknown verdicts and
    causes."""
    frame = pd.DataFrame(list(rows), columns=list(COLUMNS))
    unknown = sorted(set(frame["verdict"]) - set(VERDICTS))
    if unknown:
        raise ValueError(f"scorecard verdicts {unknown} are not among {list(VERDICTS)}")
    causes = sorted(set(frame["cause"].dropna()) - set(CAUSES) - {""})
    if causes:
        raise ValueError(f"scorecard causes {causes} are not among {list(CAUSES)}")
    return frame


def combine(parts: Sequence[tuple[Mapping, pd.DataFrame]]) -> pd.DataFrame:
    """The scorecard rows of every cells file, in the order given: ``parts`` pairs a file's
    ``{title, link}`` (where a reader sees it) with its cells. The rows are the default
    reading's cells that have a paper number; the cells of readings are summarised in the
    ``readings`` column of the row they explain."""
    frames = [c.assign(title=part["title"], link=part["link"]) for part, c in parts]
    if not frames:
        return scorecard_frame([])
    cells = pd.concat(frames, ignore_index=True)
    cells_frame(cells.to_dict("records"))  # refuses an unknown verdict
    texts: dict[tuple, list[str]] = {}  # each number's readings, in the cells' order
    for r in cells[cells["reading"] != ""].to_dict("records"):
        texts.setdefault((r["study"], r["table"], r["code"], r["quantity"]), []).append(
            _reading_text(r))
    tried = {key: "; ".join(found) for key, found in texts.items()}
    rows = []
    for record in cells[(cells["reading"] == "") & (cells["verdict"] != "")].to_dict("records"):
        key = (record["study"], record["table"], record["code"], record["quantity"])
        rows.append({**record, "cause": "", "readings": tried.get(key, "")})
    return scorecard_frame(rows)


def _reading_text(cell: Mapping) -> str:
    """``reading: ours (verdict)`` for the ``readings`` column."""
    ours = number(cell["ours"], None, int(cell["decimals"]))
    verdict = f" ({cell['verdict']})" if cell["verdict"] else ""
    return f"{cell['reading']}: {ours or 'not run'}{verdict}"


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


def explain(card: pd.DataFrame, notes: pd.DataFrame, where: str = "notes.csv",
            readings: pd.DataFrame | None = None) -> pd.DataFrame:
    """``card`` with each row's cause and note from the most specific matching row of
    ``notes`` (same ``table``; ``code`` equal or empty; ``quantity`` matching or empty; a row
    naming both beats one naming the code, which beats one naming the quantity; for a
    deviation, rows with a cause beat rows without; a row with a cause explains deviations
    only, so a number that reproduces never shows why it would not). A deviation without a
    matching row with a cause is ``unexplained``; a fixed note of the item (e.g. why it was not
    run) comes first.

    A deviation that a declared reading of ``readings`` (reading cells) reproduces gets the
    cause ``protocol`` and the rule's note (:mod:`.reading_causes`), followed by the matching
    note's text, unless the notes decide it explicitly: a matching row whose cause is not
    ``unexplained``, or an ``unexplained`` row naming exactly this number (its code and
    quantity, no glob), which says why the readings' agreement explains nothing."""
    out = card.copy()
    by_reading = reading_notes(out, readings) if readings is not None else {}
    note_rows = notes.to_dict("records")
    causes, texts = [], []
    for record in out.to_dict("records"):
        match = _best_note(note_rows, record, record["verdict"] in DEVIATIONS)
        fixed = record["note"] if isinstance(record["note"], str) else ""
        auto = by_reading.get(tuple(str(record[k]) for k in KEY), "")
        if auto and _decides(match, record):
            auto = ""
        note = " ".join(t for t in (fixed, auto, match["note"] if match is not None else "")
                        if t)
        cause = ""
        if record["verdict"] in DEVIATIONS:
            cause = match["cause"] if match is not None and match["cause"] else UNEXPLAINED
            cause = PROTOCOL if auto else cause
            if not note:
                note = f"no explanation recorded in {where}"
        causes.append(cause)
        texts.append(note)
    out["cause"], out["note"] = causes, texts
    return scorecard_frame(out.to_dict("records"))


def study_card(parts: Sequence[tuple[Mapping, pd.DataFrame]], notes: pd.DataFrame,
               where: str = "notes.csv") -> pd.DataFrame:
    """One study's scorecard rows: :func:`combine` of its cells files (``parts``, as there),
    each row explained by the study's ``notes`` (read from ``where``) and its reading cells
    (:func:`explain`). A study's rows depend on its own cells and notes only, so its figure
    against the paper is drawn as soon as they are written, and the scorecard is the studies'
    rows one after the other."""
    card = combine(parts)
    if not parts:
        return explain(card, notes, where)
    cells = pd.concat([c for _, c in parts], ignore_index=True)
    return explain(card, notes, where, cells[cells["reading"] != ""])


def read_study_card(parts: Sequence[Mapping], cells: Sequence[str | os.PathLike],
                    notes: str | os.PathLike) -> pd.DataFrame:
    """:func:`study_card` of one study from its files: the cells file of each of its
    ``parts`` (in their order) and its ``notes.csv``."""
    return study_card([(part, read_cells(path)) for part, path in zip(parts, cells, strict=True)],
                      read_notes(notes), str(notes))


def _decides(match: dict | None, record: dict) -> bool:
    """Whether the matching notes row decides a deviation's cause over the readings' rule: it
    gives a cause other than ``unexplained``, or names exactly this number."""
    if match is None or not match["cause"]:
        return False
    return match["cause"] != UNEXPLAINED or (
        match["code"] == str(record["code"]) and match["quantity"] == str(record["quantity"]))


def _best_note(notes: list[dict], record: dict, deviation: bool) -> dict | None:
    """The most specific of the ``notes`` rows for ``record``; for a deviation, a row with a
    cause first (a table's plain note on a dataset does not hide the cause of one of its
    numbers); for any other row, only rows without a cause."""
    best, rank = None, (-1, -1)
    for row in notes:
        if row["table"] != record["table"] or row["code"] not in ("", str(record["code"])):
            continue
        if row["cause"] and not deviation:
            continue
        if row["quantity"] and not matches(row["quantity"], str(record["quantity"])):
            continue
        score = (int(deviation and bool(row["cause"])),
                 2 * bool(row["code"]) + bool(row["quantity"]))
        if score > rank:
            best, rank = row, score
    return best


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
