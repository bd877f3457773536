"""Snakemake glue: the paper's claims (section 3) judged on the cells of our Tables 3 and 4."""

import pandas as pd

from smalltrees.evaluation.cells import claim_cells, read_cells, write_cells
from smalltrees.evaluation.claims import read_claims
from smalltrees.evaluation.transcriptions import read_paper
from smalltrees.files import write_text
from smalltrees.reporting.markdown import to_markdown
from smalltrees.studies.last02.claims import compared_claims, make_claims
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    inputs, output = snakemake.input, snakemake.output
    table3, table4 = (
        pd.concat([read_cells(path) for path in paths], ignore_index=True)
        for paths in (inputs.table3, inputs.table4)
    )
    claims = make_claims(
        read_claims(inputs.claims),
        read_paper(inputs.paper),
        table3,
        table4,
        snakemake.params.ifn,
        snakemake.params.peers,
    )
    write_cells(output.cells, claim_cells("last02", "claims", compared_claims(claims)))
    write_text(output.csv, claims.to_csv(index=False, lineterminator="\n"))
    write_text(
        output.md,
        "# Last, Maimon & Minkov (2002): the claims of section 3\n\n" + to_markdown(claims),
    )
