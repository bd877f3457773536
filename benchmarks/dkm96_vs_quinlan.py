"""DKM 1996 Table 1's C4.5(H) against Quinlan's own program on the same training and test sets.

Dietterich, Kearns & Mansour "modified C4.5 Release 8 to implement the new G function", ran it
with ``-m 1 -g`` ("grown all the way to pure leaves", "information gain rather than the gain
ratio") and "disabled the new heuristic in Release 8 that penalizes continuous features having
a large number of distinct values" (section 3.1). Their C4.5(H) is therefore Release 8 with
``-m 1 -g`` and no threshold cost: ``benchmarks/c45_vs_quinlan.py``'s ``R8-no-cost`` build run
with those options. This script runs it and our ``C45_H`` / ``C45_H_UNPRUNED`` (config) on the
training sets and the test set of Table 1's partitions of each domain (the design of
``dkm96.table1.domains``, the same draws as the workflow) and prints, per domain, both
programs' mean % test error of the pruned trees and mean size of the unpruned ones (C4.5's
"Size" before pruning: nodes and leaves), beside the paper's, and the training sets where they
differ.

DKM's modification was not published. ``--criterion G`` builds our reading of it, the one the
paper's words give: G replaces the entropy wherever C4.5 rates the classes of a set of cases
(:data:`G_PATCH`: the base information of a continuous or discrete attribute's known cases and
each branch's information in ``ComputeGain``), ``N G = sum_c sqrt(n_c (N - n_c))``, which is
``2 sqrt(n_+ n_-)`` for two classes (eq. 5's G(q) = 2 sqrt(q (1 - q)) times N); the split
information of the values is left as it is (unused under ``-g``). Ours: ``C45_G`` and
``C45_G_UNPRUNED``.

Usage (a local copy of Quinlan's ``Src/``, never committed; see c45_vs_quinlan.py)::

    python benchmarks/dkm96_vs_quinlan.py --source /work/quinlan-c45/Src --domains LE_H
"""

from __future__ import annotations

import argparse
import re
import subprocess
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd
import yaml
from quinlan_program import CFLAGS, build, children_cpu, write_c45_files

from smalltrees import datasets
from smalltrees.data.transform import one_vs_rest
from smalltrees.evaluation.transcriptions import read_transcription
from smalltrees.learners.registry import make_learner
from smalltrees.studies.dkm96.design import partition
from smalltrees.studies.dkm96.table1_trials import missing_as_value

ROOT = Path(__file__).resolve().parents[1]
OPTIONS = ["-m", "1", "-g"]
"""DKM's C4.5 options (section 3.1); ``-u`` adds the evaluation on ``<stem>.test``."""
G_PATCH = {
    "info.c": [
        ("    float ThisInfo=0.0, ThisGain, TotalInfo();",
         "    float ThisInfo=0.0, ThisGain, ClassImpurity();"),
        ("\tThisInfo += TotalInfo(Freq[v], 0, MaxClass);",
         "\tThisInfo += ClassImpurity(Freq[v], 0, MaxClass);"),
    ],
    "contin.c": [
        ("\tComputeGain(), TotalInfo(), Worth();",
         "\tComputeGain(), TotalInfo(), Worth(), ClassImpurity();"),
        ("    BaseInfo = TotalInfo(Freq[2], 0, MaxClass) / KnownItems;",
         "    BaseInfo = ClassImpurity(Freq[2], 0, MaxClass) / KnownItems;"),
    ],
    "discr.c": [
        ("\tSum += ClassCount * Log(ClassCount);\n    }\n\n"
         "    return (KnownItems * Log(KnownItems) - Sum) / KnownItems;",
         "\tSum += sqrt(ClassCount * (KnownItems - ClassCount));\n    }\n\n"
         "    return Sum / KnownItems;"),
    ],
}
"""The replacements that make Release 8's gain G's (DKM 1996, eq. 5), per file; the function
:data:`G_FUNCTION` is appended to ``info.c``."""
G_FUNCTION = """

float ClassImpurity(V, MinVal, MaxVal)
    ItemCount V[];
    DiscrValue MinVal, MaxVal;
{
    DiscrValue v;
    float Sum=0.0;
    ItemCount TotalItems=0;

    ForEach(v, MinVal, MaxVal) TotalItems += V[v];
    ForEach(v, MinVal, MaxVal) Sum += sqrt(V[v] * (TotalItems - V[v]));
    return Sum;
}
"""
LEARNERS = {"H": ("C45_H", "C45_H_UNPRUNED"), "G": ("C45_G", "C45_G_UNPRUNED")}
"""Our pruned (errors) and unpruned (sizes) learners of each criterion (config ``learners``)."""
SIZES = re.compile(r"^\s*(\d+)\s+(\d+)\(\s*[\d.]+%\)\s+(\d+)\s+(\d+)\(", re.MULTILINE)
"""C4.5's evaluation line: size and errors before pruning, size and errors after."""


def build_g(source: Path, workdir: Path) -> Path:
    """Release 8 without the threshold cost (``c45_vs_quinlan.build``), with :data:`G_PATCH`."""
    binary = build(source, "R8-no-cost", workdir)
    target = binary.parent
    for name, replacements in G_PATCH.items():
        path = target / name
        text = path.read_text(encoding="latin-1")
        for old, new in replacements:
            if text.count(old) != 1:
                raise SystemExit(f"{source}/{name} is not Release 8's: {old!r} occurs "
                                 f"{text.count(old)} times, expected once")
            text = text.replace(old, new)
        path.write_text(text + (G_FUNCTION if name == "info.c" else ""), encoding="latin-1")
    subprocess.run(["make", "c4.5", f"CFLAGS={CFLAGS}"], cwd=target, check=True,
                   capture_output=True)
    return binary


def run_c45(binary: Path, stem: Path) -> dict:
    """C4.5 on ``<stem>.data`` with :data:`OPTIONS`: the unpruned size, the pruned tree's test
    errors, and the CPU-seconds."""
    before = children_cpu()
    done = subprocess.run([str(binary), "-f", stem.name, "-u", *OPTIONS], cwd=stem.parent,
                          capture_output=True, text=True)
    cpu = children_cpu() - before
    out = done.stdout
    if done.returncode or "Evaluation on test data" not in out:
        raise SystemExit(f"C4.5 failed on {stem} (exit {done.returncode}):\n{out[-2000:]}")
    training = SIZES.search(out[out.index("Evaluation on training data"):])
    test = SIZES.search(out[out.index("Evaluation on test data"):])
    return {"size": int(training.group(1)), "errors": int(test.group(4)), "cpu": cpu}


def run_ours(config: dict, criterion: str, X_train, y_train, X_test, y_test) -> dict:
    start = time.process_time()
    pruned, grown = (make_learner(config["learners"][name]).fit(X_train, y_train)
                     for name in LEARNERS[criterion])
    return {"size": int(grown.n_nodes_), "errors": int((pruned.predict(X_test) != y_test).sum()),
            "cpu": time.process_time() - start}


def compare(domain: str, criterion: str, config: dict, binary: Path, partitions: int,
            workdir: Path, data_root: Path) -> pd.DataFrame:
    """Per training set of the first ``partitions`` partitions: both programs' numbers."""
    section = config["dkm96"]["table1"]
    spec = section["domains"][domain]
    meta = data_root / "data" / "processed" / f"{spec['dataset']}.json"
    if not meta.is_file():
        raise SystemExit(f"{meta} does not exist: build it first (snakemake --cores 2 "
                         f"data/processed/{spec['dataset']}.csv) or pass --data-root")
    X, y = datasets.read(meta.with_suffix(".csv"), meta)
    X = missing_as_value(X, spec.get("missing_as"))
    labels = one_vs_rest(y, spec["positive_class"], domain).to_numpy(dtype=object)
    classes = np.unique(labels)
    files = datasets.read_meta(meta)["files"]
    rows = []
    for number in range(1, partitions + 1):
        part = partition(domain, spec, files, config["seed"], section["stream"], number)
        for index, train in enumerate(part.train, start=1):
            both = np.concatenate([train, part.test])
            stem = workdir / f"{domain}_{criterion}_{number}_{index}"
            write_c45_files(stem, X.iloc[both].reset_index(drop=True), labels[both],
                            np.arange(train.size, both.size), classes)
            theirs = run_c45(binary, stem)
            ours = run_ours(config, criterion, X.iloc[train].reset_index(drop=True),
                            labels[train], X.iloc[part.test].reset_index(drop=True),
                            labels[part.test])
            rows.append({"domain": domain, "criterion": criterion, "partition": number,
                         "train_set": index, "n_test": int(part.test.size),
                         **{f"c45_{k}": v for k, v in theirs.items()},
                         **{f"ours_{k}": v for k, v in ours.items()}})
    return pd.DataFrame(rows)


def report(results: pd.DataFrame, paper: pd.DataFrame) -> None:
    """Per domain and partition: mean % error and size of both beside the paper's."""
    table = paper[paper["table"] == "table1"].pivot(index="code", columns="quantity",
                                                    values="value")
    results = results.assign(c45_err=100 * results.c45_errors / results.n_test,
                             ours_err=100 * results.ours_errors / results.n_test)
    summary = results.groupby(["criterion", "domain", "partition"], sort=False).agg(
        sets=("train_set", "size"), c45_err=("c45_err", "mean"), ours_err=("ours_err", "mean"),
        c45_size=("c45_size", "mean"), ours_size=("ours_size", "mean"),
        same_errors=("c45_errors", lambda s: int((s == results.loc[s.index, "ours_errors"])
                                                 .sum())),
        same_size=("c45_size", lambda s: int((s == results.loc[s.index, "ours_size"]).sum())),
        c45_cpu=("c45_cpu", "sum"), ours_cpu=("ours_cpu", "sum")).reset_index()
    summary["paper_err"] = [table.at[d, f"err_{c}"] for c, d in
                            zip(summary["criterion"], summary["domain"], strict=True)]
    summary["paper_size"] = [table.at[d, f"size_{c}"] for c, d in
                             zip(summary["criterion"], summary["domain"], strict=True)]
    print("DKM 1996 Table 1: Quinlan's Release 8 (-m 1 -g, no threshold cost; G: our reading "
          "of DKM's patch) beside ours (pruned: % test error; unpruned: size), per partition")
    print(summary.round(3).to_string(index=False))
    means = summary.groupby(["criterion", "domain"], sort=False)[
        ["c45_err", "ours_err", "paper_err", "c45_size", "ours_size", "paper_size"]].mean()
    print("\nmeans over the partitions:")
    print(means.round(3).to_string())
    differ = results[(results.c45_errors != results.ours_errors)
                     | (results.c45_size != results.ours_size)]
    if len(differ):
        print("\ntraining sets that differ:")
        print(differ[["criterion", "domain", "partition", "train_set", "c45_errors", "ours_errors",
                      "c45_size", "ours_size"]].to_string(index=False))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, required=True,
                        help="a local copy of Quinlan's C4.5 Release 8 Src/ folder")
    parser.add_argument("--domains", nargs="+", default=["LE_H"])
    parser.add_argument("--criterion", nargs="+", choices=list(LEARNERS), default=["H"])
    parser.add_argument("--data-root", type=Path, default=ROOT,
                        help="the checkout whose data/processed/ holds the datasets")
    parser.add_argument("--partitions", type=int, default=1,
                        help="the first N partitions of Table 1's design (1: the table's)")
    args = parser.parse_args()
    if not (args.source / "contin.c").is_file():
        raise SystemExit(f"--source {args.source}: no contin.c there; expected the Src/ folder "
                         "of Quinlan's C4.5 Release 8")
    config = yaml.safe_load((ROOT / "config.yaml").read_text())
    unknown = sorted(set(args.domains) - set(config["dkm96"]["table1"]["domains"]))
    if unknown:
        raise SystemExit(f"--domains {unknown}: not among dkm96.table1.domains")
    paper = read_transcription(ROOT / "data" / "paper" / "dkm96" / "table1.csv")
    with tempfile.TemporaryDirectory() as tmp:
        results = []
        for criterion in args.criterion:
            work = Path(tmp) / criterion
            work.mkdir()
            binary = (build_g(args.source, work) if criterion == "G"
                      else build(args.source, "R8-no-cost", work))
            results += [compare(d, criterion, config, binary, args.partitions, work,
                                args.data_root) for d in args.domains]
        results = pd.concat(results, ignore_index=True)
    report(results, paper)


if __name__ == "__main__":
    main()
