"""Snakemake glue: Figures 10-11 as a table, LB-binary and the exact VC-dimension of every shape
beside the paper's pairs (their cells, with the reading that fixes the polarity), the checks of
each drawn pair, and the exact - LB differences per d."""

from smalltrees.evaluation.cells import write_cells
from smalltrees.evaluation.transcriptions import read_paper
from smalltrees.files import write_text
from smalltrees.studies.yildiz15.vc_table import (
    drawn_checks,
    render_vc_table,
    settings_text,
    vc_cells,
    vc_listing,
    vc_rows,
)
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    params, out = snakemake.params, snakemake.output
    paper = read_paper(snakemake.input.paper)
    rows = vc_rows(params.dims, params.max_nodes)
    checks = drawn_checks(rows, paper)
    cells = vc_cells(rows, paper, checks)
    write_cells(out.cells, cells)
    write_text(out.csv, vc_listing(rows, cells, paper).to_csv(index=False, lineterminator="\n"))
    write_text(out.md, render_vc_table(rows, cells, paper,
                                       settings_text(params.dims, params.max_nodes), checks))
