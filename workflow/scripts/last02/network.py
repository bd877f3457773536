"""Snakemake glue: the IFN of each configured IFN learner induced on one whole dataset (one
output per learner, in the order of ``params.learners``)."""

import json

from smalltrees.datasets import read
from smalltrees.files import write_text
from smalltrees.learners.registry import make_learner
from smalltrees.studies.last02.networks import network_summary
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    data = read(snakemake.input.csv, snakemake.input.meta)
    learners = snakemake.params.learners
    for (name, entry), path in zip(learners.items(), snakemake.output, strict=True):
        summary = network_summary(make_learner(entry), *data)
        log.info("%s %s: output size %d", snakemake.wildcards.dataset, name,
                 summary["output_size"])
        write_text(path, json.dumps(summary, indent=1) + "\n")
