"""The tests of trees grown to purity on DKM 1996 Table 2's folds (the ``rounds`` readings).

Table 2's TopDown rounds are the tests of a tree grown best-first until zero training error.
To see whether the order of growth or the learner explains a gap to the paper (Pima: our 122
against 143.6), the same folds (:func:`~smalltrees.studies.dkm96.boosting_trials.dataset_trials`,
the same seed and stream) are given to other learners of the config that grow to purity, C4.5's
unpruned trees with ``min_cases: 1`` (depth-first), and each tree's tests (internal nodes)
counted. A second reading of the data can be given: the zeros of some attributes read as
missing (Pima's file codes unmeasured plas, pres, skin, insu and mass as 0; C4.5 then sends
such cases down every branch with fractional weights, and a tree may keep some training error).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import numpy as np
import pandas as pd

from smalltrees.learners.registry import make_learner
from smalltrees.studies.dkm96.boosting_trials import dataset_trials

COLUMNS = ("learner", "setting", "trial", "n_train", "tests", "train_error")


def fold_tests(domain: str, spec: Mapping, X: pd.DataFrame, y: pd.Series,
               learners: Mapping[str, Mapping], seed: int, stream: str,
               zeros_missing: Sequence[str] = (),
               progress: Callable[[str], None] | None = None) -> pd.DataFrame:
    """Per learner (name -> config entry with ``n_nodes_``/``n_leaves_``, i.e. C4.5) and per
    fold of ``spec`` (a ``dkm96.table2.domains`` dataset problem): the tree's tests and its
    training error; with ``zeros_missing``, the same again on the data with those attributes'
    zeros read as missing (learner name suffixed " zeros missing")."""
    readings = {"": X}
    if zeros_missing:
        readings[" zeros missing"] = zeros_as_missing(X, zeros_missing)
    rows = []
    for suffix, data in readings.items():
        for trial, X_train, y_train, _, _ in dataset_trials(domain, spec, data, y, seed,
                                                            stream):
            for name, entry in learners.items():
                model = make_learner(entry).fit(X_train, y_train)
                train_error = float((model.predict(X_train) != y_train.to_numpy()).mean())
                setting = describe(entry) + (f"; 0 of {', '.join(zeros_missing)} missing"
                                             if suffix else "")
                rows.append({"learner": name + suffix, "setting": setting, "trial": trial,
                             "n_train": len(X_train),
                             "tests": int(model.n_nodes_ - model.n_leaves_),
                             "train_error": train_error})
            if progress is not None:
                progress(f"{domain} trial {trial}: " + ", ".join(
                    f"{r['learner']} {r['tests']} tests" for r in rows[-len(learners):]))
    return pd.DataFrame(rows, columns=list(COLUMNS))


def zeros_as_missing(X: pd.DataFrame, columns: Sequence[str]) -> pd.DataFrame:
    """``X`` with the zeros of the continuous ``columns`` read as missing; a name that is not a
    continuous attribute of ``X`` is a :class:`ValueError` naming it."""
    X = X.copy()
    for name in columns:
        if name not in X.columns or not pd.api.types.is_float_dtype(X[name]):
            raise ValueError(f"dkm96.readings.rounds zeros_missing: {name!r} is not a continuous "
                             f"attribute; expected one of "
                             f"{[c for c in X.columns if pd.api.types.is_float_dtype(X[c])]}")
        X.loc[X[name] == 0, name] = np.nan
    return X


def describe(entry: Mapping) -> str:
    """A learner entry as short text: its class and parameters."""
    params = ", ".join(f"{k}: {v}" for k, v in entry.get("params", {}).items())
    return f"{entry['class']}({params})"
