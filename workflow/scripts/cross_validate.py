"""Snakemake glue: repeated F-fold cross-validation of one dataset, one output file per learner
of ``params.learners`` (name -> entry, in output order), all on the same folds (fitted together:
C4.5 learners that differ only in pruning grow each fold's tree once). A learner that fits the
same models as ``params.same_fit``'s lead on this dataset (the workflow's plan, checked here
against the dataset's types) takes the lead's rows, relabelled."""

from functools import partial
from pathlib import Path

from smalltrees.data.store import continuous_attributes
from smalltrees.datasets import read
from smalltrees.evaluation.resampling import (
    label_cv_rows,
    repeated_cv_each,
    repetition_partitions,
)
from smalltrees.evaluation.same_fit import lead_rows
from smalltrees.files import write_text
from smalltrees.learners.registry import make_learner
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    code = snakemake.wildcards.dataset
    learners = snakemake.params.learners
    if getattr(snakemake.params, "same_fit", None):
        (lead, lead_entry), = snakemake.params.same_fit.items()
        (name, entry), = learners.items()
        where = snakemake.input.same_fit
        write_text(snakemake.output[0], lead_rows(
            Path(where).read_text(), (lead, make_learner(lead_entry)), (name, make_learner(entry)),
            continuous_attributes(snakemake.input.meta), where))
        log.info("%s fits the same models as %s on %s: its rows, relabelled", name, lead, code)
    else:
        design = snakemake.params.design
        X, y = read(snakemake.input.csv, snakemake.input.meta)
        partitions = repetition_partitions(len(y), design["repetitions"], design["folds"],
                                           snakemake.params.seed, design["stream"], code)
        found = repeated_cv_each([partial(make_learner, entry) for entry in learners.values()],
                                 X, y, partitions, progress=log.info)
        for name, rows, path in zip(learners, found, snakemake.output, strict=True):
            label_cv_rows(rows, code, name)
            write_text(path, rows.to_csv(index=False, lineterminator="\n"))
