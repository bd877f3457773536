"""Snakemake glue: the Sky1/Sky2 table of all datasets, beside the paper's Sky2."""

import json
from pathlib import Path

import pandas as pd

from smalltrees.auer95_sky import make_sky_table, render_sky_table
from smalltrees.logs import log_to

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
log_to(snakemake.log[0])
rows = {code: json.loads(Path(path).read_text())
        for code, path in zip(snakemake.params.datasets, snakemake.input.sky, strict=True)}
table = make_sky_table(rows, pd.read_csv(snakemake.input.paper), snakemake.params.notes)
table.to_csv(snakemake.output.csv, index=False, lineterminator="\n")
Path(snakemake.output.md).write_text(render_sky_table(table))
