"""Snakemake glue: repeated F-fold cross-validation of one dataset, one output file per learner
of ``params.learners`` (name -> entry, in output order), all on the same folds (fitted together:
C4.5 learners that differ only in pruning grow each fold's tree once)."""

from functools import partial

from smalltrees.datasets import read
from smalltrees.evaluation.resampling import (
    label_cv_rows,
    repeated_cv_each,
    repetition_partitions,
)
from smalltrees.files import write_text
from smalltrees.learners.registry import make_learner
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    code = snakemake.wildcards.dataset
    design = snakemake.params.design
    X, y = read(snakemake.input.csv, snakemake.input.meta)
    learners = snakemake.params.learners
    partitions = repetition_partitions(len(y), design["repetitions"], design["folds"],
                                       snakemake.params.seed, design["stream"], code)
    found = repeated_cv_each([partial(make_learner, entry) for entry in learners.values()], X, y,
                             partitions, progress=log.info)
    for name, rows, path in zip(learners, found, snakemake.output, strict=True):
        label_cv_rows(rows, code, name)
        write_text(path, rows.to_csv(index=False, lineterminator="\n"))
