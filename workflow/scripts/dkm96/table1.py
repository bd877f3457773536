"""Snakemake glue: DKM 1996 Table 1's cells and section 3.1's claims, and the table's views
(CSV and Markdown) rendered from them."""

from smalltrees.evaluation.cells import write_cells
from smalltrees.evaluation.claims import read_claims
from smalltrees.evaluation.transcriptions import read_transcription
from smalltrees.files import write_text
from smalltrees.studies.dkm96 import partition_statistics, table1
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    params, output = snakemake.params, snakemake.output
    results = partition_statistics.read_trials(snakemake.input.trials)
    stats, status = partition_statistics.load(results, params.interval, params.seed, params.stream)
    paper = read_transcription(snakemake.input.paper)
    cells = table1.make_cells(stats, status, params.problems, paper, params.tolerance)
    tests = table1.overall(stats, paper)
    claims = table1.claim_cells(read_claims(snakemake.input.claims), tests,
                                table1.paper_overall(stats, paper))
    ours = table1.details(stats, status, params.problems)
    write_cells(output.cells, cells)
    write_cells(output.claims, claims)
    write_text(output.csv, table1.table1_csv(cells, ours, paper, tests).to_csv(index=False,
                                                                        lineterminator="\n"))
    write_text(output.md, table1.render_table1(cells, claims, ours, paper, params.notes,
                                               params.interval, params.tolerance))
    log.info("Table 1: %d domains, %d computed, %d cells", len(ours), len(stats), len(cells))
