"""Snakemake glue: Tables II-IV, the Friedman/Nemenyi tests and their CD diagrams."""

import pandas as pd

from smalltrees.files import write_text
from smalltrees.reporting.figures import save_figure
from smalltrees.studies.yildiz15.figures import cd_diagrams
from smalltrees.studies.yildiz15.tables import make_tables, rank_table, render_tables
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    out, params = snakemake.output, snakemake.params
    folds = {code: pd.read_csv(path)
             for code, path in zip(params.datasets, snakemake.input.folds, strict=True)}
    tables, tests = make_tables(folds, params.alpha)
    for name, text in render_tables(tables, tests, params.settings).items():
        write_text(out[name], tables[name].to_csv(index=False, lineterminator="\n"))
        write_text(out[f"{name}_md"], text)
    write_text(out.ranks, rank_table(tests).to_csv(index=False, lineterminator="\n"))
    for name, figure in cd_diagrams(tests).items():
        save_figure(figure, out[name])
