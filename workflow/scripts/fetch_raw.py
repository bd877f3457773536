"""Snakemake glue: fetch one raw file, checksum-verified, from the mirrors or its origin.

Where the bytes come from (mirrors, archive, network settings) is read from the config, not
passed as params: it does not change the file, so it must not make Snakemake redo the job.
"""

from smalltrees.data.fetch import fetch_file, origin_url
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    relpath = snakemake.wildcards.relpath
    source = snakemake.params.source
    config = snakemake.config
    fetch_file(
        relpath,
        source["sha256"],
        snakemake.output[0],
        mirrors=config["mirrors"],
        urls=[origin_url(relpath, source["url"], config["uci_archive"])],
        timeout=config["fetch"]["timeout"],
        retries=config["fetch"]["retries"],
    )
