"""Snakemake glue: one of DKM 1996 Figures 3-6 (the splitting-criterion curves)."""

from smalltrees.reporting.figures import save_figure
from smalltrees.studies.dkm96.criterion_curves import figure
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    number = int(snakemake.wildcards.number)
    save_figure(figure(number, snakemake.params.settings), snakemake.output.png,
                snakemake.output.pdf)
    log.info("figure %d written", number)
