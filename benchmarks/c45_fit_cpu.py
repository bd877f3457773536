"""CPU seconds of the workflow's C4.5 workloads, before (a git revision) and after (this
checkout), in one run, and whether they fit the same trees.

Issue 36 (every table in four minutes): about half of the default workflow's CPU is our C4.5
fitting. Each workload below is a 10-fold cross-validation (fit on the training part, predict
the test part; folds from ``seed_for(0, "c45_fit_cpu", dataset)``) of a configured learner of
``config.yaml`` on a dataset as the workflow's parse step writes it (``--data``: a project root
holding ``data/processed``):

* Auer et al.'s Table 2 CV and its readings (``auer95_table2``, ``auer95_c45_refit``): the
  pre-Release-8 C4.5 (single precision, Quinlan's pruning estimate) on SE, PI, CR and SP,
  Release 8 on SE, subsetting (``-s``) on CR and SP, windowing (``-w``) on PI, SP and CR (unknown
  values: fractional weights);
* last02's bagged C4.5 (``BAG_C45``, 25 samples fitted on case weights) on AU and PI (PI's
  bagged trees spend about a quarter of their fit pruning, mostly subtree raising);
* DKM's Table 1 C4.5 with the criterion G (``C45_G``) on PI; and one trial of the largest
  point of DKM's decision-list calibration grid (5000 training examples, 24 attributes:
  TopDown and AdaBoost, which use the shared split machinery of ``learners/splits.py`` but no
  C4.5);
* ``dataset:learner:cv``: one repetition of Table 2's 25-fold CV through the workflow's CV
  helper (``repeated_cv_each``, which fits the folds together: their C4.5 trees grow side by
  side), each fold's model and the CV rows fingerprinted.

The revision's ``src/`` is exported (``git archive``) to a temporary directory and each side
runs in its own process (``PYTHONPATH``), the two alternating ``--repeat`` times so that they
share the machine's load; a workload's CPU (process time, and wall) is the best of its runs.
``same`` says whether both sides fitted the same trees (the sha256 of every fold's
``export_text``, ``predict_proba`` bytes and, for C4.5, its tree arrays).

Usage::

    python benchmarks/c45_fit_cpu.py --before main --data /path/to/project
    python benchmarks/c45_fit_cpu.py --before main --workloads PI:C45_WINDOW --repeat 5
    python benchmarks/c45_fit_cpu.py --before main --workloads PI:C45_WINDOW:trials=10

A third part ``name=value`` (comma-separated) changes the learner's parameters: C4.5's own
default of 10 windowing trials (``trials=10``) where the workflow runs one.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import fields
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: dataset:learner; ``DL`` is one trial of DKM's configured decision-list generator.
WORKLOADS = ["SE:C45_PRE_R8", "PI:C45_PRE_R8", "CR:C45_PRE_R8", "SP:C45_PRE_R8", "SE:C45_R8",
             "CR:C45_SUBSET", "SP:C45_SUBSET", "PI:C45_WINDOW", "SP:C45_WINDOW", "CR:C45_WINDOW",
             "AU:BAG_C45", "PI:BAG_C45", "PI:C45_G", "DL:calibration",
             *(f"{code}:{learner}:cv" for learner in ("C45", "C45_R8", "C45_PRE_R8", "C45_CUT_GR")
               for code in ("SP", "SE", "CR", "PI"))]


def fingerprint(model, X_test) -> bytes:
    """What a fit is compared by: its printed tree, its probabilities and tree arrays."""
    import numpy as np

    parts = [np.ascontiguousarray(model.predict_proba(X_test)).tobytes()]
    for tree in [getattr(m, "tree_", None) for m in getattr(model, "estimators_", [model])]:
        if tree is not None:
            parts += [np.asarray(getattr(tree, f.name)).tobytes() for f in fields(tree)]
    if hasattr(model, "export_text"):
        parts.append(model.export_text().encode())
    return hashlib.sha256(b"".join(parts)).digest()


def run_workload(name: str, data: Path) -> tuple[float, float, str]:
    """CPU and wall seconds of one workload, and the digest of its fits."""
    import numpy as np
    import yaml

    from smalltrees.data.store import load
    from smalltrees.evaluation.resampling import fold_ids, seed_for
    from smalltrees.learners.registry import make_learner

    config = yaml.safe_load((ROOT / "config.yaml").read_text())
    code, learner, changed = (name.split(":") + [""])[:3]
    digest = hashlib.sha256()
    if code == "DL":
        from smalltrees.studies.dkm96.boosting_trials import (
            DL_POSITIVE,
            decision_list_trials,
            run_trials,
        )

        table2 = config["dkm96"]["table2"]
        # the calibration grid's largest point (train_size and n_attributes at their largest)
        spec = {**table2["domains"]["DL"]["decision_list"], "trials": 1, "train_size": 5000,
                "n_attributes": 24}
        roles = {role: config["learners"][table2["learners"][role]]
                 for role in ("topdown", "adaboost")}
        start, start_wall = time.process_time(), time.perf_counter()
        _, summary = run_trials("DL", decision_list_trials("DL", spec, 0, "c45_fit_cpu"),
                                DL_POSITIVE, roles)
        cpu, wall = time.process_time() - start, time.perf_counter() - start_wall
        digest.update(summary.to_csv().encode())
        return cpu, wall, digest.hexdigest()[:16]
    X, y = load(code, data)
    entry = config["learners"][learner]
    if changed == "cv":
        return _cv_workload(code, entry, X, y)
    if changed:  # e.g. PI:C45_WINDOW:trials=10
        entry = {**entry, "params": {**entry["params"], **yaml.safe_load(
            "{" + changed.replace("=", ": ") + "}")}}
    folds = fold_ids(len(X), 10, seed_for(0, "c45_fit_cpu", code))
    start, start_wall = time.process_time(), time.perf_counter()
    for fold in range(10):
        train, test = np.flatnonzero(folds != fold), np.flatnonzero(folds == fold)
        model = make_learner(entry).fit(X.iloc[train], y.iloc[train])
        digest.update(fingerprint(model, X.iloc[test]))
    return time.process_time() - start, time.perf_counter() - start_wall, digest.hexdigest()[:16]


def _cv_workload(code: str, entry: dict, X, y) -> tuple[float, float, str]:
    """One repetition of 25-fold CV of ``entry`` on ``(X, y)`` by ``repeated_cv_each``."""
    import numpy as np

    from smalltrees.evaluation.resampling import fold_ids, repeated_cv_each, seed_for
    from smalltrees.learners.registry import make_learner

    folds = fold_ids(len(X), 25, seed_for(0, "c45_fit_cpu", code))
    digest = hashlib.sha256()

    def keep(repetition: int, fold: int, models: list) -> None:
        digest.update(fingerprint(models[0], X.iloc[np.flatnonzero(folds == fold)]))

    start, start_wall = time.process_time(), time.perf_counter()
    rows = repeated_cv_each([lambda: make_learner(entry)], X, y, [folds], on_fit=keep)[0]
    cpu, wall = time.process_time() - start, time.perf_counter() - start_wall
    digest.update(rows.to_csv().encode())
    return cpu, wall, digest.hexdigest()[:16]


def side(src: Path, workloads: list[str], data: Path) -> dict[str, list]:
    """Run the workloads once in a fresh process importing ``smalltrees`` from ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run([sys.executable, __file__, "--worker", "--data", str(data),
                          "--workloads", *workloads], env=env, check=True, capture_output=True,
                         text=True).stdout
    return json.loads(out.splitlines()[-1])


def before_after_parser(doc: str, workloads: list[str]) -> argparse.ArgumentParser:
    """The options of a before/after benchmark: the revision, the data, the workloads and
    the number of runs of each side."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--before", default="main", help="git revision measured as before")
    parser.add_argument("--data", type=Path, default=ROOT, help="project root with data/processed")
    parser.add_argument("--workloads", nargs="+", default=workloads)
    parser.add_argument("--repeat", type=int, default=3)
    return parser


def main() -> None:
    parser = before_after_parser(__doc__, WORKLOADS)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps({name: run_workload(name, args.data) for name in args.workloads}))
        return
    best: dict[str, dict[str, list]] = {"before": {}, "after": {}}
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.before, "src"],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        sources = {"before": Path(tmp) / "src", "after": ROOT / "src"}
        for _ in range(args.repeat):
            for label, src in sources.items():
                for name, (cpu, wall, digest) in side(src, args.workloads, args.data).items():
                    old = best[label].get(name)
                    best[label][name] = [min(cpu, old[0]) if old else cpu,
                                         min(wall, old[1]) if old else wall, digest]
    print(f"C4.5 workloads, before = {args.before}, after = this checkout: best of "
          f"{args.repeat} runs, CPU seconds (process time) and wall seconds")
    print(f"{'workload':<28} {'cpu before':>10} {'cpu after':>10} {'ratio':>6} "
          f"{'wall before':>11} {'wall after':>10}  same")
    totals = [0.0, 0.0]
    for name in args.workloads:
        (cpu_b, wall_b, digest_b), (cpu_a, wall_a, digest_a) = (best["before"][name],
                                                                best["after"][name])
        totals = [totals[0] + cpu_b, totals[1] + cpu_a]
        print(f"{name:<28} {cpu_b:>10.3f} {cpu_a:>10.3f} {cpu_b / cpu_a:>6.2f} "
              f"{wall_b:>11.3f} {wall_a:>10.3f}  {'yes' if digest_a == digest_b else 'NO'}")
    print(f"{'total':<28} {totals[0]:>10.3f} {totals[1]:>10.3f} {totals[0] / totals[1]:>6.2f}")
    if any(best["before"][n][2] != best["after"][n][2] for n in args.workloads):
        raise SystemExit("some workload fitted different trees before and after")


if __name__ == "__main__":
    main()
