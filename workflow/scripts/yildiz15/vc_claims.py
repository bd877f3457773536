"""Snakemake glue: the claim on Figures 10-11 ("the maximum difference ... is one") judged on
every shape of the VC table, as cells."""

import pandas as pd

from smalltrees.evaluation.cells import claim_cells, write_cells
from smalltrees.evaluation.claims import judge, read_claims
from smalltrees.studies.yildiz15.claims import vc_checks
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    judged = judge(read_claims(snakemake.input.paper, "vc"),
                   vc_checks(pd.read_csv(snakemake.input.table)))
    write_cells(snakemake.output[0], claim_cells("yildiz15", "vc_claims", judged))
