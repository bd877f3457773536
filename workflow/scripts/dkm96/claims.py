"""Snakemake glue: DKM 1996 section 4's claims as computed checks (CSV and Markdown), and the
cells of those the paper makes."""

import pandas as pd

from smalltrees.evaluation.cells import write_cells
from smalltrees.evaluation.claims import read_claims
from smalltrees.evaluation.transcriptions import read_transcription
from smalltrees.evaluation.verdicts import CLAIM_HOLDS
from smalltrees.files import write_text
from smalltrees.studies.dkm96.claims import check_claims, paper_claim_cells, render_claims
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    params = snakemake.params
    rounds = pd.concat([pd.read_csv(p, keep_default_na=False, na_values=[""])
                        for p in snakemake.input.rounds], ignore_index=True)
    trials = pd.concat([pd.read_csv(p) for p in snakemake.input.trials], ignore_index=True)
    claims = check_claims(read_claims(snakemake.input.paper, "section4"), rounds, trials,
                          params.problems, params.scatter, params.settings)
    write_cells(snakemake.output.cells, paper_claim_cells(
        claims, params.problems, read_transcription(snakemake.input.table2)))
    write_text(snakemake.output.csv, claims.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, render_claims(claims, params.settings))
    log.info("%d claims, %d hold", len(claims), int((claims["verdict"] == CLAIM_HOLDS).sum()))
