"""Peer comparison of ``smalltrees.C45`` with Quinlan's own C4.5 program on identical folds.

Quinlan's C source (Release 8, October 1995) may not be distributed, so it is never part of
this repository: ``--source`` names a local copy of its ``Src/`` folder, built for each release
compared and run on every fold by :mod:`quinlan_program` (the fold's training part as
``<stem>.data``, its test part as ``<stem>.test``).

Releases (``--release``), each against the matching ``C45``:

``R8``
    the program as it is; ours ``C45()`` (Release 8, Weka's J48).
``R8-no-cost``
    ``contin.c`` with the threshold cost ``Log(Tries) / Items`` set to 0; ours
    ``C45(mdl_correction=False)``.
``pre-R8``
    ``contin.c`` as before item 21 of ``Src/Modifications`` (October 1995, "Altered the
    calculation of gain for continuous attributes"): each cut rated by ``Worth`` (the gain
    ratio of the cuts whose gain is at least the average gain of the cuts tried, as
    attributes are rated in ``build.c``), no threshold cost, the attribute's gain the chosen
    cut's. Release 8 still computes that average (``AvGain``) without using it. This is a
    reconstruction: no copy of Releases 5-7 was found. Ours ``C45(release="pre-R8")``.

Ours prunes with each release's default estimate (``C45``'s ``error_estimate``: Quinlan's
``stats.c`` for ``pre-R8``, J48's for the others); ``--estimate quinlan`` or ``j48`` sets it for
every release compared (the program itself always prunes with ``stats.c``'s). Likewise ours
computes gains in each release's default arithmetic (``C45``'s ``arithmetic``: single precision,
as the program, for ``pre-R8``; double, as J48, for the others); ``--arithmetic single`` or
``double`` sets it for every release compared.

Per fold the script reads the pruned tree C4.5 saved (``<stem>.tree``, binary: ``OutTree`` in
``trees.c``), walks every test example through it as C4.5's ``Classify`` does (an unknown
tested value goes down every branch, weighted by the branches' training weights) to get its
dynamic complexity and share classified more than 2 tests deep (Auer et al. 1995, Table 2,
as :func:`smalltrees.learners.tree.measures.tree_measures` counts them), and takes its test
errors from C4.5's own evaluation. It prints, per release and dataset, the means of both
learners (pruned depth, d.c., % > 2, accuracy), the folds whose pruned depth agrees and
whose trees agree (same tests, thresholds and leaf classes), the fit CPU-seconds, and every
fold that differs, with where its trees first part. C4.5 reads values and computes gains in
single precision (``float``), we in double: near-ties can go either way.

Usage::

    python benchmarks/c45_vs_quinlan.py --source /work/quinlan-c45/Src \
        --datasets PI CR HD IO --release pre-R8 --require 22
    python benchmarks/c45_vs_quinlan.py --source /work/quinlan-c45/Src \
        --release R8 R8-no-cost --estimate quinlan
    python benchmarks/c45_vs_quinlan.py --source /work/quinlan-c45/Src \
        --datasets CR HD IO G2 BC SO PI IR --options "-t 10"   # windowing, 10 trials
"""

from __future__ import annotations

import argparse
import shlex
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pandas as pd
from c45_vs_j48 import folds
from quinlan_program import RELEASES, QuinlanNode, build, run_quinlan, write_c45_files

from smalltrees import C45
from smalltrees.datasets import load
from smalltrees.learners.c45.error_estimate import ERROR_ESTIMATES
from smalltrees.learners.c45.estimator import ARITHMETICS
from smalltrees.learners.tree import Tree


def first_difference(ours: Tree, theirs: QuinlanNode, node: int = 0,
                     path: str = "root") -> str | None:
    """Where two trees first differ (test, threshold, branches, leaf class), or None; ``ours``
    from ``node`` down."""
    leaf = bool(ours.is_leaf[node])
    if leaf or theirs.kind == 0:
        if leaf != (theirs.kind == 0):
            return f"{path}: {'leaf' if leaf else 'test'} vs C4.5's " \
                   f"{'leaf' if theirs.kind == 0 else 'test'}"
        label = int(ours.label[node])  # the class of its distribution (its parent's if empty)
        return None if label == theirs.leaf else f"{path}: class c{label} vs c{theirs.leaf}"
    feature, threshold = int(ours.feature[node]), float(ours.thresholds[node, 0])
    if feature != theirs.tested:
        return f"{path}: a{feature} vs C4.5's a{theirs.tested}"
    if theirs.kind == 2 and np.float32(threshold) != np.float32(theirs.cut):
        return f"{path}: a{feature} <= {threshold:.7g} vs {theirs.cut:.7g}"
    for b, (mine, other) in enumerate(zip(ours.edges(node).tolist(), theirs.branches,
                                          strict=True)):
        found = first_difference(ours, other, mine, f"{path}/{b}")
        if found:
            return found
    return None


def run_ours(params: dict, X_train, y_train, X_test, y_test) -> dict:
    start = time.process_time()
    model = C45(**params).fit(X_train, y_train)
    cpu = time.process_time() - start
    measures = model.complexity(X_test)
    grown = C45(**params, prune=False).fit(X_train, y_train)
    return {"depth": model.depth_, "dc": measures["dynamic_complexity"],
            "deep": measures["frac_deeper_than_2"], "acc": model.score(X_test, y_test),
            "cpu": cpu, "tree": model.tree_, "grown": grown.tree_}


def ours_params(release: str, estimate: str | None, arithmetic: str | None = None) -> dict:
    """The ``C45`` parameters compared with ``release``; ``estimate`` its pruning estimate and
    ``arithmetic`` its arithmetic (``None``: the release's default)."""
    params = dict(RELEASES[release][0])
    if estimate is not None:
        params["error_estimate"] = estimate
    if arithmetic is not None:
        params["arithmetic"] = arithmetic
    return params


def compare(code: str, release: str, binary: Path, k: int, seed: int, root: Path,
            workdir: Path, estimate: str | None = None, arithmetic: str | None = None,
            options: Sequence[str] = ()) -> pd.DataFrame:
    """Per-fold results of C4.5 (built as ``release``, run with ``options``) and ours (pruning
    by ``estimate``, in ``arithmetic``) on dataset ``code``."""
    X, y = load(code, root=root)
    y = np.asarray(y, dtype=object)
    classes = np.unique(y)
    results = []
    for i, test_rows in enumerate(folds(len(X), k, seed)):
        train_rows = np.setdiff1d(np.arange(len(X)), test_rows)
        stem = workdir / f"{code}_{release}_{i}"
        write_c45_files(stem, X, y, test_rows, classes)
        theirs = run_quinlan(binary, stem, len(classes), X.iloc[test_rows], options)
        ours = run_ours(ours_params(release, estimate, arithmetic), X.iloc[train_rows],
                        y[train_rows],
                        X.iloc[test_rows], y[test_rows])
        results.append({
            "dataset": code, "fold": i,
            **{f"ours_{m}": ours[m] for m in ("depth", "dc", "deep", "acc", "cpu")},
            **{f"c45_{m}": theirs[m] for m in ("depth", "dc", "deep", "acc", "cpu")},
            "difference": first_difference(ours["tree"], theirs["tree"]),
            "grown_difference": first_difference(ours["grown"], theirs["grown"]),
        })
    return pd.DataFrame(results)


def summarise(results: pd.DataFrame) -> pd.DataFrame:
    """Means per dataset (depth, d.c., % > 2, accuracy %, fit CPU-s) and agreeing folds."""
    by = results.assign(same_depth=results.ours_depth == results.c45_depth,
                        same_tree=results.difference.isna(),
                        same_grown=results.grown_difference.isna()
                        ).groupby("dataset", sort=False)
    means = by.mean(numeric_only=True)
    table = pd.DataFrame({
        "depth": means.ours_depth, "c45_depth": means.c45_depth,
        "dc": means.ours_dc, "c45_dc": means.c45_dc,
        "%>2": 100 * means.ours_deep, "c45_%>2": 100 * means.c45_deep,
        "acc": 100 * means.ours_acc, "c45_acc": 100 * means.c45_acc,
        "same_depth": by.same_depth.sum(), "same_tree": by.same_tree.sum(),
        "same_grown": by.same_grown.sum(), "folds": by.size(),
        "cpu_s": by.ours_cpu.sum(), "c45_cpu_s": by.c45_cpu.sum(),
    })
    return table.round(3) + 0.0  # + 0.0 prints -0.0 as 0.0


def report(release: str, results: pd.DataFrame, estimate: str | None = None,
           arithmetic: str | None = None, options: Sequence[str] = ()) -> None:
    """The summary table, then per dataset the folds whose pruned depth agrees and differs,
    and where the trees of every fold that differs first part (grown and pruned)."""
    ours = ", ".join(f"{k}={v!r}" for k, v in ours_params(release, estimate,
                                                           arithmetic).items())
    built = "as released" if release == "R8" else "patched"
    run = f" run with {' '.join(options)}" if options else ""
    print(f"\n== {release}: Quinlan's C4.5 (contin.c {built}){run} vs C45({ours})")
    with pd.option_context("display.width", 200, "display.max_columns", 20):
        print(summarise(results).to_string())
    for code, part in results.groupby("dataset", sort=False):
        same = part.ours_depth == part.c45_depth
        differ = ", ".join(f"{row.fold} ({row.ours_depth} vs {row.c45_depth})"
                           for row in part[~same].itertuples())
        print(f"{code}: pruned depth agrees on {same.sum()} of {len(part)} folds "
              f"({' '.join(map(str, part.fold[same]))}); differs on {differ or 'none'}")
        for row in part[part.difference.notna() | part.grown_difference.notna()].itertuples():
            grown = ("grown trees equal" if pd.isna(row.grown_difference)
                     else f"grown trees part at {row.grown_difference}")
            pruned = ("pruned trees equal" if pd.isna(row.difference)
                      else f"pruned trees part at {row.difference}")
            print(f"  fold {row.fold}: depth {row.ours_depth} vs {row.c45_depth}, d.c. "
                  f"{row.ours_dc:.2f} vs {row.c45_dc:.2f}; {pruned}; {grown}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, required=True,
                        help="a local copy of Quinlan's C4.5 Release 8 Src/ folder")
    parser.add_argument("--datasets", nargs="+", default=["PI", "CR", "HD", "IO"])
    parser.add_argument("--release", nargs="+", choices=list(RELEASES), default=["pre-R8"])
    parser.add_argument("--estimate", choices=list(ERROR_ESTIMATES), default=None,
                        help="our pruning estimate (C45's error_estimate) for every release; "
                             "default: each release's")
    parser.add_argument("--arithmetic", choices=list(ARITHMETICS), default=None,
                        help="our arithmetic (C45's arithmetic) for every release; default: "
                             "each release's")
    parser.add_argument("--options", default="", metavar="'-t 10'",
                        help="further options of Quinlan's program (ours stays the release's "
                             "C45, so with e.g. -t 10, windowing in 10 trials, compare the "
                             "means: the trees differ)")
    parser.add_argument("--folds", type=int, default=25)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--data-root", type=Path, default=Path(__file__).resolve().parents[1],
                        help="the checkout whose data/processed/ holds the datasets")
    parser.add_argument("--require", type=int, default=None, metavar="N",
                        help="exit 1 unless the pruned depth agrees on >= N folds of every "
                             "dataset and release")
    args = parser.parse_args()
    if not (args.source / "contin.c").is_file():
        raise SystemExit(f"--source {args.source}: no contin.c there; expected the Src/ folder "
                         "of Quinlan's C4.5 Release 8")
    options = shlex.split(args.options)
    short = []
    with tempfile.TemporaryDirectory() as tmp:
        for release in args.release:
            binary = build(args.source, release, Path(tmp))
            results = pd.concat([compare(code, release, binary, args.folds, args.seed,
                                         args.data_root, Path(tmp), args.estimate,
                                         args.arithmetic, options)
                                 for code in args.datasets])
            report(release, results, args.estimate, args.arithmetic, options)
            agree = (results.ours_depth == results.c45_depth).groupby(results.dataset).sum()
            short += [f"{release} {code} ({n}/{args.folds})" for code, n in agree.items()
                      if args.require is not None and n < args.require]
    if args.require is not None:
        print(f"\npruned depth agrees on >= {args.require} of {args.folds} folds: "
              + ("every dataset" if not short else "NOT " + ", ".join(short)))
        if short:
            sys.exit(1)


if __name__ == "__main__":
    main()
