"""Snakemake glue: one reading of a Table 1 domain's design (its trials, R partitions)."""

import json

from smalltrees.files import write_text
from smalltrees.studies.dkm96.table1_trials import domain_result
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    params = snakemake.params
    result = domain_result(snakemake.wildcards.domain, params.design["spec"],
                           snakemake.input.csv, snakemake.input.meta,
                           params.design["learners"],
                           params.design["partitions"], params.seed, params.stream,
                           progress=log.info)
    write_text(snakemake.output[0], json.dumps(result, indent=1) + "\n")
