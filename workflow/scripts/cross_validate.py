"""Snakemake glue: repeated F-fold cross-validation of one learner on one dataset."""

from smalltrees.datasets import read
from smalltrees.evaluation.resampling import label_cv_rows, repeated_cv
from smalltrees.files import write_text
from smalltrees.learners.registry import make_learner
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    code = snakemake.wildcards.dataset
    design = snakemake.params.design
    X, y = read(snakemake.input.csv, snakemake.input.meta)
    rows = repeated_cv(lambda: make_learner(snakemake.params.learner), X, y,
                       design["repetitions"], design["folds"], snakemake.params.seed,
                       design["stream"], code, progress=log.info)
    label_cv_rows(rows, code, snakemake.wildcards.learner)
    write_text(snakemake.output[0], rows.to_csv(index=False, lineterminator="\n"))
