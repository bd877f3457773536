"""Snakemake glue: the DKM 1996 readings (the deviations' explanations tested) as cells of
Tables 1 and 2, and their views (CSV and Markdown) rendered from them."""

import json

import pandas as pd

from smalltrees.evaluation.cells import read_cells, write_cells
from smalltrees.evaluation.transcriptions import read_paper
from smalltrees.files import write_text
from smalltrees.studies.dkm96 import readings
from smalltrees_workflow.logs import job_log


def load(path):
    """A trial result (JSON) as a mapping, a tests CSV as a frame."""
    if path.endswith(".csv"):
        return pd.read_csv(path)
    with open(path) as handle:
        return json.load(handle)


snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    params, inputs, output = snakemake.params, snakemake.input, snakemake.output
    # only declared inputs are read: a file the plan names but the rule does not is a KeyError
    files = [*inputs.trials, *inputs.rounds, *inputs.stability, *inputs.rounds_table1]
    numbers1, numbers2 = readings.make_readings(
        params.plan, {path: load(path) for path in dict.fromkeys(files)}, params.partitions,
        params.interval, params.seed, params.stream)
    cells1, cells2 = readings.make_cells(numbers1, numbers2, read_paper(inputs.paper),
                                         params.tolerance1, params.tolerance2)
    write_cells(output.table1, cells1)
    write_cells(output.table2, cells2)
    both = pd.concat([cells1, cells2], ignore_index=True)
    defaults = pd.concat([read_cells(path) for path in inputs.tables], ignore_index=True)
    write_text(output.csv, both.to_csv(index=False, lineterminator="\n"))
    write_text(output.md, readings.render_readings(both, defaults, params.plan["problems"],
                                                   params.notes))
    log.info("readings: %d cells of %d readings", len(both),
             both[["table", "code", "reading"]].drop_duplicates().shape[0])
