"""Shared fixtures: the project root and the offline UCI mirror."""

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def mirror() -> Path:
    """The local UCI mirror: $SMALLTREES_MIRROR, else ../shared/uci-mirror beside the repo."""
    path = Path(os.environ.get("SMALLTREES_MIRROR", ROOT.parent / "shared" / "uci-mirror"))
    if not (path / "MANIFEST.tsv").exists():
        pytest.skip(f"no UCI mirror at {path} (set SMALLTREES_MIRROR)")
    return path.resolve()
