"""Snakemake glue: parse one dataset's raw files into data/processed/<code>.{csv,json}."""

from smalltrees import datasets
from smalltrees_workflow.logs import log_to

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
log = log_to(snakemake.log[0])
code = snakemake.wildcards.dataset
try:
    X, y, files = datasets.build_parts(code, snakemake.params.spec, paths=snakemake.input.raw)
    datasets.write(X, y, code, snakemake.params.spec, snakemake.output.csv, snakemake.output.meta,
                   files=files)
    log.info("%s: %d examples, %d attributes, classes %s", code, len(y), X.shape[1],
             sorted(y.unique()))
except Exception as error:
    log.error("%s", error)
    raise
