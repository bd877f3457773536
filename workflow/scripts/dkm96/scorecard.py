"""Snakemake glue: the dkm96 items of the scorecard, from the study's tables."""

import pandas as pd

from smalltrees.files import write_text
from smalltrees.studies.dkm96.scorecard import scorecard_items, section4_items
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    sheet = pd.read_csv(snakemake.input.notes, keep_default_na=False)
    notes = {(t, c): n
             for t, c, n in zip(sheet["table"], sheet["code"], sheet["note"], strict=True)}
    items = pd.concat([
        scorecard_items(pd.read_csv(snakemake.input.table1), snakemake.params.tolerance, notes),
        section4_items(pd.read_csv(snakemake.input.table2), pd.read_csv(snakemake.input.claims),
                       snakemake.params.tolerance_table2, notes),
    ], ignore_index=True)
    write_text(snakemake.output[0], items.to_csv(index=False, lineterminator="\n"))
