"""Snakemake glue: the learning-curve table of section 4 (curves, fits, factors) and the cells
of its claims."""

import json
from pathlib import Path

import pandas as pd

from smalltrees.evaluation.cells import claim_cells, write_cells
from smalltrees.evaluation.claims import read_claims
from smalltrees.files import write_text
from smalltrees.studies.auer95 import learning_curves as lc
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    params = snakemake.params
    sky = {code: json.loads(Path(path).read_text())
           for code, path in zip(params.datasets, snakemake.input.sky, strict=True)}
    files = iter(snakemake.input.draws)
    draws = {(code, level): pd.read_csv(next(files)) for code in params.datasets
             for level in params.levels}
    curves, fits, factors, checks = lc.make_learning_curves(
        draws, sky, pd.read_csv(snakemake.input.factors), params.levels, params.noise_se,
        read_claims(snakemake.input.paper, "section4"), params.around)
    write_text(snakemake.output.csv, curves.to_csv(index=False, lineterminator="\n"))
    write_cells(snakemake.output.claims, claim_cells("auer95", "claims", checks))
    write_text(snakemake.output.md, lc.render_learning_curves(
        curves, fits, factors, checks, params.protocol, lc.dropped_sizes(params.grids, sky)))
