"""Snakemake glue: Auer et al. (1995) Table 1 from the processed datasets: its cells beside the
paper's, and its views rendered from them."""

from smalltrees.datasets import read
from smalltrees.evaluation.cells import write_cells
from smalltrees.evaluation.transcriptions import read_transcription
from smalltrees.files import write_text
from smalltrees.studies.auer95.table1 import describe, render_table1, table1_cells, table1_view
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    codes = snakemake.params.datasets
    csvs, metas = snakemake.input.data[: len(codes)], snakemake.input.data[len(codes):]
    rows = {code: describe(*read(csv, meta)) for code, csv, meta in zip(codes, csvs, metas,
                                                                      strict=True)}
    cells = table1_cells(rows, read_transcription(snakemake.input.paper))
    view = table1_view(cells, rows, snakemake.params.names, snakemake.params.notes)
    write_cells(snakemake.output.cells, cells)
    write_text(snakemake.output.csv, view.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, render_table1(view))
