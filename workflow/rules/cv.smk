# Repeated cross-validation, shared by every study with a `cv:` section: one job per
# (study, dataset, learner) runs all repetitions, its folds drawn from (seed, stream, dataset,
# repetition) only, so every learner sees identical folds whatever the order of the jobs. A
# learner that fits the same models as an earlier one on the dataset (C4.5's options for
# continuous attributes, on a dataset without any) takes that learner's rows, relabelled.


rule cross_validate:
    input:
        unpack(cv_inputs),
    output:
        "results/{study}/cv/{dataset}/{learner}.csv",
    log:
        "logs/cross_validate/{study}/{dataset}/{learner}.log",
        benchmark="logs/benchmarks/cross_validate/{study}/{dataset}/{learner}.tsv",
    params:
        code=CODE.of("cross_validate.py", learners=learner_entries),
        learners=learner_entries,
        same_fit=cv_same_fit,
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
