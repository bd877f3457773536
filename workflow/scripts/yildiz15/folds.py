"""Snakemake glue: one dataset's 5 x 2 folds, ID3 pruned four ways (Yildiz 2015, section V-B),
under the study's pruning options and under each variant's the readings read."""

from smalltrees import datasets
from smalltrees.files import write_text
from smalltrees.studies.yildiz15.protocol import run_prunings
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    X, y = datasets.read(snakemake.input.csv, snakemake.input.meta)
    settings = snakemake.params.settings
    prunings = {"": settings["pruning"]} | {
        name: {**settings["pruning"], **overrides}
        for name, overrides in snakemake.params.variants.items()}
    found = run_prunings(X, y, snakemake.wildcards.dataset, settings, prunings,
                         snakemake.params.seed, progress=log.info)
    paths = {"": snakemake.output.folds, **dict(zip(snakemake.params.variants,
                                                    snakemake.output.readings, strict=True))}
    for name, path in paths.items():
        write_text(path, found[name].to_csv(index=False, lineterminator="\n"))
