"""Snakemake glue: Sky1 and Sky2 (T1 and T2 on all examples), Sky2 under each reading (another
T2 learner), and Sky3 (T3) of one dataset."""

import json
import time

from smalltrees.datasets import read
from smalltrees.files import write_text
from smalltrees.learners.registry import make_learner
from smalltrees.studies.auer95.sky import sky, sky3
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    X, y = read(snakemake.input.csv, snakemake.input.meta)
    readings = {name: make_learner(entry)
                for name, entry in snakemake.params.readings.items()}
    result = sky(X, y, readings)
    log.info("%s: Sky1 %.2f%%, Sky2 %.2f%%\n%s", snakemake.wildcards.dataset, result["sky1"],
             result["sky2"], result["t2_tree"])
    write_text(snakemake.output.sky, json.dumps(result, indent=1) + "\n")
    start = time.process_time()
    result = sky3(X, y)
    log.info("%s: Sky3 %.2f%% (T3 in %.1f CPU-s)\n%s", snakemake.wildcards.dataset,
             result["sky3"], time.process_time() - start, result["t3_tree"])
    write_text(snakemake.output.sky3, json.dumps(result, indent=1) + "\n")
