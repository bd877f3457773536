# Fetch (checksummed raw files) -> parse (typed datasets); optional datasets in one job.


rule fetch_raw:
    output:
        "data/raw/{relpath}",
    log:
        "logs/fetch_raw/{relpath}.log",
    priority: FETCH_FIRST
    resources:
        in_process=1,
    params:
        code=CODE.of("fetch_raw.py"),
        source=raw_file_entry,
    run:
        run_script("fetch_raw.py", rule, input, output, params, wildcards, log, config)


rule parse_dataset:
    input:
        raw=raw_inputs,
    output:
        csv="data/processed/{dataset}.csv",
        meta="data/processed/{dataset}.json",
    log:
        "logs/parse_dataset/{dataset}.log",
    wildcard_constraints:
        dataset=choice(REQUIRED_DATASETS),
    priority: FETCH_FIRST
    resources:
        in_process=1,
    params:
        code=CODE.of("parse_dataset.py"),
        spec=dataset_spec,
    run:
        run_script(
            "parse_dataset.py", rule, input, output, params, wildcards, log, config
        )


# An optional dataset: fetched here, so that when no source has its files the job writes the
# dataset's "unavailable" marker (the sources tried) instead of failing the workflow. Rerun it
# after the data become reachable: snakemake --cores 2 --forcerun parse_optional_dataset
rule parse_optional_dataset:
    output:
        csv="data/processed/{dataset}.csv",
        meta="data/processed/{dataset}.json",
    log:
        "logs/parse_dataset/{dataset}.log",
    wildcard_constraints:
        dataset=choice(OPTIONAL_DATASETS),
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("parse_optional_dataset.py"),
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
