"""Parse raw UCI-style files into a typed dataset, as the dataset registry in config.yaml says.

A dataset's registry entry (see the comments in ``config.yaml``) declares the file format and
every field of the file: its name and kind (``continuous``, ``categorical``, ``class``, ``drop``
or ``sequence``). Derived datasets (Auer, Holte & Maass 1995, Table 1: G2, HD, LA) are written as
data -- ``class_drop``, ``class_map``, ``class_values`` and several source files -- so adding a
dataset in a UCI-like format needs a config edit only.

The result follows the project's data contract: continuous attributes are ``float64`` with NaN
for missing, categorical attributes are pandas categoricals (categories = the declared values, or
the values seen, sorted) with NaN for missing, and class labels are strings.

Malformed input raises :class:`DatasetError` naming the file, the line and the field.
"""

from __future__ import annotations

import math
import zipfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from smalltrees.data.lzw import CompressError, uncompress

ATTRIBUTE_KINDS = ("continuous", "categorical", "sequence")
FIELD_KINDS = (*ATTRIBUTE_KINDS, "class", "drop")


class DatasetError(ValueError):
    """A raw file or a registry entry does not describe a usable dataset."""


@dataclass(frozen=True)
class Field:
    """One delimited field of a raw file.

    A ``sequence`` field holds a string that is expanded to ``length`` categorical attributes,
    one per character (the DNA sequences of PR and SP).
    """

    name: str
    kind: str
    values: tuple[str, ...] | None = None
    length: int = 1

    def attribute_names(self) -> list[str]:
        """Names of the attributes this field yields (none for ``class`` and ``drop``)."""
        if self.kind == "sequence":
            return [self.name.format(i=i) for i in range(1, self.length + 1)]
        if self.kind in ("continuous", "categorical"):
            return [self.name]
        return []


def fields_from_spec(columns: Sequence[dict]) -> list[Field]:
    """Expand the registry's ``columns`` list (with ``repeat``) into one Field per file field."""
    fields: list[Field] = []
    for entry in columns:
        kind = entry.get("kind")
        if kind not in FIELD_KINDS:
            raise DatasetError(
                f"column {entry.get('name')!r}: unknown kind {kind!r}; expected one of "
                f"{', '.join(FIELD_KINDS)}"
            )
        values = tuple(str(v) for v in entry["values"]) if "values" in entry else None
        repeat = int(entry.get("repeat", 1))
        if kind == "sequence":
            fields.append(Field(entry["name"], kind, values, length=repeat))
        elif repeat == 1:
            fields.append(Field(entry["name"], kind, values))
        else:
            fields.extend(
                Field(entry["name"].format(i=i), kind, values) for i in range(1, repeat + 1)
            )
    n_class = sum(f.kind == "class" for f in fields)
    if n_class != 1:
        raise DatasetError(
            f"columns must contain exactly one field of kind 'class', found {n_class}"
        )
    names = [name for f in fields for name in f.attribute_names()]
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise DatasetError(f"attribute name(s) {repeated} given to more than one column (after "
                           "expanding `repeat`); each attribute needs its own name, or one "
                           "column would silently replace the other")
    return fields


def read_text(path: Path, member: str | None = None, compression: str | None = None) -> str:
    """Return the text of ``path``, or of the zip member ``member`` inside it; ``compression``
    ``"Z"`` first decodes a Unix ``compress`` file (:mod:`smalltrees.data.lzw`)."""
    if member is None:
        raw = Path(path).read_bytes()
    else:
        try:
            with zipfile.ZipFile(path) as archive:
                raw = archive.read(member)
        except (zipfile.BadZipFile, KeyError) as exc:
            raise DatasetError(f"{path}: cannot read zip member {member!r}: {exc}") from exc
    if compression == "Z":
        try:
            raw = uncompress(raw)
        except CompressError as exc:
            raise DatasetError(f"{path}: {exc} (the registry says compression: Z)") from None
    elif compression is not None:
        raise DatasetError(f"{path}: unknown compression {compression!r}; expected 'Z'")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def data_lines(text: str, file_format: str, header_lines: int = 0) -> Iterator[tuple[int, str]]:
    """Yield (1-based line number, line) for every data line; blank lines are skipped.

    ``keel`` files (KEEL's .dat) carry an ARFF-like header that ends at the ``@data`` line;
    ``header_lines`` more lines at the top of a csv file are not data (UCI's image segmentation
    files start with two comment lines, a blank line, the column names and a blank line).
    """
    lines = text.splitlines()
    start = header_lines
    if file_format == "keel":
        marker = [i for i, line in enumerate(lines) if line.strip().lower() == "@data"]
        if not marker:
            raise DatasetError("KEEL file has no '@data' line")
        start = marker[0] + 1
    for number, line in enumerate(lines[start:], start=start + 1):
        if line.strip():
            yield number, line


class _Columns:
    """Accumulates parsed values per attribute and the class labels."""

    def __init__(self, fields: list[Field]):
        self.fields = fields
        self.values: dict[str, list] = {
            name: [] for f in fields for name in f.attribute_names()
        }
        self.labels: list[str] = []


def _parse_value(field: Field, raw: str, missing: str, where: str):
    """Convert one raw field to its typed value (float, str, or NaN for missing)."""
    if raw == missing:
        return math.nan
    if raw == "":
        raise DatasetError(f"{where}: empty value; expected a value or the marker {missing!r}")
    if field.kind == "continuous":
        try:
            return float(raw)
        except ValueError:
            raise DatasetError(f"{where}: {raw!r} is not a number (continuous attribute)") from None
    if field.values is not None and raw not in field.values:
        raise DatasetError(
            f"{where}: value {raw!r} is not declared; expected one of {list(field.values)}"
        )
    return raw


def _parse_sequence(field: Field, raw: str, missing: str, where: str) -> list:
    """Expand a sequence field into one value per character."""
    if len(raw) != field.length:
        raise DatasetError(
            f"{where}: sequence has {len(raw)} characters; expected {field.length}"
        )
    out = []
    for i, char in enumerate(raw, start=1):
        out.append(_parse_value(field, char, missing, f"{where} position {i}"))
    return out


def parse_files(
    sources: Sequence[tuple[Path, str | None]],
    spec: dict,
) -> tuple[pd.DataFrame, pd.Series]:
    """Parse the raw files of one dataset into ``(X, y)``: :func:`parse_parts` without the
    number of examples each file gave."""
    X, y, _ = parse_parts(sources, spec)
    return X, y


def parse_parts(
    sources: Sequence[tuple[Path, str | None]],
    spec: dict,
) -> tuple[pd.DataFrame, pd.Series, list[int]]:
    """Parse the raw files of one dataset into ``(X, y)`` and the examples per file.

    Parameters
    ----------
    sources : sequence of (path, zip member or None)
        The dataset's files, in registry order; their examples are concatenated. A source's
        compression comes from the registry entry of the file at the same position.
    spec : dict
        The dataset's registry entry (``columns``, ``format``, ``delimiter``, ``missing``,
        ``header_lines``, ``class_drop``, ``class_map``, ``class_values``, ``files``).

    Returns
    -------
    X : pandas.DataFrame
        Continuous attributes float64, categorical attributes pandas categoricals.
    y : pandas.Series
        Class labels as strings, named ``class``.
    rows : list of int
        The number of examples each source gave, in order (a standard test file is a part).
    """
    fields = fields_from_spec(spec["columns"])
    delimiter = spec.get("delimiter", ",")
    missing = spec.get("missing", "?")
    file_format = spec.get("format", "csv")
    class_drop = {str(v) for v in spec.get("class_drop", [])}
    class_map = {str(k): str(v) for k, v in spec.get("class_map", {}).items()}
    class_values = [str(v) for v in spec["class_values"]] if "class_values" in spec else None
    header_lines = int(spec.get("header_lines", 0))
    compressions = [f.get("compression") for f in spec.get("files", [])]
    compressions += [None] * (len(sources) - len(compressions))
    columns = _Columns(fields)
    rows = []
    for (path, member), compression in zip(sources, compressions, strict=True):
        name = f"{path}" + (f"[{member}]" if member else "")
        before = len(columns.labels)
        try:
            lines = list(data_lines(read_text(path, member, compression), file_format,
                                    header_lines))
        except DatasetError as exc:
            raise DatasetError(f"{name}: {exc}") from None
        if not lines:
            raise DatasetError(f"{name}: the file has no data lines (empty file?)")
        for number, line in lines:
            _parse_line(columns, line.split(delimiter), f"{name}, line {number}", missing,
                        class_drop, class_map, class_values)
        rows.append(len(columns.labels) - before)
    if not columns.labels:
        raise DatasetError(f"{spec.get('name', 'dataset')}: no examples left after class_drop")
    return _typed_frame(columns), pd.Series(columns.labels, name="class", dtype=str), rows


def _parse_line(columns, raw_fields, where, missing, class_drop, class_map, class_values):
    """Parse one data line into ``columns`` (or skip it when its class is dropped)."""
    fields = columns.fields
    if len(raw_fields) != len(fields):
        raise DatasetError(f"{where}: found {len(raw_fields)} fields; expected {len(fields)}")
    parsed: dict[str, object] = {}
    label = None
    for field, raw in zip(fields, raw_fields, strict=True):
        raw = raw.strip()
        at = f"{where}, field {field.name!r}"
        if field.kind == "class":
            if raw in ("", missing):
                raise DatasetError(f"{at}: the class label is missing")
            if raw in class_drop:
                return
            label = class_map.get(raw, raw)
            if class_values is not None and label not in class_values:
                raise DatasetError(
                    f"{at}: unknown class {label!r} (raw {raw!r}) after class_drop/class_map; "
                    f"expected one of {class_values}"
                )
        elif field.kind == "sequence":
            parsed.update(zip(field.attribute_names(),
                              _parse_sequence(field, raw, missing, at), strict=True))
        elif field.kind != "drop":
            parsed[field.name] = _parse_value(field, raw, missing, at)
    for name, value in parsed.items():
        columns.values[name].append(value)
    columns.labels.append(label)


def _typed_frame(columns: _Columns) -> pd.DataFrame:
    """Build the typed attribute DataFrame from the accumulated values."""
    data = {}
    for field in columns.fields:
        for name in field.attribute_names():
            values = columns.values[name]
            if field.kind == "continuous":
                data[name] = pd.Series(values, dtype="float64")
            else:
                data[name] = categorical(values, field.values)
    return pd.DataFrame(data)


def categorical(values: Sequence, declared: Sequence[str] | None) -> pd.Series:
    """A categorical Series over ``declared`` categories (default: values seen, sorted)."""
    observed = pd.Series(values, dtype=object)
    if declared is None:
        declared = sorted({v for v in observed if isinstance(v, str)})
    return pd.Series(pd.Categorical(observed.where(observed.notna(), None),
                                    categories=list(declared)))
