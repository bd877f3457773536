"""Snakemake glue: Auer et al. (1995) Table 1 from the processed datasets, beside the paper's."""

from pathlib import Path

import pandas as pd

from smalltrees import datasets
from smalltrees.auer95_table1 import make_table1, render_table1
from smalltrees.logs import log_to
from smalltrees.summary import describe

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
log_to(snakemake.log[0])
root = Path(snakemake.input.data[0]).parents[2]
rows = {code: describe(*datasets.load(code, root)) for code in snakemake.params.datasets}
table = make_table1(rows, pd.read_csv(snakemake.input.paper), snakemake.params.names,
                   snakemake.params.notes)
table.to_csv(snakemake.output.csv, index=False, lineterminator="\n")
Path(snakemake.output.md).write_text(render_table1(table))
