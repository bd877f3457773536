"""Fit time of T2 and T3 (Auer et al. 1995, section 2), this checkout beside an earlier
revision, and whether both revisions fit the same trees.

Times ``T2().fit`` and ``T3().fit`` (default K) on each of the 15 datasets of the paper (as
written by the workflow's parse step) and on synthetic data with 4 continuous attributes (two
classes, ``--missing`` of the values missing, none by default) at m = 1k, 4k, 16k and 64k for T2
and ``--t3-sizes`` for T3, once with the library of this checkout ("after") and once with the
library of ``--before`` (a git revision, default ``main``, extracted with ``git archive`` into a
temporary directory), each in a fresh interpreter whose ``PYTHONPATH`` starts with that library,
the two alternating ``--rounds`` times (each case's best time over all rounds counts: with one
process each, the first one ran millisecond fits slower, so that equal code read 17 ms "before"
and 12 ms "after"). It prints both times, the speed-up and whether both found the same number
of training errors (T2 and T3 are exact: they must), and per learner the log-log slope of time
against m (1 for linear growth, 2 for quadratic; the paper calls T2 "almost linear").

``--trees`` instead compares the trees: ``export_text`` of T1, T2 and T3 at the default K and at
K = 2 on every dataset, byte for byte, between the two revisions (a faster search must return
the same tree, ties included); it exits with status 1 if any differs.

Usage: ``python benchmarks/t2_speed.py [--root .] [--repeat 3] [--rounds 2] [--before main]
[--datasets IO PI] [--learners T2 T3] [--no-synthetic] [--t3-sizes 1000 4000]
[--missing 0.05] [--trees]``. Not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

import numpy as np
import pandas as pd

CODES = ["AP", "BC", "CH", "CR", "G2", "HD", "HE", "IO", "IR", "LA", "PI", "PR", "SE", "SO", "SP"]
SIZES = [1_000, 4_000, 16_000, 64_000]
T3_SIZES = [1_000, 2_000, 4_000, 8_000]
HERE = Path(__file__).resolve()


def fit_seconds(learner, X: pd.DataFrame, y, repeat: int) -> tuple[float, float, int]:
    """Best wall-clock and CPU time of ``repeat`` fits, and the training errors.

    The CPU time of this process is less disturbed than the wall clock when other jobs share
    the machine.
    """
    wall = cpu = np.inf
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        model = learner().fit(X, y)
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    return wall, cpu, int(model.n_errors_)


def synthetic(m: int, missing: float, seed: int = 0) -> tuple[pd.DataFrame, np.ndarray]:
    """4 continuous attributes (3 decimals, so with ties, the fraction ``missing`` missing), 2
    noisy classes."""
    rng = np.random.default_rng(seed)
    values = rng.normal(size=(m, 4)).round(3)
    y = np.where(values[:, 0] + values[:, 1] * values[:, 2] + rng.normal(size=m) > 0, "a", "b")
    values[rng.random((m, 4)) < missing] = np.nan
    return pd.DataFrame(values, columns=["x0", "x1", "x2", "x3"]), y


def work(args: argparse.Namespace, sizes: dict[str, list[int]]) -> None:
    """The worker: one JSON line per case and learner (or per tree with ``--trees``), with the
    ``smalltrees`` found on the path."""
    import smalltrees
    from smalltrees.datasets import load

    cases = [(code, lambda code=code: load(code, root=args.root)) for code in args.datasets]
    if args.trees:
        for name, make in cases:
            X, y = make()
            for learner in ("T1", "T2", "T3"):
                for K in (None, 2):
                    text = getattr(smalltrees, learner)(K=K).fit(X, y).export_text()
                    print(json.dumps({"case": f"{name} {learner} K={K}", "text": text}),
                          flush=True)
        return
    for learner in args.learners:
        rows = cases + [(f"synth{m}", lambda m=m: synthetic(m, args.missing))
                        for m in sizes[learner]]
        for name, make in rows:
            X, y = make()
            wall, cpu, errors = fit_seconds(getattr(smalltrees, learner), X, y, args.repeat)
            print(json.dumps({"case": f"{learner} {name}", "m": len(X), "n": X.shape[1],
                              "p": int(pd.Series(y).nunique()), "errors": errors,
                              "wall": wall, "cpu": cpu}), flush=True)


def run(library: Path, args: argparse.Namespace) -> dict[str, dict]:
    """The worker's results with ``library`` (a ``src`` directory) first on the path."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(library), *filter(None, [os.environ.get("PYTHONPATH")])]))
    command = [sys.executable, str(HERE), "--worker", "--root", str(Path(args.root).resolve()),
               "--repeat", str(args.repeat), "--datasets", *args.datasets,
               "--learners", *args.learners, "--missing", str(args.missing),
               "--sizes", *map(str, args.sizes), "--t3-sizes", *map(str, args.t3_sizes)]
    command += ["--trees"] if args.trees else []
    command += ["--no-synthetic"] if args.no_synthetic else []
    out = subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout
    return {row["case"]: row for row in map(json.loads, out.splitlines())}


def alternating(library: Path, args: argparse.Namespace) -> tuple[dict, dict]:
    """The worker's results with ``library`` ("before") and with this checkout ("after"), run
    alternately ``args.rounds`` times; per case the best CPU and wall time of all rounds."""
    runs = {"before": [], "after": []}
    for _ in range(1 if args.trees else args.rounds):
        runs["before"].append(run(library, args))
        runs["after"].append(run(HERE.parents[1] / "src", args))
    best = {}
    for name, results in runs.items():
        best[name] = results[0]
        for case, row in best[name].items():
            for clock in ("wall", "cpu"):
                if clock in row:
                    row[clock] = min(result[case][clock] for result in results)
    return best["before"], best["after"]


def extract(revision: str, into: Path) -> Path:
    """The ``src`` directory of ``revision`` of this repository, extracted under ``into``."""
    archive = subprocess.run(["git", "-C", str(HERE.parents[1]), "archive", revision, "src"],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=".", help="project directory holding data/processed")
    parser.add_argument("--repeat", type=int, default=3, help="fits per case; the best counts")
    parser.add_argument("--rounds", type=int, default=2,
                        help="times both revisions run, alternating; the best counts")
    parser.add_argument("--before", default="main", help="git revision timed as 'before'")
    parser.add_argument("--datasets", nargs="*", default=CODES)
    parser.add_argument("--learners", nargs="*", default=["T2", "T3"], choices=["T2", "T3"])
    parser.add_argument("--no-synthetic", action="store_true")
    parser.add_argument("--sizes", nargs="*", type=int, default=SIZES, help="T2's synthetic m")
    parser.add_argument("--t3-sizes", nargs="*", type=int, default=T3_SIZES,
                        help="T3's synthetic m")
    parser.add_argument("--missing", type=float, default=0.0,
                        help="fraction of missing synthetic values")
    parser.add_argument("--trees", action="store_true",
                        help="compare the trees of T1/T2/T3 instead of timing")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    sizes = {"T2": [] if args.no_synthetic else args.sizes,
             "T3": [] if args.no_synthetic else args.t3_sizes}
    if args.worker:
        work(args, sizes)
        return

    with tempfile.TemporaryDirectory() as tmp:
        before, after = alternating(extract(args.before, Path(tmp)), args)
    if args.trees:
        differ = [case for case, row in after.items() if before[case]["text"] != row["text"]]
        print(f"trees: {len(after) - len(differ)} of {len(after)} identical to {args.before}'s"
              + (f"; differ: {', '.join(differ)}" if differ else ""))
        sys.exit(1 if differ else 0)
    print(f"Fit times, best of {args.repeat}: before = {args.before}, after = this checkout")
    header = (f"{'case':>13} {'m':>6} {'n':>3} {'p':>2} {'errors':>6} {'same':>4} | "
              f"{'before s':>8} {'cpu':>8} | {'after s':>8} {'cpu':>8} | {'x cpu':>6}")
    print(header)
    print("-" * len(header))
    for case, new in after.items():
        old = before[case]
        same = "yes" if old["errors"] == new["errors"] else "NO"
        print(f"{case:>13} {new['m']:>6} {new['n']:>3} {new['p']:>2} {new['errors']:>6} "
              f"{same:>4} | {old['wall']:>8.3f} {old['cpu']:>8.3f} | {new['wall']:>8.3f} "
              f"{new['cpu']:>8.3f} | {old['cpu'] / max(new['cpu'], 1e-9):>6.1f}")
    for learner in args.learners:
        mine = [f"{learner} {code}" for code in args.datasets]
        total = {name: sum(rows[case]["cpu"] for case in mine)
                 for name, rows in (("before", before), ("after", after))}
        print(f"{learner}, {len(args.datasets)} datasets: {total['before']:.2f} CPU-s before, "
              f"{total['after']:.2f} after")
        if len(sizes[learner]) > 1:
            for name, rows in (("before", before), ("after", after)):
                times = [rows[f"{learner} synth{m}"]["cpu"] for m in sizes[learner]]
                slope = np.polyfit(np.log(sizes[learner]), np.log(times), 1)[0]
                print(f"{learner}: log-log slope of CPU time vs m ({name}): {slope:.2f}")


if __name__ == "__main__":
    main()
