"""Snakemake glue: DKM 1996 Table 1's conclusions over R independent partitions."""

from smalltrees.files import write_text
from smalltrees.studies.dkm96 import partition_stability, partition_statistics
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    params = snakemake.params
    results = partition_statistics.read_trials(snakemake.input.trials)
    stats, status = partition_statistics.load(results, params.interval, params.seed, params.stream)
    table = partition_stability.make_stability_table(stats, params.problems, status)
    write_text(snakemake.output.csv, table.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, partition_stability.render_stability_table(
        table, partition_stability.overall_by_partition(stats)))
    log.info("stability: %d domains", len(table))
