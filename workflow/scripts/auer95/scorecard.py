"""Snakemake glue: the auer95 items of the scorecard, from the study's tables."""

import pandas as pd

from smalltrees.files import write_text
from smalltrees.studies.auer95.scorecard import scorecard_items
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    notes = pd.read_csv(snakemake.input.notes)
    items = scorecard_items(
        pd.read_csv(snakemake.input.table1, keep_default_na=False, na_values=[""]),
        pd.read_csv(snakemake.input.sky),
        pd.read_csv(snakemake.input.table2),
        snakemake.params.compare,
        snakemake.params.tolerance,
        {(t, c): n for t, c, n in zip(notes["table"], notes["code"], notes["note"], strict=True)},
        pd.read_csv(snakemake.input.factors) if "factors" in snakemake.input.keys() else None,
        pd.read_csv(snakemake.input.claims) if "claims" in snakemake.input.keys() else None,
    )
    write_text(snakemake.output[0], items.to_csv(index=False, lineterminator="\n"))
