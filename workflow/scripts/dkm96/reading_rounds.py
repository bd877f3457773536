"""Snakemake glue: the tests of C4.5's trees grown to purity on a Table 2 problem's folds."""

from smalltrees import datasets
from smalltrees.files import write_text
from smalltrees.studies.dkm96.reading_rounds import fold_tests
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    params = snakemake.params
    csv, meta = snakemake.input.data
    X, y = datasets.read(csv, meta)
    tests = fold_tests(snakemake.wildcards.domain, params.spec, X, y, params.learners,
                       params.seed, params.stream, zeros_missing=params.zeros_missing,
                       progress=log.info)
    write_text(snakemake.output[0], tests.to_csv(index=False, lineterminator="\n"))
