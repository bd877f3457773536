"""Snakemake glue: Table I, the paper's 31 datasets beside the ones we run."""

import pandas as pd

from smalltrees import datasets
from smalltrees.files import write_text
from smalltrees.studies.yildiz15.tables import describe, make_table1, render_table1
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    codes = snakemake.params.datasets
    csvs, metas = snakemake.input.data[: len(codes)], snakemake.input.data[len(codes):]
    ours = {code: describe(*datasets.read(csv, meta))
            for code, csv, meta in zip(codes, csvs, metas, strict=True)}
    table = make_table1(pd.read_csv(snakemake.input.paper), ours, snakemake.params.notes)
    write_text(snakemake.output.csv, table.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, render_table1(table))
