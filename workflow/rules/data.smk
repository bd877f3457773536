# Fetch (checksummed raw files) -> parse (typed datasets).


rule fetch_raw:
    input:
        code=DATA_CODE,
    output:
        "data/raw/{relpath}",
    log:
        "logs/fetch_raw/{relpath}.log",
    params:
        source=raw_file_entry,
    conda:
        "../../environment.yml"
    script:
        "../scripts/fetch_raw.py"


rule parse_dataset:
    input:
        raw=raw_inputs,
        code=DATA_CODE,
    output:
        csv="data/processed/{dataset}.csv",
        meta="data/processed/{dataset}.json",
    log:
        "logs/parse_dataset/{dataset}.log",
    params:
        spec=dataset_spec,
    conda:
        "../../environment.yml"
    script:
        "../scripts/parse_dataset.py"
