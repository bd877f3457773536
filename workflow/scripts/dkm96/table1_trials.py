"""Snakemake glue: the Table 1 trials of one domain (C4.5(G) and C4.5(H), R partitions)."""

import json

from smalltrees import datasets
from smalltrees.files import write_text
from smalltrees.studies.dkm96.trials import not_run, run_domain
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    domain, params = snakemake.wildcards.domain, snakemake.params
    try:
        X, y = datasets.read(snakemake.input.csv, snakemake.input.meta)
    except datasets.DatasetUnavailable as unavailable:
        log.warning("%s: %s", domain, unavailable)
        result = not_run(domain, params.spec, datasets.unavailable_reason(snakemake.input.meta))
    else:
        files = datasets.read_meta(snakemake.input.meta)["files"]
        result = run_domain(domain, params.spec, X, y, files, params.learners, params.partitions,
                            params.seed, params.stream, progress=log.info)
    write_text(snakemake.output[0], json.dumps(result, indent=1) + "\n")
