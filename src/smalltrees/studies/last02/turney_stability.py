"""Turney's (1995) semantic stability, eq. 4 of Last, Maimon & Minkov (2002), section 3.

    Stab = 100% * (1/ne) sum_e [ 2 / (nr (nr - 1)) sum_{i<j} agree_eij ]

``ne`` test examples "randomly generated from the original instance space", ``nr`` models each
trained on a subset of the data, ``agree_eij = 1`` when models ``i`` and ``j`` predict the same
class for example ``e``. The paper gives neither ``ne`` nor the generator nor which models are
paired; our defaults (notes A3), all in config: ``ne = 1000`` examples, each attribute drawn
independently and uniformly (continuous: on [min, max] of the data; nominal: over the observed
values; ``empirical`` draws from the observed values instead), and the models of each
cross-validation run paired among themselves (``run``; ``all`` pairs all R x F fold models).
The models are those of the study's cross-validation: the same folds
(:func:`~smalltrees.evaluation.resampling.repetition_fold_ids` of the cv stream), refitted here
because the CV job keeps no models.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import numpy as np
import pandas as pd

from smalltrees.evaluation.resampling import repetition_fold_ids, seed_for
from smalltrees.evaluation.statistics import one_sample_t
from smalltrees.learners.c45.tree import iter_nodes

GENERATORS = ("uniform", "empirical")
PAIRINGS = ("run", "all")


def random_instances(X: pd.DataFrame, n: int, generator: str,
                     seed: np.random.SeedSequence) -> pd.DataFrame:
    """``n`` examples from the instance space of ``X``, each attribute drawn independently.

    ``uniform``: continuous uniform on [min, max] of the known values, nominal uniform over the
    values that occur; ``empirical``: each attribute drawn from its known values as they occur.
    Columns keep their dtypes (a nominal attribute its declared categories).
    """
    if generator not in GENERATORS:
        raise ValueError(f"generator must be one of {GENERATORS}, got {generator!r}")
    rng = np.random.default_rng(seed)
    columns = {}
    for name in X.columns:
        column = X[name].dropna()
        if len(column) == 0:
            raise ValueError(f"column {name!r} has no known value to draw instances from")
        if isinstance(X[name].dtype, pd.CategoricalDtype):
            observed = column.to_numpy() if generator == "empirical" else column.unique()
            drawn = rng.choice(np.asarray(observed, dtype=object), n)
            columns[name] = pd.Categorical(drawn, categories=X[name].cat.categories)
        elif generator == "uniform":
            columns[name] = rng.uniform(column.min(), column.max(), n)
        else:
            columns[name] = rng.choice(column.to_numpy(dtype=float), n)
    return pd.DataFrame(columns)


def pairwise_agreement(predictions: np.ndarray) -> np.ndarray:
    """Per example (column): the fraction of model pairs (rows) predicting the same class,
    the bracket of eq. 4."""
    m = predictions.shape[0]
    if m < 2:
        raise ValueError(f"stability needs at least 2 models, got {m}")
    _, codes = np.unique(predictions, return_inverse=True)
    codes = codes.reshape(predictions.shape)
    counts = np.zeros((predictions.shape[1], codes.max() + 1))
    np.add.at(counts, (np.tile(np.arange(predictions.shape[1]), m), codes.ravel()), 1)
    return (counts * (counts - 1)).sum(axis=1) / (m * (m - 1))


def rule_size(model) -> int:
    """Domingos' output size of a fitted model: IFN's own; a C4.5 tree read as one rule per
    leaf (depth antecedents + 1 consequent); a bagged ensemble the sum over its members."""
    if hasattr(model, "output_size_"):
        return int(model.output_size_)
    if hasattr(model, "estimators_"):
        return sum(rule_size(member) for member in model.estimators_)
    return int(sum(depth + 1 for node, depth in iter_nodes(model.tree_) if node.is_leaf))


def fold_models(make_learner: Callable[[], object], X: pd.DataFrame, y, instances: pd.DataFrame,
                design: dict, seed: int, dataset: str, pairing: str,
                progress: Callable[[str], None] | None = None
                ) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Refit the models of the cross-validation and compare them on ``instances``.

    ``design`` is the CV's ``{repetitions, folds, stream}``. Returns the agreement rows
    (``repetition, instance, agreement``; repetition 0 for ``all``) and one row per model
    (``repetition, fold, output_size``).
    """
    if pairing not in PAIRINGS:
        raise ValueError(f"pairing must be one of {PAIRINGS}, got {pairing!r}")
    labels = np.asarray(y, dtype=object)
    runs, sizes = [], []
    for repetition in range(1, design["repetitions"] + 1):
        folds = repetition_fold_ids(len(labels), design["folds"], seed, design["stream"],
                                    dataset, repetition)
        predictions = []
        for fold in np.unique(folds):
            train = folds != fold
            model = make_learner().fit(X[train].reset_index(drop=True), labels[train])
            predictions.append(model.predict(instances))
            sizes.append({"repetition": repetition, "fold": int(fold),
                          "output_size": rule_size(model)})
        runs.append(np.array(predictions, dtype=object))
        if progress is not None:
            progress(f"repetition {repetition}/{design['repetitions']} done")
    groups = [(r, p) for r, p in enumerate(runs, start=1)] if pairing == "run" \
        else [(0, np.concatenate(runs))]
    agreement = pd.concat([pd.DataFrame({"repetition": r, "instance": np.arange(p.shape[1]),
                                         "agreement": pairwise_agreement(p)})
                           for r, p in groups], ignore_index=True)
    return agreement, pd.DataFrame(sizes)


def summarise(agreement: pd.DataFrame, cmm: float, alpha: float) -> dict:
    """Stability in percent (eq. 4), the sd of the per-run values, and the test against CMM.

    The paper's "** = 99% significant difference vs. CMM" names no test; ours is a two-sided
    one-sample t-test of the per-example agreement (averaged over runs) against the published
    CMM stability, at level ``alpha``.
    """
    per_run = agreement.groupby("repetition")["agreement"].mean() * 100.0
    per_example = agreement.groupby("instance")["agreement"].mean() * 100.0
    stability = float(per_example.mean())
    p = np.nan if np.isnan(cmm) else one_sample_t(per_example.to_numpy(), cmm)
    return {"stability": stability,
            "stability_sd": float(per_run.std(ddof=1)) if len(per_run) > 1 else 0.0,
            "p_vs_cmm": p, "sig_vs_cmm": bool(p < alpha) if not np.isnan(p) else False}


def learner_stability(make_learner: Callable[[], object], X: pd.DataFrame, y,
                      options: Mapping, design: Mapping, seed: int, code: str,
                      progress: Callable[[str], None] | None = None
                      ) -> tuple[pd.DataFrame, pd.DataFrame]:
    """One learner's stability on one dataset (``code``): :func:`fold_models` on the examples
    of :func:`random_instances`, drawn as ``options`` (``last02.stability``: ``instances``,
    ``generator``, ``stream``, ``pairing``) say, seeded by ``(seed, stream, code)``."""
    examples = random_instances(X, options["instances"], options["generator"],
                                seed_for(seed, options["stream"], code))
    return fold_models(make_learner, X, y, examples, design, seed, code, options["pairing"],
                       progress=progress)
