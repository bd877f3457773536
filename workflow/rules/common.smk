# Helpers only: config validation, the raw-file registry, and the lists of final outputs.
import re

import pandas as pd

from snakemake.utils import validate

from smalltrees.config import check_config, raw_files
from smalltrees.registry import LEARNER_CLASSES


validate(config, "../schemas/config.schema.yaml")
check_config(config, LEARNER_CLASSES)

RAW_FILES = raw_files(config["datasets"])
DATASETS = sorted(config["datasets"])
AUER95_DATASETS = config["auer95"]["datasets"]
TABLE2 = config["auer95"]["table2"]
PAPER_NOTES = pd.read_csv("data/paper/auer1995/notes.csv")


wildcard_constraints:
    dataset="|".join(re.escape(d) for d in DATASETS),
    relpath="|".join(re.escape(p) for p in RAW_FILES),
    learner="|".join(re.escape(name) for name in config["learners"]),
    repetition=r"\d+",


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


def learner_entry(wildcards):
    """The config entry ({class, params}) of one named learner."""
    return config["learners"][wildcards.learner]


def table2_cv_results():
    """Per-repetition CV results of every (dataset, learner, repetition) of Table 2."""
    return expand(
        "results/auer95/cv/{dataset}/{learner}/rep{repetition}.csv",
        dataset=AUER95_DATASETS,
        learner=TABLE2["learners"],
        repetition=range(1, TABLE2["repetitions"] + 1),
    )


def paper_notes(table):
    """Our explanations of differences from the paper, by dataset code, for one table."""
    rows = PAPER_NOTES[PAPER_NOTES["table"] == table]
    return dict(zip(rows["code"], rows["note"]))


def get_final_output():
    """Every table and figure the configured studies produce."""
    return [
        "results/tables/auer95_table1.csv",
        "results/tables/auer95_table1.md",
        "results/tables/auer95_sky.csv",
        "results/tables/auer95_table2.csv",
        "results/tables/auer95_table2.md",
        "figures/auer95_table2.png",
        "figures/auer95_table2.pdf",
    ]
