# Helpers only: config validation, the dataset registry, input functions and the final outputs.
import re
from pathlib import Path

import pandas as pd
import yaml

from snakemake.utils import validate

from smalltrees_workflow.config import check_config, load_registry, raw_files, study_plan
from smalltrees.learners.registry import learner_class

validate(config, "../schemas/config.schema.yaml")
REGISTRY = load_registry(config, Path.cwd())
validate({"datasets": REGISTRY}, "../schemas/datasets.schema.yaml")
check_config(config, REGISTRY, learner_class)

STUDIES = config["studies"]
RAW_FILES = raw_files(REGISTRY)
DATASETS = sorted(REGISTRY)
# Optional datasets (registry `optional: true`) are fetched inside their parse job, which writes
# an "unavailable" marker instead of failing when no source has them (smalltrees.data.optional).
OPTIONAL_DATASETS = [d for d in DATASETS if REGISTRY[d].get("optional", False)]
REQUIRED_DATASETS = [d for d in DATASETS if d not in OPTIONAL_DATASETS]


wildcard_constraints:
    dataset="|".join(re.escape(d) for d in DATASETS),
    relpath="|".join(re.escape(p) for p in RAW_FILES),
    learner="|".join(re.escape(name) for name in config["learners"]),
    study="|".join(re.escape(s) for s in STUDIES),


def package(*parts):
    """The package modules under src/smalltrees/<part> (a folder or a module) run by a job,
    declared as its inputs so that a change to a learner reruns the jobs that use it."""
    files = []
    for part in parts:
        path = Path("src/smalltrees") / part
        files += (
            sorted(str(p) for p in path.rglob("*.py")) if path.is_dir() else [str(path)]
        )
    return files


DATA_CODE = package("data", "files.py")
LEARNER_CODE = package("learners", "data/store.py", "data/parse.py")
CV_CODE = LEARNER_CODE + package("evaluation/resampling.py")
REPORT_CODE = package("evaluation", "reporting", "files.py")


def raw_inputs(wildcards):
    """The raw files of one dataset, under data/raw/."""
    return [f"data/raw/{f['path']}" for f in REGISTRY[wildcards.dataset]["files"]]


def raw_file_entry(wildcards):
    """sha256 and own URL of one raw file."""
    return RAW_FILES[wildcards.relpath]


def dataset_spec(wildcards):
    """The registry entry of one dataset."""
    return REGISTRY[wildcards.dataset]


def choice(names):
    """A wildcard pattern matching exactly one of ``names`` (none when empty)."""
    return "|".join(re.escape(n) for n in names) or "(?!)"


def fetch_sources(wildcards):
    """Where an optional dataset's files are fetched from (a change reruns its parse job)."""
    return {"mirrors": config["mirrors"], "archive": config["uci_archive"]}


def processed(datasets):
    """Processed files (csv and its json sidecar) of the given datasets, csv files first."""
    return [f"data/processed/{d}.csv" for d in datasets] + [
        f"data/processed/{d}.json" for d in datasets
    ]


def learner_entry(wildcards):
    """The config entry ({class, params}) of one named learner."""
    return config["learners"][wildcards.learner]


def cv_design(wildcards):
    """Repetitions, folds and random stream of a study's cross-validation."""
    cv = config[wildcards.study]["cv"]
    return {
        "repetitions": cv["repetitions"],
        "folds": cv["folds"],
        "stream": cv.get("stream", wildcards.study),
    }


def cv_results(study, datasets):
    """Per-fold CV results of every (dataset, learner) of a study's cross-validation."""
    return expand(
        "results/{study}/cv/{dataset}/{learner}.csv",
        study=study,
        dataset=datasets,
        learner=config[study]["cv"]["learners"],
    )


def paper_notes(study, table):
    """Our explanations of differences from the paper, by dataset code, for one table (the
    rows for one quantity only are the scorecard's, not the table's)."""
    notes = pd.read_csv(f"data/paper/{study}/notes.csv")
    rows = notes[(notes["table"] == table) & notes["quantity"].isna()]
    return dict(zip(rows["code"], rows["note"]))


SCORECARD = ["results/scorecard.csv", "results/scorecard.md", "results/scorecard.html"]


CAPTIONS = yaml.safe_load(
    Path(workflow.basedir, "workflow/report/captions.yaml").read_text()
)


def table_caption(wildcards):
    """The report caption of one table (workflow/report/captions.yaml)."""
    return CAPTIONS.get(f"{wildcards.study}_{wildcards.name}", "")


def get_final_output():
    """Every table and figure of the configured studies (each study's plan lists its own), the
    HTML rendering of every Markdown table (for the report), and the scorecard."""
    outputs = [path for study in STUDIES for path in study_plan(study).outputs(config)]
    tables = [
        p[: -len(".md")] + ".html"
        for p in outputs
        if p.startswith("results/tables/") and p.endswith(".md")
    ]
    return outputs + tables + SCORECARD
