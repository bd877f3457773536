"""Snakemake glue: Last et al. (2002) Table 4 from the networks and stability runs: its cells
(the default IFN and its readings) and its views rendered from them."""

from smalltrees.evaluation.cells import write_cells
from smalltrees.evaluation.transcriptions import read_paper
from smalltrees.files import write_text
from smalltrees.studies.last02.table4 import (
    make_table4,
    read_runs,
    render_table4,
    table4_numbers,
    table4_view,
)
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    params, inputs, output = snakemake.params, snakemake.input, snakemake.output
    networks, agreements, sizes = read_runs(
        params.datasets,
        params.learners,
        params.ifn,
        inputs.networks,
        inputs.agreement,
        inputs.sizes,
    )
    paper = read_paper([inputs.paper])
    numbers = table4_numbers(
        networks,
        agreements,
        sizes,
        paper,
        params.datasets,
        params.learners,
        params.ifn,
        params.alpha,
    )
    cells = make_table4(numbers, paper, params.tolerance)
    write_cells(output.cells, cells[cells["reading"] == ""])
    write_cells(output.readings, cells[cells["reading"] != ""])
    view = table4_view(cells, paper, params.learners, params.ifn, params.labels, params.notes)
    write_text(output.csv, view.to_csv(index=False, lineterminator="\n"))
    write_text(output.md, render_table4(view, params.design))
