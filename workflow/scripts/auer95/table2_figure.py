"""Snakemake glue: the Table 2 figure (PNG and PDF) from the Table 2 results table."""

import pandas as pd

from smalltrees.reporting.figures import save_figure
from smalltrees.studies.auer95.figures import table2_figure
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    figure = table2_figure(pd.read_csv(snakemake.input.table), snakemake.params.compare,
                         snakemake.params.design)
    save_figure(figure, snakemake.output.png, snakemake.output.pdf)
