"""Snakemake glue: Sky1 and Sky2 of one dataset (T1 and T2 on all its examples)."""

import json
from pathlib import Path

from smalltrees import datasets
from smalltrees.auer95_sky import sky
from smalltrees.logs import log_to

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
log = log_to(snakemake.log[0])
root = Path(snakemake.input.data).parents[2]
result = sky(*datasets.load(snakemake.wildcards.dataset, root))
log.info("%s: Sky1 %.2f%%, Sky2 %.2f%%\n%s", snakemake.wildcards.dataset, result["sky1"],
         result["sky2"], result["t2_tree"])
Path(snakemake.output[0]).write_text(json.dumps(result, indent=1) + "\n")
