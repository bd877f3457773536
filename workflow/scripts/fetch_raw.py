"""Snakemake glue: fetch one raw file, checksum-verified, from the mirrors or its origin."""

from smalltrees.fetch import fetch_file
from smalltrees.logs import log_to

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
log = log_to(snakemake.log[0])
relpath = snakemake.wildcards.relpath
source = snakemake.params.source
origin = source["url"] or snakemake.params.uci_archive.rstrip("/") + "/" + relpath
try:
    fetch_file(
        relpath,
        source["sha256"],
        snakemake.output[0],
        mirrors=snakemake.params.mirrors,
        urls=[origin],
        timeout=snakemake.params.fetch.get("timeout", 60),
        retries=snakemake.params.fetch.get("retries", 3),
    )
except Exception as error:
    log.error("%s", error)
    raise
