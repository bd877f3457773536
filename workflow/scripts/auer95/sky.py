"""Snakemake glue: the Sky1/Sky2/Sky3 table of all datasets, beside the paper's Sky2."""

import json
from pathlib import Path

import pandas as pd

from smalltrees.files import write_text
from smalltrees.studies.auer95.sky import make_sky_table, render_sky_table
from smalltrees_workflow.logs import log_to

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
log_to(snakemake.log[0])
rows = {code: json.loads(Path(path).read_text())
        for code, path in zip(snakemake.params.datasets, snakemake.input.sky, strict=True)}
deeper = {code: json.loads(Path(path).read_text())
          for code, path in zip(snakemake.params.datasets, snakemake.input.sky3, strict=True)}
table = make_sky_table(rows, pd.read_csv(snakemake.input.paper), snakemake.params.notes, deeper)
write_text(snakemake.output.csv, table.to_csv(index=False, lineterminator="\n"))
write_text(snakemake.output.md, render_sky_table(table))
