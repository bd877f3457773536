"""Snakemake glue: Auer et al. (1995) Table 1 from the processed datasets, beside the paper's."""

import pandas as pd

from smalltrees.datasets import read
from smalltrees.files import write_text
from smalltrees.studies.auer95.table1 import describe, make_table1, render_table1
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    codes = snakemake.params.datasets
    csvs, metas = snakemake.input.data[: len(codes)], snakemake.input.data[len(codes):]
    rows = {code: describe(*read(csv, meta)) for code, csv, meta in zip(codes, csvs, metas,
                                                                      strict=True)}
    table = make_table1(rows, pd.read_csv(snakemake.input.paper), snakemake.params.names,
                        snakemake.params.notes)
    write_text(snakemake.output.csv, table.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, render_table1(table))
