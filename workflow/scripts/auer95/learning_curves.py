"""Snakemake glue: the learning-curve table of section 4 (curves, fits, factors, claims)."""

import json

import pandas as pd

from smalltrees.evaluation.claims import read_claims
from smalltrees.files import write_text
from smalltrees.studies.auer95 import learning_curves as lc
from smalltrees.studies.auer95.claims import make_claims
from smalltrees.studies.auer95.curves import usable_sizes
from smalltrees_workflow.logs import log_to

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
log_to(snakemake.log[0])
params = snakemake.params
sky = {}
for code, sky_file in zip(params.datasets, snakemake.input.sky, strict=True):
    with open(sky_file) as handle:
        sky[code] = json.load(handle)
files = iter(snakemake.input.draws)
draws = {(code, level): pd.read_csv(next(files)) for code in params.datasets
         for level in params.levels}
curves = lc.curve_table(draws, sky, params.levels, params.noise_se)
fits = lc.fit_table(curves)
factors = lc.factor_table(curves, pd.read_csv(snakemake.input.factors))
checks = make_claims(read_claims(snakemake.input.paper, "section4"), fits, factors,
                     params.around)
dropped = {code: usable_sizes(params.grids[code], sky[code]["n"])[1] for code in params.datasets}
write_text(snakemake.output.csv, curves.to_csv(index=False, lineterminator="\n"))
write_text(snakemake.output.claims, checks.to_csv(index=False, lineterminator="\n"))
write_text(snakemake.output.md, lc.render(curves, fits, factors, checks, params.protocol,
                                          dropped))
