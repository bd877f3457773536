"""Snakemake glue: the hypotheses about Table 2's C4.5 as reading cells of Table 2, their
summary (CSV) and their page (Markdown) rendered from them, with whether the paper's three
measures can hold together for the trees of these C4.5s (the smallest -m among them)."""

import pandas as pd

from smalltrees.evaluation.cells import write_cells
from smalltrees.evaluation.transcriptions import read_transcription
from smalltrees.files import write_text
from smalltrees.learners.registry import make_learner
from smalltrees.studies.auer95.c45_readings import (
    c45_reading_cells,
    render_c45_readings,
    summarise,
)
from smalltrees.studies.auer95.measure_consistency import (
    measure_consistency,
    render_consistency,
)
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake):
    params = snakemake.params
    folds = pd.concat([pd.read_csv(path) for path in snakemake.input.folds], ignore_index=True)
    paper = read_transcription(snakemake.input.paper)
    cells = c45_reading_cells(folds, paper, params.datasets, params.hypotheses,
                              params.tolerance)
    min_cases = min(make_learner(entry).get_params()["min_cases"]
                    for entry in params.learners.values())
    consistency = measure_consistency(folds, paper, params.datasets, min_cases)
    write_cells(snakemake.output.cells, cells)
    write_text(snakemake.output.csv, summarise(cells, params.baseline).to_csv(
        index=False, lineterminator="\n"))
    write_text(snakemake.output.md,
               render_c45_readings(cells, params.baseline, params.accuracy_codes,
                                   params.not_tried)
               + render_consistency(consistency, min_cases))
