"""Snakemake glue: Auer et al. (1995) Table 2 from all per-fold results, beside the paper's."""

import pandas as pd

from smalltrees.files import write_text
from smalltrees.studies.auer95.table2 import make_table2, render_table2
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    params = snakemake.params
    folds = pd.concat([pd.read_csv(path) for path in snakemake.input.cv], ignore_index=True)
    table = make_table2(folds, pd.read_csv(snakemake.input.sky), pd.read_csv(snakemake.input.paper),
                        params.datasets, params.learners, params.compare, params.tolerance)
    write_text(snakemake.output.csv, table.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, render_table2(table, params.learners, params.compare,
                                                  params.notes))
