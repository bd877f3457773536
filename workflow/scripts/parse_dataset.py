"""Snakemake glue: parse one dataset's raw files into data/processed/<code>.{csv,json}."""

from pathlib import Path

from smalltrees import datasets
from smalltrees.logs import log_to

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
log = log_to(snakemake.log[0])
code = snakemake.wildcards.dataset
try:
    X, y = datasets.build(code, snakemake.params.spec)
    datasets.save(X, y, code, snakemake.params.spec, Path(snakemake.output.csv).parent)
    log.info("%s: %d examples, %d attributes, classes %s", code, len(y), X.shape[1],
             sorted(y.unique()))
except Exception as error:
    log.error("%s", error)
    raise
