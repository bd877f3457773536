"""DKM 1996 section 4 trials of one problem: TopDown, then AdaBoost for as many rounds.

"We first ran TopDown to determine how many rounds it required to drive the training error to
zero. We then ran Adaboost for the same number of rounds and compared the training and test set
errors" (section 4.1). Per trial this fits TopDown (entropy), TopDown_G (the G criterion of eq. 5;
beyond the paper, which predicts it needs fewer rounds, eq. 4) and AdaBoost with TopDown's number
of rounds, and keeps every round's record (the advantage sequences of Figures 8-12) and each
trial's errors (Table 2).

A trial is one fold of a 20-fold cross-validation of a dataset (Pima, Australian), or one
independently generated training set and test set of the decision-list problem
(:mod:`smalltrees.data.decision_list`). Every random choice comes from
``seed_for(seed, stream, domain, ...)``.
"""

from __future__ import annotations

import logging
import warnings
from collections.abc import Callable, Iterator, Mapping

import numpy as np
import pandas as pd

from smalltrees.data.decision_list import random_decision_list, sample
from smalltrees.data.transform import one_vs_rest
from smalltrees.evaluation.resampling import fold_ids, seed_for
from smalltrees.learners.registry import make_learner

ALGORITHMS = {"topdown": "TopDown", "topdown_g": "TopDown_G", "adaboost": "AdaBoost"}
"""The roles of ``dkm96.table2.learners`` and the names the results use."""
ROUND_COLUMNS = ("domain", "trial", "algorithm", "round", "attribute", "test", "labels", "w",
                 "q", "depth", "gain", "eps", "advantage", "train_error")
TRIAL_COLUMNS = ("domain", "trial", "algorithm", "n_train", "n_test", "rounds",
                 "zero_train_error", "stop_reason", "train_error", "test_error")
LOG = logging.getLogger(__name__)
DL_POSITIVE = "1"
"""The positive label of the decision-list problem."""

Trial = tuple[int, pd.DataFrame, pd.Series, pd.DataFrame, pd.Series]


def dataset_trials(domain: str, spec: Mapping, X: pd.DataFrame, y: pd.Series, seed: int,
                   stream: str) -> Iterator[Trial]:
    """The folds of one ``spec["folds"]``-fold cross-validation, one trial each (not
    stratified, drawn from ``seed_for(seed, stream, domain)``), labels one class vs the rest."""
    labels = one_vs_rest(y, spec["positive_class"],
                         f"dkm96.table2.domains.{domain}.positive_class (dataset "
                         f"{spec['dataset']})")
    folds = fold_ids(len(y), int(spec["folds"]), seed_for(seed, stream, domain))
    for fold in range(int(spec["folds"])):
        test = folds == fold
        yield (fold + 1, X[~test].reset_index(drop=True), labels[~test].reset_index(drop=True),
               X[test].reset_index(drop=True), labels[test].reset_index(drop=True))


def decision_list_trials(domain: str, spec: Mapping, seed: int, stream: str,
                         progress: Callable[[str], None] | None = None) -> Iterator[Trial]:
    """``spec["trials"]`` independent decision-list problems: each its own list, training set
    of ``train_size`` and test set of ``test_size`` (seeded by (seed, stream, domain, trial))."""
    for trial in range(1, int(spec["trials"]) + 1):
        rng = np.random.default_rng(seed_for(seed, stream, domain, trial))
        target = random_decision_list(rng, int(spec["n_attributes"]), int(spec["length"]),
                                      int(spec["rule_size"]))
        if progress is not None:
            progress(f"{domain} trial {trial}: target {target.describe()}")
        X, y = sample(target, rng, int(spec["train_size"]), int(spec["n_attributes"]),
                      float(spec["noise"]))
        X_test, y_test = sample(target, rng, int(spec["test_size"]),
                                int(spec["n_attributes"]), float(spec["noise"]))
        yield (trial, X, one_vs_rest(y, DL_POSITIVE, f"{domain} trial {trial}"), X_test,
               one_vs_rest(y_test, DL_POSITIVE, f"{domain} trial {trial}"))


def run_trials(domain: str, trials: Iterator[Trial], positive: str,
               learners: Mapping[str, Mapping],
               progress: Callable[[str], None] | None = None) -> tuple[pd.DataFrame,
                                                                       pd.DataFrame]:
    """Fit the algorithms of ``learners`` (roles of :data:`ALGORITHMS`; ``topdown`` first, as
    AdaBoost takes its number of rounds) on every trial; return (rounds, trials) frames
    (:data:`ROUND_COLUMNS`, :data:`TRIAL_COLUMNS`)."""
    rounds, summaries = [], []
    roles = {role: name for role, name in ALGORITHMS.items() if role in learners}
    for trial, X, y, X_test, y_test in trials:
        n_rounds = None
        for role, algorithm in roles.items():
            model = make_learner(learners[role]).set_params(positive_class=positive)
            if role == "adaboost":
                if not n_rounds:
                    summaries.append(_summary(domain, trial, algorithm, X, X_test, None,
                                              "not run: TopDown made no split"))
                    continue
                model.set_params(n_rounds=n_rounds)
            with warnings.catch_warnings():  # the stop reason is kept in the trial's row
                warnings.simplefilter("ignore")
                model.fit(X, y)
            if role == "topdown":
                n_rounds = len(model.history_)
            history = model.history_.assign(domain=domain, trial=trial, algorithm=algorithm)
            rounds.append(history.reindex(columns=list(ROUND_COLUMNS)))
            test_error = float(np.mean(model.predict(X_test) != y_test.to_numpy()))
            train_error = float(np.mean(model.predict(X) != y.to_numpy()))
            summaries.append(_summary(domain, trial, algorithm, X, X_test, model,
                                      model.stop_reason_, train_error, test_error))
        if progress is not None:
            progress(f"{domain} trial {trial}: " + ", ".join(
                f"{s['algorithm']} {s['rounds']} rounds, test error {s['test_error']:.4f}"
                for s in summaries[-len(roles):]))
    rounds_frame = pd.concat(rounds, ignore_index=True) if rounds else pd.DataFrame(
        columns=list(ROUND_COLUMNS))
    rounds_frame["test"] = rounds_frame["test"].map(_text)
    rounds_frame["labels"] = rounds_frame["labels"].map(_text)
    return rounds_frame, pd.DataFrame(summaries, columns=list(TRIAL_COLUMNS))


def _summary(domain: str, trial: int, algorithm: str, X: pd.DataFrame, X_test: pd.DataFrame,
             model, stop_reason: str, train_error: float = np.nan,
             test_error: float = np.nan) -> dict:
    rounds = len(model.history_) if model is not None else 0
    return {"domain": domain, "trial": trial, "algorithm": algorithm, "n_train": len(X),
            "n_test": len(X_test), "rounds": rounds,
            "zero_train_error": bool(train_error == 0.0), "stop_reason": stop_reason,
            "train_error": train_error, "test_error": test_error}


def _text(value) -> str:
    """A test (threshold or tuple of values) or branch labels as one CSV cell."""
    if isinstance(value, tuple):
        return "|".join(str(v) for v in value)
    if isinstance(value, float) and np.isnan(value):
        return ""
    return repr(float(value)) if isinstance(value, (float, np.floating)) else str(value)


def problem_trials(domain: str, spec: Mapping, data: tuple[pd.DataFrame, pd.Series] | None,
                   learners: Mapping[str, Mapping], seed: int, stream: str,
                   progress: Callable[[str], None] | None = None
                   ) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Every trial of one Table 2 problem (``dkm96.table2.domains.<domain>``): generated decision
    lists (``decision_list``), or the folds of a dataset, ``data`` = its ``(X, y)``. Returns
    :func:`run_trials`'s rounds and summary; TopDown's trials that stop before zero training
    error are logged as warnings."""
    if "decision_list" in spec:
        trials = decision_list_trials(domain, {**spec["decision_list"], "trials": spec["trials"]},
                                      seed, stream, progress=progress)
        positive = DL_POSITIVE
    else:
        X, y = data
        trials = dataset_trials(domain, spec, X, y, seed, stream)
        positive = str(spec["positive_class"])
    rounds, summary = run_trials(domain, trials, positive, learners, progress=progress)
    unreachable = summary[(summary["algorithm"] == "TopDown") & ~summary["zero_train_error"]]
    for row in unreachable.itertuples():
        LOG.warning("%s trial %d: TopDown stopped: %s", domain, row.trial, row.stop_reason)
    return rounds, summary
