"""Snakemake glue: the sensitivity of section 4's failed verdicts to our protocol choices."""

import json
from pathlib import Path

import pandas as pd

from smalltrees.evaluation.claims import read_claims
from smalltrees.files import write_text
from smalltrees.studies.auer95.section4_sensitivity import make_section4_sensitivity
from smalltrees.studies.auer95.section4_sensitivity_summary import render_sensitivity
from smalltrees.studies.auer95.sky import paper_metric
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    params = snakemake.params
    files = iter(snakemake.input.draws)
    draws = {(code, level): pd.read_csv(next(files)) for code in params.datasets
             for level in ("T1", "T2")}
    sky = {code: json.loads(Path(path).read_text())
           for code, path in zip(params.datasets, snakemake.input.sky, strict=True)}
    paper_sky2 = paper_metric(pd.read_csv(snakemake.input.table2), "sky2").to_dict()
    table = make_section4_sensitivity(
        draws, sky, read_claims(snakemake.input.claims, "section4"),
        pd.read_csv(snakemake.input.paper), paper_sky2, pd.read_csv(snakemake.input.factors),
        params.noise_se, params.base, params.around, params.choices, params.seed)
    write_text(snakemake.output.csv, table.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, render_sensitivity(table))
