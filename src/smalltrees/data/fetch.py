"""Download UCI dataset files, checksum-verified, from mirrors or the archive.

The pipeline's results are only reproducible if every run starts from the
same bytes, and the UCI archive is neither always reachable nor guaranteed
never to change.  :func:`fetch_file` therefore

* pins every file to a SHA-256 digest and refuses anything else,
* tries configured mirrors (local copies of the archive or HTTP caches)
  before the file's own URLs, so a lab or an offline machine can run the
  pipeline without touching the network,
* retries transient HTTP failures with exponential backoff (not a host name
  the resolver does not know: offline, that fails at once), and
* writes atomically, so an interrupted or failed download never leaves a
  truncated file that a later run could mistake for the real one.
"""

from __future__ import annotations

import hashlib
import logging
import os
import pathlib
import re
import socket
import time
from collections.abc import Generator, Iterable

import requests

from smalltrees.data.locations import mirror_location, url_location
from smalltrees.files import atomic_open, sha256_of

__all__ = ["UCI_ARCHIVE", "ChecksumError", "FetchError", "fetch_file", "origin_url", "sha256_of"]

UCI_ARCHIVE = "https://archive.ics.uci.edu/ml/machine-learning-databases/"

logger = logging.getLogger("smalltrees.data.fetch")

_CHUNK_SIZE = 1 << 16
_SHA256_RE = re.compile(r"[0-9a-fA-F]{64}")
_HINT = (
    f"If you have a local copy of the UCI archive (laid out like {UCI_ARCHIVE}), "
    "point the config key `mirrors` at it; relative paths are resolved against "
    "the working directory, e.g.:\n"
    "    snakemake --cores 2 --config 'mirrors=[\"../shared/uci-mirror\"]'"
)


class FetchError(RuntimeError):
    """Raised when no source could deliver a file with the expected digest.

    The message lists every source that was tried together with the reason
    it failed, so the user can tell a network outage from a wrong mirror path;
    ``tried`` holds the same as ``(source, exception)`` pairs, for a caller
    that reports an optional dataset as unavailable instead of failing.
    """

    def __init__(self, message: str, tried: list[tuple[str, Exception]] | None = None) -> None:
        super().__init__(message)
        self.tried = tried or []


class ChecksumError(FetchError):
    """Raised when bytes were obtained but their SHA-256 digest is wrong.

    :func:`fetch_file` raises it only if *every* source failed this way,
    which points at a wrong pinned digest (or a changed upstream file)
    rather than at connectivity.
    """


class _SourceFailure(Exception):
    """One attempt at one source failed; internal to this module.

    Parameters
    ----------
    reason : str
        Human-readable cause, quoted in the final :class:`FetchError`.
    transient : bool
        Whether retrying the same source may succeed (timeouts, connection
        errors, HTTP 5xx and 429).
    """

    def __init__(self, reason: str, *, transient: bool) -> None:
        super().__init__(reason)
        self.transient = transient


def origin_url(relpath: str, own_url: str | None, archive: str = UCI_ARCHIVE) -> str:
    """Where a raw file lives when no mirror has it: its own URL, else ``archive/relpath``."""
    return own_url or archive.rstrip("/") + "/" + relpath


def fetch_file(
    relpath: str,
    sha256: str | None,
    dest: str | os.PathLike[str],
    *,
    mirrors: Iterable[str | os.PathLike[str]] = (),
    urls: Iterable[str] = (),
    timeout: float = 30.0,
    retries: int = 3,
    backoff: float = 0.5,
    session: requests.Session | None = None,
) -> pathlib.Path:
    """Make sure `dest` holds the UCI file `relpath` with digest `sha256`.

    Sources are tried in order: first every entry of `mirrors`, then every
    entry of `urls`.  The first source whose bytes match `sha256` wins; the
    bytes are streamed to a temporary file next to `dest`, verified, fsynced
    and only then moved onto `dest` with :func:`os.replace`, so `dest` is
    either absent, untouched, or complete and verified.

    Parameters
    ----------
    relpath : str
        Path of the file relative to the UCI archive root, e.g.
        ``"iris/iris.data"``.  Used to locate the file inside mirrors.
    sha256 : str or None
        Expected hex SHA-256 digest of the file (case-insensitive). None
        accepts the first bytes a source delivers and logs their digest: only
        for the files of an optional dataset that no trusted copy was
        available to pin (the registry then records no digest; see
        :mod:`smalltrees.data.optional`).
    dest : str or os.PathLike
        Where to store the file.  Missing parent directories are created.
        If `dest` already has the expected digest it is returned without
        any network access; if its digest differs, a warning is logged and
        it is fetched again (and left untouched should that fail).
    mirrors : iterable of str or os.PathLike, optional
        Base locations laid out like the archive, tried first.  An
        ``http(s)://`` base serves the file at ``base + "/" + relpath``; a
        directory (a path, relative to the current working directory, or a
        ``file://`` URL; ``~`` is expanded) holds it at ``Path(dir) / relpath``.
        A single string is taken as a one-element list.
    urls : iterable of str, optional
        Full ``http(s)://`` or ``file://`` URLs of this very file, tried after
        the mirrors, e.g. ``UCI_ARCHIVE + relpath``.  A single string is
        taken as a one-element list.
    timeout : float, optional
        Seconds passed to :mod:`requests` as connect and per-read timeout.
    retries : int, optional
        How many times a transient HTTP failure (connection error, timeout,
        HTTP 5xx or 429) is retried on the same source before moving on, so
        each HTTP source gets at most ``retries + 1`` attempts.  Other HTTP
        errors, e.g. 404, fail the source at once.
    backoff : float, optional
        The n-th retry (n = 0, 1, ...) waits ``backoff * 2**n`` seconds.
    session : requests.Session, optional
        Session used for HTTP requests (e.g. to set proxies or headers).  By
        default a private session is created and closed again.

    Returns
    -------
    pathlib.Path
        `dest` as a path.

    Raises
    ------
    ChecksumError
        If every source delivered bytes, but none with the expected digest.
    FetchError
        If every source failed; the message lists each source with its
        reason and explains how to use a local mirror.
    ValueError
        If `relpath`, `sha256`, `retries` or a source's URL scheme is invalid.
        These are checked before anything is fetched.
    OSError
        If `dest` cannot be written; that is not a source failure, so it
        propagates at once instead of trying the next source.
    """
    expected = None if sha256 is None else sha256.lower()
    if expected is not None and not _SHA256_RE.fullmatch(expected):
        raise ValueError(f"not a hex SHA-256 digest: {sha256!r}")
    rel = pathlib.PurePosixPath(relpath)
    if rel.is_absolute() or ".." in rel.parts or not rel.parts:
        raise ValueError(f"relpath must be relative to the archive root: {relpath!r}")
    if retries < 0:
        raise ValueError(f"retries must be >= 0, got {retries}")
    dest = pathlib.Path(dest)

    if isinstance(mirrors, (str, os.PathLike)):  # `--config mirrors=DIR` yields a str
        mirrors = [mirrors]
    if isinstance(urls, str):
        urls = [urls]
    locations = [mirror_location(m, relpath) for m in mirrors]
    locations += [url_location(u) for u in urls]

    if dest.is_file():
        actual = sha256_of(dest)
        if actual == expected or expected is None:
            logger.debug("%s: %s is already present and verified", relpath, dest)
            return dest
        logger.warning(
            "%s: existing %s has sha256 %s, expected %s; fetching it again",
            relpath,
            dest,
            actual,
            expected,
        )

    own_session = session is None
    http = requests.Session() if session is None else session
    failures: list[tuple[str, ChecksumError | _SourceFailure]] = []
    try:
        for location in locations:
            try:
                if isinstance(location, pathlib.Path):
                    _install(_read_local(location), dest, expected, relpath, str(location))
                else:
                    _fetch_http(http, location, dest, expected, relpath, timeout, retries, backoff)
            except (ChecksumError, _SourceFailure) as exc:
                logger.warning("%s: source %s failed: %s", relpath, location, exc)
                failures.append((str(location), exc))
            else:
                logger.info("%s: served by %s", relpath, location)
                return dest
    finally:
        if own_session:
            http.close()

    raise _summarize(relpath, expected, failures)


def _read_local(path: pathlib.Path) -> Generator[bytes, None, None]:
    """Yield the bytes of a local file, turning read errors into failures."""
    try:
        with open(path, "rb") as fh:
            yield from iter(lambda: fh.read(_CHUNK_SIZE), b"")
    except FileNotFoundError:
        raise _SourceFailure("no such file", transient=False) from None
    except OSError as exc:
        raise _SourceFailure(f"cannot read: {exc}", transient=False) from exc


def _read_http(session: requests.Session, url: str, timeout: float) -> Generator[bytes, None, None]:
    """Yield the body of one GET request, classifying failures as transient or not."""
    try:
        with session.get(url, stream=True, timeout=timeout) as response:
            status = response.status_code
            if status >= 400:
                raise _SourceFailure(
                    f"HTTP {status} {response.reason}",
                    transient=status >= 500 or status == 429,
                )
            yield from response.iter_content(_CHUNK_SIZE)
    except requests.exceptions.SSLError as exc:  # a ConnectionError, but retrying won't help
        raise _SourceFailure(f"TLS error: {exc}", transient=False) from exc
    except requests.exceptions.ConnectionError as exc:
        raise _SourceFailure(f"{type(exc).__name__}: {exc}",
                             transient=not _unknown_host(exc)) from exc
    except (requests.exceptions.Timeout, requests.exceptions.ChunkedEncodingError) as exc:
        raise _SourceFailure(f"{type(exc).__name__}: {exc}", transient=True) from exc
    except requests.exceptions.RequestException as exc:
        raise _SourceFailure(f"{type(exc).__name__}: {exc}", transient=False) from exc


def _unknown_host(exc: BaseException) -> bool:
    """Whether a connection failed because the resolver knows no such host name
    (``EAI_NONAME``: no network at all, or a wrong host), which retrying the same URL does not
    change; a temporary failure of name resolution (``EAI_AGAIN``) stays transient. The
    resolver's ``socket.gaierror`` is found through the wrapping exceptions (requests wraps
    urllib3's, which keeps the resolver's as its cause)."""
    seen, todo = set(), [exc]
    while todo:
        error = todo.pop()
        if not isinstance(error, BaseException) or id(error) in seen:
            continue
        seen.add(id(error))
        if isinstance(error, socket.gaierror):
            return error.errno == socket.EAI_NONAME
        todo.extend([*error.args, getattr(error, "reason", None), error.__cause__,
                     error.__context__])
    return False


def _fetch_http(
    session: requests.Session,
    url: str,
    dest: pathlib.Path,
    expected: str | None,
    relpath: str,
    timeout: float,
    retries: int,
    backoff: float,
) -> None:
    """Install `url` at `dest`, retrying transient failures with backoff."""
    for attempt in range(retries + 1):
        try:
            _install(_read_http(session, url, timeout), dest, expected, relpath, url)
            return
        except _SourceFailure as exc:
            if not exc.transient or attempt == retries:
                if attempt:
                    raise _SourceFailure(
                        f"{exc} (after {attempt + 1} attempts)", transient=False
                    ) from exc
                raise
            delay = backoff * 2**attempt
            logger.info(
                "%s: attempt %d of %d at %s failed (%s); retrying in %.2g s",
                relpath,
                attempt + 1,
                retries + 1,
                url,
                exc,
                delay,
            )
            time.sleep(delay)


def _install(
    chunks: Generator[bytes, None, None],
    dest: pathlib.Path,
    expected: str | None,
    relpath: str,
    source: str,
) -> None:
    """Stream `chunks` into `dest` atomically if their digest is `expected`.

    Written through :func:`smalltrees.files.atomic_open`: a failed or
    mismatching download leaves no file behind. An `expected` of None (an
    unpinned file) accepts any bytes and logs their digest.

    Raises
    ------
    ChecksumError
        If the digest of the streamed bytes differs from `expected`.
    _SourceFailure
        Propagated from `chunks` when the source fails mid-way.
    """
    digest = hashlib.sha256()
    try:
        with atomic_open(dest, binary=True) as fh:
            for chunk in chunks:
                digest.update(chunk)
                fh.write(chunk)
            actual = digest.hexdigest()
            if expected is None:
                logger.warning("%s from %s: unpinned file accepted with sha256 %s",
                               relpath, source, actual)
            elif actual != expected:
                raise ChecksumError(
                    f"{relpath} from {source}: sha256 mismatch: expected {expected}, got {actual}"
                )
    finally:
        chunks.close()


def _summarize(
    relpath: str, expected: str | None, failures: list[tuple[str, ChecksumError | _SourceFailure]]
) -> FetchError:
    """Build the error reporting that no source delivered `relpath`."""
    if not failures:
        return FetchError(f"{relpath}: no sources given (neither mirrors nor urls).\n{_HINT}")
    lines = [f"could not fetch {relpath} (sha256 {expected}) from any of {len(failures)} sources:"]
    lines += [f"  - {source}: {reason}" for source, reason in failures]
    wrong = [source for source, reason in failures if isinstance(reason, ChecksumError)]
    if wrong:
        lines.append(
            f"{' and '.join(wrong)} served a file whose sha256 is not the one the dataset registry "
            "pins: a corrupt or different copy, not a connection problem. Replace that copy (in a "
            "mirror, by the archive's file), or correct the registry's sha256 if the file "
            "changed upstream on purpose."
        )
    if len(wrong) < len(failures):  # some source could not be reached at all
        lines.append(_HINT)
    return (ChecksumError if len(wrong) == len(failures) else FetchError)("\n".join(lines),
                                                                         list(failures))
