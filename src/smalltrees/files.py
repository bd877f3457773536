"""Atomic file writes, and files' checksums.

A reader (or a rerun after a crash) never sees a partial file: bytes go to a hidden temporary
file beside the target (so that :func:`os.replace` is an atomic rename on one file system), are
fsynced, and replace the target only when the writer finished without error; on any error the
temporary file is removed and the target is left as it was.
"""

from __future__ import annotations

import hashlib
import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO


@contextmanager
def atomic_open(path: str | os.PathLike, binary: bool = False) -> Iterator[IO]:
    """Open a temporary file for writing that replaces ``path`` when the block succeeds.

    Text files are written with ``newline=""`` (the caller decides line endings). Mode ``x``
    never clobbers and, unlike ``mkstemp``, honours the umask.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(6)}.part")
    try:
        with open(tmp, "xb") if binary else open(tmp, "x", newline="") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_text(path: str | os.PathLike, text: str) -> None:
    """Write ``text`` to ``path`` atomically."""
    with atomic_open(path) as handle:
        handle.write(text)


def sha256_of(path: str | os.PathLike[str]) -> str:
    """Return the lower-case hex SHA-256 digest (64 characters) of a file, read in chunks."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()
