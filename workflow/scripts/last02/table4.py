"""Snakemake glue: Last et al. (2002) Table 4 from the networks and stability runs."""

import json
from itertools import product
from pathlib import Path

import pandas as pd

from smalltrees.files import write_text
from smalltrees.studies.last02.table4 import make_table4, render_table4
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    params = snakemake.params
    pairs = list(product(params.datasets, params.learners))
    networks = {pair: json.loads(Path(path).read_text()) for pair, path in
                zip(product(params.datasets, params.ifn), snakemake.input.networks, strict=True)}
    agreements = {pair: pd.read_csv(path)
                  for pair, path in zip(pairs, snakemake.input.agreement, strict=True)}
    sizes = {pair: pd.read_csv(path) for pair, path in zip(pairs, snakemake.input.sizes, strict=True)}
    table = make_table4(networks, agreements, sizes, pd.read_csv(snakemake.input.paper),
                        params.datasets, params.learners, params.ifn, params.tolerance, params.alpha)
    write_text(snakemake.output.csv, table.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, render_table4(table, params.learners, params.ifn, params.labels,
                                                  params.notes, params.design))
