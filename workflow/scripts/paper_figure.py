"""Snakemake glue: one paper's figure of ours against the paper's numbers, from the scorecard."""

import pandas as pd

from smalltrees.reporting.figures import save_figure
from smalltrees.reporting.paper_figure import paper_figure
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    study = snakemake.wildcards.study
    card = pd.read_csv(snakemake.input.card, keep_default_na=False, na_values=[""])
    figure = paper_figure(card[card["study"] == study], f"{study}: ours against the paper")
    save_figure(figure, snakemake.output[0])
