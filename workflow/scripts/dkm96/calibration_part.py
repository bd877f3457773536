"""Snakemake glue: one part of the decision-list generator's calibration grid measured (every
``parts``-th point from ``part``, with its position in the grid), as JSON records (Python's
floats read back exactly, whatever the pandas version)."""

import json

from smalltrees.files import write_text
from smalltrees.studies.dkm96 import calibration
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    params, settings = snakemake.params, snakemake.params.calibration
    part, parts = int(snakemake.wildcards.part), params.parts
    points = calibration.calibration_points(settings["grid"], params.configured)
    measured = calibration.measure_points(points[part::parts], settings["trials"],
                                          params.learners, params.seed, settings["stream"],
                                          params.domain)
    measured.insert(0, "point", range(part, len(points), parts))
    write_text(snakemake.output[0], json.dumps(measured.to_dict("records"), indent=1) + "\n")
    log.info("calibration part %d of %d: %d generators", part, parts, len(measured))
