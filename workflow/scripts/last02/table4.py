"""Snakemake glue: Last et al. (2002) Table 4 from the networks and stability runs."""

import pandas as pd

from smalltrees.files import write_text
from smalltrees.studies.last02.table4 import make_table4, read_runs, render_table4
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    params, inputs = snakemake.params, snakemake.input
    networks, agreements, sizes = read_runs(params.datasets, params.learners, params.ifn,
                                            inputs.networks, inputs.agreement, inputs.sizes)
    table = make_table4(networks, agreements, sizes, pd.read_csv(inputs.paper),
                        params.datasets, params.learners, params.ifn, params.tolerance,
                        params.alpha)
    write_text(snakemake.output.csv, table.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, render_table4(table, params.learners, params.ifn,
                                                  params.labels, params.notes, params.design))
