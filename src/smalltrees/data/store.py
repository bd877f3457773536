"""Typed datasets on disk: build them from raw files, save them, load them back.

A processed dataset is two files in ``data/processed/``: ``<code>.csv`` (attributes, then the
class column; missing values are empty cells) and ``<code>.json`` (each attribute's kind and
categories, the classes, and the raw files it came from). Together they restore the exact types:
float64 continuous attributes, pandas categoricals with the declared categories, string labels.

>>> from smalltrees.datasets import load
>>> X, y = load("IR")                                        # doctest: +SKIP
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path

import pandas as pd

from smalltrees.data.fetch import sha256_of
from smalltrees.data.parse import DatasetError, categorical, parse_files
from smalltrees.files import write_text

PROCESSED_DIR = Path("data") / "processed"
RAW_DIR = Path("data") / "raw"
CLASS_COLUMN = "class"


def raw_path(relpath: str, raw_dir: Path = RAW_DIR) -> Path:
    """Where the raw file with archive path ``relpath`` is stored."""
    return Path(raw_dir) / relpath


def build(code: str, spec: Mapping, raw_dir: Path = RAW_DIR,
          paths: Sequence[str | os.PathLike] | None = None) -> tuple[pd.DataFrame, pd.Series]:
    """Parse dataset ``code`` from its raw files as its registry entry says.

    The files are ``paths`` (one per entry of ``spec["files"]``, in order) when given, else
    found under ``raw_dir`` by their archive paths.

    Every raw file is checked against its sha256 first (:func:`verify_raw_file`). Raises
    :class:`~smalltrees.data.parse.DatasetError` when a file changed since it was fetched, when the
    files are malformed, or when fewer than two classes remain (nothing to learn).
    """
    if paths is None:
        paths = [raw_path(f["path"], raw_dir) for f in spec["files"]]
    if len(paths) != len(spec["files"]):
        raise ValueError(f"dataset {code}: {len(paths)} paths for {len(spec['files'])} files")
    for path, entry in zip(paths, spec["files"], strict=True):
        verify_raw_file(Path(path), entry["sha256"])
    sources = [(Path(path), f.get("member")) for path, f in zip(paths, spec["files"],
                                                                strict=True)]
    X, y = parse_files(sources, spec)
    classes = sorted(y.unique())
    if len(classes) < 2:
        raise DatasetError(
            f"dataset {code}: the class column has a single class {classes}; "
            "a classification dataset needs at least two"
        )
    return X, y


def verify_raw_file(path: Path, expected: str) -> None:
    """Refuse a raw file whose bytes are not those the registry pins (edited or corrupted)."""
    actual = sha256_of(path)
    if actual != expected:
        raise DatasetError(
            f"{path}: sha256 mismatch: expected {expected} (config), got {actual}. The file "
            f"changed after it was fetched; delete it and rerun to fetch it again: "
            f"rm {path} && snakemake --cores 2 ..."
        )


def save(X: pd.DataFrame, y: pd.Series, code: str, spec: Mapping,
         out_dir: Path = PROCESSED_DIR) -> tuple[Path, Path]:
    """Write ``<code>.csv`` and ``<code>.json`` in ``out_dir`` atomically; return their paths."""
    csv_path, json_path = Path(out_dir) / f"{code}.csv", Path(out_dir) / f"{code}.json"
    write(X, y, code, spec, csv_path, json_path)
    return csv_path, json_path


def write(X: pd.DataFrame, y: pd.Series, code: str, spec: Mapping,
          csv_path: str | os.PathLike, json_path: str | os.PathLike) -> None:
    """Write the processed dataset to ``csv_path`` and its types to ``json_path``, atomically."""
    if CLASS_COLUMN in X.columns:
        raise DatasetError(f"dataset {code}: an attribute is named {CLASS_COLUMN!r}, "
                           "which is reserved for the class column")
    meta = {
        "code": code,
        "name": spec.get("name", code),
        "attributes": [_attribute_meta(X[c]) | {"name": c} for c in X.columns],
        "classes": sorted(y.unique()),
        "files": [{"path": f["path"], "sha256": f["sha256"]} for f in spec["files"]],
    }
    frame = X.assign(**{CLASS_COLUMN: y.to_numpy()})
    write_text(csv_path, frame.to_csv(index=False, lineterminator="\n"))
    write_text(json_path, json.dumps(meta, indent=1) + "\n")


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
    """Read a processed dataset from its two files (see :func:`load`)."""
    meta = json.loads(Path(json_path).read_text())
    raw = pd.read_csv(csv_path, dtype=str, keep_default_na=False, na_values=[""])
    X = pd.DataFrame({a["name"]: _restore(raw[a["name"]], a) for a in meta["attributes"]})
    y = pd.Series(raw[CLASS_COLUMN].to_numpy(), name=CLASS_COLUMN, dtype=str)
    return X, y


def _attribute_meta(column: pd.Series) -> dict:
    if isinstance(column.dtype, pd.CategoricalDtype):
        return {"kind": "categorical", "categories": [str(c) for c in column.cat.categories]}
    return {"kind": "continuous"}


def _restore(column: pd.Series, meta: Mapping) -> pd.Series:
    if meta["kind"] == "continuous":
        return pd.to_numeric(column).astype("float64")
    return categorical(column.tolist(), meta["categories"])
