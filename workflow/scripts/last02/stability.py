"""Snakemake glue: Turney stability of one learner's cross-validation models on one dataset."""

from smalltrees.datasets import read
from smalltrees.evaluation.resampling import seed_for
from smalltrees.files import write_text
from smalltrees.learners.registry import make_learner
from smalltrees.studies.last02.stability import fold_models, random_instances
from smalltrees_workflow.logs import job_log

snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    code, options = snakemake.wildcards.dataset, snakemake.params.stability
    X, y = read(snakemake.input.csv, snakemake.input.meta)
    examples = random_instances(X, options["instances"], options["generator"],
                                seed_for(snakemake.params.seed, options["stream"], code))
    agreement, sizes = fold_models(lambda: make_learner(snakemake.params.learner), X, y,
                                   examples, snakemake.params.design, snakemake.params.seed,
                                   code, options["pairing"], progress=log.info)
    write_text(snakemake.output.agreement, agreement.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.sizes, sizes.to_csv(index=False, lineterminator="\n"))
