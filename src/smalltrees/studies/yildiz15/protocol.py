"""The experiment of Yildiz (2015, section V-B) on one dataset: splits, growing, four prunings.

"We first separate one third of the dataset as the test set ... With the remaining two thirds,
we apply 5 x 2-fold cross validation, which gives a total of ten folds." In each fold the tree
is grown on one half (:class:`~smalltrees.ID3`), the other half is the validation set
(CvPrune's pruning set, and the set on which the SRM methods choose (a1, a2) from the grid), and
every pruned tree is scored on the fixed test third. The splits are stratified (the author's
toolkit: :func:`~smalltrees.evaluation.resampling.stratified_holdout` for the test third,
:func:`~smalltrees.evaluation.resampling.stratified_fold_ids` for the halves) and drawn from
``seed_for(seed, stream, dataset, ...)``.

Attribute coding: a dataset whose attributes are all categorical is *discrete* (ID3's multiway
splits, LB-L-ary); any other is *continuous*: its categorical attributes, if any, are coded as
numbers (a category's own value when all categories are numbers, as in hepatitis and heart,
else its position in the declared order, as for german's ``A11, A12, ...``), which is how the
author's toolkit stores them, and the tree gets binary cuts and LB-continuous.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import numpy as np
import pandas as pd

from smalltrees.evaluation.resampling import seed_for, stratified_fold_ids, stratified_holdout
from smalltrees.learners.id3 import ID3
from smalltrees.learners.id3.pruning import methods
from smalltrees.learners.id3.pruning.bound import grid, srm_bound
from smalltrees.learners.id3.pruning.capacity import data_kind, node_values, tree_lb
from smalltrees.learners.tree.routing import node_counts
from smalltrees.studies.yildiz15 import METHODS, SRM


def paper_coding(X: pd.DataFrame) -> tuple[pd.DataFrame, str]:
    """``X`` as the paper's learners see it, and its kind (``"discrete"``/``"continuous"``)."""
    categorical = [c for c in X.columns if isinstance(X[c].dtype, pd.CategoricalDtype)]
    if len(categorical) == X.shape[1]:
        return X, "discrete"
    coded = X.copy()
    for column in categorical:
        cats = pd.Series(X[column].cat.categories.astype(str))
        numeric = pd.to_numeric(cats, errors="coerce")
        values = numeric if numeric.notna().all() else pd.Series(np.arange(len(cats)), dtype=float)
        codes = X[column].cat.codes.to_numpy()
        coded[column] = np.where(codes < 0, np.nan, values.to_numpy(dtype=float)[codes])
    return coded, "continuous"


SELECTIONS = ("fold", "dataset")


def run_dataset(X: pd.DataFrame, y: pd.Series, code: str, settings: Mapping, seed: int,
                progress: Callable[[str], None] | None = None) -> pd.DataFrame:
    """All folds of one dataset: one row per (fold, method) with the test error (%), the
    number of decision nodes, the validation errors, the selected (a1, a2) and the bound (%)
    of the SRM methods. ``settings`` is the config's ``yildiz15`` section.

    ``settings["pruning"]["selection"]`` says where the SRM methods' (a1, a2) is chosen:
    ``"fold"`` (default) on each fold's validation half; ``"dataset"``, one pair per dataset
    with the fewest validation errors summed over the folds (the author's scripts chose one
    pair per dataset, on the test errors), ties as in :func:`select` on the folds' mean bound
    and tree size."""
    return run_prunings(X, y, code, settings, {"": settings["pruning"]}, seed, progress)[""]


def run_prunings(X: pd.DataFrame, y: pd.Series, code: str, settings: Mapping,
                 prunings: Mapping[str, Mapping], seed: int,
                 progress: Callable[[str], None] | None = None) -> dict[str, pd.DataFrame]:
    """:func:`run_dataset` under several pruning options at once (the study's own and its
    readings' variants), by name. The splits and the grown trees do not depend on the pruning
    options, so each fold's tree is grown once and pruned once per distinct options; options
    differing only in ``selection`` (which picks among the same pruned trees) share them."""
    for pruning in prunings.values():
        if pruning.get("selection", "fold") not in SELECTIONS:
            raise ValueError(f"yildiz15.pruning.selection must be one of {SELECTIONS}, "
                             f"got {pruning['selection']!r}")
    X, kind = paper_coding(X)
    labels = y.to_numpy(dtype=str)
    keys = {name: _pruning_key(pruning) for name, pruning in prunings.items()}
    distinct = {key: prunings[name] for name, key in keys.items()}
    stream = settings.get("stream", "yildiz15")
    held_out = stratified_holdout(labels, settings["test_fraction"],
                                  seed_for(seed, stream, code, "test"))
    rest = np.flatnonzero(~held_out)
    X_test, y_test = X[held_out].reset_index(drop=True), labels[held_out]
    folds = []
    for repetition in range(1, settings["repetitions"] + 1):
        halves = stratified_fold_ids(labels[rest], 2, seed_for(seed, stream, code, repetition))
        for half in (0, 1):
            train, valid = rest[halves == half], rest[halves != half]
            grown = grow_fold(X.iloc[train].reset_index(drop=True), labels[train],
                              X.iloc[valid].reset_index(drop=True), labels[valid],
                              X_test, y_test)
            grids = {key: prune_grown(grown, kind, options) for key, options in distinct.items()}
            folds.append((2 * (repetition - 1) + half + 1, repetition, grids))
    return {name: _fold_rows([(fold, repetition, grids[keys[name]])
                              for fold, repetition, grids in folds],
                             pruning.get("selection", "fold"), f"{code}{name and ' ' + name}",
                             progress)
            for name, pruning in prunings.items()}


def _pruning_key(pruning: Mapping) -> str:
    """The pruning options that change the pruned trees (all but ``selection``), as a key."""
    return repr(sorted((k, v) for k, v in pruning.items() if k != "selection"))


def _fold_rows(folds: list, selection: str, label: str,
               progress: Callable[[str], None] | None) -> pd.DataFrame:
    """The rows of :func:`run_dataset` from each fold's (fold, repetition, grids)."""
    chosen = ({m: select(*(np.sum([g[m][k] for _, _, g in folds], axis=0)
                           for k in ("valid_errors", "bound", "nodes"))) for m in METHODS}
              if selection == "dataset" else {})
    rows = []
    for fold, repetition, grids in folds:
        found = [fold_row(method, grid, chosen.get(method)) for method, grid in grids.items()]
        rows += [{"fold": fold, "repetition": repetition, **row} for row in found]
        if progress is not None:
            progress(f"{label} fold {fold}: " + ", ".join(
                f"{r['method']} {r['test_error']:.1f}% ({r['nodes']})" for r in found))
    return pd.DataFrame(rows)


def run_fold(X_train, y_train, X_valid, y_valid, X_test, y_test, kind: str,
             options: Mapping) -> list[dict]:
    """Grow on the training half, prune four ways, score on the validation and test sets;
    the SRM methods' (a1, a2) chosen on this fold's validation half."""
    grids = prune_fold(X_train, y_train, X_valid, y_valid, X_test, y_test, kind, options)
    return [fold_row(method, grid) for method, grid in grids.items()]


def prune_fold(X_train, y_train, X_valid, y_valid, X_test, y_test, kind: str,
               options: Mapping) -> dict[str, dict]:
    """Grow on the training half and prune four ways; per method, the pruned trees' measures,
    one entry per grid pair (one for NoPrune and CvPrune): errors on the test, validation
    and training sets, decision nodes, lower bound V and SRM bound (NaN if not SRM)."""
    return prune_grown(grow_fold(X_train, y_train, X_valid, y_valid, X_test, y_test), kind,
                       options)


def grow_fold(X_train, y_train, X_valid, y_valid, X_test, y_test) -> dict:
    """The tree grown on the training half (:class:`~smalltrees.ID3`, no pruning option read),
    its domain sizes, the class counts of the validation and test sets in each of its nodes
    and the three set sizes: what :func:`prune_grown` prunes under any options."""
    model = ID3().fit(X_train, y_train)
    tree, n_values = model.tree_, model.schema_.n_values
    k = len(model.classes_)
    data_kind(n_values, model.feature_names_in_)
    counts = {name: node_counts(tree, model.encode(Xs), _codes(model.classes_, ys), k + 1)
              for name, Xs, ys in (("valid", X_valid, y_valid), ("test", X_test, y_test))}
    return {"tree": tree, "n_values": n_values, "counts": counts, "n_train": len(y_train),
            "n_valid": len(y_valid), "n_test": len(y_test)}


def prune_grown(grown: Mapping, kind: str, options: Mapping) -> dict[str, dict]:
    """A grown fold (:func:`grow_fold`) pruned four ways under ``options`` (the config's
    ``yildiz15.pruning``), as :func:`prune_fold` returns it; the grown tree is not changed."""
    tree, counts, n_train = grown["tree"], grown["counts"], grown["n_train"]
    base = node_values(tree, grown["n_values"], kind, options["lb_features"])
    a1, a2 = grid(**options["grid"])
    order, confidence = options["order"], options["confidence"]
    cuts = {
        "NoPrune": methods.no_prune(tree),
        "CvPrune": methods.cv_prune(tree, counts["valid"], order, options["ties"]),
        "SrmLocal": methods.srm_local(tree, base, a1, a2, order, confidence),
        "SrmGlobal": methods.srm_global(tree, base, a1, a2, order, confidence),
    }
    grids = {}
    for method, cut in cuts.items():
        srm = method in SRM
        train_errors = methods.pruned_errors(tree, cut, tree.counts)
        V = tree_lb(tree, base, methods.frontier(tree, cut))[0]
        grids[method] = {
            "test_errors": methods.pruned_errors(tree, cut, counts["test"]),
            "valid_errors": methods.pruned_errors(tree, cut, counts["valid"]),
            "train_errors": train_errors, "V": V,
            "bound": (srm_bound(train_errors / n_train, V, n_train, a1, a2, confidence) if srm
                      else np.full(cut.shape[1], np.nan)),
            "nodes": methods.decision_nodes(tree, cut),
            "a1": a1 if srm else np.full(1, np.nan), "a2": a2 if srm else np.full(1, np.nan),
            "n_train": n_train, "n_valid": grown["n_valid"], "n_test": grown["n_test"],
            "grown_nodes": tree.decision_nodes,
        }
    return grids


def fold_row(method: str, grid: Mapping, g: int | None = None) -> dict:
    """One method's row of a fold: the pruned tree of grid column ``g`` (by default the one
    :func:`select` picks on this fold's validation errors)."""
    if g is None:
        g = select(grid["valid_errors"], grid["bound"], grid["nodes"])
    n_train = grid["n_train"]
    return {
        "method": method,
        "test_error": 100.0 * grid["test_errors"][g] / grid["n_test"],
        "nodes": int(grid["nodes"][g]),
        "valid_errors": int(grid["valid_errors"][g]),
        "train_error": 100.0 * grid["train_errors"][g] / n_train,
        "bound": 100.0 * grid["bound"][g],
        "a1": grid["a1"][g], "a2": grid["a2"][g],
        "vc_lb": float(grid["V"][g]),
        "n_train": n_train, "n_valid": grid["n_valid"], "n_test": grid["n_test"],
        "grown_nodes": grid["grown_nodes"],
    }


def select(valid_errors: np.ndarray, bound: np.ndarray, nodes: np.ndarray) -> int:
    """The grid column with the fewest validation errors; ties by the smaller bound, then the
    smaller tree, then the first pair (a1 outer, a2 inner)."""
    tie_bound = np.nan_to_num(bound, nan=0.0)
    return int(np.lexsort((np.arange(valid_errors.size), nodes, tie_bound, valid_errors))[0])


def _codes(classes: np.ndarray, labels: np.ndarray) -> np.ndarray:
    """Class codes of ``labels`` in ``classes``; a class unseen in training gets ``len``."""
    position = np.searchsorted(classes, labels)
    position = np.minimum(position, len(classes) - 1)
    return np.where(classes[position] == labels, position, len(classes))
