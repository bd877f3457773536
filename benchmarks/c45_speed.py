"""Fit time of ``smalltrees.C45`` against Weka J48's build time, on the same training folds.

Per dataset the data are split into ``--folds`` folds (seed ``--seed``); on the training part
of each of the first ``--timed`` folds both learners build a tree ``--repeat`` times and the
best time counts. The table gives, per dataset, the median over folds of our fit time and of
J48's build time, measured in one Java VM by ``J48BuildTime.java``: ``j48_s`` is the best of
``--repeat`` builds after every fold of every dataset was built once (a warm VM: J48 at its
fastest), ``j48_first_s`` that first build, as a cross-validation run in one VM meets it;
then the ratios ``ours_s / j48_s`` (``ratio``) and ``ours_s / j48_first_s`` (``ratio_first``),
the worst and the median.

Datasets: the 15 of Auer et al. (1995), as written by the workflow's parse step (10 folds:
training parts of 90 %), and letter-recognition (``LE``: 20 000 rows parsed from the UCI mirror,
5 folds: training parts of 16 000 rows).

J48 is measured when ``java`` and the Weka jar are installed (Debian: ``apt-get install -y
weka``); ``--record`` then writes its figures to ``benchmarks/j48_reference.csv``. Without Weka
the script times ours alone and takes J48's figures from that file (same folds, recorded on
the machine and date it names). Times are wall-clock seconds; ``--cpu`` compares CPU times
instead (thread CPU time for J48, process CPU time for us), which other jobs on a shared
machine disturb less.

Usage::

    python benchmarks/c45_speed.py                       # all 16 datasets, J48 -C 0.25 -M 2
    python benchmarks/c45_speed.py --datasets SP CR --unpruned --min-cases 1
    python benchmarks/c45_speed.py --record              # also update j48_reference.csv
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

import numpy as np
import pandas as pd

from smalltrees import C45
from smalltrees.data.store import build
from smalltrees.datasets import load

sys.path.insert(0, str(Path(__file__).resolve().parent))
from c45_vs_j48 import WEKA_JAR, folds, j48_options, write_arff  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
HARNESS = Path(__file__).resolve().parent / "J48BuildTime.java"
REFERENCE = Path(__file__).resolve().parent / "j48_reference.csv"
AUER = ["AP", "BC", "CH", "CR", "G2", "HD", "HE", "IO", "IR", "LA", "PI", "PR", "SE", "SO", "SP"]
#: letter-recognition as a dataset-sheet entry: 20 000 rows, class first, 16 integer attributes.
LETTER = {
    "name": "letter-recognition",
    "files": [{
        "path": "letter-recognition/letter-recognition.data",
        "sha256": "2b89f3602cf768d3c8355267d2f13f2417809e101fc2b5ceee10db19a60de6e2",
    }],
    "columns": [{"name": "letter", "kind": "class"},
                {"name": "x{i}", "kind": "continuous", "repeat": 16}],
}
FOLDS = {"LE": 5}  # training parts of 16 000 rows; the others use --folds
J48_COLUMNS = ["j48_s", "j48_cpu_s", "j48_first_s"]


def dataset(code: str, mirror: Path) -> tuple[pd.DataFrame, np.ndarray]:
    """Attributes and labels of ``code`` (``LE`` parsed from the mirror, the others processed)."""
    if code == "LE":
        X, y = build(code, LETTER, paths=[mirror / LETTER["files"][0]["path"]])
    else:
        X, y = load(code, root=ROOT)
    return X, np.asarray(y, dtype=object)


def training_parts(n: int, k: int, seed: int, timed: int) -> list[np.ndarray]:
    """Training rows of the first ``timed`` of ``k`` folds (as in ``c45_vs_j48.py``)."""
    return [np.setdiff1d(np.arange(n), test) for test in folds(n, k, seed)[:timed]]


def time_ours(X: pd.DataFrame, y: np.ndarray, params: dict, repeat: int) -> tuple[float, float]:
    """Best wall-clock and process CPU seconds of ``repeat`` fits of ``C45(**params)``."""
    wall = cpu = np.inf
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        C45(**params).fit(X, y)
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    return wall, cpu


def time_j48(files: list[Path], options: list[str], repeat: int) -> pd.DataFrame:
    """Build seconds of J48 on each ARFF file in one JVM: best (wall, cpu) and first."""
    out = subprocess.run(
        ["java", "-Xmx2g", "-cp", str(WEKA_JAR), str(HARNESS), str(repeat), *options, "--",
         *map(str, files)],
        check=True, capture_output=True, text=True,
    ).stdout
    rows = [line.split("\t") for line in out.splitlines()]
    return pd.DataFrame({"file": [r[0] for r in rows], "wall": [float(r[1]) for r in rows],
                         "cpu": [float(r[2]) for r in rows], "first": [float(r[3]) for r in rows]})


def measure(args: argparse.Namespace, params: dict, with_j48: bool) -> pd.DataFrame:
    """One row per dataset: training size, our and J48's median best times (wall and cpu)."""
    rows, arffs = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for code in args.datasets:
            X, y = dataset(code, Path(args.mirror))
            classes = np.unique(y)
            k = FOLDS.get(code, args.folds)
            ours = []
            for i, train in enumerate(training_parts(len(X), k, args.seed, args.timed)):
                ours.append(time_ours(X.iloc[train], y[train], params, args.repeat))
                if with_j48:
                    path = Path(tmp) / f"{code}-{i}.arff"
                    write_arff(path, X.iloc[train], y[train], classes)
                    arffs.append((code, path))
            wall, cpu = np.median(np.array(ours), axis=0)
            rows.append({"dataset": code, "train_rows": len(train), "folds": k,
                         "ours_s": wall, "ours_cpu_s": cpu})
            print(f"{code}: ours {wall:.4f} s", file=sys.stderr, flush=True)
        table = pd.DataFrame(rows).set_index("dataset")
        if with_j48:
            j48 = time_j48([path for _, path in arffs], j48_options(**params), args.repeat)
            j48["dataset"] = [code for code, _ in arffs]
            medians = j48.groupby("dataset")[["wall", "cpu", "first"]].median()
            table["j48_s"], table["j48_cpu_s"] = medians.wall, medians.cpu
            table["j48_first_s"] = medians["first"]
    return table


def recorded(table: pd.DataFrame, options: str, args: argparse.Namespace) -> pd.DataFrame:
    """``table`` with J48's figures from :data:`REFERENCE` (same options, folds and sizes)."""
    reference = pd.read_csv(REFERENCE)
    reference = reference[(reference.options == options) & (reference.seed == args.seed)
                          & (reference.timed == args.timed) & (reference.repeat == args.repeat)]
    merged = table.join(reference.set_index("dataset")[
        ["train_rows", "folds", *J48_COLUMNS, "recorded"]].add_suffix("_ref"))
    stale = (merged.train_rows != merged.train_rows_ref) | (merged.folds != merged.folds_ref)
    if stale.any():
        raise SystemExit(f"{REFERENCE.name} has no J48 figures for J48 {options} on the folds "
                         f"of {sorted(merged.index[stale])} with these --seed, --timed, --repeat; "
                         "rerun with weka")
    print(f"J48 figures recorded on {sorted(set(merged.recorded_ref))} ({REFERENCE.name})")
    return table.join(merged[[f"{column}_ref" for column in J48_COLUMNS]].rename(
        columns=lambda column: column.removesuffix("_ref")))


def record(table: pd.DataFrame, options: str, args: argparse.Namespace) -> None:
    """Replace the rows of these datasets and options in :data:`REFERENCE`."""
    new = table[["train_rows", "folds", *J48_COLUMNS]].reset_index().assign(
        options=options, seed=args.seed, timed=args.timed, repeat=args.repeat,
        recorded=f"{date.today()} {platform.node()} {os.cpu_count()} cpus",
    )
    if REFERENCE.exists():
        old = pd.read_csv(REFERENCE)
        keep = ~((old.options == options) & (old.seed == args.seed) & (old.timed == args.timed)
                 & (old.repeat == args.repeat) & old.dataset.isin(new.dataset))
        new = pd.concat([old[keep], new], ignore_index=True)
    new.to_csv(REFERENCE, index=False, float_format="%.6g")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--datasets", nargs="+", default=[*AUER, "LE"])
    parser.add_argument("--folds", type=int, default=10)
    parser.add_argument("--timed", type=int, default=5, help="folds timed per dataset")
    parser.add_argument("--repeat", type=int, default=3, help="builds per fold; the best counts")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--unpruned", action="store_true", help="C45(prune=False), J48 -U")
    parser.add_argument("--min-cases", type=int, default=2, help="C45 min_cases, J48 -M")
    parser.add_argument("--cpu", action="store_true", help="ratio of CPU times, not wall")
    parser.add_argument("--record", action="store_true", help=f"write J48's to {REFERENCE.name}")
    parser.add_argument("--mirror", default=os.environ.get("SMALLTREES_MIRROR",
                                                           ROOT.parent / "shared" / "uci-mirror"))
    args = parser.parse_args()
    params = {"prune": not args.unpruned, "min_cases": args.min_cases}
    options = " ".join(j48_options(**params))
    with_j48 = shutil.which("java") is not None and WEKA_JAR.exists()
    table = measure(args, params, with_j48)
    if with_j48 and args.record:
        record(table, options, args)
    elif not with_j48:
        table = recorded(table, options, args)
    suffix = "_cpu_s" if args.cpu else "_s"
    table["ratio"] = table["ours" + suffix] / table["j48" + suffix]
    table["ratio_first"] = table.ours_s / table.j48_first_s
    print(f"C45({params}) vs J48 {options}: median over {args.timed} training folds of the best "
          f"of {args.repeat} builds, {'CPU' if args.cpu else 'wall-clock'} ratio")
    print(table.round(4).to_string())
    for column in ["ratio", "ratio_first"]:
        print(f"{column}: worst {table[column].max():.2f} ({table[column].idxmax()}), "
              f"median {table[column].median():.2f}")


if __name__ == "__main__":
    main()
