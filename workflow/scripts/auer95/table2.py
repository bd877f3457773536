"""Snakemake glue: Auer et al. (1995) Table 2 from all per-fold results: its cells beside the
paper's, and its views rendered from them (with Sky2's cells and the paired tests)."""

import pandas as pd

from smalltrees.evaluation.cells import read_cells, write_cells
from smalltrees.evaluation.transcriptions import read_transcription
from smalltrees.files import write_text
from smalltrees.studies.auer95.table2 import (
    paired_tests,
    render_table2,
    table2_cells,
    table2_view,
)
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    params = snakemake.params
    folds = pd.concat([pd.read_csv(path) for path in snakemake.input.cv], ignore_index=True)
    cells = table2_cells(folds, read_transcription(snakemake.input.paper), params.datasets,
                         params.learners, params.compare, params.tolerance)
    paired = paired_tests(folds, params.datasets, params.compare)
    view = table2_view(cells, read_cells(snakemake.input.sky), paired, params.datasets,
                       params.learners, params.compare, params.notes)
    write_cells(snakemake.output.cells, cells)
    write_text(snakemake.output.csv, view.merge(paired, on="code").to_csv(
        index=False, lineterminator="\n"))
    write_text(snakemake.output.md, render_table2(view, params.compare))
