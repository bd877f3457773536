"""Snakemake glue: section 4 trials of one problem (TopDown, TopDown_G, AdaBoost per trial)."""

from smalltrees import datasets
from smalltrees.files import write_text
from smalltrees.studies.dkm96.boosting import (
    DL_POSITIVE,
    dataset_trials,
    decision_list_trials,
    run_trials,
)
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    domain, params = snakemake.wildcards.domain, snakemake.params
    spec = params.spec
    if "decision_list" in spec:
        trials = decision_list_trials(domain, {**spec["decision_list"], "trials": spec["trials"]},
                                      params.seed, params.stream, progress=log.info)
        positive = DL_POSITIVE
    else:
        X, y = datasets.read(*snakemake.input.data)
        trials = dataset_trials(domain, spec, X, y, params.seed, params.stream)
        positive = str(spec["positive_class"])
    rounds, summary = run_trials(domain, trials, positive, params.learners, progress=log.info)
    write_text(snakemake.output.rounds, rounds.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.trials, summary.to_csv(index=False, lineterminator="\n"))
    unreachable = summary[(summary["algorithm"] == "TopDown") & ~summary["zero_train_error"]]
    for row in unreachable.itertuples():
        log.warning("%s trial %d: TopDown stopped: %s", domain, row.trial, row.stop_reason)
