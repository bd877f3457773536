"""Snakemake glue: Sky1 and Sky2 of one dataset (T1 and T2 on all its examples)."""

import json

from smalltrees.datasets import read
from smalltrees.files import write_text
from smalltrees.studies.auer95.sky import sky
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    result = sky(*read(snakemake.input.csv, snakemake.input.meta))
    log.info("%s: Sky1 %.2f%%, Sky2 %.2f%%\n%s", snakemake.wildcards.dataset, result["sky1"],
             result["sky2"], result["t2_tree"])
    write_text(snakemake.output[0], json.dumps(result, indent=1) + "\n")
