"""Snakemake glue: the predicted T2/T1 factors of section 4: their cells beside the numbers the
paper quotes, and the table (CSV and Markdown) from them."""

import json
from pathlib import Path

from smalltrees.datasets import read
from smalltrees.evaluation.cells import write_cells
from smalltrees.evaluation.transcriptions import read_transcription
from smalltrees.files import write_text
from smalltrees.studies.auer95.vc_factors import (
    dataset_inputs,
    factor_cells,
    make_vc_factors,
    predicted_factors,
    render_vc_factors,
)
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    params = snakemake.params
    inputs = {code: dataset_inputs(*read(csv, meta)) for code, csv, meta in
              zip(params.datasets, snakemake.input.csv, snakemake.input.meta, strict=True)}
    sky = {code: json.loads(Path(path).read_text())
           for code, path in zip(params.datasets, snakemake.input.sky, strict=True)}
    factors = predicted_factors(inputs, sky, params.base)
    paper = read_transcription(snakemake.input.paper)
    cells = factor_cells(factors, paper, params.around)
    table = make_vc_factors(factors, cells, paper)
    write_cells(snakemake.output.cells, cells)
    write_text(snakemake.output.csv, table.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, render_vc_factors(table, params.base, params.around))
