"""Snakemake glue: Figures 10-11 as a table, LB-binary and the exact VC-dimension of every shape
beside the paper's pairs, and the "difference at most one" claim."""

import pandas as pd

from smalltrees.files import write_text
from smalltrees.studies.yildiz15.vc_table import (
    difference_claim,
    make_vc_table,
    render_vc_table,
    settings_text,
    vc_rows,
)
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    params = snakemake.params
    table = make_vc_table(vc_rows(params.dims, params.max_nodes),
                          pd.read_csv(snakemake.input.paper))
    write_text(snakemake.output.csv, table.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md,
               render_vc_table(table, difference_claim(table),
                               settings_text(params.dims, params.max_nodes)))
