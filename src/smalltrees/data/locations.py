"""Where a raw file can be read from: a mirror base or a full URL, as a URL or a local path.

Mirrors are local copies of the UCI archive (a directory or ``file://`` URL) or HTTP caches laid
out like it; :func:`smalltrees.data.fetch.fetch_file` tries them before the file's own URLs.
"""

from __future__ import annotations

import os
import pathlib
from urllib.parse import urlsplit
from urllib.request import url2pathname

__all__ = ["file_url_path", "mirror_location", "url_location"]


def mirror_location(mirror: str | os.PathLike[str], relpath: str) -> str | pathlib.Path:
    """Return where `relpath` lives under a mirror base: a URL or a local path."""
    mirror = os.fspath(mirror)
    scheme = urlsplit(mirror).scheme.lower()
    if scheme in ("http", "https"):
        return mirror.rstrip("/") + "/" + relpath
    if scheme == "file":
        return file_url_path(mirror) / relpath
    if len(scheme) > 1:  # a one-letter "scheme" is a Windows drive letter
        raise ValueError(f"unsupported mirror {mirror!r}: use http(s)://, file:// or a directory")
    return pathlib.Path(os.path.abspath(os.path.expanduser(mirror))) / relpath


def url_location(url: str) -> str | pathlib.Path:
    """Validate a full file URL; ``file://`` URLs become local paths."""
    scheme = urlsplit(url).scheme.lower()
    if scheme in ("http", "https"):
        return url
    if scheme == "file":
        return file_url_path(url)
    raise ValueError(f"unsupported URL {url!r}: use http(s):// or file://")


def file_url_path(url: str) -> pathlib.Path:
    """Convert a ``file://`` URL (no host, or ``localhost``) to a path."""
    parts = urlsplit(url)
    if parts.netloc not in ("", "localhost"):
        raise ValueError(f"file URL with a remote host is not supported: {url!r}")
    return pathlib.Path(url2pathname(parts.path))
