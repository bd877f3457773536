# Fetch (checksummed raw files) -> parse (typed datasets); optional datasets in one job.


rule fetch_raw:
    input:
        code=CODE.of("fetch_raw.py"),
    output:
        "data/raw/{relpath}",
    log:
        "logs/fetch_raw/{relpath}.log",
    conda:
        "../../environment.yml"
    params:
        source=raw_file_entry,
    script:
        "../scripts/fetch_raw.py"


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
    conda:
        "../../environment.yml"
    params:
        spec=dataset_spec,
    script:
        "../scripts/parse_dataset.py"


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
    conda:
        "../../environment.yml"
    params:
        spec=dataset_spec,
        sources=fetch_sources,
    script:
        "../scripts/parse_optional_dataset.py"
