"""Snakemake glue: the paper's claims (section V-B) judged on our Tables II-IV."""

import pandas as pd

from smalltrees.evaluation.claims import read_claims
from smalltrees.files import write_text
from smalltrees.reporting.markdown import to_markdown
from smalltrees.studies.yildiz15.claims import make_claims
from smalltrees.studies.yildiz15.tables import bound_table, rank_test, summary
from smalltrees_workflow.logs import log_to

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
log_to(snakemake.log[0])
params = snakemake.params
folds = {code: pd.read_csv(path) for code, path in zip(params.datasets, snakemake.input.folds,
                                                        strict=True)}
error, nodes = summary(folds, "error"), summary(folds, "nodes")
tests = {"error": rank_test(error, params.alpha), "nodes": rank_test(nodes, params.alpha)}
table1 = pd.read_csv(snakemake.input.table1)
kinds = dict(zip(table1["code"], table1["our_kind"], strict=True))
claims = make_claims(read_claims(snakemake.input.paper, "tables"), error, nodes,
                     bound_table(folds), tests, kinds)
write_text(snakemake.output.csv, claims.to_csv(index=False, lineterminator="\n"))
write_text(snakemake.output.md, "# Yildiz (2015): the claims of section V-B\n\n"
           + to_markdown(claims))
