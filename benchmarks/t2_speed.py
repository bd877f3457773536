"""Fit time of T2 (Auer et al. 1995, section 2), this checkout beside an earlier revision.

Times ``T2().fit`` on each of the 15 datasets of the paper (as written by the workflow's parse
step) and on synthetic data with 4 continuous attributes at m = 1k, 4k, 16k and 64k, once with
the library of this checkout ("after") and once with the library of ``--before`` (a git
revision, default ``main``, extracted with ``git archive`` into a temporary directory), each in
a fresh interpreter whose ``PYTHONPATH`` starts with that library. It prints both times, the
speed-up and whether both found the same number of training errors (T2 is exact: they must),
and the log-log slope of time against m (1 for linear growth, 2 for quadratic).

Usage: ``python benchmarks/t2_speed.py [--root .] [--repeat 3] [--before main]
[--datasets IO PI] [--no-synthetic]``. Not a test.
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
HERE = Path(__file__).resolve()


def fit_seconds(X: pd.DataFrame, y, repeat: int) -> tuple[float, float, int]:
    """Best wall-clock and CPU time of ``repeat`` fits, and the training errors.

    The CPU time of this process is less disturbed than the wall clock when other jobs share
    the machine.
    """
    from smalltrees import T2

    wall = cpu = np.inf
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        model = T2().fit(X, y)
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    return wall, cpu, int(model.n_errors_)


def synthetic(m: int, seed: int = 0) -> tuple[pd.DataFrame, np.ndarray]:
    """4 continuous attributes (3 decimals, so with ties, 5% missing), 2 noisy classes."""
    rng = np.random.default_rng(seed)
    values = rng.normal(size=(m, 4)).round(3)
    y = np.where(values[:, 0] + values[:, 1] * values[:, 2] + rng.normal(size=m) > 0, "a", "b")
    values[rng.random((m, 4)) < 0.05] = np.nan
    return pd.DataFrame(values, columns=["x0", "x1", "x2", "x3"]), y


def work(root: str, repeat: int, datasets: list[str], sizes: list[int]) -> None:
    """The worker: one JSON line per case, timed with the ``smalltrees`` found on the path."""
    from smalltrees.datasets import load

    cases = [(code, lambda code=code: load(code, root=root)) for code in datasets]
    cases += [(f"synth{m}", lambda m=m: synthetic(m)) for m in sizes]
    for name, make in cases:
        X, y = make()
        wall, cpu, errors = fit_seconds(X, y, repeat)
        print(json.dumps({"case": name, "m": len(X), "n": X.shape[1],
                          "p": int(pd.Series(y).nunique()), "errors": errors, "wall": wall,
                          "cpu": cpu}), flush=True)


def run(library: Path, args: argparse.Namespace, sizes: list[int]) -> dict[str, dict]:
    """The worker's results with ``library`` (a ``src`` directory) first on the path."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(library), *filter(None, [os.environ.get("PYTHONPATH")])]))
    command = [sys.executable, str(HERE), "--worker", "--root", str(Path(args.root).resolve()),
               "--repeat", str(args.repeat), "--datasets", *args.datasets,
               "--sizes", *map(str, sizes)]
    out = subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout
    return {row["case"]: row for row in map(json.loads, out.splitlines())}


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
    parser.add_argument("--before", default="main", help="git revision timed as 'before'")
    parser.add_argument("--datasets", nargs="*", default=CODES)
    parser.add_argument("--no-synthetic", action="store_true")
    parser.add_argument("--sizes", nargs="*", type=int, default=SIZES, help=argparse.SUPPRESS)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    sizes = [] if args.no_synthetic else args.sizes
    if args.worker:
        work(args.root, args.repeat, args.datasets, sizes)
        return

    with tempfile.TemporaryDirectory() as tmp:
        before = run(extract(args.before, Path(tmp)), args, sizes)
    after = run(HERE.parents[1] / "src", args, sizes)
    print(f"T2 fit times, best of {args.repeat}: before = {args.before}, after = this checkout")
    header = (f"{'data':>10} {'m':>6} {'n':>3} {'p':>2} {'errors':>6} {'same':>4} | "
              f"{'before s':>8} {'cpu':>8} | {'after s':>8} {'cpu':>8} | {'x cpu':>6}")
    print(header)
    print("-" * len(header))
    for case, new in after.items():
        old = before[case]
        same = "yes" if old["errors"] == new["errors"] else "NO"
        print(f"{case:>10} {new['m']:>6} {new['n']:>3} {new['p']:>2} {new['errors']:>6} "
              f"{same:>4} | {old['wall']:>8.3f} {old['cpu']:>8.3f} | {new['wall']:>8.3f} "
              f"{new['cpu']:>8.3f} | {old['cpu'] / max(new['cpu'], 1e-9):>6.1f}")
    total = {name: sum(row["cpu"] for case, row in rows.items() if not case.startswith("synth"))
             for name, rows in (("before", before), ("after", after))}
    print(f"{len(args.datasets)} datasets: {total['before']:.2f} CPU-s before, "
          f"{total['after']:.2f} after")
    if len(sizes) > 1:
        for name, rows in (("before", before), ("after", after)):
            times = [rows[f"synth{m}"]["cpu"] for m in sizes]
            slope = np.polyfit(np.log(sizes), np.log(times), 1)[0]
            print(f"log-log slope of CPU time vs m ({name}): {slope:.2f}")


if __name__ == "__main__":
    main()
