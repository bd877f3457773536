"""Snakemake glue: the hypotheses about Table 2's C4.5 readings, beside the paper's numbers."""

import pandas as pd

from smalltrees.files import write_text
from smalltrees.studies.auer95.c45_readings import make_c45_readings, render_c45_readings
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    params = snakemake.params
    folds = pd.concat([pd.read_csv(path) for path in snakemake.input.folds], ignore_index=True)
    table = make_c45_readings(folds, pd.read_csv(snakemake.input.paper), params.datasets,
                              params.hypotheses, params.tolerance)
    write_text(snakemake.output.csv, table.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, render_c45_readings(table, params.baseline,
                                                        params.accuracy_codes,
                                                        params.not_tried))
