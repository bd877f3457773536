"""Bagged C4.5 on case weights beside bagged C4.5 on repeated rows, on last02's CV folds.

A bootstrap sample repeats about 63% of the rows; :class:`~smalltrees.Bagging` fits C4.5 on
the distinct rows, each weighted by how often it was drawn (``sample_weight``), which gives
the tree of the repeated rows (a sample with an unknown value is still fitted on its repeated
rows). The peer here is the same ensemble with every sample fitted on its repeated rows (a
C4.5 that declares no case weights: what Bagging did before). Per dataset of ``last02`` (as
written by the workflow's parse step) both fit the configured bagged learner (``--learner``,
default ``BAG_C45``) on the training part of every fold of the study's cross-validation
design (``last02.cv``: repetitions x folds, the same folds as the study) and predict the
test part. It prints the best of ``--repeat`` process CPU times (and the wall time of that
run) of each, their ratio, the number of samples fitted on case weights, and whether the two
ensembles are identical: every member's tree (tests, thresholds, class weights to the last
bit) and every prediction.

Usage: ``python benchmarks/bagging_case_weights.py [--root .] [--repeat 3]
[--datasets AU PI] [--repetitions 2]``. Not a test (tests/learners/test_c45_weights.py is).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
import pandas as pd
import yaml

from smalltrees import C45
from smalltrees.datasets import load
from smalltrees.evaluation.encoded import EncodedData
from smalltrees.evaluation.resampling import repetition_fold_ids
from smalltrees.learners.registry import make_learner

ROOT = Path(__file__).resolve().parents[1]


class RepeatedC45(C45):
    """C4.5 without case weights: Bagging fits it on each sample's repeated rows."""

    def _fits_weighted(self) -> bool:
        return False


def fingerprint(model) -> list:
    """Every member's tree, node by node (test, threshold, branch groups, class weights)."""
    return [[(int(tree.feature[node]), repr(float(tree.thresholds[node, 0])),
              None if tree.groups(node) is None else tree.groups(node).tolist(),
              tree.counts[node].tolist()) for node in range(tree.n_nodes)]
            for tree in (member.tree_ for member in model.estimators_)]


def run(make, data: EncodedData, folds: list[np.ndarray]) -> tuple[float, float, list, list]:
    """Fit and predict every fold; CPU and wall seconds, the predictions and the trees."""
    predictions, trees = [], []
    cpu, wall = time.process_time(), time.perf_counter()
    for ids in folds:
        for fold in np.unique(ids):
            test = ids == fold
            model = data.fit(make(), ~test)
            predictions.append(data.predict(model, test))
            trees.append(fingerprint(model))
    return time.process_time() - cpu, time.perf_counter() - wall, predictions, trees


def weighted_samples(make, data: EncodedData, folds: list[np.ndarray]) -> tuple[int, int]:
    """How many samples of the design have no unknown value (fitted on case weights)."""
    model = make()
    kept = total = 0
    for ids in folds:
        for fold in np.unique(ids):
            train = np.flatnonzero(ids != fold)
            rng = np.random.default_rng(model.random_state)
            for _ in range(model.n_estimators):
                rows = train[rng.integers(0, train.size, train.size)]
                kept += not np.isnan(data.Z[rows]).any()
                total += 1
    return kept, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=".", help="project directory with data/processed")
    parser.add_argument("--config", default=str(ROOT / "config.yaml"))
    parser.add_argument("--learner", default="BAG_C45")
    parser.add_argument("--datasets", nargs="*", help="default: last02.datasets")
    parser.add_argument("--repetitions", type=int, help="default: last02.cv.repetitions")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    config = yaml.safe_load(Path(args.config).read_text())
    design = config["last02"]["cv"]
    entry = config["learners"][args.learner]
    peer = {**entry, "params": {**entry["params"]}}

    def weighted():
        return make_learner(entry)

    def repeated():
        model = make_learner(peer)
        return model.set_params(estimator=RepeatedC45(**model.estimator.get_params()))

    rows = []
    for code in args.datasets or config["last02"]["datasets"]:
        X, y = load(code, args.root)
        data = EncodedData.of(X, y)
        folds = [repetition_fold_ids(len(X), design["folds"], config["seed"],
                                     design.get("stream", "last02"), code, r)
                 for r in range(1, (args.repetitions or design["repetitions"]) + 1)]
        best = {}
        for _ in range(args.repeat):
            for name, make in (("weights", weighted), ("repeated", repeated)):
                cpu, wall, predicted, trees = run(make, data, folds)
                if name not in best or cpu < best[name][0]:
                    best[name] = (cpu, wall, predicted, trees)
        (w_cpu, w_wall, w_pred, w_trees), (r_cpu, r_wall, r_pred, r_trees) = (
            best["weights"], best["repeated"])
        kept, total = weighted_samples(weighted, data, folds)
        rows.append({
            "dataset": code, "fits": len(w_pred), "weighted_samples": f"{kept}/{total}",
            "weights_cpu_s": round(w_cpu, 2), "repeated_cpu_s": round(r_cpu, 2),
            "cpu_ratio": round(w_cpu / r_cpu, 3), "weights_wall_s": round(w_wall, 2),
            "repeated_wall_s": round(r_wall, 2),
            "same_trees": w_trees == r_trees,
            "same_predictions": all(np.array_equal(a, b) for a, b in zip(w_pred, r_pred,
                                                                          strict=True)),
        })
        print(f"{code}: weights {w_cpu:.2f} CPU-s, repeated rows {r_cpu:.2f} CPU-s",
              flush=True)
    table = pd.DataFrame(rows)
    print(table.to_string(index=False))
    print(f"\ntotal CPU-s: weights {table.weights_cpu_s.sum():.2f}, repeated rows "
          f"{table.repeated_cpu_s.sum():.2f} (ratio "
          f"{table.weights_cpu_s.sum() / table.repeated_cpu_s.sum():.3f}); identical on every "
          f"dataset: {bool(table.same_trees.all() and table.same_predictions.all())}")


if __name__ == "__main__":
    main()
