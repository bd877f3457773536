"""Snakemake glue: the last02 items of the scorecard, from the study's tables."""

import pandas as pd

from smalltrees.files import write_text
from smalltrees.studies.last02.scorecard import scorecard_items
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    notes = pd.read_csv(snakemake.input.notes, keep_default_na=False)
    items = scorecard_items(
        pd.read_csv(snakemake.input.table3, keep_default_na=False, na_values=[""]),
        pd.read_csv(snakemake.input.table4, keep_default_na=False, na_values=[""]),
        pd.read_csv(snakemake.input.claims, keep_default_na=False),
        snakemake.params.ifn,
        snakemake.params.tolerance,
        {(t, c): n for t, c, n in zip(notes["table"], notes["code"], notes["note"], strict=True)},
    )
    write_text(snakemake.output[0], items.to_csv(index=False, lineterminator="\n"))
