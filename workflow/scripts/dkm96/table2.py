"""Snakemake glue: DKM 1996 Table 2's cells and its views (CSV and Markdown) rendered from
them."""

import pandas as pd

from smalltrees.evaluation.cells import write_cells
from smalltrees.evaluation.transcriptions import read_transcription
from smalltrees.files import write_text
from smalltrees.studies.dkm96 import table2
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    params, output = snakemake.params, snakemake.output
    trials = pd.concat([pd.read_csv(path) for path in snakemake.input.trials],
                       ignore_index=True)
    paper = read_transcription(snakemake.input.paper)
    calibrated = tuple(params.decision_lists)
    cells = table2.make_cells(trials, params.problems, paper, params.tolerance, calibrated)
    ours = table2.details(trials, params.problems, calibrated)
    write_cells(output.cells, cells)
    write_text(output.csv, table2.table2_csv(cells, ours, paper).to_csv(index=False,
                                                                 lineterminator="\n"))
    write_text(output.md, table2.render_table2(
        cells, ours, paper, params.notes, params.tolerance,
        table2.calibration_note(params.decision_lists)))
    log.info("Table 2: %d problems, %d cells", len(ours), len(cells))
