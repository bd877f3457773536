"""Peer comparison of ``smalltrees.C45`` with Weka's J48 on identical cross-validation folds.

J48 (``weka.classifiers.trees.J48 -C 0.25 -M 2``) re-implements C4.5 Release 8. Both learners
are trained and tested on the same folds; the script prints, per dataset, the mean test
accuracy, mean tree size (internal nodes plus leaves) and mean fit time of each, and on how
many folds the two printed trees are identical line by line.

Needs ``java`` and the Weka jar (Debian: ``apt-get install -y weka``) and the processed
datasets (``smalltrees.datasets.load``). Weka is a benchmark tool only, never a pipeline
dependency. Temporary ARFF files live in a temporary directory.

Usage::

    python benchmarks/c45_vs_j48.py --datasets SE CR BC IO HD --folds 25 --jobs 2
    python benchmarks/c45_vs_j48.py --unpruned --min-cases 1    # J48 -U -M 1
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pandas as pd

from smalltrees import C45
from smalltrees.datasets import load

WEKA_JAR = Path("/usr/share/java/weka.jar")


def j48_options(prune: bool, min_cases: int) -> list[str]:
    """J48's command-line options matching ``C45(prune=prune, min_cases=min_cases)``."""
    return (["-C", "0.25"] if prune else ["-U"]) + ["-M", str(min_cases)]


def arff_quote(value: object) -> str:
    """Quote a name or nominal value for ARFF as Weka's ``Utils.quote`` does."""
    text = str(value).replace("\\", "\\\\").replace("'", "\\'")
    return f"'{text}'"


def write_arff(path: Path, X: pd.DataFrame, y: np.ndarray, classes: np.ndarray) -> None:
    """Write ``(X, y)`` as ARFF: categories and classes declared in the given order."""
    lines = ["@relation data"]
    for column in X.columns:
        dtype = X[column].dtype
        if isinstance(dtype, pd.CategoricalDtype):
            values = ",".join(arff_quote(c) for c in dtype.categories)
            lines.append(f"@attribute {arff_quote(column)} {{{values}}}")
        else:
            lines.append(f"@attribute {arff_quote(column)} numeric")
    lines.append(f"@attribute class {{{','.join(arff_quote(c) for c in classes)}}}")
    lines.append("@data")
    cells = []
    for column in X.columns:
        series = X[column]
        if isinstance(series.dtype, pd.CategoricalDtype):
            cells.append([arff_quote(v) if not pd.isna(v) else "?" for v in series])
        else:
            cells.append(["?" if np.isnan(v) else repr(float(v)) for v in series.to_numpy(float)])
    cells.append([arff_quote(v) for v in y])
    lines.extend(",".join(row) for row in zip(*cells, strict=True))
    path.write_text("\n".join(lines) + "\n")


def run_j48(train: Path, test: Path, options: list[str]) -> dict:
    """Train J48 on ``train``, test on ``test``; return accuracy, size, wall time and tree.

    The wall time includes the start of the Java VM (J48 prints no build time with ``-v``).
    """
    start = time.perf_counter()
    out = subprocess.run(
        ["java", "-Xmx1g", "-cp", str(WEKA_JAR), "weka.classifiers.trees.J48", *options,
         "-t", str(train), "-T", str(test), "-v"],
        check=True, capture_output=True, text=True,
    ).stdout
    seconds = time.perf_counter() - start
    test_part = out[out.index("=== Error on test data ===") :]
    correct = re.search(r"Correctly Classified Instances\s+\S+\s+([\d.]+)\s+%", test_part)
    size = re.search(r"Size of the tree :\s+(\d+)", out)
    return {
        "acc": float(correct.group(1)) / 100,
        "size": float(size.group(1)),
        "time": seconds,
        "tree": out.split("------------------")[1].split("Number of Leaves")[0].strip(),
    }


def run_ours(X_train, y_train, X_test, y_test, params: dict) -> dict:
    """Fit ``C45(**params)`` on the training part, score it on the test part."""
    start = time.perf_counter()
    model = C45(**params).fit(X_train, y_train)
    seconds = time.perf_counter() - start
    return {"acc": model.score(X_test, y_test), "size": float(model.n_nodes_), "time": seconds,
            "tree": model.export_text()}


def folds(n: int, k: int, seed: int) -> list[np.ndarray]:
    """``k`` test folds of a random permutation of ``range(n)``."""
    return np.array_split(np.random.default_rng(seed).permutation(n), k)


def compare(code: str, k: int, seed: int, jobs: int, params: dict, workdir: Path) -> pd.DataFrame:
    """Per-fold results of both learners on dataset ``code``."""
    X, y = load(code, root=Path(__file__).resolve().parents[1])
    y = np.asarray(y, dtype=object)
    classes = np.unique(y)

    def one_fold(i: int, test_rows: np.ndarray) -> dict[str, float]:
        train_rows = np.setdiff1d(np.arange(len(X)), test_rows)
        X_train, X_test = X.iloc[train_rows], X.iloc[test_rows]
        train, test = workdir / f"{code}-{i}-train.arff", workdir / f"{code}-{i}-test.arff"
        write_arff(train, X_train, y[train_rows], classes)
        write_arff(test, X_test, y[test_rows], classes)
        j48 = run_j48(train, test, j48_options(**params))
        ours = run_ours(X_train, y[train_rows], X_test, y[test_rows], params)
        same = ours.pop("tree") == j48.pop("tree")
        return {"fold": i, **{f"ours_{m}": v for m, v in ours.items()},
                **{f"j48_{m}": v for m, v in j48.items()}, "same_tree": same}

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        rows = list(pool.map(lambda item: one_fold(*item), enumerate(folds(len(X), k, seed))))
    return pd.DataFrame(rows).assign(dataset=code)


def summarise(results: pd.DataFrame) -> pd.DataFrame:
    """Mean accuracy (%), tree size and fit time (s) per dataset, with the differences."""
    means = results.groupby("dataset", sort=False).mean(numeric_only=True)
    table = pd.DataFrame({
        "ours_acc": 100 * means.ours_acc, "j48_acc": 100 * means.j48_acc,
        "d_acc": 100 * (means.ours_acc - means.j48_acc),
        "ours_size": means.ours_size, "j48_size": means.j48_size,
        "d_size_%": 100 * (means.ours_size / means.j48_size - 1),
        "ours_fit_s": means.ours_time, "j48_wall_s": means.j48_time,
        "same_tree_folds": results.groupby("dataset", sort=False).same_tree.sum(),
        "folds": results.groupby("dataset", sort=False).size(),
    })
    return table.round(3) + 0.0  # + 0.0 prints -0.0 as 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--datasets", nargs="+", default=["SE", "CR", "BC", "IO", "HD"])
    parser.add_argument("--folds", type=int, default=25)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--unpruned", action="store_true", help="C45(prune=False), J48 -U")
    parser.add_argument("--min-cases", type=int, default=2, help="C45 min_cases, J48 -M")
    args = parser.parse_args()
    params = {"prune": not args.unpruned, "min_cases": args.min_cases}
    if shutil.which("java") is None or not WEKA_JAR.exists():
        raise SystemExit(f"needs java and {WEKA_JAR} (apt-get install -y weka)")
    with tempfile.TemporaryDirectory() as tmp:
        results = pd.concat(
            [compare(code, args.folds, args.seed, args.jobs, params, Path(tmp))
             for code in args.datasets]
        )
    with pd.option_context("display.width", 200, "display.max_columns", 20):
        print(f"{args.folds}-fold CV, seed {args.seed}; C45({params}) vs "
              f"J48 {' '.join(j48_options(**params))}")
        print(summarise(results).to_string())


if __name__ == "__main__":
    main()
