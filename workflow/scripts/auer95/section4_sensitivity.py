"""Snakemake glue: the sensitivity of section 4's failed verdicts to our protocol choices, and
its rows as reading cells of the claims and factors."""

import json
from pathlib import Path

import pandas as pd

from smalltrees.evaluation.cells import write_cells
from smalltrees.evaluation.claims import read_claims
from smalltrees.evaluation.transcriptions import read_paper
from smalltrees.files import write_text
from smalltrees.studies.auer95.section4_sensitivity import make_section4_sensitivity
from smalltrees.studies.auer95.section4_sensitivity_summary import (
    render_sensitivity,
    sensitivity_cells,
)
from smalltrees.studies.auer95.sky import paper_values
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    params = snakemake.params
    files = iter(snakemake.input.draws)
    draws = {(code, level): pd.read_csv(next(files)) for code in params.datasets
             for level in ("T1", "T2")}
    more = {(Path(path).parent.name, Path(path).stem): pd.read_csv(path)
            for path in snakemake.input.more}  # results/auer95/curves_more/<code>/<level>.csv
    sky = {code: json.loads(Path(path).read_text())
           for code, path in zip(params.datasets, snakemake.input.sky, strict=True)}
    paper = read_paper(snakemake.input.paper)
    claims = read_claims(snakemake.input.claims, "section4")
    table = make_section4_sensitivity(
        draws, sky, claims, paper, paper_values(paper, "sky2", "sky2").to_dict(),
        pd.read_csv(snakemake.input.factors), params.noise_se, params.base, params.around,
        params.choices, params.seed, more)
    write_cells(snakemake.output.cells, sensitivity_cells(table, claims, paper))
    write_text(snakemake.output.csv, table.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, render_sensitivity(table))
