"""Peer comparison of ``smalltrees.C45`` with Quinlan's own C4.5 program on identical folds.

Quinlan's C source (Release 8, October 1995) may not be distributed, so it is never part of
this repository: ``--source`` names a local copy of its ``Src/`` folder (a public copy: GitHub
``del18687058912/c4.5`` at commit 729b9cb, "Initial import of C4.5 R8"). The script copies
it to a temporary directory, builds ``c4.5`` there for each release compared (``make c4.5``
with :data:`CFLAGS`: on 64-bit, without ``stdlib.h`` ``atof`` returns garbage) and runs it
on every fold: the fold's training part as ``<stem>.data``, its test part as
``<stem>.test`` (``c4.5 -f <stem> -u``, default options otherwise: ``-m 2 -c 25``).

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
"""

from __future__ import annotations

import argparse
import re
import resource
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd
from c45_vs_j48 import folds

from smalltrees import C45
from smalltrees.datasets import load
from smalltrees.learners.c45.error_estimate import ERROR_ESTIMATES
from smalltrees.learners.c45.estimator import ARITHMETICS
from smalltrees.learners.tree import Tree

CFLAGS = "-O2 -w -fcommon -std=gnu89 -Dcfree=free -include stdlib.h"

#: Release 8's choice of a continuous attribute's cut in ``contin.c`` (its tabs written ``\t``).
R8_CUT = (
    "    ThreshCost = Log(Tries) / Items;\n\n"
    "    BestVal = 0;\n"
    "    BestI   = None;\n"
    "    ForEach(i, Xp, Lp - 1)\n"
    "    {\n"
    "\tif ( (Val = SplitGain[i] - ThreshCost) > BestVal )\n"
    "\t{\n"
    "\t    BestI   = i;\n"
    "\t    BestVal = Val;\n"
    "\t}\n"
    "    }\n"
)
#: ... and the gain it gives the attribute.
R8_GAIN = "\tGain[Att] = BestVal;\n"

#: The releases before 8: each cut rated by ``Worth`` against the average gain of the cuts.
PRE_R8_CUT = (
    "    BestVal = -Epsilon;\n"
    "    BestI   = None;\n"
    "    AvGain  = ( Tries ? AvGain / Tries : 1E6 );\n"
    "    ForEach(i, Xp, Lp - 1)\n"
    "    {\n"
    "\tif ( (Val = Worth(SplitInfo[i], SplitGain[i], AvGain)) > BestVal )\n"
    "\t{\n"
    "\t    BestI   = i;\n"
    "\t    BestVal = Val;\n"
    "\t}\n"
    "    }\n"
)
PRE_R8_GAIN = "\tGain[Att] = SplitGain[BestI];\n"

#: Our learner's parameters and the replacements in ``contin.c`` of each release compared.
RELEASES = {
    "R8": ({}, []),
    "R8-no-cost": ({"mdl_correction": False},
                   [("ThreshCost = Log(Tries) / Items;", "ThreshCost = 0;")]),
    "pre-R8": ({"release": "pre-R8"}, [(R8_CUT, PRE_R8_CUT), (R8_GAIN, PRE_R8_GAIN)]),
}


def build(source: Path, release: str, workdir: Path) -> Path:
    """Copy Quinlan's ``Src/`` to ``workdir/<release>``, patch ``contin.c``, build ``c4.5``."""
    target = workdir / release
    shutil.copytree(source, target)
    contin = target / "contin.c"
    text = contin.read_text(encoding="latin-1")
    for old, new in RELEASES[release][1]:
        if text.count(old) != 1:
            raise SystemExit(f"{source}/contin.c is not Release 8's: the code to replace for "
                             f"{release} occurs {text.count(old)} times, expected once:\n{old}")
        text = text.replace(old, new)
    contin.write_text(text, encoding="latin-1")
    subprocess.run(["make", "c4.5", f"CFLAGS={CFLAGS}"], cwd=target, check=True,
                   capture_output=True)
    return target / "c4.5"


def write_c45_files(stem: Path, X: pd.DataFrame, y: np.ndarray, test_rows: np.ndarray,
                    classes: np.ndarray) -> None:
    """``<stem>.names``, ``.data`` (all rows but ``test_rows``) and ``.test``.

    Attributes are named ``a0, a1, ...``, categories ``v0, v1, ...`` and classes ``c0, c1, ...``
    in our declared order (ties go to the first in both programs); ``?`` is unknown. A
    categorical attribute with one declared value is declared ``ignore`` (C4.5 refuses it: "has
    only one value"; it never gives a test), keeping the attributes' numbers.
    """
    lines = [", ".join(f"c{k}" for k in range(len(classes))) + "."]
    cells = []
    for j, column in enumerate(X.columns):
        series = X[column]
        if isinstance(series.dtype, pd.CategoricalDtype):
            n_values = len(series.dtype.categories)
            lines.append(f"a{j}: " + (", ".join(f"v{v}" for v in range(n_values))
                                      if n_values > 1 else "ignore") + ".")
            cells.append(np.array(["?" if code < 0 else f"v{code}"
                                   for code in series.cat.codes], dtype=object))
        else:
            lines.append(f"a{j}: continuous.")
            cells.append(np.array(["?" if np.isnan(v) else repr(v)
                                   for v in series.to_numpy(float).tolist()], dtype=object))
    cells.append(np.array([f"c{k}" for k in np.searchsorted(classes, y)], dtype=object))
    stem.with_suffix(".names").write_text("\n".join(lines) + "\n")
    rows = np.array([",".join(row) for row in zip(*cells, strict=True)], dtype=object)
    is_test = np.zeros(len(X), bool)
    is_test[test_rows] = True
    stem.with_suffix(".data").write_text("\n".join(rows[~is_test]) + "\n")
    stem.with_suffix(".test").write_text("\n".join(rows[is_test]) + "\n")


@dataclass
class QuinlanNode:
    """A node of C4.5's saved tree (``types.i``: ``NodeType`` 0 leaf, 1 one branch per value,
    2 threshold; ``Leaf`` the class; ``Items`` the training weight; branches in order)."""

    kind: int
    leaf: int
    items: float
    tested: int = -1
    cut: float = np.nan
    branches: list[QuinlanNode] = field(default_factory=list)


def read_tree(path: Path, n_classes: int) -> QuinlanNode:
    """C4.5's binary ``.tree`` file (a newline, then ``OutTree``'s fields, node by node)."""
    data = path.read_bytes()
    position = 1

    def take(fmt: str) -> tuple:
        nonlocal position
        values = struct.unpack_from("<" + fmt, data, position)
        position += struct.calcsize("<" + fmt)
        return values

    def node() -> QuinlanNode:
        kind, leaf = take("hh")
        items, _errors = take("ff")
        take(f"{n_classes}f")  # class distribution
        if kind == 0:
            return QuinlanNode(kind, leaf, items)
        tested, forks = take("hh")
        if kind == 3:
            raise ValueError(f"{path}: subset tests (-s) are not read")
        cut = take("fff")[0] if kind == 2 else np.nan
        return QuinlanNode(kind, leaf, items, tested, cut, [node() for _ in range(forks)])

    if data[:1] != b"\n":
        raise ValueError(f"{path}: not a C4.5 tree file")
    return node()


def encode_for_c45(X: pd.DataFrame) -> np.ndarray:
    """Test rows as C4.5 holds them: continuous values in single precision, categories as
    their 1-based value numbers, unknown as NaN and 0."""
    columns = [(X[c].cat.codes.to_numpy() + 1).astype(float)
               if isinstance(X[c].dtype, pd.CategoricalDtype)
               else X[c].to_numpy(float).astype(np.float32).astype(float) for c in X.columns]
    return np.column_stack(columns)


def reached(node: QuinlanNode, row: np.ndarray, weight: float = 1.0, depth: int = 0):
    """``(depth, weight)`` of each leaf an example reaches, as C4.5's ``Classify`` walks."""
    if node.kind == 0:
        yield depth, weight
        return
    value = row[node.tested]
    if node.kind == 2:
        branch = None if np.isnan(value) else (0 if np.float32(value) <= node.cut else 1)
    else:
        branch = int(value) - 1 if 0 < value <= len(node.branches) else None
    if branch is not None:
        yield from reached(node.branches[branch], row, weight, depth + 1)
        return
    for child in node.branches:
        yield from reached(child, row, weight * child.items / node.items, depth + 1)


def quinlan_complexity(tree: QuinlanNode, rows: np.ndarray) -> dict[str, float]:
    """Depth, d.c. and share classified more than 2 tests deep of C4.5's tree."""
    tests, deep = [], []
    for row in rows:
        leaves = list(reached(tree, row))
        tests.append(sum(d * w for d, w in leaves))
        deep.append(sum(w for d, w in leaves if d > 2))

    def depth(node: QuinlanNode) -> int:
        return 0 if node.kind == 0 else 1 + max(depth(child) for child in node.branches)

    return {"depth": depth(tree), "dc": float(np.mean(tests)), "deep": float(np.mean(deep))}


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


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_quinlan(binary: Path, stem: Path, n_classes: int, X_test: pd.DataFrame) -> dict:
    """Run C4.5 on ``<stem>.data``, test on ``<stem>.test``; its tree's measures."""
    before = children_cpu()
    done = subprocess.run([str(binary), "-f", stem.name, "-u"], cwd=stem.parent,
                          capture_output=True, text=True)
    cpu = children_cpu() - before
    out = done.stdout
    if done.returncode or "ERROR" in out or "Evaluation on test data" not in out:
        raise SystemExit(f"C4.5 failed on {stem} (exit {done.returncode}):\n{out[-2000:]}")
    test_part = out[out.index("Evaluation on test data"):]
    row = re.search(r"^\s*\d+\s+\d+\(\s*[\d.]+%\)\s+\d+\s+(\d+)\(", test_part, re.MULTILINE)
    tree = read_tree(stem.with_suffix(".tree"), n_classes)
    return {**quinlan_complexity(tree, encode_for_c45(X_test)),
            "acc": 1 - int(row.group(1)) / len(X_test), "cpu": cpu, "tree": tree,
            "grown": read_tree(stem.with_suffix(".unpruned"), n_classes)}


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
            workdir: Path, estimate: str | None = None, arithmetic: str | None = None
            ) -> pd.DataFrame:
    """Per-fold results of C4.5 (built as ``release``) and ours (pruning by ``estimate``, in
    ``arithmetic``) on dataset ``code``."""
    X, y = load(code, root=root)
    y = np.asarray(y, dtype=object)
    classes = np.unique(y)
    results = []
    for i, test_rows in enumerate(folds(len(X), k, seed)):
        train_rows = np.setdiff1d(np.arange(len(X)), test_rows)
        stem = workdir / f"{code}_{release}_{i}"
        write_c45_files(stem, X, y, test_rows, classes)
        theirs = run_quinlan(binary, stem, len(classes), X.iloc[test_rows])
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
           arithmetic: str | None = None) -> None:
    """The summary table, then per dataset the folds whose pruned depth agrees and differs,
    and where the trees of every fold that differs first part (grown and pruned)."""
    ours = ", ".join(f"{k}={v!r}" for k, v in ours_params(release, estimate,
                                                           arithmetic).items())
    built = "as released" if release == "R8" else "patched"
    print(f"\n== {release}: Quinlan's C4.5 (contin.c {built}) vs C45({ours})")
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
    short = []
    with tempfile.TemporaryDirectory() as tmp:
        for release in args.release:
            binary = build(args.source, release, Path(tmp))
            results = pd.concat([compare(code, release, binary, args.folds, args.seed,
                                         args.data_root, Path(tmp), args.estimate,
                                         args.arithmetic)
                                 for code in args.datasets])
            report(release, results, args.estimate, args.arithmetic)
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
