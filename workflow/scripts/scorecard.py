"""Snakemake glue: the scorecard of all studies (CSV, Markdown, HTML)."""

import pandas as pd

from smalltrees.files import write_text
from smalltrees.reporting.scorecard import combine, render_html, render_markdown
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    card = combine([pd.read_csv(path, keep_default_na=False, na_values=[""])
                    for path in snakemake.input.cards])
    write_text(snakemake.output.csv, card.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, render_markdown(card))
    write_text(snakemake.output.html, render_html(card))
