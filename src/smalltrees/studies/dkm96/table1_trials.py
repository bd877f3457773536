"""DKM 1996 Table 1 trials of one domain: C4.5(G) and C4.5(H) on n training sets, R partitions.

For each partition (see :mod:`smalltrees.studies.dkm96.design`) and each of its n training sets,
four learners are fitted: C4.5(G) and C4.5(H) pruned, whose errors on the one test set the
table reports, and the same unpruned, whose sizes it reports ("% error on pruned trees ... the
sizes of the unpruned trees", Table 1's caption); a pruned and an unpruned learner that differ
in nothing else grow each tree once, the trees of a partition's training sets side by side
(:meth:`~smalltrees.evaluation.encoded.EncodedData.fit_sets`). Every test example's number of
wrong G and H hypotheses is tallied into the contingency table of the paper's confidence
interval (:func:`smalltrees.evaluation.intervals.contingency`).

A domain's optional ``missing_as`` reads the dataset's missing categorical values as that value
(:func:`missing_as_value`): Annealing's ``?`` read as anneal.names' "not applicable" ``-``.

The result is a plain dict (written as JSON): the per-trial counts and the tables, no derived
statistics, so that the table builders can change without refitting anything.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence

import numpy as np
import pandas as pd

from smalltrees import datasets
from smalltrees.data.transform import one_vs_rest
from smalltrees.evaluation.encoded import EncodedData
from smalltrees.evaluation.intervals import contingency
from smalltrees.learners.registry import make_learner
from smalltrees.studies.dkm96.design import partition

ROLES = {"error": ("G", "H"), "size": ("G", "H")}
"""The learners of ``dkm96.table1.learners``: pruned ones for errors, unpruned for sizes."""
LOG = logging.getLogger(__name__)


def not_run(domain: str, spec: Mapping, reason: str) -> dict:
    """The result of a domain whose dataset is unavailable: no partitions, and why."""
    return {"domain": domain, "dataset": spec["dataset"], "status": f"not run: {reason}",
            "partitions": []}


def run_domain(domain: str, spec: Mapping, X: pd.DataFrame, y: pd.Series,
               files: Sequence[Mapping], learners: Mapping[str, Mapping[str, Mapping]],
               partitions: int, seed: int, stream: str,
               progress: Callable[[str], None] | None = None) -> dict:
    """Fit the four learners on every training set of ``partitions`` partitions of one domain.

    ``learners[purpose][criterion]`` is a learner config entry (``class``, ``params``) for
    purpose "error" (pruned) or "size" (unpruned) and criterion "G" or "H".
    """
    X = missing_as_value(X, spec.get("missing_as"))
    labels = one_vs_rest(y, spec["positive_class"],
                         f"dkm96.table1.domains.{domain}.positive_class (dataset "
                         f"{spec['dataset']})").to_numpy(dtype=object)
    data = EncodedData.of(X, labels)
    roles = [(purpose, criterion) for purpose, criteria in ROLES.items()
             for criterion in criteria]
    results = []
    for number in range(1, partitions + 1):
        part = partition(domain, spec, files, seed, stream, number)
        y_test = labels[part.test]
        trials, wrong = [], {"G": [], "H": []}
        # fitted together: a pruned and an unpruned C4.5 grow their tree once, the trees of
        # all training sets side by side
        fitted = data.fit_sets(
            [[make_learner(learners[purpose][criterion]) for purpose, criterion in roles]
             for _ in part.train], part.train)
        for index, (rows, found) in enumerate(zip(part.train, fitted, strict=True), start=1):
            trial = {"train_set": index, "n_train": int(rows.size)}
            models = dict(zip(roles, found, strict=True))
            for criterion in ROLES["error"]:
                miss = data.predict(models["error", criterion], part.test) != y_test
                wrong[criterion].append(miss)
                trial[f"errors_{criterion}"] = int(miss.sum())
            for criterion in ROLES["size"]:
                trial[f"size_{criterion}"] = int(models["size", criterion].n_nodes_)
            trials.append(trial)
            if progress is not None:
                progress(f"{domain} partition {number}/{partitions} training set {index}: "
                         f"{trial}")
        table = contingency(np.array(wrong["G"]), np.array(wrong["H"]))
        results.append({"partition": number, "n_test": int(part.test.size),
                        "positives_test": int(np.sum(y_test == str(spec["positive_class"]))),
                        "trials": trials, "contingency": table.tolist()})
    return {"domain": domain, "dataset": spec["dataset"], "status": "ok", "partitions": results}


def missing_as_value(X: pd.DataFrame, value: str | None) -> pd.DataFrame:
    """``X`` with every missing categorical value read as the value ``value`` (made a category of
    the attribute if it is not one); ``X`` itself when ``value`` is None. Continuous attributes
    keep their missing values (C4.5's fractional cases)."""
    if value is None:
        return X
    X = X.copy()
    for name in X.columns:
        column = X[name]
        if isinstance(column.dtype, pd.CategoricalDtype) and column.isna().any():
            if value not in column.cat.categories:
                column = column.cat.add_categories([value])
            X[name] = column.fillna(value)
    return X


def domain_result(domain: str, spec: Mapping, csv: str, meta: str,
                  learners: Mapping[str, Mapping[str, Mapping]], partitions: int, seed: int,
                  stream: str, progress: Callable[[str], None] | None = None) -> dict:
    """:func:`run_domain` on the processed dataset ``csv``/``meta``, or :func:`not_run` (with
    the reason, logged as a warning) when the dataset is an unavailable optional one."""
    try:
        X, y = datasets.read(csv, meta)
    except datasets.DatasetUnavailable as unavailable:
        LOG.warning("%s: %s", domain, unavailable)
        return not_run(domain, spec, datasets.unavailable_reason(meta))
    files = datasets.read_meta(meta)["files"]
    return run_domain(domain, spec, X, y, files, learners, partitions, seed, stream,
                      progress=progress)
