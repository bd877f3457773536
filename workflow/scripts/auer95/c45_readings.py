"""Snakemake glue: the hypotheses about Table 2's C4.5 as reading cells of Table 2, their
summary (CSV) and their page (Markdown) rendered from them."""

import pandas as pd

from smalltrees.evaluation.cells import write_cells
from smalltrees.evaluation.transcriptions import read_transcription
from smalltrees.files import write_text
from smalltrees.studies.auer95.c45_readings import (
    c45_reading_cells,
    render_c45_readings,
    summarise,
)
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    params = snakemake.params
    folds = pd.concat([pd.read_csv(path) for path in snakemake.input.folds], ignore_index=True)
    cells = c45_reading_cells(folds, read_transcription(snakemake.input.paper),
                              params.datasets, params.hypotheses, params.tolerance)
    write_cells(snakemake.output.cells, cells)
    write_text(snakemake.output.csv, summarise(cells, params.baseline).to_csv(
        index=False, lineterminator="\n"))
    write_text(snakemake.output.md, render_c45_readings(cells, params.baseline,
                                                        params.accuracy_codes,
                                                        params.not_tried))
