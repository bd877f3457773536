"""Snakemake glue: Last et al. (2002) Table 3 from the CV results: its cells (the default IFN
and its readings) and its views rendered from them."""

import pandas as pd

from smalltrees.datasets import read
from smalltrees.evaluation.cells import write_cells
from smalltrees.evaluation.transcriptions import read_paper
from smalltrees.files import write_text
from smalltrees.studies.last02.table3 import (
    describe,
    make_table3,
    render_table3,
    table3_numbers,
    table3_view,
)
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    params, output = snakemake.params, snakemake.output
    codes = params.datasets
    csvs, metas = snakemake.input.data[: len(codes)], snakemake.input.data[len(codes) :]
    described = {
        code: describe(*read(csv, meta)) for code, csv, meta in zip(codes, csvs, metas, strict=True)
    }
    folds = pd.concat([pd.read_csv(path) for path in snakemake.input.cv], ignore_index=True)
    paper = read_paper([snakemake.input.paper])
    numbers = table3_numbers(folds, described, paper, codes, params.learners, params.ifn)
    cells = make_table3(numbers, paper)
    write_cells(output.cells, cells[cells["reading"] == ""])
    write_cells(output.readings, cells[cells["reading"] != ""])
    view = table3_view(cells, paper, params.learners, params.ifn, params.labels, params.notes)
    write_text(output.csv, view.to_csv(index=False, lineterminator="\n"))
    write_text(output.md, render_table3(view))
