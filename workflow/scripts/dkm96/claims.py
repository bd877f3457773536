"""Snakemake glue: DKM 1996 section 4's claims as computed checks (CSV and Markdown)."""

import pandas as pd

from smalltrees.evaluation.claims import read_claims
from smalltrees.files import write_text
from smalltrees.reporting.markdown import to_markdown
from smalltrees.studies.dkm96.claims import check_claims
from smalltrees_workflow.logs import log_to

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
log = log_to(snakemake.log[0])
params = snakemake.params
try:
    rounds = pd.concat([pd.read_csv(p, keep_default_na=False, na_values=[""])
                        for p in snakemake.input.rounds], ignore_index=True)
    trials = pd.concat([pd.read_csv(p) for p in snakemake.input.trials], ignore_index=True)
    claims = check_claims(read_claims(snakemake.input.paper, "section4"), rounds, trials,
                          params.problems, params.scatter, params.settings)
    write_text(snakemake.output.csv, claims.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md,
               "# Dietterich, Kearns & Mansour (1996), section 4: the claims, checked\n\n"
               f"Thresholds (dkm96.table2.claims): {dict(params.settings)}\n\n"
               + to_markdown(claims))
    log.info("%d claims, %d hold", len(claims), int((claims["verdict"] == "claim holds").sum()))
except Exception as error:
    log.error("%s", error)
    raise
