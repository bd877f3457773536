"""Snakemake glue: Turney stability of one learner's cross-validation models on one dataset,
the configured reading (Table 4's) and every reading's per-example and per-run agreement."""

from smalltrees.datasets import read
from smalltrees.files import write_text
from smalltrees.learners.registry import make_learner
from smalltrees.studies.last02.turney_stability import learner_stability
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    params, output = snakemake.params, snakemake.output
    agreement, sizes, examples, runs = learner_stability(
        lambda: make_learner(params.learner), *read(snakemake.input.csv, snakemake.input.meta),
        params.stability, params.design, params.seed, snakemake.wildcards.dataset,
        progress=log.info)
    for path, frame in ((output.agreement, agreement), (output.sizes, sizes),
                        (output.readings, examples), (output.reading_runs, runs)):
        write_text(path, frame.to_csv(index=False, lineterminator="\n"))
