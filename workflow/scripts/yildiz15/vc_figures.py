"""Snakemake glue: Figures 10 and 11, every shape of the VC table drawn with "LB - exact"."""

import pandas as pd

from smalltrees.reporting.figures import save_figure
from smalltrees.studies.yildiz15.figures import vc_figure
from smalltrees_workflow.logs import log_to

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
log_to(snakemake.log[0])
table = pd.read_csv(snakemake.input.table)
for name, number in (("fig10", 10), ("fig11", 11)):
    part = table[table["figure"] == name]
    d = int(part["d"].iloc[0])
    save_figure(vc_figure(part, f"Yildiz (2015), Figure {number}: d = {d} binary features"),
                snakemake.output[name])
