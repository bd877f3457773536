"""Snakemake glue: Table IV's claims judged under every configured reading of the SRM bound
(yildiz15.readings), as cells of the claims table with a reading, and their views."""

import pandas as pd

from smalltrees.evaluation.cells import read_cells, write_cells
from smalltrees.evaluation.claims import read_claims
from smalltrees.files import write_text
from smalltrees.studies.yildiz15.bound_readings import (
    below_test_error,
    reading_cells,
    render_readings,
)
from smalltrees.studies.yildiz15.claims import claims_view, kinds_of, pick_claims
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    params, out = snakemake.params, snakemake.output
    paper = pick_claims(read_claims(snakemake.input.paper, "tables"), params.claims,
                        snakemake.input.paper)
    kinds = kinds_of(pd.read_csv(snakemake.input.table1))

    def folds_of(paths):
        return {code: pd.read_csv(path) for code, path in zip(params.datasets, paths,
                                                              strict=True)}

    cells = pd.concat([reading_cells(r["reading"], paper, folds_of(r["folds"]), r["constants"],
                                     r["confidence"], kinds, params.alpha)
                       for r in params.readings], ignore_index=True)
    write_cells(out.cells, cells)
    write_text(out.csv, claims_view(cells).to_csv(index=False, lineterminator="\n"))
    write_text(out.md, render_readings(read_cells(snakemake.input.claims), cells,
                                       below_test_error(folds_of(snakemake.input.folds)),
                                       params.settings))
