"""Snakemake glue: the paper's claims (section 3) judged on our Tables 3 and 4."""

import pandas as pd

from smalltrees.files import write_text
from smalltrees.reporting.markdown import to_markdown
from smalltrees.studies.last02.claims import make_claims
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    claims = make_claims(pd.read_csv(snakemake.input.table3), pd.read_csv(snakemake.input.table4),
                         snakemake.params.ifn, snakemake.params.peers)
    write_text(snakemake.output.csv, claims.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, "# Last, Maimon & Minkov (2002): the claims of section 3\n\n"
               + to_markdown(claims))
