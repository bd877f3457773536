"""What T3's tie rule costs: our search beside the same search without it, on the datasets
where ours and ConTree search the same trees (every attribute continuous, never missing).

Our T2 and T3 return the optimal tree that an exhaustive search meets first (the simpler tree,
then the first root in the columns, then the smallest threshold: the tie rule of
:mod:`~smalltrees.learners.optimal.depth3`), so that their trees are the general programme's,
byte for byte. The branch and bound (:func:`~smalltrees.learners.optimal.cuts.search_cuts`)
therefore keeps a threshold whose bound only equals the incumbent's errors where its key is
smaller: it may still tie and win. ConTree keeps only thresholds that can do strictly better
and stops at its first perfect tree (``GeneralSolver::create_optimal_decision_tree`` in
ConTree's ``general_solver.cpp``), returning an optimum, not a particular one.

This script loads a copy of :mod:`~smalltrees.learners.optimal.cuts` whose two lines that
admit a tie demand fewer errors instead (it stops with an error if they are not found), and
fits each dataset's T3 at K = 2 both ways, alternating in one process: the thresholds of T2
problems evaluated by the dense evaluators (0 where the general programme prices them, as on
SU, SA and LE), the best CPU-ms, the median ratio of the rounds, and whether both found
as many training errors (they must: both are exact). The library is not changed.

Usage: ``python benchmarks/tie_rule_cost.py [--root .] [--mirror ../shared/uci-mirror]
[--datasets AP IR WI] [--depth 3] [--rounds 5]``. Not a test.
"""

from __future__ import annotations

import argparse
import inspect
import time
from contextlib import contextmanager

import numpy as np
from optimal_vs_contree import all_continuous, dataset, sheet_codes

from smalltrees import T2, T3
from smalltrees.learners.optimal import cuts, dense, depth2, depth3

TIES = {  # search_cuts' lines that let a candidate of equal errors and smaller key win
    "limits = best_errors[mine] + (key[pending] < best_keys[mine]) - lost[pending]":
        "limits = best_errors[mine] - lost[pending]",
    "ties = key[lo] < best_keys[mine]": "ties = np.zeros(len(lo), dtype=bool)",
}


def strict_search():
    """``search_cuts`` of a copy of :mod:`~smalltrees.learners.optimal.cuts` in which a
    candidate must have fewer errors than the incumbent."""
    source = inspect.getsource(cuts)
    for line, strict in TIES.items():
        if source.count(line) != 1:
            raise SystemExit(f"cuts.py no longer holds the line {line!r}: update TIES")
        source = source.replace(line, strict)
    namespace = {}
    exec(compile(source, "cuts (strict)", "exec"), namespace)  # noqa: S102 - our own module
    return namespace["search_cuts"]


@contextmanager
def searching(search):
    """T2's and T3's searches with ``search`` in place of ``search_cuts``."""
    saved = depth2.search_cuts, depth3.search_cuts
    depth2.search_cuts = depth3.search_cuts = search
    try:
        yield
    finally:
        depth2.search_cuts, depth3.search_cuts = saved


def counted(fit) -> tuple[int, int]:
    """(thresholds evaluated by the dense evaluators, training errors) of ``fit()``."""
    seen = [0]
    evaluate = dense.DenseSets.evaluate

    def counting(self, sets, *rest):
        seen[0] += len(sets)
        return evaluate(self, sets, *rest)

    dense.DenseSets.evaluate = counting
    try:
        errors = fit()
    finally:
        dense.DenseSets.evaluate = evaluate
    return seen[0], errors


def compare(learner, X, y, rounds: int, strict) -> str:
    """One dataset's line: evaluations, best CPU-ms and the median ratio, strict over ours."""
    def fit():
        return learner(K=2).fit(X, y).n_errors_

    ours = counted(fit)
    with searching(strict):
        theirs = counted(fit)
    times = {False: [], True: []}
    fits = 3 if learner is T3 else 20
    for _ in range(rounds):
        for is_strict in (False, True):
            with searching(strict if is_strict else cuts.search_cuts):
                start = time.process_time()
                for _ in range(fits):
                    fit()
                times[is_strict].append((time.process_time() - start) / fits * 1000)
    ratio = np.median(np.array(times[True]) / np.array(times[False]))
    same = "yes" if ours[1] == theirs[1] else "NO"
    return (f"{ours[0]:>8} {theirs[0]:>8} {min(times[False]):>9.1f} {min(times[True]):>9.1f} "
            f"{ratio:>6.2f} {same:>5}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=".", help="project directory holding data/processed")
    parser.add_argument("--mirror", help="build the datasets from this mirror's raw files")
    parser.add_argument("--datasets", nargs="*", help="default: every all-continuous dataset")
    parser.add_argument("--depth", type=int, choices=(2, 3), default=3)
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds of fits")
    args = parser.parse_args()
    sheet = sheet_codes(args.root)
    learner = T3 if args.depth == 3 else T2
    strict = strict_search()
    print(f"T{args.depth} at K = 2: ours (the exhaustive order's tie rule) and strict (fewer "
          "errors to win, as ConTree)")
    print(f"{'data':>4} {'evals':>8} {'strict':>8} {'ours ms':>9} {'strict ms':>9} {'ratio':>6} "
          f"{'same':>5}")
    for code in args.datasets or list(sheet):
        X, y = dataset(code, args.root, args.mirror, sheet)
        if not all_continuous(X):
            continue
        print(f"{code:>4} {compare(learner, X, y, args.rounds, strict)}", flush=True)
    print("evals: thresholds of T2 problems priced by the dense evaluators (0 on the general "
          "programme); ms: best CPU-ms of a fit; ratio: median "
          "over the rounds of strict over ours; same: as many training errors.")


if __name__ == "__main__":
    main()
