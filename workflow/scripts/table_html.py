"""Snakemake glue: one Markdown table as an HTML page for the Snakemake report."""

from pathlib import Path

from smalltrees.files import write_text
from smalltrees.reporting.html import markdown_to_html
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    name = f"{snakemake.wildcards.study}_{snakemake.wildcards.name}"
    write_text(snakemake.output[0], markdown_to_html(Path(snakemake.input.md).read_text(), name))
