"""Snakemake glue: the scorecard of all studies (CSV, Markdown, HTML page), the concatenation
of every table's cells explained by each study's notes."""

import pandas as pd

from smalltrees.evaluation.cells import read_cells
from smalltrees.files import write_text
from smalltrees.reporting.scorecard import combine, explain, read_notes, scorecard_frame
from smalltrees.reporting.scorecard_page import render_html, render_markdown
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    params = snakemake.params
    parts = [(part, read_cells(path))
             for part, path in zip(params.parts, snakemake.input.cells, strict=True)]
    card = combine(parts)
    cells = pd.concat([c for _, c in parts], ignore_index=True)
    readings = cells[cells["reading"] != ""]
    explained = [explain(card[card["study"] == study], read_notes(notes), notes, readings)
                 for study, notes in zip(params.studies, snakemake.input.notes, strict=True)]
    card = scorecard_frame([row for frame in explained for row in frame.to_dict("records")])
    write_text(snakemake.output.csv, card.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, render_markdown(card))
    write_text(snakemake.output.html, render_html(card, params.figures))
