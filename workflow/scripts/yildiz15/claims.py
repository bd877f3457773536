"""Snakemake glue: the paper's claims (section V-B) judged on our Tables II-IV, as cells and
their views."""

import pandas as pd

from smalltrees.evaluation.cells import claim_cells, write_cells
from smalltrees.evaluation.claims import read_claims
from smalltrees.files import write_text
from smalltrees.reporting.markdown import to_markdown
from smalltrees.studies.yildiz15.claims import claims_from_folds, claims_view, kinds_of
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    params = snakemake.params
    folds = {code: pd.read_csv(path)
             for code, path in zip(params.datasets, snakemake.input.folds, strict=True)}
    judged = claims_from_folds(read_claims(snakemake.input.paper, "tables"), folds,
                               kinds_of(pd.read_csv(snakemake.input.table1)), params.alpha)
    cells = claim_cells("yildiz15", "claims", judged)
    write_cells(snakemake.output.cells, cells)
    view = claims_view(cells)
    write_text(snakemake.output.csv, view.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, "# Yildiz (2015): the claims of section V-B\n\n"
               + to_markdown(view))
