"""Snakemake glue: the cross-validation of one learner on one dataset for last02, and the Turney
stability of its fold models, from the same fits: the CV's per-fold rows (as the
``cross_validate`` rule writes them), the configured reading (Table 4's) and every reading's
per-example and per-run agreement."""

from smalltrees.datasets import read
from smalltrees.evaluation.resampling import label_cv_rows
from smalltrees.files import write_text
from smalltrees.learners.registry import make_learner
from smalltrees.studies.last02.turney_stability import learner_stability
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    params, output, wildcards = snakemake.params, snakemake.output, snakemake.wildcards
    agreement, sizes, examples, runs, cv = learner_stability(
        lambda: make_learner(params.learner), *read(snakemake.input.csv, snakemake.input.meta),
        params.stability, params.design, params.seed, wildcards.dataset, progress=log.info)
    label_cv_rows(cv, wildcards.dataset, wildcards.learner)
    for path, frame in ((output.cv, cv), (output.agreement, agreement), (output.sizes, sizes),
                        (output.readings, examples), (output.reading_runs, runs)):
        write_text(path, frame.to_csv(index=False, lineterminator="\n"))
