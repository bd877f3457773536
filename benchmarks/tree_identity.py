"""Fingerprints of every tree learner's fitted trees, to show a refactoring changes nothing.

For each (learner, dataset) of a sample of the studies' cross-validation folds this records the
sha256 of the learner's ``export_text``, of its ``predict`` and ``predict_proba`` on the test
fold, and its complexity measures (issue 38: "identical before and after"). The recorded file,
``tests/fixtures/tree_identity.json``, was made on the code before the tree structures were
merged; ``tests/learners/test_tree_identity.py`` recomputes a small part of it and compares.

The sample (stated here, and in the fixture's ``sample``): per dataset one fold, the first
fold of the first repetition of the study's own CV (auer95: 25 folds, stream ``auer95_table2``;
last02: 10 folds; dkm96: 20 folds of Table 2; yildiz15: the first training half of repetition 1
against its held-out test set) from the default configuration's seed.

* auer95's 15 datasets: T1, T2 and T3 at default K and at K = 2 (T3 only where the training
  fold has at most ``T3_MAX_ROWS`` rows: its search grows fast), every C4.5 of the config
  (``C45*`` entries), and TopDown (entropy and G, the last sorted class against the rest, on
  the training rows without a missing value: TopDown takes no others);
* dkm96's datasets of Table 2 that are files (PI, AU): TopDown (entropy and G) and the five
  C4.5 of DKM, on that class against the rest as the study does;
* yildiz15's 23 datasets: ID3 grown on the training half and its four prunings (the pruned
  trees the study selects, printed, and the measures of every grid column);
* last02's 8 datasets: C4.5 Release 8 and bagged C4.5 (every member's tree).

AdaBoost holds stumps and IFN a layered network, not trees: neither is recorded.

Usage::

    python benchmarks/tree_identity.py --record            # write the fixture (all the sample)
    python benchmarks/tree_identity.py                     # compare with it, print differences
    python benchmarks/tree_identity.py --datasets LA HE    # only these datasets
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pandas as pd
import yaml

from smalltrees.data.store import build
from smalltrees.evaluation.resampling import (
    repetition_fold_ids,
    seed_for,
    stratified_fold_ids,
    stratified_holdout,
)
from smalltrees.learners.registry import make_learner

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "fixtures" / "tree_identity.json"
T3_MAX_ROWS = 400
DKM_C45 = ["C45_G", "C45_H", "C45_G_UNPRUNED", "C45_H_UNPRUNED", "C45_GR_UNPRUNED"]
RECORDED_ESTIMATE = {"error_estimate": "j48"}
"""The fixture was recorded when C4.5 before Release 8 pruned with J48's error estimate; issue 37
then made Quinlan's estimate its default on purpose (docs/c45_releases.md). The sample pins the
recorded estimate, so that it compares the tree structures, not that change of numbers."""


def sha(data) -> str:
    """sha256 of text, of an array's bytes (with its dtype and shape), or of labels."""
    if isinstance(data, str):
        raw = data.encode()
    else:
        array = np.asarray(data)
        if array.dtype == object or array.dtype.kind in "US":
            raw = "\n".join(map(repr, array.ravel().tolist())).encode()
        else:
            raw = f"{array.dtype.str}{array.shape}".encode() + np.ascontiguousarray(array).tobytes()
    return hashlib.sha256(raw).hexdigest()


def config() -> tuple[dict, dict]:
    """The default configuration and the dataset sheet."""
    cfg = yaml.safe_load((ROOT / "config.yaml").read_text())
    sheet = yaml.safe_load((ROOT / "data" / "datasets.yaml").read_text())["datasets"]
    return cfg, sheet


def load(code: str, sheet: dict, mirror: Path) -> tuple[pd.DataFrame, np.ndarray]:
    """A dataset parsed from the offline mirror."""
    spec = sheet[code]
    X, y = build(code, spec, paths=[mirror / entry["path"] for entry in spec["files"]])
    return X, np.asarray(y, dtype=object)


def cases(cfg: dict) -> Iterator[tuple[str, str, str, dict]]:
    """``(study, dataset, learner name, learner entry)`` of the sample, in a fixed order."""
    learners = cfg["learners"]
    c45, entries = [], []
    for name in learners:
        entry = learners[name]
        if entry["params"].get("release") == "pre-R8":
            entry = {**entry, "params": {**RECORDED_ESTIMATE, **entry["params"]}}
        if name.startswith("C45") and name not in DKM_C45 and entry not in entries:
            c45.append(name)  # a learner whose entry is an earlier one's is the same learner
            entries.append(entry)
    for code in cfg["auer95"]["datasets"]:
        for name in ("T1", "T2", "T3"):
            yield "auer95", code, name, learners[name]
            yield "auer95", code, f"{name}_K2", {"class": name, "params": {"K": 2}}
        for name, entry in zip(c45, entries, strict=True):
            yield "auer95", code, name, entry
        for name in ("TOPDOWN_H", "TOPDOWN_G"):
            yield "auer95", code, name, learners[name]
    for code in ("PI", "AU"):
        for name in ("TOPDOWN_H", "TOPDOWN_G", *DKM_C45):
            yield "dkm96", code, name, learners[name]
    for code in cfg["yildiz15"]["datasets"]:
        yield "yildiz15", code, "ID3", {"class": "ID3", "params": {}}
    for code in cfg["last02"]["datasets"]:
        for name in ("C45_R8", "BAG_C45"):
            yield "last02", code, name, learners[name]


def split(study: str, code: str, X: pd.DataFrame, y: np.ndarray, cfg: dict
          ) -> tuple[np.ndarray, np.ndarray]:
    """Training and test rows of the study's first fold (see the module docstring)."""
    seed = cfg["seed"]
    if study == "yildiz15":
        settings = cfg["yildiz15"]
        labels = y.astype(str)
        held_out = stratified_holdout(labels, settings["test_fraction"],
                                      seed_for(seed, settings["stream"], code, "test"))
        rest = np.flatnonzero(~held_out)
        halves = stratified_fold_ids(labels[rest], 2, seed_for(seed, settings["stream"], code, 1))
        return rest[halves == 0], np.flatnonzero(held_out)
    folds, stream = {
        "auer95": (cfg["auer95"]["cv"]["folds"], cfg["auer95"]["cv"]["stream"]),
        "last02": (cfg["last02"]["cv"]["folds"], cfg["last02"]["cv"]["stream"]),
        "dkm96": (cfg["dkm96"]["table2"]["domains"].get(code, {}).get("folds", 20),
                  cfg["dkm96"]["table2"]["stream"]),
    }[study]
    ids = repetition_fold_ids(len(y), folds, seed, stream, code, 1)
    return np.flatnonzero(ids != 0), np.flatnonzero(ids == 0)


def positive_class(study: str, code: str, y: np.ndarray, cfg: dict):
    """The class TopDown and DKM's C4.5 take against the rest."""
    if study == "dkm96":
        return cfg["dkm96"]["table2"]["domains"][code]["positive_class"]
    return np.unique(y.astype(str))[-1]


def fingerprint(study: str, code: str, name: str, entry: dict, X: pd.DataFrame, y: np.ndarray,
                cfg: dict) -> dict | None:
    """The fingerprints of one learner on one dataset's sample fold (None for TopDown where
    the complete training rows hold one class)."""
    train, test = split(study, code, X, y, cfg)
    entry = dict(entry, params=dict(entry.get("params", {})))
    if entry["class"] == "TopDown":  # it takes complete training rows only
        entry["params"]["positive_class"] = positive_class(study, code, y, cfg)
        train = train[X.iloc[train].notna().all(axis=1).to_numpy()]
        if len(set(y[train].tolist()) - {entry["params"]["positive_class"]}) == 0 or \
                entry["params"]["positive_class"] not in set(y[train].tolist()):
            return None  # one class left: nothing to learn
    labels = y
    if study == "dkm96" and entry["class"] == "C45":
        target = positive_class(study, code, y, cfg)
        labels = np.where(y.astype(str) == target, target, "rest").astype(object)
    if study == "yildiz15":
        return id3_fingerprint(code, X, y, train, test, cfg)
    model = make_learner(entry)
    X_train, X_test = X.iloc[train].reset_index(drop=True), X.iloc[test].reset_index(drop=True)
    model.fit(X_train, labels[train])
    out = {"export_text": sha(model.export_text()), "predict": sha(model.predict(X_test)),
           "predict_proba": sha(model.predict_proba(X_test)), "measures": measures(model, X_test)}
    if entry["class"] == "Bagging":
        # the ensemble's own text is a header (the base learner's repr, which grows with every
        # new C4.5 option: error_estimate, issue 37) above the members' trees: compare the trees
        del out["export_text"]
        out["members"] = sha("\n".join(member.export_text() for member in model.estimators_))
    return out


def measures(model, X_test: pd.DataFrame) -> dict:
    """The complexity measures and counts each learner has today."""
    kind = type(model).__name__
    if kind == "C45":
        found = dict(model.complexity(X_test))
        found.update(n_nodes=model.n_nodes_, n_leaves=model.n_leaves_, depth_=model.depth_,
                     rule_size=model.rule_size())
        return found
    if kind in ("T1", "T2", "T3"):
        return {"n_errors": model.n_errors_, "K": model.K_,
                "node_distributions": sha(model.node_distributions_),
                "to_dict": sha(json.dumps(model.to_dict(), sort_keys=True))}
    if kind == "TopDown":
        staged = np.stack([model.predict(X_test, n_splits=k)
                           for k in range(model.n_splits_ + 1)]) if len(X_test) else []
        return {"n_splits": model.n_splits_, "stop_reason": model.stop_reason_,
                "history": sha(model.history_.to_csv(index=False)),
                "node_distributions": sha(model.node_distributions_), "staged": sha(staged)}
    if kind == "Bagging":
        return {"n_nodes": [m.n_nodes_ for m in model.estimators_],
                "depth": [m.depth_ for m in model.estimators_]}
    raise ValueError(f"no measures recorded for {kind}")


def id3_fingerprint(code: str, X: pd.DataFrame, y: np.ndarray, train: np.ndarray,
                    test: np.ndarray, cfg: dict) -> dict:
    """ID3 grown on the training half, pruned four ways as yildiz15 prunes it (the other half
    validates), the selected pruned trees printed and every grid column's measures hashed."""
    from smalltrees.learners.id3 import ID3
    from smalltrees.studies.yildiz15.protocol import paper_coding, prune_fold, select

    X, _ = paper_coding(X)
    labels = y.astype(str)
    settings = cfg["yildiz15"]
    held_out = stratified_holdout(labels, settings["test_fraction"],
                                  seed_for(cfg["seed"], settings["stream"], code, "test"))
    rest = np.flatnonzero(~held_out)
    valid = np.setdiff1d(rest, train)
    X_train, X_valid, X_test = (X.iloc[rows].reset_index(drop=True)
                                for rows in (train, valid, test))
    kind = "discrete" if all(isinstance(X[c].dtype, pd.CategoricalDtype) for c in X) \
        else "continuous"
    grids = prune_fold(X_train, labels[train], X_valid, labels[valid], X_test, labels[test],
                       kind, settings["pruning"])
    model = ID3().fit(X_train, labels[train])
    out = {"export_text": sha(model.export_text()), "predict": sha(model.predict(X_test)),
           "predict_proba": sha(model.predict_proba(X_test)),
           "measures": {"n_decision_nodes": model.n_decision_nodes_,
                        "n_leaves": model.n_leaves_,
                        "leaf_distributions": sha(model.leaf_distributions_)}}
    for method, grid in grids.items():
        g = select(grid["valid_errors"], grid["bound"], grid["nodes"])
        out["measures"][method] = sha(np.concatenate([np.asarray(grid[key], dtype=float).ravel()
                                                      for key in sorted(grid)]))
        out["measures"][f"{method}_selected"] = int(g)
    return out


def run(mirror: Path, datasets: list[str] | None = None,
        learners: list[str] | None = None) -> dict:
    """Fingerprints of the sample (optionally only some datasets and learners), keyed
    ``study/dataset/learner``, with each fit's CPU seconds under ``cpu_s``."""
    cfg, sheet = config()
    found, data = {}, {}
    for study, code, name, entry in cases(cfg):
        if (datasets and code not in datasets) or (learners and name not in learners):
            continue
        if code not in data:
            data[code] = load(code, sheet, mirror)
        X, y = data[code]
        if name.startswith("T3"):
            train, _ = split(study, code, X, y, cfg)
            if train.size > T3_MAX_ROWS:
                continue
        start = time.process_time()
        prints = fingerprint(study, code, name, entry, X, y, cfg)
        if prints is not None:
            found[f"{study}/{code}/{name}"] = {**prints,
                                               "cpu_s": round(time.process_time() - start, 3)}
    return found


def _as_recorded(value, before):
    """``value`` restricted to the keys of ``before`` where both are mappings."""
    if isinstance(value, dict) and isinstance(before, dict):
        return {key: item for key, item in value.items() if key in before}
    return value


def differences(recorded: dict, found: dict) -> list[str]:
    """Keys whose fingerprints differ (``cpu_s`` aside), with the fields that differ. A measure
    added after the recording (issue 37's ``distinct_attributes``) has nothing to compare with:
    only the recorded fields and measures are compared."""
    out = []
    for key, value in found.items():
        before = recorded.get(key)
        if before is None:
            out.append(f"{key}: not recorded")
            continue
        fields = [field for field in value
                  if field != "cpu_s" and before.get(field) != _as_recorded(value[field],
                                                                          before.get(field))]
        if fields:
            out.append(f"{key}: {', '.join(fields)}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirror", default=os.environ.get("SMALLTREES_MIRROR",
                                                           ROOT.parent / "shared" / "uci-mirror"))
    parser.add_argument("--datasets", nargs="*")
    parser.add_argument("--learners", nargs="*")
    parser.add_argument("--record", action="store_true", help="write the fixture")
    args = parser.parse_args(argv)
    start, start_cpu = time.perf_counter(), time.process_time()
    found = run(Path(args.mirror), args.datasets, args.learners)
    wall, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    if args.record:
        FIXTURE.parent.mkdir(parents=True, exist_ok=True)
        FIXTURE.write_text(json.dumps({"sample": __doc__.split("\n\n")[2], "cases": found},
                                      indent=1, sort_keys=True) + "\n")
        print(f"recorded {len(found)} fingerprints in {FIXTURE} ({cpu:.1f} CPU-s, {wall:.1f} s)")
        return 0
    recorded = json.loads(FIXTURE.read_text())["cases"]
    diff = differences(recorded, found)
    same = len(found) - len(diff)
    print(f"{same} of {len(found)} (learner, dataset, fold) fingerprints identical "
          f"({cpu:.1f} CPU-s, {wall:.1f} s)")
    print("\n".join(diff))
    return 1 if diff else 0


if __name__ == "__main__":
    sys.exit(main())
