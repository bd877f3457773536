# Fetch (checksummed raw files) -> parse (typed datasets); optional datasets in one job.


rule fetch_raw:
    input:
        code=CODE.of("fetch_raw.py"),
    output:
        "data/raw/{relpath}",
    log:
        "logs/fetch_raw/{relpath}.log",
    # before any other job: every job that fits waits for a parsed dataset, and the greedy
    # scheduler otherwise ranks a job by its inputs' size, which put fetching (no input) and
    # parsing behind the fits of the datasets already parsed, some until the last minute
    # (docs/running.md, "Tenth session")
    priority: 2
    params:
        source=raw_file_entry,
    run:
        run_script("fetch_raw.py", rule, input, output, params, wildcards, log, config)


rule parse_dataset:
    input:
        raw=raw_inputs,
        code=CODE.of("parse_dataset.py"),
    output:
        csv="data/processed/{dataset}.csv",
        meta="data/processed/{dataset}.json",
    log:
        "logs/parse_dataset/{dataset}.log",
    wildcard_constraints:
        dataset=choice(REQUIRED_DATASETS),
    # as fetch_raw's
    priority: 2
    params:
        spec=dataset_spec,
    run:
        run_script(
            "parse_dataset.py", rule, input, output, params, wildcards, log, config
        )


# An optional dataset: fetched here, so that when no source has its files the job writes the
# dataset's "unavailable" marker (the sources tried) instead of failing the workflow. Rerun it
# after the data become reachable: snakemake --cores 2 --forcerun parse_optional_dataset
rule parse_optional_dataset:
    input:
        code=CODE.of("parse_optional_dataset.py"),
    output:
        csv="data/processed/{dataset}.csv",
        meta="data/processed/{dataset}.json",
    log:
        "logs/parse_dataset/{dataset}.log",
    wildcard_constraints:
        dataset=choice(OPTIONAL_DATASETS),
    params:
        spec=dataset_spec,
        sources=fetch_sources,
    run:
        run_script(
            "parse_optional_dataset.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
        )
