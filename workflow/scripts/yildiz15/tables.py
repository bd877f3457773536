"""Snakemake glue: Tables II-IV as cells (ours alone: our copy of the paper has no numbers in
them), their views rendered from the cells, the Friedman/Nemenyi tests and their CD diagrams."""

import pandas as pd

from smalltrees.evaluation.cells import write_cells
from smalltrees.evaluation.transcriptions import read_paper
from smalltrees.evaluation.verdicts import Spread
from smalltrees.files import write_text
from smalltrees.reporting.figures import save_figure
from smalltrees.studies.yildiz15.figures import cd_diagrams
from smalltrees.studies.yildiz15.tables import (
    csv_view,
    make_tables,
    metric_cells,
    rank_table,
    render_metric_table,
)
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    out, params = snakemake.output, snakemake.params
    folds = {code: pd.read_csv(path)
             for code, path in zip(params.datasets, snakemake.input.folds, strict=True)}
    paper = read_paper(snakemake.input.paper)
    tables, tests = make_tables(folds, params.alpha)
    for name, table in tables.items():
        cells = metric_cells(name, table, paper, Spread(params.tolerance_sd))
        write_cells(out[f"cells{name[-1]}"], cells)
        write_text(out[name], csv_view(cells, table).to_csv(index=False, lineterminator="\n"))
        write_text(out[f"{name}_md"],
                   render_metric_table(name, cells, params.settings, tests.get(name)))
    write_text(out.ranks, rank_table(tests).to_csv(index=False, lineterminator="\n"))
    for name, figure in cd_diagrams(tests).items():
        save_figure(figure, out[name])
