"""Shared fixtures: the project root and the offline UCI mirror."""

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def mirror() -> Path:
    """The local UCI mirror: $SMALLTREES_MIRROR, else ../shared/uci-mirror beside the repo.

    A mirror named by $SMALLTREES_MIRROR that is not there is an error, not a reason to skip:
    CI sets the variable, and a typo must not turn the end-to-end tests into skips.
    """
    named = os.environ.get("SMALLTREES_MIRROR")
    path = Path(named) if named else ROOT.parent / "shared" / "uci-mirror"
    if not (path / "MANIFEST.tsv").exists():
        if named:
            pytest.fail(f"SMALLTREES_MIRROR={named!r}: no MANIFEST.tsv there; expected a local "
                        "copy of the UCI archive such as ../shared/uci-mirror")
        pytest.skip(f"no UCI mirror at {path} (set SMALLTREES_MIRROR)")
    return path.resolve()
