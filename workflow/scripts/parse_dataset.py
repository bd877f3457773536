"""Snakemake glue: parse one dataset's raw files into data/processed/<code>.{csv,json}."""

from smalltrees import datasets
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    code = snakemake.wildcards.dataset
    X, y, files = datasets.build_parts(code, snakemake.params.spec, paths=snakemake.input.raw)
    datasets.write(X, y, code, snakemake.params.spec, snakemake.output.csv, snakemake.output.meta,
                   files=files)
    log.info("%s: %d examples, %d attributes, classes %s", code, len(y), X.shape[1],
             sorted(y.unique()))
