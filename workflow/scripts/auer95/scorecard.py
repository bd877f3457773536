"""Snakemake glue: the auer95 items of the scorecard, from the study's tables."""

import pandas as pd

from smalltrees.files import write_text
from smalltrees.reporting.scorecard import explain, read_notes
from smalltrees.studies.auer95.scorecard import scorecard_items
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    section4 = {key: pd.read_csv(snakemake.input[key], keep_default_na=False, na_values=[""])
                for key in ("factors", "claims") if key in snakemake.input.keys()}
    items = scorecard_items(
        pd.read_csv(snakemake.input.table1, keep_default_na=False, na_values=[""]),
        pd.read_csv(snakemake.input.sky),
        pd.read_csv(snakemake.input.table2),
        snakemake.params.compare,
        snakemake.params.tolerance,
        section4.get("factors"),
        section4.get("claims"),
    )
    items = explain(items, read_notes(snakemake.input.notes), snakemake.input.notes)
    write_text(snakemake.output[0], items.to_csv(index=False, lineterminator="\n"))
