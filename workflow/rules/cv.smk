# Repeated cross-validation, shared by every study with a `cv:` section: one job per
# (study, dataset, learner) runs all repetitions, its folds drawn from (seed, stream, dataset,
# repetition) only, so every learner sees identical folds whatever the order of the jobs.


rule cross_validate:
    input:
        csv="data/processed/{dataset}.csv",
        meta="data/processed/{dataset}.json",
    output:
        "results/{study}/cv/{dataset}/{learner}.csv",
    log:
        "logs/cross_validate/{study}/{dataset}/{learner}.log",
        benchmark="logs/benchmarks/cross_validate/{study}/{dataset}/{learner}.tsv",
    params:
        code=CODE.of("cross_validate.py", learners=learner_entries),
        learners=learner_entries,
        design=cv_design,
        seed=config["seed"],
    run:
        run_in_worker(
            "cross_validate.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
            workflow,
        )
