"""Turney's (1995) semantic stability, eq. 4 of Last, Maimon & Minkov (2002), section 3.

    Stab = 100% * (1/ne) sum_e [ 2 / (nr (nr - 1)) sum_{i<j} agree_eij ]

``ne`` test examples "randomly generated from the original instance space", ``nr`` models each
trained on a subset of the data, ``agree_eij = 1`` when models ``i`` and ``j`` predict the same
class for example ``e``. The paper gives neither ``ne`` nor the generator nor which models are
paired; our defaults (notes A3), all in config: ``ne = 1000`` examples drawn as ``records``,
whole rows of the data with replacement (the introduction: Turney's stability is "the expected
agreement between two models on a random sample of the original data"); ``uniform`` draws each
attribute independently and uniformly (continuous: on [min, max] of the data; nominal: over
the observed values), ``empirical`` each attribute from its observed values; the models of
each cross-validation run are paired among themselves (``run``; ``all`` pairs all R x F fold
models).
The models are those of the study's cross-validation, fitted once: each stability job runs the
CV (:func:`~smalltrees.evaluation.resampling.repeated_cv`, the same folds and rows as the
``cross_validate`` rule) and keeps each fold model's predictions on the examples as it is
fitted, then computes eq. 4 under every reading (:data:`READINGS`: each generator x each
pairing); the configured one is Table 4's, the others feed the readings table
(:mod:`smalltrees.studies.last02.stability_readings`). Domingos' own generator (the paper cites
his CMM evaluation) is not among them: we found no description of how CMM generates its
examples beyond "a large number of examples generated and classified according to the
ensemble" (Domingos' CMM project page).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import product

import numpy as np
import pandas as pd

from smalltrees.evaluation.encoded import fits_encoded
from smalltrees.evaluation.resampling import repeated_cv, seed_for
from smalltrees.evaluation.statistics import one_sample_t

GENERATORS = ("uniform", "empirical", "records")
PAIRINGS = ("run", "all")
READINGS = tuple(product(GENERATORS, PAIRINGS))
"""Every (generator, pairing) a stability job computes."""


def random_instances(X: pd.DataFrame, n: int, generator: str,
                     seed: np.random.SeedSequence) -> pd.DataFrame:
    """``n`` examples from the instance space of ``X``.

    ``uniform``: each attribute drawn independently, continuous uniform on [min, max] of the
    known values, nominal uniform over the values that occur; ``empirical``: each attribute
    drawn independently from its known values as they occur (the marginals); ``records``: whole
    rows of ``X`` drawn with replacement (the joint distribution, the paper's introduction:
    Turney's agreement "on a random sample of the original data"; the rows are training
    examples of most fold models). Columns keep their dtypes (a nominal attribute its declared
    categories).
    """
    if generator not in GENERATORS:
        raise ValueError(f"generator must be one of {GENERATORS}, got {generator!r}")
    rng = np.random.default_rng(seed)
    if generator == "records":
        return X.iloc[rng.integers(0, len(X), n)].reset_index(drop=True)
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
    """Domingos' output size of a fitted model: IFN's own; a C4.5 tree's rules
    (:meth:`~smalltrees.learners.c45.estimator.C45.rule_size`, so that this module, run by every
    stability job, imports no learner); a bagged ensemble the sum over its members."""
    if hasattr(model, "output_size_"):
        return int(model.output_size_)
    if hasattr(model, "estimators_"):
        return sum(rule_size(member) for member in model.estimators_)
    return model.rule_size()


def fold_predictions(make_learner: Callable[[], object], X: pd.DataFrame, y,
                     example_sets: Mapping[str, pd.DataFrame], design: Mapping, seed: int,
                     dataset: str, progress: Callable[[str], None] | None = None
                     ) -> tuple[dict[str, list[np.ndarray]], pd.DataFrame, pd.DataFrame]:
    """Run the study's cross-validation once, predicting every set of examples with each fold
    model as it is fitted.

    ``design`` is the CV's ``{repetitions, folds, stream}``: the folds are
    :func:`~smalltrees.evaluation.resampling.repeated_cv`'s, so the models are the CV's and its
    per-fold rows (returned third, as the ``cross_validate`` rule writes them without the
    ``dataset`` and ``learner`` columns) come from the same fits. Returns, per key of
    ``example_sets``, one ``folds x examples`` array of predictions per run, and one row per
    model (``repetition, fold, output_size``). Predicting is cheap beside fitting, so the CV
    and every reading of the examples share the same fits. A model that predicts encoded rows
    predicts every set's examples in one call (each row's prediction is its own, so stacking
    the sets changes none; a bagged C4.5 then routes them through each member's tree once,
    not once per set).
    """
    predictions: dict[str, dict[int, list]] = {key: {} for key in example_sets}
    sizes = []
    stacked: list[np.ndarray] = []  # every set's examples as the fold models read them
    ends = np.cumsum([len(examples) for examples in example_sets.values()])[:-1]

    def keep(repetition: int, fold: int, model) -> None:
        if fits_encoded(model):  # every fold model has the data's schema
            if not stacked:
                stacked.append(np.concatenate([model._encode_for_prediction(examples)
                                               for examples in example_sets.values()]))
            parts = np.split(model._predict_encoded(stacked[0]), ends)
        else:
            parts = [model.predict(examples) for examples in example_sets.values()]
        for key, predicted in zip(example_sets, parts, strict=True):
            predictions[key].setdefault(repetition, []).append(predicted)
        sizes.append({"repetition": repetition, "fold": fold, "output_size": rule_size(model)})

    rows = repeated_cv(make_learner, X, y, design["repetitions"], design["folds"], seed,
                       design["stream"], dataset, progress=progress, on_fit=keep)
    runs = {key: [np.array(predicted, dtype=object) for predicted in by_run.values()]
            for key, by_run in predictions.items()}
    return runs, pd.DataFrame(sizes), rows


def run_agreement(runs: list[np.ndarray], pairing: str) -> pd.DataFrame:
    """The agreement rows (``repetition, instance, agreement``) of the models of each run
    paired among themselves (``run``), or of all models pooled (``all``, repetition 0)."""
    if pairing not in PAIRINGS:
        raise ValueError(f"pairing must be one of {PAIRINGS}, got {pairing!r}")
    groups = list(enumerate(runs, start=1)) if pairing == "run" \
        else [(0, np.concatenate(runs))]
    return pd.concat([pd.DataFrame({"repetition": r, "instance": np.arange(p.shape[1]),
                                    "agreement": pairwise_agreement(p)})
                      for r, p in groups], ignore_index=True)


def fold_models(make_learner: Callable[[], object], X: pd.DataFrame, y, instances: pd.DataFrame,
                design: dict, seed: int, dataset: str, pairing: str,
                progress: Callable[[str], None] | None = None
                ) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Refit the models of the cross-validation and compare them on ``instances``: the
    :func:`run_agreement` rows under ``pairing`` and the size of every model."""
    if pairing not in PAIRINGS:  # before any fit
        raise ValueError(f"pairing must be one of {PAIRINGS}, got {pairing!r}")
    runs, sizes, _ = fold_predictions(make_learner, X, y, {"": instances}, design, seed,
                                      dataset, progress)
    return run_agreement(runs[""], pairing), sizes


def reading_parts(agreement: pd.DataFrame) -> tuple[pd.Series, pd.Series]:
    """The agreement rows of one reading reduced to what eq. 4 and its tests need: the
    agreement of each example averaged over the runs (``instance``-indexed) and the mean
    agreement of each run (``repetition``-indexed), both as fractions."""
    return (agreement.groupby("instance")["agreement"].mean(),
            agreement.groupby("repetition")["agreement"].mean())


def summarise(agreement: pd.DataFrame, cmm: float, alpha: float) -> dict:
    """:func:`summarise_parts` of the agreement rows (:func:`run_agreement`)."""
    return summarise_parts(*reading_parts(agreement), cmm, alpha)


def summarise_parts(per_example: pd.Series, per_run: pd.Series, cmm: float,
                    alpha: float) -> dict:
    """Stability in percent (eq. 4), the sd of the per-run values, and two tests against CMM.

    The paper's "** = 99% significant difference vs. CMM" names no test. Ours
    (``p_vs_cmm``, Table 4's marker) is a two-sided one-sample t-test of the per-example
    agreement (averaged over runs; ``ne`` values) against the published CMM stability, at level
    ``alpha``. The second reading (``p_runs_vs_cmm``) is the same test on the per-run
    stabilities (``R - 1`` degrees of freedom, as the paper's accuracy intervals in section 3
    use the 10 runs): it needs runs paired separately (NaN for a single pooled group).
    """
    per_example, per_run = per_example * 100.0, per_run * 100.0
    stability = float(per_example.mean())
    p = np.nan if np.isnan(cmm) else one_sample_t(per_example.to_numpy(), cmm)
    p_runs = np.nan if np.isnan(cmm) or len(per_run) < 2 else \
        one_sample_t(per_run.to_numpy(), cmm)
    return {"stability": stability,
            "stability_sd": float(per_run.std(ddof=1)) if len(per_run) > 1 else 0.0,
            "p_vs_cmm": p, "sig_vs_cmm": bool(p < alpha) if not np.isnan(p) else False,
            "p_runs_vs_cmm": p_runs,
            "sig_runs_vs_cmm": bool(p_runs < alpha) if not np.isnan(p_runs) else False}


def learner_stability(make_learner: Callable[[], object], X: pd.DataFrame, y,
                      options: Mapping, design: Mapping, seed: int, code: str,
                      progress: Callable[[str], None] | None = None
                      ) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame,
                                 pd.DataFrame]:
    """One learner's stability on one dataset (``code``) under every reading.

    The examples of each generator of :data:`GENERATORS` are drawn by :func:`random_instances`
    seeded by ``(seed, stream, code)`` (the same seed for each, so the configured reading's
    examples do not depend on the others); the CV's models are fitted once
    (:func:`fold_predictions`) and compared under each pairing of :data:`PAIRINGS`.
    ``options`` is ``last02.stability`` (``instances``, ``generator``, ``stream``,
    ``pairing``): its ``generator`` and ``pairing`` name the default reading.

    Returns the default reading's agreement rows (:func:`run_agreement`), the model sizes,
    every reading's :func:`reading_parts` as two frames: ``generator, pairing, instance,
    agreement`` (per example) and ``generator, pairing, repetition, agreement`` (per run), and
    the cross-validation's per-fold rows (the study's Table 3 accuracies, from the same fits).
    """
    for key, allowed in (("generator", GENERATORS), ("pairing", PAIRINGS)):
        if options[key] not in allowed:
            raise ValueError(f"last02.stability.{key} must be one of {allowed}, "
                             f"got {options[key]!r}")
    seed_examples = seed_for(seed, options["stream"], code)
    example_sets = {generator: random_instances(X, options["instances"], generator,
                                                seed_examples)
                    for generator in GENERATORS}
    runs, sizes, cv_rows = fold_predictions(make_learner, X, y, example_sets, design, seed,
                                            code, progress=progress)
    examples, per_runs, default = [], [], None
    for generator, pairing in READINGS:
        agreement = run_agreement(runs[generator], pairing)
        if (generator, pairing) == (options["generator"], options["pairing"]):
            default = agreement
        per_example, per_run = reading_parts(agreement)
        reading = {"generator": generator, "pairing": pairing}
        examples.append(per_example.reset_index().assign(**reading))
        per_runs.append(per_run.reset_index().assign(**reading))
    columns = ["generator", "pairing"]
    return (default, sizes,
            pd.concat(examples, ignore_index=True)[[*columns, "instance", "agreement"]],
            pd.concat(per_runs, ignore_index=True)[[*columns, "repetition", "agreement"]],
            cv_rows)
