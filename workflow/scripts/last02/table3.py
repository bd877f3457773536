"""Snakemake glue: Last et al. (2002) Table 3 from the CV results, beside the paper's."""

import pandas as pd

from smalltrees.datasets import read
from smalltrees.files import write_text
from smalltrees.studies.last02.table3 import describe, make_table3, render_table3
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    params = snakemake.params
    codes = params.datasets
    csvs, metas = snakemake.input.data[: len(codes)], snakemake.input.data[len(codes):]
    described = {code: describe(*read(csv, meta))
                 for code, csv, meta in zip(codes, csvs, metas, strict=True)}
    folds = pd.concat([pd.read_csv(path) for path in snakemake.input.cv], ignore_index=True)
    table = make_table3(folds, described, pd.read_csv(snakemake.input.paper), codes,
                        params.learners, params.ifn)
    write_text(snakemake.output.csv, table.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, render_table3(table, params.learners, params.ifn,
                                                  params.labels, params.notes))
