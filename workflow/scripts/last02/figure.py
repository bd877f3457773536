"""Snakemake glue: the size-stability figure from Table 4's cells."""

import pandas as pd

from smalltrees.evaluation.cells import read_cells
from smalltrees.evaluation.transcriptions import read_paper
from smalltrees.reporting.figures import save_figure
from smalltrees.studies.last02.figures import size_stability_figure
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    params = snakemake.params
    cells = pd.concat([read_cells(path) for path in snakemake.input.cells], ignore_index=True)
    figure = size_stability_figure(
        cells, read_paper([snakemake.input.paper]), params.learners, params.ifn, params.labels
    )
    save_figure(figure, snakemake.output.png, snakemake.output.pdf)
