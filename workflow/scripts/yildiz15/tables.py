"""Snakemake glue: Tables II-IV, the Friedman/Nemenyi tests and their CD diagrams."""

import pandas as pd

from smalltrees.files import write_text
from smalltrees.reporting.figures import save_figure
from smalltrees.studies.yildiz15.figures import cd_diagram
from smalltrees.studies.yildiz15.protocol import METHODS, SRM
from smalltrees.studies.yildiz15.tables import bound_table, rank_rows, rank_test, render, summary
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    out, params = snakemake.output, snakemake.params
    folds = {code: pd.read_csv(path) for code, path in zip(params.datasets, snakemake.input.folds,
                                                            strict=True)}
    error, nodes, bounds = summary(folds, "error"), summary(folds, "nodes"), bound_table(folds)
    tests = {"table2": rank_test(error, params.alpha), "table3": rank_test(nodes, params.alpha)}
    for name, table, methods, decimals in (("table2", error, METHODS, 2), ("table3", nodes, METHODS, 1),
                                           ("table4", bounds, SRM, 2)):
        write_text(out[name], table.to_csv(index=False, lineterminator="\n"))
        write_text(out[f"{name}_md"], render(table, name, methods, decimals, params.settings,
                                             tests.get(name)))
    ranks = pd.concat([rank_rows(test, name) for name, test in tests.items()])
    write_text(out.ranks, ranks.to_csv(index=False, lineterminator="\n"))
    save_figure(cd_diagram(tests["table2"], "Yildiz (2015) Table II: test error"), out.cd_error)
    save_figure(cd_diagram(tests["table3"], "Yildiz (2015) Table III: decision nodes"), out.cd_nodes)
