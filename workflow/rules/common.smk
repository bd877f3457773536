# Helpers only: config validation, the raw-file registry, and the lists of final outputs.
import re

from snakemake.utils import validate

from smalltrees.config import check_config, raw_files
from smalltrees.registry import LEARNER_CLASSES


validate(config, "../schemas/config.schema.yaml")
check_config(config, LEARNER_CLASSES)

RAW_FILES = raw_files(config["datasets"])
DATASETS = sorted(config["datasets"])
AUER95_DATASETS = config["auer95"]["datasets"]


wildcard_constraints:
    dataset="|".join(re.escape(d) for d in DATASETS),
    relpath="|".join(re.escape(p) for p in RAW_FILES),


def raw_inputs(wildcards):
    """The raw files of one dataset, under data/raw/."""
    return [f"data/raw/{f['path']}" for f in config["datasets"][wildcards.dataset]["files"]]


def raw_file_entry(wildcards):
    """sha256 and own URL of one raw file."""
    return RAW_FILES[wildcards.relpath]


def dataset_spec(wildcards):
    """The registry entry of one dataset."""
    return config["datasets"][wildcards.dataset]


def processed(datasets):
    """Processed csv files of the given datasets."""
    return [f"data/processed/{d}.csv" for d in datasets]


def get_final_output():
    """Every table and figure the configured studies produce."""
    return ["results/tables/auer95_table1.csv", "results/tables/auer95_table1.md"]
