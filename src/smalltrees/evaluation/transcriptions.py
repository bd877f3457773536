"""The paper's numbers: one long layout for every compared table of every study.

A transcription is a CSV file under ``data/paper/<study>/`` with one row per printed number and
the columns :data:`COLUMNS` (in any order; extra columns, e.g. ``comment`` or ``uncertain``,
are kept):

- ``table``: the key of the table, figure or section the number is printed in (``table2``,
  ``sky2``, ``vc``); the same key names its cells file and its rows in ``notes.csv``;
- ``code``: the row it belongs to (a dataset, domain, shape or ``mean``);
- ``quantity``: what the number is (``t2_accuracy``, ``c45_depth``, ``err_G``, ``lb``);
- ``value``: the number as printed (a yes/no marker as 1/0);
- ``spread``: the spread the paper prints beside it (a standard deviation, a ± half-width),
  empty where it prints none;
- ``decimals``: how many decimals the paper prints (it sets the rounding of a comparison);
- ``where``: the page, table or section, for a reader who checks the transcription.

:func:`read_transcription` refuses a file that breaks the layout, naming the file, the line and
what was expected; :func:`check_quantities` refuses a ``quantity`` no table of the study
produces, so that a typo in a transcription stops the workflow before any job runs.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping, Sequence

import pandas as pd

COLUMNS = ("table", "code", "quantity", "value", "spread", "decimals", "where")
KEY = ("table", "code", "quantity")
NOT_TABLES = ("claims.csv", "notes.csv")
"""Files of ``data/paper/<study>/`` with layouts of their own (claims and our notes)."""


class TranscriptionError(ValueError):
    """A transcription file that breaks the layout."""


def read_transcription(path: str | os.PathLike) -> pd.DataFrame:
    """One transcription file, checked: every column of :data:`COLUMNS`; ``value`` a number;
    ``spread`` a number or empty; ``decimals`` a non-negative integer; (table, code, quantity)
    unique. ``value`` and ``spread`` come back as floats (NaN for an empty spread),
    ``decimals`` as int, the other columns as text."""
    frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    missing = [c for c in COLUMNS if c not in frame.columns]
    if missing:
        raise TranscriptionError(f"{path}: missing columns {missing}; a transcription has the "
                                 f"columns {list(COLUMNS)}")
    for column in ("table", "code", "quantity"):
        empty = frame.index[frame[column].str.strip() == ""]
        if len(empty):
            raise TranscriptionError(f"{path}, line {empty[0] + 2}: empty {column!r}; every "
                                     "number needs a table, a code and a quantity")
    frame["value"] = _numbers(frame, "value", path, required=True)
    frame["spread"] = _numbers(frame, "spread", path, required=False)
    frame["decimals"] = _decimals(frame, path)
    _refuse_duplicates(frame, path)
    return frame


def read_paper(paths: Iterable[str | os.PathLike]) -> pd.DataFrame:
    """Several transcription files of one study as one frame (each checked by
    :func:`read_transcription`); a (table, code, quantity) in two files is refused. The column
    ``file`` says where each row comes from."""
    frames = [read_transcription(path).assign(file=str(path)) for path in paths]
    if not frames:
        return pd.DataFrame(columns=[*COLUMNS, "file"])
    paper = pd.concat(frames, ignore_index=True)
    repeated = paper[paper.duplicated(list(KEY), keep=False)]
    if len(repeated):
        first = repeated.iloc[0]
        files = sorted(set(repeated.loc[(repeated[list(KEY)] == first[list(KEY)]).all(axis=1),
                                        "file"]))
        raise TranscriptionError(f"{', '.join(files)}: ({first['table']}, {first['code']}, "
                                 f"{first['quantity']}) is transcribed more than once")
    return paper


def transcription_files(directory: str | os.PathLike) -> list[str]:
    """The transcription files of a study's folder: its CSV files except :data:`NOT_TABLES`
    (sheets that are not compared tables live in a subfolder)."""
    names = sorted(n for n in os.listdir(directory)
                   if n.endswith(".csv") and n not in NOT_TABLES)
    return [os.path.join(directory, n) for n in names]


def check_quantities(paper: pd.DataFrame, produced: Mapping[str, Sequence[str]],
                     where: str = "the transcriptions") -> None:
    """Refuse a row whose table the study does not make, or whose quantity matches none of the
    globs ``produced[table]`` (what that table's builder writes)."""
    for row in paper.to_dict("records"):
        source = row.get("file", where)
        if row["table"] not in produced:
            raise TranscriptionError(f"{source}: table {row['table']!r} (code {row['code']}, "
                                     f"quantity {row['quantity']}) is not a table the study "
                                     f"makes; expected one of {sorted(produced)}")
        globs = produced[row["table"]]
        if not any(matches(g, row["quantity"]) for g in globs):
            raise TranscriptionError(f"{source}: quantity {row['quantity']!r} (table "
                                     f"{row['table']}, code {row['code']}) is not produced by "
                                     f"that table; expected one of {list(globs)}")


def matches(pattern: str, text: str) -> bool:
    """``text`` matches ``pattern``, where only ``*`` is special (any characters): quantities
    such as ``accuracy[IFN]`` hold brackets. The one pattern syntax of ``PRODUCES``, of a
    table's rules and of ``notes.csv``."""
    return re.fullmatch(".*".join(re.escape(part) for part in pattern.split("*")), text) \
        is not None


def rounding(decimals: int) -> float:
    """Half a unit of the last printed decimal: 1 decimal -> 0.05, 0 -> 0.5."""
    return 0.5 * 10.0 ** -int(decimals)


def _numbers(frame: pd.DataFrame, column: str, path, required: bool) -> pd.Series:
    values = pd.to_numeric(frame[column].str.strip().replace("", None), errors="coerce")
    bad = frame.index[values.isna() & ((frame[column].str.strip() != "") | required)]
    if len(bad):
        raise TranscriptionError(f"{path}, line {bad[0] + 2}: {column} "
                                 f"{frame.at[bad[0], column]!r} is not a number"
                                 + ("" if required else " (or empty)"))
    return values.astype(float)


def _decimals(frame: pd.DataFrame, path) -> pd.Series:
    text = frame["decimals"].str.strip()
    bad = frame.index[~text.str.fullmatch(r"\d+")]
    if len(bad):
        raise TranscriptionError(f"{path}, line {bad[0] + 2}: decimals "
                                 f"{frame.at[bad[0], 'decimals']!r} is not a whole number >= 0 "
                                 "(the decimals the paper prints)")
    return text.astype(int)


def _refuse_duplicates(frame: pd.DataFrame, path) -> None:
    repeated = frame.index[frame.duplicated(list(KEY))]
    if len(repeated):
        row = frame.loc[repeated[0]]
        raise TranscriptionError(f"{path}, line {repeated[0] + 2}: ({row['table']}, "
                                 f"{row['code']}, {row['quantity']}) is transcribed twice")
