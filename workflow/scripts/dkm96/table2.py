"""Snakemake glue: DKM 1996 Table 2, ours beside the paper's (CSV and Markdown)."""

import pandas as pd

from smalltrees.files import write_text
from smalltrees.studies.dkm96 import table2
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    params = snakemake.params
    trials = pd.concat([pd.read_csv(path) for path in snakemake.input.trials],
                       ignore_index=True)
    paper = pd.read_csv(snakemake.input.paper, dtype={"value": float})
    table = table2.make_table2(trials, params.problems, paper, params.tolerance,
                         tuple(params.decision_lists))
    write_text(snakemake.output.csv, table.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, table2.render_table2(
        table, params.notes, params.tolerance, table2.calibration_note(params.decision_lists)))
    log.info("Table 2: %d problems", len(table))
