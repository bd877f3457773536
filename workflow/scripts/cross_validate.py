"""Snakemake glue: repeated F-fold cross-validation of one learner on one dataset."""

from smalltrees.datasets import read
from smalltrees.evaluation.resampling import repeated_cv
from smalltrees.learners.registry import make_learner
from smalltrees_workflow.logs import log_to

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
log = log_to(snakemake.log[0])
study, code = snakemake.wildcards.study, snakemake.wildcards.dataset
design = snakemake.params.design
try:
    X, y = read(snakemake.input.csv, snakemake.input.meta)
    rows = repeated_cv(lambda: make_learner(snakemake.params.learner), X, y,
                       design["repetitions"], design["folds"], snakemake.params.seed,
                       design["stream"], code, progress=log.info)
    rows.insert(0, "learner", snakemake.wildcards.learner)
    rows.insert(0, "dataset", code)
    rows.to_csv(snakemake.output[0], index=False, lineterminator="\n")
except Exception as error:
    log.error("%s", error)
    raise
