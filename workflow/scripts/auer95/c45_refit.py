"""Snakemake glue: one learner's repeated CV on every Table 2 dataset, on the first repetitions
of the Table 2 folds (the refitted hypotheses of the C4.5 readings)."""

import pandas as pd

from smalltrees.datasets import read
from smalltrees.evaluation.resampling import label_cv_rows, repeated_cv
from smalltrees.files import write_text
from smalltrees.learners.registry import make_learner
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    params = snakemake.params
    design = params.design
    frames = []
    for code, csv, meta in zip(params.datasets, snakemake.input.csv, snakemake.input.meta,
                               strict=True):
        log.info(f"{code}: {design['repetitions']} x {design['folds']}-fold CV")
        X, y = read(csv, meta)
        rows = repeated_cv(lambda: make_learner(params.learner), X, y, design["repetitions"],
                           design["folds"], params.seed, design["stream"], code)
        frames.append(label_cv_rows(rows, code, snakemake.wildcards.learner))
    table = pd.concat(frames, ignore_index=True)
    write_text(snakemake.output[0], table.to_csv(index=False, lineterminator="\n"))
