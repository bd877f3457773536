"""Snakemake glue: Figure 1 (CR and SE) or the all-datasets figure, from the curve table."""

import pandas as pd

from smalltrees.reporting.figures import save_figure
from smalltrees.studies.auer95 import figures
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    curves = pd.read_csv(snakemake.input.table)
    plot = figures.figure1 if snakemake.params.kind == "paper" else figures.all_datasets_figure
    save_figure(plot(curves, snakemake.params.datasets), snakemake.output.png, snakemake.output.pdf)
