"""Snakemake glue: the IFN of one configured learner induced on one whole dataset."""

import json

from smalltrees.datasets import read
from smalltrees.files import write_text
from smalltrees.learners.registry import make_learner
from smalltrees.studies.last02.networks import network_summary
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    summary = network_summary(make_learner(snakemake.params.learner),
                              *read(snakemake.input.csv, snakemake.input.meta))
    log.info("%s: output size %d", snakemake.wildcards.dataset, summary["output_size"])
    write_text(snakemake.output[0], json.dumps(summary, indent=1) + "\n")
