"""T2 and T3 (Auer et al. 1995, section 2) beside ConTree (Brita, van der Linden & Demirovic
2025), an independent optimal-tree solver, at depths 2 and 3, on the 15 datasets of the paper.

ConTree finds the binary tree of depth <= d with the fewest training errors, on continuous
features. Our T2 and T3 with K = 2 search the same class where every attribute is continuous and
never missing (AP, G2, IR, PI, IO): there the benchmark checks that both report the same optimum.
Elsewhere our class is larger (a categorical attribute splits on all its values, "missing" is an
edge of its own): ConTree gets the category codes as numbers and missing values as a number below
all others, and both results are printed without a verdict.

Times are the best of ``--repeat`` fits, wall clock and CPU (``time.process_time``) of this
process, side by side in one run. ``pycontree`` is a benchmark-only dependency
(``pip install pycontree``), never one of the pipeline.

Usage: ``python benchmarks/optimal_vs_contree.py [--root .] [--repeat 1] [--datasets IO PI]
[--contree-time-limit 600]``. Not a test.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pandas as pd

from smalltrees import T2, T3
from smalltrees.datasets import load

CODES = ["HE", "LA", "AP", "G2", "IR", "PI", "CH", "SP", "BC", "PR", "SE", "SO", "HD", "IO", "CR"]


def timed(fit, repeat: int) -> tuple[float, float, object]:
    """Best wall-clock and CPU seconds of ``repeat`` calls of ``fit``, and its last result."""
    wall = cpu = np.inf
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = fit()
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    return wall, cpu, result


def contree_input(X: pd.DataFrame, y: pd.Series) -> tuple[np.ndarray, np.ndarray, bool]:
    """ConTree's numeric matrix and class codes, and whether its class of trees is ours (every
    attribute continuous and never missing)."""
    same = all(X[c].dtype.kind == "f" for c in X) and not X.isna().to_numpy().any()
    columns = []
    for name in X.columns:
        column = X[name]
        if isinstance(column.dtype, pd.CategoricalDtype):
            values = column.cat.codes.to_numpy(dtype=float)  # missing is code -1
        else:
            values = column.to_numpy(dtype=float)
            below = np.nanmin(values) - 1 if np.isfinite(values).any() else 0.0
            values = np.where(np.isnan(values), below, values)
        columns.append(values)
    codes = pd.factorize(y, sort=True)[0].astype(np.intc)
    return np.column_stack(columns), codes, same


def contree_errors(X: np.ndarray, y: np.ndarray, depth: int, time_limit: float, repeat: int):
    """(wall, cpu, training errors) of ConTree at ``depth``."""
    from pycontree import ConTree  # benchmark-only dependency

    def fit():
        model = ConTree(max_depth=depth, time_limit=time_limit).fit(X, y)
        return int((model.predict(X) != y).sum())

    return timed(fit, repeat)


def ours(learner, X: pd.DataFrame, y: pd.Series, repeat: int):
    """(wall, cpu, training errors) of our learner with K = 2."""
    return timed(lambda: learner(K=2).fit(X, y).n_errors_, repeat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=".", help="project directory holding data/processed")
    parser.add_argument("--repeat", type=int, default=1, help="fits per case; the best counts")
    parser.add_argument("--datasets", nargs="*", default=CODES)
    parser.add_argument("--contree-time-limit", type=float, default=600.0)
    args = parser.parse_args()
    header = (f"{'data':>4} {'m':>5} {'n':>3} {'class':>6} | "
              f"{'T2 s':>7} {'cpu':>7} {'CT2 s':>7} {'cpu':>7} {'err':>9} {'same':>4} | "
              f"{'T3 s':>7} {'cpu':>7} {'CT3 s':>7} {'cpu':>7} {'err':>9} {'same':>4}")
    print(header)
    print("-" * len(header))
    for code in args.datasets:
        X, y = load(code, root=args.root)
        numeric, codes, same = contree_input(X, y)
        cells = []
        for depth, learner in ((2, T2), (3, T3)):
            wall, cpu, errors = ours(learner, X, y, args.repeat)
            c_wall, c_cpu, c_errors = contree_errors(numeric, codes, depth,
                                                     args.contree_time_limit, args.repeat)
            verdict = ("yes" if errors == c_errors else "NO") if same else "-"
            cells.append(f"{wall:>7.3f} {cpu:>7.3f} {c_wall:>7.3f} {c_cpu:>7.3f} "
                         f"{f'{errors}/{c_errors}':>9} {verdict:>4}")
        kind = "same" if same else "larger"
        print(f"{code:>4} {len(X):>5} {X.shape[1]:>3} {kind:>6} | {cells[0]} | {cells[1]}",
              flush=True)
    print("err: ours/ConTree training errors (K = 2); class: 'same' where the two solvers search "
          "the same trees, 'larger' where ours has more (categorical or missing values).")


if __name__ == "__main__":
    main()
