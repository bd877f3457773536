"""Snakemake glue: Table 4's stability under every reading of eq. 4 (table and figure), and the
cells of the default IFN's stability and marker under each configured reading."""

from smalltrees.evaluation.cells import write_cells
from smalltrees.evaluation.transcriptions import read_paper
from smalltrees.files import write_text
from smalltrees.reporting.figures import save_figure
from smalltrees.studies.last02.stability_readings import (
    make_readings_table,
    read_readings,
    readings_cells,
    readings_figure,
    render_readings,
)
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    params, inputs, output = snakemake.params, snakemake.input, snakemake.output
    examples, runs = read_readings(
        params.datasets, params.learners, inputs.readings, inputs.reading_runs
    )
    paper = read_paper([inputs.paper])
    table = make_readings_table(
        examples, runs, paper, params.datasets, params.learners, params.default, params.alpha
    )
    write_cells(
        output.cells,
        readings_cells(table, paper, params.ifn[0], params.readings, params.tolerance),
    )
    write_text(output.csv, table.to_csv(index=False, lineterminator="\n"))
    write_text(output.md, render_readings(table, params.labels, params.design, params.alpha))
    save_figure(readings_figure(table, params.labels), output.png)
