"""Snakemake glue: the scorecard of all studies (CSV, Markdown, HTML page), the concatenation
of every table's cells explained by each study's notes."""

from smalltrees.files import write_text
from smalltrees.reporting.scorecard import read_study_card, scorecard_frame
from smalltrees.reporting.scorecard_page import render_html, render_markdown
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    params = snakemake.params
    parts = list(zip(params.parts, snakemake.input.cells, strict=True))
    cards = [read_study_card([part for part, _ in parts if part["study"] == study],
                             [path for part, path in parts if part["study"] == study], notes)
             for study, notes in zip(params.studies, snakemake.input.notes, strict=True)]
    card = scorecard_frame([row for frame in cards for row in frame.to_dict("records")])
    write_text(snakemake.output.csv, card.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, render_markdown(card))
    write_text(snakemake.output.html, render_html(card, params.figures))
