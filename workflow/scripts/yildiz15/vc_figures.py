"""Snakemake glue: Figures 10 and 11, every shape of the VC table drawn with "LB - exact"."""

import pandas as pd

from smalltrees.reporting.figures import save_figure
from smalltrees.studies.yildiz15.figures import paper_figures
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    for name, figure in paper_figures(pd.read_csv(snakemake.input.table)).items():
        save_figure(figure, snakemake.output[name])
