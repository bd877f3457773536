"""Snakemake glue: the Table 2 figure (PNG and PDF) from the cells of Table 2 and Sky2."""

from smalltrees.evaluation.cells import read_cells
from smalltrees.reporting.figures import save_figure
from smalltrees.studies.auer95.figures import table2_figure
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    figure = table2_figure(read_cells(snakemake.input.cells), read_cells(snakemake.input.sky),
                           snakemake.params.compare, snakemake.params.design)
    save_figure(figure, snakemake.output.png, snakemake.output.pdf)
