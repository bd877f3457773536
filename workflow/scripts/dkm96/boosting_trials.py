"""Snakemake glue: section 4 trials of one problem (TopDown, TopDown_G, AdaBoost per trial)."""

from smalltrees import datasets
from smalltrees.files import write_text
from smalltrees.studies.dkm96.boosting_trials import problem_trials
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    params = snakemake.params
    data = datasets.read(*snakemake.input.data) if snakemake.input.data else None
    rounds, summary = problem_trials(snakemake.wildcards.domain, params.spec, data,
                                     params.learners, params.seed, params.stream,
                                     progress=log.info)
    write_text(snakemake.output.rounds, rounds.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.trials, summary.to_csv(index=False, lineterminator="\n"))
