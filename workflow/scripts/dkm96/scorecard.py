"""Snakemake glue: the dkm96 items of the scorecard, from the study's tables and claims."""

import pandas as pd

from smalltrees.evaluation.claims import read_claims
from smalltrees.files import write_text
from smalltrees.reporting.scorecard import explain, read_notes
from smalltrees.studies.dkm96.scorecard import scorecard_items, section4_items
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    items = pd.concat([
        scorecard_items(pd.read_csv(snakemake.input.table1), snakemake.params.tolerance,
                        read_claims(snakemake.input.paper)),
        section4_items(pd.read_csv(snakemake.input.table2),
                       pd.read_csv(snakemake.input.claims, keep_default_na=False),
                       snakemake.params.tolerance_table2),
    ], ignore_index=True)
    items = explain(items, read_notes(snakemake.input.notes), snakemake.input.notes)
    write_text(snakemake.output[0], items.to_csv(index=False, lineterminator="\n"))
