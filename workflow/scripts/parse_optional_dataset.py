"""Snakemake glue: fetch and parse an optional dataset, or write its "unavailable" marker."""

from smalltrees import datasets
from smalltrees.data.optional import fetch_optional
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    code, spec, config = snakemake.wildcards.dataset, snakemake.params.spec, snakemake.config
    out = snakemake.output
    try:
        paths = fetch_optional(code, spec, mirrors=snakemake.params.sources["mirrors"],
                               archive=snakemake.params.sources["archive"],
                               timeout=config["fetch"]["timeout"],
                               retries=config["fetch"]["retries"])
    except datasets.DatasetUnavailable as unavailable:
        log.warning("%s (optional): %s", code, unavailable)
        datasets.write_unavailable(code, spec, str(unavailable), out.csv, out.meta)
    else:
        X, y, files = datasets.build_parts(code, spec, paths=paths)
        datasets.write(X, y, code, spec, out.csv, out.meta, files=files)
        log.info("%s: %d examples, %d attributes, classes %s", code, len(y), X.shape[1],
                 sorted(y.unique()))
