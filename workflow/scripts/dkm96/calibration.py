"""Snakemake glue: the decision-list generator's calibration grid against Table 2's row, from
its parts (each measured by a job of rule dkm96_calibration_part)."""

import json
from pathlib import Path

import pandas as pd

from smalltrees.evaluation.transcriptions import read_transcription
from smalltrees.files import write_text
from smalltrees.studies.dkm96 import calibration
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    params = snakemake.params
    targets = calibration.paper_targets(read_transcription(snakemake.input.paper), params.domain)
    measured = pd.DataFrame([record for path in snakemake.input.parts
                             for record in json.loads(Path(path).read_text())])
    measured = measured.sort_values("point").drop(columns="point").reset_index(drop=True)
    table = calibration.calibration_table(measured, params.configured, targets)
    write_text(snakemake.output.csv, table.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, calibration.render_calibration_table(table, targets,
                                                                params.trials))
    log.info("calibration: %d generators", len(table))
