"""Optional datasets: fetched when some source has them, otherwise reported, never fatal.

A dataset marked ``optional: true`` in the registry may be missing from every source (ISOLET is
not in the offline mirror). The workflow must still finish every other output, and each study
row that needs the dataset must say why it was not run. So the fetch of an optional dataset's
files is done here, inside its parse job: when no source delivers a file, the job writes the
dataset's *unavailable* marker (:func:`smalltrees.data.store.write_unavailable`) instead of
failing, with the reason "data not available (sources tried: ...)". Only the absence of the
data is tolerated: bytes with a wrong digest from any source (:class:`ChecksumError`: the pin or
the source is wrong) and malformed files still fail loudly, and a dataset that is not optional
fails as before.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path

from smalltrees.data.fetch import ChecksumError, FetchError, fetch_file, origin_url
from smalltrees.data.store import RAW_DIR, DatasetUnavailable, raw_path

_REASON_CHARS = 100


def fetch_optional(code: str, spec: Mapping, *, mirrors: Iterable[str | os.PathLike] = (),
                   archive: str, timeout: float = 60.0, retries: int = 3,
                   raw_dir: Path = RAW_DIR) -> list[Path]:
    """Fetch every raw file of optional dataset ``code`` into ``raw_dir``; return their paths.

    Raises :class:`~smalltrees.data.store.DatasetUnavailable` with the reason "data not
    available (sources tried: source: why; ...)" when some file could not be fetched from any
    source; a :class:`ChecksumError` (some source served wrong bytes) propagates.
    """
    if not spec.get("optional", False):
        raise ValueError(f"dataset {code} is not marked optional; fetch it with fetch_file")
    mirrors = [mirrors] if isinstance(mirrors, (str, os.PathLike)) else list(mirrors)
    paths = []
    for entry in spec["files"]:
        relpath = entry["path"]
        dest = raw_path(relpath, raw_dir)
        try:
            fetch_file(relpath, entry.get("sha256"), dest, mirrors=mirrors,
                       urls=[origin_url(relpath, entry.get("url"), archive)],
                       timeout=timeout, retries=retries)
        except ChecksumError:
            raise
        except FetchError as error:
            for _, why in error.tried:
                if isinstance(why, ChecksumError):
                    raise why from error
            tried = "; ".join(f"{source}: {_first_line(str(why))}" for source, why in error.tried)
            raise DatasetUnavailable(
                f"data not available (sources tried: {tried or 'none configured'})"
            ) from error
        paths.append(dest)
    return paths


def _first_line(text: str) -> str:
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line if len(line) <= _REASON_CHARS else line[:_REASON_CHARS - 3] + "..."
