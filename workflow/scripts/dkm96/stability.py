"""Snakemake glue: DKM 1996 Table 1's conclusions over R independent partitions."""

from smalltrees.files import write_text
from smalltrees.studies.dkm96 import stability, statistics
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    params = snakemake.params
    results = statistics.read_trials(snakemake.input.trials)
    stats, status = statistics.load(results, params.interval, params.seed, params.stream)
    table = stability.build(stats, params.problems, status)
    write_text(snakemake.output.csv, table.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, stability.render_markdown(table, stability.overall(stats)))
    log.info("stability: %d domains", len(table))
