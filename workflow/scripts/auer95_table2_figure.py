"""Snakemake glue: the Table 2 figure (PNG and PDF) from the Table 2 results table."""

import pandas as pd

from smalltrees.auer95_figure import plot_table2
from smalltrees.logs import log_to

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
log_to(snakemake.log[0])
figure = plot_table2(pd.read_csv(snakemake.input[0]), snakemake.params.compare)
figure.savefig(snakemake.output.png, dpi=150, metadata={"Software": None})
figure.savefig(snakemake.output.pdf, metadata={"CreationDate": None, "Producer": None})
