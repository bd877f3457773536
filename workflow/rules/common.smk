# Helpers only: config validation, the dataset registry, input functions and the final outputs.
import os
from pathlib import Path

import pandas as pd
import yaml

from smalltrees_workflow.job_code import JobCode
from smalltrees_workflow.in_process import run_script
from smalltrees_workflow.workers import run_in_worker
from smalltrees_workflow.config import (
    check_config,
    check_data,
    check_paper,
    load_registry,
    parsed_datasets,
    raw_files,
    study_plan,
    validate,
)
from smalltrees_workflow.plans.cv import cv_leads
from smalltrees_workflow.wildcards import choice
from smalltrees.learners.registry import LEARNER_CLASSES, learner_class

# Every error below stops the workflow before any job runs, with one line naming the key.
validate(config, "config.schema.yaml", "config")
REGISTRY = load_registry(config, Path.cwd())
# The consistency checks run once, in the main Snakemake process: a job's own Snakemake (on a
# cluster, one per job) reads the same config and files, and checking again cost ~0.3 CPU-s.
if workflow.is_main_process:
    check_config(config, REGISTRY, learner_class)
    check_data(config, parsed_datasets(REGISTRY, Path("data/processed")))
    check_paper(config["studies"], Path("data/paper"))

# Job priorities: Snakemake's greedy scheduler starts the ready job of highest priority, and
# ranks jobs of one priority by their inputs' size, which would leave jobs with small inputs,
# or none, until no fit was ready (docs/running.md, "Tenth session" and "Twelfth session").
# Fetching and parsing go first: every fit waits for a parsed dataset.
FETCH_FIRST = 3
# Then the local jobs (tables, cells, figures, HTML, the scorecard; the Snakefile's
# localrules), one at a time in Snakemake's process, each as soon as its inputs are there.
LOCAL_JOBS = 2
# Then every fit but the Table 2 CV (`cross_validate`, priority 0, the last fits), so that what
# is built from them runs while the CV fits, and the longest fits (bagging, the C4.5 refits)
# start before the CV's short jobs, so that none ends the run.
FITS_BEFORE_CV = 1

STUDIES = config["studies"]
RAW_FILES = raw_files(REGISTRY)
DATASETS = sorted(REGISTRY)
# Optional datasets (registry `optional: true`) are fetched inside their parse job, which writes
# an "unavailable" marker instead of failing when no source has them (smalltrees.data.optional).
OPTIONAL_DATASETS = [d for d in DATASETS if REGISTRY[d].get("optional", False)]
REQUIRED_DATASETS = [d for d in DATASETS if d not in OPTIONAL_DATASETS]


wildcard_constraints:
    dataset=choice(DATASETS),
    relpath=choice(RAW_FILES),
    learner=choice(config["learners"]),
    study=choice(STUDIES),


# Each rule's `code=` param: the digest of the package modules its job imports, from the import
# graph (and the modules of the learners it builds by name), so that a change to one learner
# reruns only the jobs that run it (smalltrees_workflow.job_code).
CODE = JobCode(workflow.basedir, LEARNER_CLASSES)


def raw_inputs(wildcards):
    """The raw files of one dataset, under data/raw/."""
    return [f"data/raw/{f['path']}" for f in REGISTRY[wildcards.dataset]["files"]]


def raw_file_entry(wildcards):
    """sha256 and own URL of one raw file."""
    return RAW_FILES[wildcards.relpath]


def dataset_spec(wildcards):
    """The registry entry of one dataset."""
    return REGISTRY[wildcards.dataset]


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


def learner_entries(wildcards):
    """The job's learner as {name: entry}, as the shared CV script takes its learners."""
    return {wildcards.learner: config["learners"][wildcards.learner]}


def cv_lead(wildcards):
    """Whose CV rows the job's learner takes on its dataset: its own, or an earlier learner's
    that fits the same models there (smalltrees.evaluation.same_fit)."""
    leads = cv_leads(config, REGISTRY, wildcards.study, wildcards.dataset)
    return leads.get(wildcards.learner, wildcards.learner)


def cv_inputs(wildcards):
    """A CV job's inputs: the dataset; for a learner that takes its lead's rows, the lead's
    rows and the dataset's types (its job checks there is no continuous attribute)."""
    lead, dataset = cv_lead(wildcards), wildcards.dataset
    if lead == wildcards.learner:
        return {
            "csv": f"data/processed/{dataset}.csv",
            "meta": f"data/processed/{dataset}.json",
        }
    return {
        "same_fit": f"results/{wildcards.study}/cv/{dataset}/{lead}.csv",
        "meta": f"data/processed/{dataset}.json",
    }


def cv_same_fit(wildcards):
    """{lead: entry} for a learner that takes its lead's CV rows, else {}."""
    lead = cv_lead(wildcards)
    return {} if lead == wildcards.learner else {lead: config["learners"][lead]}


def study_cv_design(study):
    """Repetitions, folds and random stream of a study's cross-validation."""
    cv = config[study]["cv"]
    return {
        "repetitions": cv["repetitions"],
        "folds": cv["folds"],
        "stream": cv.get("stream", study),
    }


def cv_design(wildcards):
    """:func:`study_cv_design` of the job's ``{study}``."""
    return study_cv_design(wildcards.study)


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


def scorecard_parts():
    """Every cells file of every configured study, with the title and the (page-relative) link
    the scorecard shows for it."""
    return [
        {
            "study": study,
            "key": key,
            "title": title,
            "link": os.path.relpath(link, "results"),
        }
        for study in STUDIES
        for key, (title, link) in study_plan(study).cells(config).items()
    ]


def study_parts(wildcards):
    """:func:`scorecard_parts` of the job's ``{study}``."""
    return [p for p in scorecard_parts() if p["study"] == wildcards.study]


def study_cells(wildcards):
    """The cells files of the job's ``{study}``, in :func:`study_parts`' order."""
    return cells_files(study_parts(wildcards))


def cells_files(parts):
    """The cells file of each of the scorecard's ``parts``, in their order."""
    return [f"results/{p['study']}/cells/{p['key']}.csv" for p in parts]


SCORECARD = [
    "results/scorecard.csv",
    "results/scorecard.md",
    "results/scorecard.html",
    *(f"figures/{study}_vs_paper.png" for study in STUDIES),
]


CAPTIONS = yaml.safe_load(
    Path(workflow.basedir, "workflow/report/captions.yaml").read_text()
)


def table_caption(wildcards):
    """The report caption of one table (workflow/report/captions.yaml)."""
    return CAPTIONS.get(f"{wildcards.study}_{wildcards.name}", "")


def get_final_output():
    """Every table and figure of the configured studies (each study's plan lists its own), the
    HTML rendering of every Markdown table (for the report), every table's cells and the
    scorecard; and every stored file they are built from (raw, processed, per-job results), so
    that a deleted one is recreated with everything computed from it: Snakemake rebuilds a missing file only for
    a job that must run, and a job whose outputs are up to date does not."""
    outputs = [path for study in STUDIES for path in study_plan(study).outputs(config)]
    tables = [
        p[: -len(".md")] + ".html"
        for p in outputs
        if p.startswith("results/tables/") and p.endswith(".md")
    ]
    cells = cells_files(scorecard_parts())
    return outputs + tables + cells + SCORECARD + stored_files()


def stored_files():
    """The raw files (of datasets fetched by fetch_raw), the processed datasets and the
    per-job results of the configured studies."""
    codes = sorted(
        {code for study in STUDIES for code in study_plan(study).datasets(config)}
    )
    raw = [
        f"data/raw/{f['path']}"
        for code in codes
        if code in REQUIRED_DATASETS
        for f in REGISTRY[code]["files"]
    ]
    results = [p for study in STUDIES for p in study_plan(study).intermediates(config)]
    return list(dict.fromkeys(raw + processed(codes) + results))
