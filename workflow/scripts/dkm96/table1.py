"""Snakemake glue: DKM 1996 Table 1, ours beside the paper's (CSV and Markdown)."""

import pandas as pd

from smalltrees.files import write_text
from smalltrees.studies.dkm96 import partition_statistics, table1
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    params = snakemake.params
    results = partition_statistics.read_trials(snakemake.input.trials)
    stats, status = partition_statistics.load(results, params.interval, params.seed, params.stream)
    paper = pd.read_csv(snakemake.input.paper, dtype={"value": float})
    table = table1.make_table1(stats, status, params.problems, paper, params.tolerance)
    overall = table1.make_overall(stats, paper)
    write_text(snakemake.output.csv,
               table1.with_overall(table, overall).to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, table1.render_table1(table, overall, params.notes,
                                                           params.interval, params.tolerance))
    log.info("Table 1: %d domains, %d computed", len(table), len(stats))
