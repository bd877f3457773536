"""Snakemake glue: the predicted T2/T1 factors of section 4 (CSV and Markdown)."""

import json
from pathlib import Path

import pandas as pd

from smalltrees.datasets import read
from smalltrees.files import write_text
from smalltrees.studies.auer95.vc_factors import (
    dataset_inputs,
    make_vc_factors,
    predicted_factors,
    render_vc_factors,
)
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    params = snakemake.params
    inputs = {code: dataset_inputs(*read(csv, meta)) for code, csv, meta in
              zip(params.datasets, snakemake.input.csv, snakemake.input.meta, strict=True)}
    sky = {code: json.loads(Path(path).read_text())
           for code, path in zip(params.datasets, snakemake.input.sky, strict=True)}
    table = make_vc_factors(predicted_factors(inputs, sky, params.base),
                  pd.read_csv(snakemake.input.paper), params.around)
    write_text(snakemake.output.csv, table.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, render_vc_factors(table, params.base, params.around))
