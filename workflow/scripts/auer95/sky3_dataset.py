"""Snakemake glue: Sky3 of one dataset (T3 on all its examples)."""

import json
import time

from smalltrees.datasets import read
from smalltrees.files import write_text
from smalltrees.studies.auer95.sky import sky3
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    start = time.process_time()
    result = sky3(*read(snakemake.input.csv, snakemake.input.meta))
    log.info("%s: Sky3 %.2f%% (T3 in %.1f CPU-s)\n%s", snakemake.wildcards.dataset,
             result["sky3"], time.process_time() - start, result["t3_tree"])
    write_text(snakemake.output[0], json.dumps(result, indent=1) + "\n")
