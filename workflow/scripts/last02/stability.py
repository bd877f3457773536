"""Snakemake glue: Turney stability of one learner's cross-validation models on one dataset."""

from smalltrees.datasets import read
from smalltrees.files import write_text
from smalltrees.learners.registry import make_learner
from smalltrees.studies.last02.turney_stability import learner_stability
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    params = snakemake.params
    agreement, sizes = learner_stability(
        lambda: make_learner(params.learner), *read(snakemake.input.csv, snakemake.input.meta),
        params.stability, params.design, params.seed, snakemake.wildcards.dataset,
        progress=log.info)
    write_text(snakemake.output.agreement, agreement.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.sizes, sizes.to_csv(index=False, lineterminator="\n"))
