"""Snakemake glue: the DKM 1996 readings table (the deviations' explanations tested)."""

import json

import pandas as pd

from smalltrees.files import write_text
from smalltrees.studies.dkm96 import readings
from smalltrees_workflow.logs import job_log


def load(path):
    """A trial result (JSON) as a mapping, a tests or trials CSV as a frame."""
    if path.endswith(".csv"):
        return pd.read_csv(path)
    with open(path) as handle:
        return json.load(handle)


snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    params, inputs = snakemake.params, snakemake.input
    # only declared inputs are read: a file the plan names but the rule does not is a KeyError
    files = [*inputs.trials, *inputs.rounds, *inputs.stability, *inputs.topdown,
             *inputs.rounds_table1]
    table, titles, notes = readings.make_readings(
        params.plan, {path: load(path) for path in dict.fromkeys(files)},
        pd.read_csv(snakemake.input.paper1, dtype={"value": float}),
        pd.read_csv(snakemake.input.paper2, dtype={"value": float}), params.notes,
        params.partitions, params.interval, params.seed, params.stream)
    write_text(snakemake.output.csv, table.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, readings.render_readings(table, titles, notes))
    log.info("readings: %d rows in %d blocks", len(table), table["block"].nunique())
