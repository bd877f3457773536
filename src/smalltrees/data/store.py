"""Typed datasets on disk: build them from raw files, save them, load them back.

A processed dataset is two files in ``data/processed/``: ``<code>.csv`` (attributes, then the
class column; missing values are empty cells) and ``<code>.json`` (each attribute's kind and
categories, the classes, the number of examples, the raw files it came from with the examples
each gave, and the CSV's own ``sha256``). Together they restore the exact types: float64
continuous attributes, pandas categoricals with the declared categories, string labels.

Like the raw files, a processed file is verified whenever it is read: :func:`read` refuses a CSV
whose bytes are not those its sidecar records (edited by hand, corrupted, or left over from an
interrupted write), naming the file and the command that rebuilds it, so that a changed class
label can never change a table silently.

An optional dataset (registry key ``optional: true``) whose raw files no source could deliver is
stored as an *unavailable* marker instead: the JSON says ``"available": false`` and why (the
sources tried), the CSV is empty, and :func:`read` raises :class:`DatasetUnavailable` with that
reason, so a study can report "not run: data not available (...)" for it and go on.

>>> from smalltrees.datasets import load
>>> X, y = load("IR")                                        # doctest: +SKIP
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path

import pandas as pd

from smalltrees.data.generators import generate
from smalltrees.data.parse import DatasetError, categorical, parse_parts
from smalltrees.files import sha256_of, write_text

PROCESSED_DIR = Path("data") / "processed"
RAW_DIR = Path("data") / "raw"
CLASS_COLUMN = "class"


class DatasetUnavailable(RuntimeError):
    """An optional dataset whose raw files could not be obtained; the message says why."""


def raw_path(relpath: str, raw_dir: Path = RAW_DIR) -> Path:
    """Where the raw file with archive path ``relpath`` is stored."""
    return Path(raw_dir) / relpath


def build(code: str, spec: Mapping, raw_dir: Path = RAW_DIR,
          paths: Sequence[str | os.PathLike] | None = None) -> tuple[pd.DataFrame, pd.Series]:
    """Parse dataset ``code`` from its raw files: :func:`build_parts` without the file records."""
    X, y, _ = build_parts(code, spec, raw_dir, paths)
    return X, y


def build_parts(code: str, spec: Mapping, raw_dir: Path = RAW_DIR,
                paths: Sequence[str | os.PathLike] | None = None
                ) -> tuple[pd.DataFrame, pd.Series, list[dict]]:
    """Parse dataset ``code`` from its raw files as its registry entry says; also return one
    record per file (``path``, the ``sha256`` of the bytes used, the ``rows`` it gave). An
    entry with a ``generator:`` key (and no files) is generated instead
    (:mod:`smalltrees.data.generators`).

    The files are ``paths`` (one per entry of ``spec["files"]``, in order) when given, else
    found under ``raw_dir`` by their archive paths.

    Every raw file is checked against its sha256 first (:func:`verify_raw_file`). Raises
    :class:`~smalltrees.data.parse.DatasetError` when a file changed since it was fetched, when the
    files are malformed, or when fewer than two classes remain (nothing to learn).
    """
    if "generator" in spec:  # a generated dataset (smalltrees.data.generators): no files
        X, y = generate(code, spec)
        return X, y, []
    if paths is None:
        paths = [raw_path(f["path"], raw_dir) for f in spec["files"]]
    if len(paths) != len(spec["files"]):
        raise ValueError(f"dataset {code}: {len(paths)} paths for {len(spec['files'])} files")
    digests = [verify_raw_file(Path(path), entry.get("sha256"))
               for path, entry in zip(paths, spec["files"], strict=True)]
    sources = [(Path(path), f.get("member")) for path, f in zip(paths, spec["files"],
                                                                strict=True)]
    X, y, rows = parse_parts(sources, spec)
    classes = sorted(y.unique())
    if len(classes) < 2:
        raise DatasetError(
            f"dataset {code}: the class column has a single class {classes}; "
            "a classification dataset needs at least two"
        )
    records = [{"path": f["path"], "sha256": digest, "rows": n}
               for f, digest, n in zip(spec["files"], digests, rows, strict=True)]
    return X, y, records


def verify_raw_file(path: Path, expected: str | None) -> str:
    """Refuse a raw file whose bytes are not those the registry pins (edited or corrupted);
    return its digest. ``expected`` None (an unpinned file of an optional dataset) accepts it."""
    actual = sha256_of(path)
    if expected is not None and actual != expected:
        raise DatasetError(
            f"{path}: sha256 mismatch: expected {expected} (dataset registry), got {actual}. The "
            f"file changed after it was fetched. Fetch it again and rebuild everything computed "
            f"from it, from the project directory (add your usual --configfile/--config "
            f"options): {rebuild_command(path)}"
        )
    return actual


def save(X: pd.DataFrame, y: pd.Series, code: str, spec: Mapping,
         out_dir: Path = PROCESSED_DIR) -> tuple[Path, Path]:
    """Write ``<code>.csv`` and ``<code>.json`` in ``out_dir`` atomically; return their paths."""
    csv_path, json_path = Path(out_dir) / f"{code}.csv", Path(out_dir) / f"{code}.json"
    write(X, y, code, spec, csv_path, json_path)
    return csv_path, json_path


def write(X: pd.DataFrame, y: pd.Series, code: str, spec: Mapping,
          csv_path: str | os.PathLike, json_path: str | os.PathLike,
          files: Sequence[Mapping] | None = None) -> None:
    """Write the processed dataset to ``csv_path`` and its types to ``json_path``, atomically.

    ``files`` are the file records of :func:`build_parts` (default: the registry's paths and
    digests, without the rows per file)."""
    if CLASS_COLUMN in X.columns:
        raise DatasetError(f"dataset {code}: an attribute is named {CLASS_COLUMN!r}, "
                           "which is reserved for the class column")
    meta = {
        "code": code,
        "name": spec.get("name", code),
        "attributes": [_attribute_meta(X[c]) | {"name": c} for c in X.columns],
        "classes": sorted(y.unique()),
        "files": [dict(f) for f in files] if files is not None else
        [{"path": f["path"], "sha256": f.get("sha256")} for f in spec["files"]],
    } | ({"generator": dict(spec["generator"])} if "generator" in spec else {})
    frame = X.assign(**{CLASS_COLUMN: y.to_numpy()})
    write_text(csv_path, frame.to_csv(index=False, lineterminator="\n"))
    meta |= {"examples": len(y), "sha256": sha256_of(csv_path)}
    write_text(json_path, json.dumps(meta, indent=1) + "\n")


def write_unavailable(code: str, spec: Mapping, reason: str, csv_path: str | os.PathLike,
                      json_path: str | os.PathLike) -> None:
    """Write the marker of an optional dataset that could not be obtained (see the module)."""
    meta = {"code": code, "name": spec.get("name", code), "available": False, "reason": reason,
            "files": [{"path": f["path"], "sha256": f.get("sha256")} for f in spec["files"]]}
    write_text(csv_path, "")
    write_text(json_path, json.dumps(meta, indent=1) + "\n")


def read_meta(json_path: str | os.PathLike) -> dict:
    """The JSON sidecar of a processed dataset (types, classes, files with rows per file)."""
    return json.loads(Path(json_path).read_text())


def continuous_attributes(json_path: str | os.PathLike) -> list[str]:
    """The names of a processed dataset's continuous attributes, from its JSON sidecar."""
    return [attribute["name"] for attribute in read_meta(json_path)["attributes"]
            if attribute["kind"] == "continuous"]


def unavailable_reason(json_path: str | os.PathLike) -> str | None:
    """Why a processed dataset is unavailable (an optional dataset not obtained), else None."""
    meta = read_meta(json_path)
    return None if meta.get("available", True) else meta["reason"]


def load(code: str, root: str | os.PathLike = ".") -> tuple[pd.DataFrame, pd.Series]:
    """Load the processed dataset ``code`` written by the workflow's parse step.

    Parameters
    ----------
    code : str
        The dataset's code in the registry (e.g. ``"SE"``).
    root : path
        The project directory holding ``data/processed/``.

    Returns
    -------
    X : pandas.DataFrame
        float64 continuous attributes and categorical attributes, NaN for missing.
    y : pandas.Series
        Class labels as strings.
    """
    base = Path(root) / PROCESSED_DIR
    csv_path, json_path = base / f"{code}.csv", base / f"{code}.json"
    if not (csv_path.exists() and json_path.exists()):
        raise FileNotFoundError(
            f"dataset {code!r} is not in {base}/ (expected {csv_path.name} and "
            f"{json_path.name}); produce it with `snakemake --cores 2 {csv_path} {json_path}` "
            "(add --config 'mirrors=[\"../shared/uci-mirror\"]' offline)"
        )
    return read(csv_path, json_path)


def read(csv_path: str | os.PathLike, json_path: str | os.PathLike
         ) -> tuple[pd.DataFrame, pd.Series]:
    """Read a processed dataset from its two files (see :func:`load`); raise
    :class:`DatasetUnavailable` for the marker of an optional dataset that was not obtained."""
    meta = read_meta(json_path)
    if not meta.get("available", True):
        raise DatasetUnavailable(f"dataset {meta['code']}: {meta['reason']}")
    verify_processed_file(csv_path, json_path, meta)
    raw = pd.read_csv(csv_path, dtype=str, keep_default_na=False, na_values=[""])
    X = pd.DataFrame({a["name"]: _restore(raw[a["name"]], a) for a in meta["attributes"]})
    y = pd.Series(raw[CLASS_COLUMN].to_numpy(), name=CLASS_COLUMN, dtype=str)
    return X, y


def verify_processed_file(csv_path: str | os.PathLike, json_path: str | os.PathLike,
                          meta: Mapping) -> None:
    """Refuse a processed CSV whose bytes are not those its sidecar ``meta`` records."""
    expected, actual = meta.get("sha256"), sha256_of(csv_path)
    if expected == actual:
        return
    found = (f"its sidecar {json_path} records sha256 {expected}, the file has {actual}"
             if expected else f"its sidecar {json_path} records no sha256 (an older format)")
    raise DatasetError(
        f"{csv_path}: refused: {found}. The file changed after the workflow wrote it. Rebuild "
        f"it and everything computed from it, from the project directory (add your usual "
        f"--configfile/--config options): {rebuild_command(csv_path, json_path)}"
    )


def rebuild_command(*paths: str | os.PathLike) -> str:
    """The command that deletes ``paths`` and lets the workflow recreate them and every result
    built from them (every stored file is a target of the workflow's ``rule all``)."""
    return f"rm -f {' '.join(str(p) for p in paths)} && snakemake --cores 2"


def _attribute_meta(column: pd.Series) -> dict:
    if isinstance(column.dtype, pd.CategoricalDtype):
        return {"kind": "categorical", "categories": [str(c) for c in column.cat.categories]}
    return {"kind": "continuous"}


def _restore(column: pd.Series, meta: Mapping) -> pd.Series:
    if meta["kind"] == "continuous":
        return pd.to_numeric(column).astype("float64")
    return categorical(column.tolist(), meta["categories"])
