"""Snakemake glue: DKM 1996 Figure 11 (advantage vs weight) or 12 (advantage vs gain)."""

import pandas as pd

from smalltrees.logs import log_to
from smalltrees.reporting.figures import save_figure
from smalltrees.studies.dkm96.advantage_figures import gain_figure, weight_figure

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
log = log_to(snakemake.log[0])
params = snakemake.params
try:
    number = int(snakemake.wildcards.number)
    rounds = pd.read_csv(snakemake.input.rounds, keep_default_na=False, na_values=[""])
    figure = (weight_figure(rounds, params.domain, params.problem, params.heavy_node,
                            params.train_size) if number == 11 else
              gain_figure(rounds, params.domain, params.problem))
    save_figure(figure, snakemake.output.png, snakemake.output.pdf)
    log.info("figure %d written", number)
except Exception as error:
    log.error("%s", error)
    raise
