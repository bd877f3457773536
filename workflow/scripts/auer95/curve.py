"""Snakemake glue: the learning-curve draws of one dataset and tree depth (section 4)."""

from smalltrees.datasets import read
from smalltrees.files import write_text
from smalltrees.learners.registry import make_learner
from smalltrees.studies.auer95.curves import draw_errors, usable_sizes
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    X, y = read(snakemake.input.csv, snakemake.input.meta)
    sizes, dropped = usable_sizes(snakemake.params.grid, len(y))
    if dropped:
        log.warning("%s: sizes %s leave no test data (%d examples): dropped",
                    snakemake.wildcards.dataset, dropped, len(y))
    draws = draw_errors(X, y, lambda: make_learner(snakemake.params.learner), sizes,
                        snakemake.params.repetitions, snakemake.params.seed,
                        snakemake.params.stream, snakemake.wildcards.dataset)
    log.info("%s %s: %d draws at m = %s", snakemake.wildcards.dataset, snakemake.wildcards.level,
             len(draws), sizes)
    write_text(snakemake.output[0], draws.to_csv(index=False, lineterminator="\n"))
