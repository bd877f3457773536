"""Snakemake glue: the Sky1/Sky2/Sky3 table of all datasets: the Sky2 cells beside the
paper's, and the table rendered from them."""

import json
from pathlib import Path

import pandas as pd

from smalltrees.evaluation.cells import write_cells
from smalltrees.evaluation.transcriptions import read_transcription
from smalltrees.files import write_text
from smalltrees.studies.auer95.sky import (
    make_sky_table,
    readings_text,
    render_sky_table,
    sky_cells,
    sky_reading_cells,
)
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)


def read_each(paths) -> dict:
    return {code: json.loads(Path(path).read_text())
            for code, path in zip(snakemake.params.datasets, paths, strict=True)}


with job_log(snakemake):
    rows, paper = read_each(snakemake.input.sky), read_transcription(snakemake.input.paper)
    cells, readings = sky_cells(rows, paper), sky_reading_cells(rows, paper)
    table = make_sky_table(cells, rows, paper, snakemake.params.notes,
                           read_each(snakemake.input.sky3))
    write_cells(snakemake.output.cells, pd.concat([cells, readings], ignore_index=True))
    write_text(snakemake.output.csv, table.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, render_sky_table(table, rows)
               + readings_text(readings, cells))
