"""Snakemake glue: Figures 10 and 11, every shape of the VC table drawn with "LB - exact"."""

import pandas as pd

from smalltrees.reporting.figures import save_figure
from smalltrees.studies.yildiz15.vc_figure import vc_figure
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    table = pd.read_csv(snakemake.input.table)
    for name, number in (("fig10", 10), ("fig11", 11)):
        part = table[table["figure"] == name]
        d = int(part["d"].iloc[0])
        save_figure(vc_figure(part, f"Yildiz (2015), Figure {number}: d = {d} binary features"),
                    snakemake.output[name])
