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


@pytest.fixture(scope="session")
def tiny_run(tmp_path_factory, mirror) -> tuple[Path, list[str]]:
    """A finished run of the tiny configuration (every study) in a scratch copy of the project,
    shared by the tests that only read it or dry-run it, and the snakemake arguments it ran
    with. A test that edits a file of the copy must restore it (content and mtime)."""
    from workflow_helpers import run, scratch_project

    work = scratch_project(tmp_path_factory.mktemp("tiny_run"))
    args = ["--configfile", str(ROOT / "tests" / "config" / "tiny.yaml"),
            "--config", f'mirrors=["{mirror}"]']
    run(work, "--cores", "2", *args)
    return work, args
