"""Wall time of the full Auer et al. Table 2 workflow, before and after a change, in one run.

Each revision is exported (``git archive``) into a fresh temporary directory, its own package
put first on PYTHONPATH, and its Table 2 targets built from nothing (fetch, parse, Sky, every
CV job, the table and the figure) with ``--cores N`` from the offline mirror. Prints both wall
times and their ratio. The issue's baseline is the revision before the framework rework
(one job per dataset x learner x repetition):

    python benchmarks/workflow_wall_time.py --before d4eb221 --after HEAD --cores 2
    python benchmarks/workflow_wall_time.py --configfile tests/config/tiny.yaml   # a quick look

Needs snakemake on PATH (the project's venv) and the mirror at ../shared/uci-mirror or
$SMALLTREES_MIRROR.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGETS = ["results/tables/auer95_table2.csv", "figures/auer95_table2.png"]


def export(revision: str, into: Path) -> Path:
    """The files of ``revision`` in a new directory ``into`` (no git history, no outputs)."""
    into.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def build(project: Path, cores: int, mirror: Path, configfile: str | None) -> float:
    """Seconds to build the Table 2 targets of ``project`` from nothing; ``configfile`` is a
    path inside the project (each revision's own tiny config has that revision's keys)."""
    env = {**os.environ, "PYTHONPATH": str(project / "src")}
    command = [sys.executable, "-m", "snakemake", *TARGETS, "--cores", str(cores), "--quiet",
               "all"]
    if configfile is not None:
        command += ["--configfile", str(project / configfile)]
    command += ["--config", f'mirrors=["{mirror}"]']
    start = time.perf_counter()
    subprocess.run(command, cwd=project, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="d4eb221", help="baseline git revision")
    parser.add_argument("--after", default="HEAD", help="new git revision")
    parser.add_argument("--cores", type=int, default=2)
    parser.add_argument("--configfile", help="inside each revision, e.g. tests/config/tiny.yaml")
    args = parser.parse_args()
    mirror = Path(os.environ.get("SMALLTREES_MIRROR", ROOT.parent / "shared" / "uci-mirror"))
    with tempfile.TemporaryDirectory() as tmp:
        times = {}
        for label, revision in (("before", args.before), ("after", args.after)):
            project = export(revision, Path(tmp) / label)
            times[label] = build(project, args.cores, mirror.resolve(), args.configfile)
            print(f"{label:6s} {revision:>10s}: {times[label]:7.1f} s wall "
                  f"(--cores {args.cores})", flush=True)
    print(f"after / before: {times['after'] / times['before']:.2f}")


if __name__ == "__main__":
    main()
