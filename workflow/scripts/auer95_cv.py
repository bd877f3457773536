"""Snakemake glue: one repetition of F-fold cross-validation of one learner on one dataset."""

from pathlib import Path

from smalltrees import datasets
from smalltrees.cv import cross_validate, fold_ids, seed_for
from smalltrees.logs import log_to
from smalltrees.registry import make_learner

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
log = log_to(snakemake.log[0])
code, learner = snakemake.wildcards.dataset, snakemake.wildcards.learner
repetition = int(snakemake.wildcards.repetition)
try:
    X, y = datasets.load(code, Path(snakemake.input.data).parents[2])
    # the folds depend on (seed, study, dataset, repetition) only: identical for every learner
    folds = fold_ids(len(y), snakemake.params.folds,
                     seed_for(snakemake.params.seed, "auer95_table2", code, repetition))
    rows = cross_validate(lambda: make_learner(snakemake.params.learner), X, y, folds,
                          progress=log.info)
    rows.insert(0, "repetition", repetition)
    rows.insert(0, "learner", learner)
    rows.insert(0, "dataset", code)
    rows.to_csv(snakemake.output[0], index=False, lineterminator="\n")
except Exception as error:
    log.error("%s", error)
    raise
