"""Snakemake glue: the size-stability figure from the Table 4 CSV."""

import pandas as pd

from smalltrees.reporting.figures import save_figure
from smalltrees.studies.last02.figures import size_stability_figure
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    params = snakemake.params
    figure = size_stability_figure(pd.read_csv(snakemake.input.table), params.learners, params.ifn,
                                   params.labels)
    save_figure(figure, snakemake.output.png, snakemake.output.pdf)
