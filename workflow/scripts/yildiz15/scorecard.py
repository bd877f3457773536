"""Snakemake glue: the yildiz15 items of the scorecard, from the VC and claims tables."""

import pandas as pd

from smalltrees.files import write_text
from smalltrees.studies.yildiz15.scorecard import scorecard_items
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    items = scorecard_items(pd.read_csv(snakemake.input.vc, keep_default_na=False, na_values=[""]),
                            pd.read_csv(snakemake.input.claims, keep_default_na=False))
    write_text(snakemake.output[0], items.to_csv(index=False, lineterminator="\n"))
