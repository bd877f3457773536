"""Snakemake glue: the paper's claims (section V-B) judged on our Tables II-IV."""

import pandas as pd

from smalltrees.files import write_text
from smalltrees.reporting.markdown import to_markdown
from smalltrees.studies.yildiz15.claims import claims_from_folds
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    params = snakemake.params
    folds = {code: pd.read_csv(path)
             for code, path in zip(params.datasets, snakemake.input.folds, strict=True)}
    claims = claims_from_folds(pd.read_csv(snakemake.input.paper), folds,
                               pd.read_csv(snakemake.input.table1), params.alpha)
    write_text(snakemake.output.csv, claims.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, "# Yildiz (2015): the claims of section V-B\n\n"
               + to_markdown(claims))
