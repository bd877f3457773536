"""Snakemake glue: one dataset's 5 x 2 folds, ID3 pruned four ways (Yildiz 2015, section V-B)."""

from smalltrees import datasets
from smalltrees.files import write_text
from smalltrees.studies.yildiz15.protocol import run_dataset
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    X, y = datasets.read(snakemake.input.csv, snakemake.input.meta)
    rows = run_dataset(X, y, snakemake.wildcards.dataset, snakemake.params.settings,
                       snakemake.params.seed, progress=log.info)
    write_text(snakemake.output[0], rows.to_csv(index=False, lineterminator="\n"))
