"""Snakemake glue: the learning-curve draws of one dataset and tree depth (section 4), from draw
``params.first`` on (``auer95_curve_more``: those beyond the stored ones)."""

from smalltrees.datasets import read
from smalltrees.files import write_text
from smalltrees.learners.registry import make_learner
from smalltrees.studies.auer95.learning_curve_draws import curve_draws
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    params = snakemake.params
    draws = curve_draws(*read(snakemake.input.csv, snakemake.input.meta),
                        lambda: make_learner(params.learner), params.grid, params.repetitions,
                        params.seed, params.stream, snakemake.wildcards.dataset,
                        params.first)
    write_text(snakemake.output[0], draws.to_csv(index=False, lineterminator="\n"))
