"""CPU seconds of C4.5 learners that differ only in pruning, fitted one by one and fitted
together (one grown tree, several prunings: ``smalltrees.learners.c45.fit_prunings``), in one
run, and whether both give the same trees.

A workload is a group of configured learners (``config.yaml``) on a dataset as the workflow's
parse step writes it (``--data``: a project root holding ``data/processed``); each of 10 folds
(``seed_for(0, "c45_prunings_cpu", dataset)``) fits the group on its training part, and the
group's fitted models are compared by their printed trees and probabilities on the test part.
The groups are those the workflow fits together (issue 36, fifth session): Auer et al.'s
pre-Release-8 C4.5 pruned by Quinlan's and by J48's estimate and unpruned (``auer95_table2``'s
C4.5 beside the ``auer95_c45_refit`` readings; the refit job grows the latter two once), and
DKM's Table 1 pairs, C4.5(G) and C4.5(H) pruned and unpruned (``dkm96_table1_trials``, on
one class against the rest). ``alone`` and ``together`` alternate ``--repeat`` times in the
same process; each is the best of its runs.

Usage::

    python benchmarks/c45_prunings_cpu.py --data /path/to/project --repeat 5
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
import yaml

from smalltrees.data.store import load
from smalltrees.data.transform import one_vs_rest
from smalltrees.evaluation.resampling import fold_ids, seed_for
from smalltrees.learners.c45 import fit_prunings
from smalltrees.learners.registry import make_learner

ROOT = Path(__file__).resolve().parents[1]
AUER = ("C45_PRE_R8", "C45_UNPRUNED", "C45_PRE_R8_J48")
#: (dataset, class against the rest or None, learners fitted together)
WORKLOADS = [("SE", None, AUER), ("PI", None, AUER), ("CR", None, AUER), ("SO", None, AUER),
             ("PI", "1", ("C45_G", "C45_G_UNPRUNED")), ("PI", "1", ("C45_H", "C45_H_UNPRUNED")),
             ("CH", "won", ("C45_G", "C45_G_UNPRUNED"))]


def run(workload, data: Path, together: bool) -> tuple[float, list[str]]:
    """CPU seconds of the workload's fits (one by one or together) and what they fitted."""
    code, positive, names = workload
    config = yaml.safe_load((ROOT / "config.yaml").read_text())
    X, y = load(code, data)
    if positive is not None:
        y = one_vs_rest(y, positive, code)
    folds = fold_ids(len(X), 10, seed_for(0, "c45_prunings_cpu", code))
    found = []
    cpu = 0.0
    for fold in range(10):
        train, test = np.flatnonzero(folds != fold), np.flatnonzero(folds == fold)
        X_train, y_train = X.iloc[train].reset_index(drop=True), y.iloc[train]
        learners = [make_learner(config["learners"][name]) for name in names]
        start = time.process_time()
        if together:
            fit_prunings(learners, X_train, y_train)
        else:
            for learner in learners:
                learner.fit(X_train, y_train)
        cpu += time.process_time() - start
        X_test = X.iloc[test].reset_index(drop=True)
        found += [m.export_text() + m.predict_proba(X_test).tobytes().hex() for m in learners]
    return cpu, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT, help="project root with data/processed")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"C4.5 groups differing only in pruning, 10 folds: CPU seconds (process time) of the "
          f"fits, best of {args.repeat}, one by one (alone) and grown once (together)")
    print(f"{'dataset':<8} {'learners':<40} {'alone':>7} {'together':>8} {'ratio':>6}  same")
    totals = [0.0, 0.0]
    differ = False
    for workload in WORKLOADS:
        best = {False: np.inf, True: np.inf}
        fits = {}
        for _ in range(args.repeat):
            for together in (False, True):
                cpu, fits[together] = run(workload, args.data, together)
                best[together] = min(best[together], cpu)
        same = fits[False] == fits[True]
        differ |= not same
        totals = [totals[0] + best[False], totals[1] + best[True]]
        code, positive, names = workload
        label = code if positive is None else f"{code}:{positive}"
        print(f"{label:<8} {' '.join(names):<40} {best[False]:>7.3f} {best[True]:>8.3f} "
              f"{best[False] / best[True]:>6.2f}  {'yes' if same else 'NO'}")
    print(f"{'total':<49} {totals[0]:>7.3f} {totals[1]:>8.3f} {totals[0] / totals[1]:>6.2f}")
    if differ:
        raise SystemExit("some group fitted together gave other trees than its learners alone")


if __name__ == "__main__":
    main()
