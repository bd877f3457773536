"""Snakemake glue: one paper's figure of ours against the paper's numbers, from its rows of the
scorecard (its cells explained by its notes, as the scorecard has them)."""

from smalltrees.reporting.figures import save_figure
from smalltrees.reporting.paper_figure import paper_figure
from smalltrees.reporting.scorecard import read_study_card
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    card = read_study_card(snakemake.params.parts, snakemake.input.cells, snakemake.input.notes)
    figure = paper_figure(card, f"{snakemake.wildcards.study}: ours against the paper")
    save_figure(figure, snakemake.output[0])
