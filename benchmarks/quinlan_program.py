"""Quinlan's own C4.5 program as a peer: build it from a local copy of its source, write a
fold's files, run it, and read the pruned tree it saved.

Quinlan's C source (Release 8, October 1995) may not be distributed, so it is never part of
this repository: ``--source`` of the benchmarks names a local copy of its ``Src/`` folder (a
public copy: GitHub ``del18687058912/c4.5`` at commit 729b9cb, "Initial import of C4.5 R8").
:func:`build` copies it to a temporary directory and builds ``c4.5`` there for a release
(``make c4.5`` with :data:`CFLAGS`: on 64-bit, without ``stdlib.h`` ``atof`` returns garbage),
patching ``contin.c`` for the releases of :data:`RELEASES`. :func:`run_quinlan` runs it on a
fold (``c4.5 -f <stem> -u``, default options otherwise: ``-m 2 -c 25``), reads the pruned tree
C4.5 saved (``<stem>.tree``, binary: ``OutTree`` in ``trees.c``) and walks every test example
through it as C4.5's ``Classify`` does, for the complexity measures of Auer et al. (1995,
Table 2) as :func:`smalltrees.learners.tree.measures.tree_measures` counts them. Used by
``c45_vs_quinlan.py`` and ``dkm96_vs_quinlan.py``.
"""

from __future__ import annotations

import re
import resource
import shutil
import struct
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

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


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_quinlan(binary: Path, stem: Path, n_classes: int, X_test: pd.DataFrame,
                options: Sequence[str] = ()) -> dict:
    """Run C4.5 on ``<stem>.data`` with ``options`` (e.g. ``-t 10``: windowing, 10 trials,
    the tree of the trial C4.5 marks ``<<`` kept), test on ``<stem>.test``; its tree's
    measures."""
    before = children_cpu()
    done = subprocess.run([str(binary), "-f", stem.name, "-u", *options], cwd=stem.parent,
                          capture_output=True, text=True)
    cpu = children_cpu() - before
    out = done.stdout
    if done.returncode or "ERROR" in out or "Evaluation on test data" not in out:
        raise SystemExit(f"C4.5 failed on {stem} (exit {done.returncode}):\n{out[-2000:]}")
    test_part = out[out.index("Evaluation on test data"):]
    kept = r".*<<" if "-t" in options else ""  # with trials, the row of the kept tree
    row = re.search(r"^\s*(?:\d+\s+)?\d+\s+\d+\(\s*[\d.]+%\)\s+\d+\s+(\d+)\(" + kept,
                    test_part, re.MULTILINE)
    tree = read_tree(stem.with_suffix(".tree"), n_classes)
    return {**quinlan_complexity(tree, encode_for_c45(X_test)),
            "acc": 1 - int(row.group(1)) / len(X_test), "cpu": cpu, "tree": tree,
            "grown": read_tree(stem.with_suffix(".unpruned"), n_classes)}
