"""Snakemake glue: one of DKM 1996 Figures 8-12 (advantage sequences; advantage vs weight and
vs gain)."""

import pandas as pd

from smalltrees.reporting.figures import save_figure
from smalltrees.studies.dkm96.advantage_figures import figure
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    params = snakemake.params
    number = int(snakemake.wildcards.number)
    rounds = pd.read_csv(snakemake.input.rounds, keep_default_na=False, na_values=[""])
    save_figure(figure(number, rounds, params.domain, params.problem, params.settings),
                snakemake.output.png, snakemake.output.pdf)
    log.info("figure %d written", number)
