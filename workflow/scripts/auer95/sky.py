"""Snakemake glue: the Sky1/Sky2/Sky3 table of all datasets, beside the paper's Sky2."""

import json
from pathlib import Path

import pandas as pd

from smalltrees.files import write_text
from smalltrees.studies.auer95.sky import make_sky_table, render_sky_table
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)


def read_each(paths) -> dict:
    return {code: json.loads(Path(path).read_text())
            for code, path in zip(snakemake.params.datasets, paths, strict=True)}


with job_log(snakemake):
    table = make_sky_table(read_each(snakemake.input.sky), pd.read_csv(snakemake.input.paper),
                           snakemake.params.notes, read_each(snakemake.input.sky3))
    write_text(snakemake.output.csv, table.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, render_sky_table(table))
