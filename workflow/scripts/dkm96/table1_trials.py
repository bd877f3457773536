"""Snakemake glue: the Table 1 trials of one domain (C4.5(G) and C4.5(H), R partitions)."""

import json

from smalltrees.files import write_text
from smalltrees.studies.dkm96.table1_trials import domain_result
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    params = snakemake.params
    result = domain_result(snakemake.wildcards.domain, params.spec, snakemake.input.csv,
                           snakemake.input.meta, params.learners, params.partitions,
                           params.seed, params.stream, progress=log.info)
    write_text(snakemake.output[0], json.dumps(result, indent=1) + "\n")
