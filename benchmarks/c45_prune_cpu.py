"""CPU seconds of C4.5's pessimistic pruning alone, before (a git revision's ``prune.py``) and
after (this checkout's), on the same grown trees, in one process, and whether both prune
every tree the same.

Issue 36 (sixth session): pruning, mostly subtree raising, is 20-35% of a C4.5 fit. A
workload is a configured learner of ``config.yaml`` on a dataset as the workflow's parse step
writes it (``--data``: a project root holding ``data/processed``), fitted on the training
parts of 10 folds (``seed_for(0, "c45_fit_cpu", dataset)``, the folds of
``benchmarks/c45_fit_cpu.py``) with this checkout's code; every tree it grows (25 per fold for
``BAG_C45``) is kept before pruning with its pruner's data and parameters. Both sides then
prune copies of the same trees, alternating ``--repeat`` times (the copies made outside the
timing); a side's CPU is the best of its runs. ``same`` says whether every pruned tree has the
same tests, thresholds, branch groups and class weights (bytes), and the same returned
predicted errors (bits), on both sides. The revision's ``prune.py`` is loaded from
``git show`` beside this checkout's ``tree.py`` and ``error_estimate.py``, so it must be
compatible with them.

Usage::

    python benchmarks/c45_prune_cpu.py --before main --data /path/to/project --repeat 5
"""

from __future__ import annotations

import copy
import hashlib
import importlib.util
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import yaml
from c45_fit_cpu import before_after_parser

from smalltrees.data.store import load
from smalltrees.evaluation.resampling import fold_ids, seed_for
from smalltrees.learners.c45.estimator import C45
from smalltrees.learners.c45.tree import iter_nodes
from smalltrees.learners.registry import make_learner

ROOT = Path(__file__).resolve().parents[1]
WORKLOADS = ["PI:BAG_C45", "AU:BAG_C45", "SP:C45_PRE_R8", "CR:C45_PRE_R8", "SE:C45_R8",
             "CR:C45_SUBSET"]


def grown_trees(name: str, data: Path) -> list[tuple[dict, object]]:
    """Every tree the workload's fits prune: (the pruner's arguments, the grown tree)."""
    config = yaml.safe_load((ROOT / "config.yaml").read_text())
    code, learner = name.split(":")
    X, y = load(code, data)
    folds = fold_ids(len(X), 10, seed_for(0, "c45_fit_cpu", code))
    kept = []
    finish = C45._finish_grown

    def keep(self, root, Z, codes):
        if self.prune:
            pruner = self._pruner(Z, codes)
            kept.append(({"Z": Z, "y": codes, "n_classes": pruner.n_classes, "cf": pruner.cf,
                          "estimate": pruner.estimate}, copy.deepcopy(root)))
        return finish(self, root, Z, codes)

    C45._finish_grown = keep
    try:
        for fold in range(10):
            train = np.flatnonzero(folds != fold)
            make_learner(config["learners"][learner]).fit(X.iloc[train], y.iloc[train])
    finally:
        C45._finish_grown = finish
    return kept


def prune_all(pruner_class, trees) -> tuple[float, str]:
    """CPU seconds of pruning copies of ``trees``, and a digest of the pruned trees."""
    copies = [(pruner_class(**args), copy.deepcopy(root)) for args, root in trees]
    start = time.process_time()
    found = [pruner.prune(root) for pruner, root in copies]
    cpu = time.process_time() - start
    digest = hashlib.sha256(np.array(found).tobytes())
    for _, root in copies:
        for node, depth in iter_nodes(root):
            digest.update(np.array([depth, node.feature, node.threshold]).tobytes())
            digest.update(np.asarray(node.dist, dtype=float).tobytes())
            if node.groups is not None:
                digest.update(np.asarray(node.groups).tobytes())
    return cpu, digest.hexdigest()[:16]


def load_pruner(revision: str, tmp: Path):
    """The ``Pruner`` class of ``revision``'s ``prune.py``."""
    source = subprocess.run(["git", "-C", str(ROOT), "show",
                             f"{revision}:src/smalltrees/learners/c45/prune.py"],
                            check=True, capture_output=True, text=True).stdout
    path = tmp / "prune_before.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location("prune_before", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["prune_before"] = module
    spec.loader.exec_module(module)
    return module.Pruner


def main() -> None:
    args = before_after_parser(__doc__, WORKLOADS).parse_args()
    from smalltrees.learners.c45.prune import Pruner

    with tempfile.TemporaryDirectory() as tmp:
        sides = {"before": load_pruner(args.before, Path(tmp)), "after": Pruner}
    print(f"C4.5 pruning alone, before = {args.before}'s prune.py, after = this checkout's: "
          f"best of {args.repeat} runs, CPU seconds (process time)")
    print(f"{'workload':<16} {'trees':>6} {'cpu before':>10} {'cpu after':>10} {'ratio':>6}  same")
    totals = [0.0, 0.0]
    differ = False
    for name in args.workloads:
        trees = grown_trees(name, args.data)
        best: dict[str, float] = {}
        digests: dict[str, str] = {}
        for _ in range(args.repeat):
            for label, pruner_class in sides.items():
                cpu, digests[label] = prune_all(pruner_class, trees)
                best[label] = min(cpu, best.get(label, cpu))
        same = digests["before"] == digests["after"]
        differ |= not same
        totals = [totals[0] + best["before"], totals[1] + best["after"]]
        print(f"{name:<16} {len(trees):>6} {best['before']:>10.3f} {best['after']:>10.3f} "
              f"{best['before'] / best['after']:>6.2f}  {'yes' if same else 'NO'}")
    print(f"{'total':<16} {'':>6} {totals[0]:>10.3f} {totals[1]:>10.3f} "
          f"{totals[0] / totals[1]:>6.2f}")
    if differ:
        raise SystemExit("some workload pruned differently before and after")


if __name__ == "__main__":
    main()
