"""Snakemake glue: Figure 1 (CR and SE) or the all-datasets figure, from the curve table."""

import pandas as pd

from smalltrees.reporting.figures import save_figure
from smalltrees.studies.auer95 import figure1
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    curves = pd.read_csv(snakemake.input.table)
    plot = figure1.plot_figure1 if snakemake.params.kind == "paper" else figure1.plot_all_datasets
    save_figure(plot(curves, snakemake.params.datasets), snakemake.output.png, snakemake.output.pdf)
