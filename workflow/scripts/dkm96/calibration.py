"""Snakemake glue: the decision-list generator's calibration grid against Table 2's row."""

from smalltrees.evaluation.transcriptions import read_transcription
from smalltrees.files import write_text
from smalltrees.studies.dkm96 import calibration
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    params, settings = snakemake.params, snakemake.params.calibration
    targets = calibration.paper_targets(read_transcription(snakemake.input.paper), params.domain)
    table = calibration.make_calibration_table(
        settings["grid"], params.configured, settings["trials"], params.learners, targets,
        params.seed, settings["stream"], params.domain)
    write_text(snakemake.output.csv, table.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, calibration.render_calibration_table(table, targets,
                                                                settings["trials"]))
    log.info("calibration: %d generators", len(table))
