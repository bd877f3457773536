"""Consistency checks of the workflow configuration beyond what the JSON schema can say.

The schemas (``workflow/schemas/*.schema.yaml``) check keys and types; this module checks the
references between sections and the values only a learner can judge, so that every such error
surfaces when the workflow starts, before any job runs: every study named in ``studies`` has its
section, every dataset a study names is in the registry, every learner a study names is
configured, every configured learner class exists and accepts its parameters with their values,
every ``compare`` entry names a learner of the class it stands for, and the registry's raw files
are unambiguous. Errors name the key and the value, and say what was expected.

Where a dataset was parsed before, its processed sidecar (``data/processed/<code>.json``) says
how many examples and which classes it has, so that a fold count larger than the dataset, a
positive class it does not have, or a design whose parts do not fit are refused here too
(:func:`check_data`), before a job could fail and take its earlier valid result with it. A
dataset not parsed yet is checked by its job, before that job writes anything.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import yaml

from smalltrees.data.parse import DatasetError, fields_from_spec
from smalltrees.data.store import read_meta
from smalltrees.evaluation.resampling import FoldError, fold_ids, seed_for
from smalltrees.evaluation.transcriptions import (
    TranscriptionError,
    check_quantities,
    read_paper,
    transcription_files,
)
from smalltrees.learners.registry import make_learner

STUDIES = ("auer95", "dkm96", "yildiz15", "last02")
"""The studies the workflow knows; each has ``smalltrees_workflow.plans.<study>``."""

SCHEMAS = Path(__file__).resolve().parents[1] / "schemas"
"""``workflow/schemas``: the JSON schemas of the config and of the dataset sheet."""


SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""PyYAML's safe loader, its C (libyaml) build where installed: the same documents, read in a
tenth of the time (every Snakemake start, each cluster job's too, reads the config and the
dataset sheet)."""


class ConfigError(ValueError):
    """The configuration refers to something that does not exist, or contradicts itself."""


def validate(data: Mapping, schema: str, what: str) -> None:
    """Validate ``data`` against ``workflow/schemas/<schema>`` with Snakemake (which also fills
    in the schema's defaults); on failure raise one short :class:`ConfigError` that leads with
    ``what`` (the config, or the dataset sheet and its path), the key and the expected value,
    instead of Snakemake's message with the whole schema in it."""
    from snakemake.exceptions import WorkflowError
    from snakemake.utils import validate as snakemake_validate

    try:
        snakemake_validate(data, str(SCHEMAS / schema))
    except WorkflowError:
        raise ConfigError(f"{what}: {schema_error(data, SCHEMAS / schema)}") from None


def schema_error(data: Mapping, schema_path: Path) -> str:
    """The most relevant violation of the schema by ``data``: ``key: what is wrong (what the
    key is)``."""
    import jsonschema

    schema = yaml.safe_load(schema_path.read_text())
    validator = jsonschema.validators.validator_for(schema)(schema)
    error = jsonschema.exceptions.best_match(validator.iter_errors(data))
    if error is None:  # Snakemake refused what jsonschema accepts: say so rather than guess
        return f"does not match {schema_path.name}"
    while error.context:  # oneOf/anyOf: the alternative that came closest
        error = jsonschema.exceptions.best_match(error.context)
    key = ".".join(str(part) for part in error.absolute_path) or "(top level)"
    about = error.schema.get("description") if isinstance(error.schema, dict) else None
    return f"{key}: {error.message}" + (f" (expected: {about})" if about else "")


def load_yaml(path: Path, what: str):
    """The YAML document at ``path``; a syntax error names ``what`` (the file, as the user
    knows it) and the line."""
    try:
        return yaml.load(path.read_text(), Loader=SAFE_LOADER)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f", line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(error, "problem", None) or str(error)
        context, start = getattr(error, "context", None), getattr(error, "context_mark", None)
        opened = f" ({context} on line {start.line + 1})" if context and start else ""
        raise ConfigError(f"{what}{where}: invalid YAML: {problem}{opened}") from None


def check_yaml_file(path: str) -> None:
    """Refuse a config file that is not valid YAML, naming the file and the line (Snakemake's
    own message names neither); a missing file is left to Snakemake."""
    if Path(path).exists():
        load_yaml(Path(path), f"config file {path}")


def load_registry(config: Mapping, base: Path) -> dict:
    """The dataset registry: the sheet ``dataset_registry`` (relative to ``base``), with the
    entries of the config's own ``datasets:`` section added or overriding; each part validated
    against ``datasets.schema.yaml`` and its column names checked (:func:`check_columns`), an
    error naming the part it is in (the dataset sheet or the config)."""
    path = base / config["dataset_registry"]
    if not path.exists():
        raise ConfigError(f"dataset_registry: {config['dataset_registry']} does not exist (at "
                          f"{path}); expected the dataset sheet, data/datasets.yaml in the "
                          "repository")
    what = f"dataset sheet {config['dataset_registry']}"
    sheet = load_yaml(path, what) or {}
    if not isinstance(sheet, dict) or not isinstance(sheet.get("datasets", {}), dict):
        raise ConfigError(f"{what}: expected a mapping `datasets: {{CODE: entry, ...}}`")
    parts = {what: sheet.get("datasets", {}), "config": config.get("datasets", {})}
    for where, entries in parts.items():
        validate({"datasets": entries}, "datasets.schema.yaml", where)
        check_columns(entries, where)
    return {**parts[what], **parts["config"]}


def check_columns(entries: Mapping, where: str) -> None:
    """Every dataset's columns, expanded (``repeat``, ``sequence``), name each attribute once
    and have one class column: a repeated name would silently drop an attribute."""
    for code, spec in entries.items():
        try:
            fields_from_spec(spec["columns"])
        except DatasetError as error:
            raise ConfigError(f"{where}: datasets.{code}.columns: {error}") from None


def check_config(config: Mapping, registry: Mapping,
                 learner_class: Callable[[str], type]) -> None:
    """Raise :class:`ConfigError` for the first inconsistency in ``config``.

    ``learner_class`` maps a class name to the class (or raises ``ValueError``).
    """
    for study in config["studies"]:
        if study not in config:
            raise ConfigError(f"studies: {study!r} is listed but config has no `{study}:` "
                              "section; add the section or remove the study from `studies`")
    learners = config["learners"]
    classes = _check_learners(learners, learner_class)
    for study in config["studies"]:
        study_plan(study).check_config(config, registry, classes)
    raw_files(registry)


def _check_learners(learners: Mapping, learner_class: Callable[[str], type]) -> dict[str, str]:
    """Instantiate every configured learner and check its parameters; return name -> class."""
    classes = {}
    for name, entry in learners.items():
        try:
            learner_class(entry["class"])
        except ValueError as error:
            raise ConfigError(f"learners.{name}.class: {error}") from None
        try:  # a nested learner entry (Bagging's estimator) is built and checked too
            make_learner(entry).check_params()
        except ValueError as error:
            raise ConfigError(f"learners.{name}.params: {error}") from None
        classes[name] = entry["class"]
    return classes


def study_plan(study: str) -> ModuleType:
    """The module ``smalltrees_workflow.plans.<study>``: the study's final outputs
    (``outputs(config)``) and its config checks (``check_config(config, registry, classes)``)."""
    if study not in STUDIES:
        raise ConfigError(f"studies: unknown study {study!r}; expected some of {list(STUDIES)}")
    return importlib.import_module(f"smalltrees_workflow.plans.{study}")


def check_names(key: str, names: Iterable[str], known: Iterable[str], what: str) -> None:
    """Raise :class:`ConfigError` unless every name is one of ``known``."""
    known = list(known)
    for name in names:
        if name not in known:
            raise ConfigError(
                f"{key}: unknown {what} {name!r}; expected one of {sorted(known)}"
            )


@dataclass(frozen=True)
class Parsed:
    """What the last parse of a dataset found, from its processed sidecar ``source``."""

    code: str
    examples: int
    classes: tuple[str, ...]
    files: tuple[dict, ...]
    source: str


def parsed_datasets(registry: Mapping, processed_dir: Path) -> dict[str, Parsed]:
    """The datasets of ``registry`` parsed from the raw files the registry names now (their
    sidecars record these paths and digests), by code; an optional dataset that was not
    obtained, or a sidecar of an older format, is left out."""
    parsed = {}
    for code, spec in registry.items():
        path = Path(processed_dir) / f"{code}.json"
        if not path.exists():
            continue
        meta = read_meta(path)
        pinned = [(f["path"], f.get("sha256")) for f in spec["files"]]
        if (not meta.get("available", True) or "examples" not in meta
                or [(f["path"], f.get("sha256")) for f in meta["files"]] != pinned):
            continue
        parsed[code] = Parsed(code, int(meta["examples"]), tuple(meta["classes"]),
                              tuple(meta["files"]), str(path))
    return parsed


def check_data(config: Mapping, parsed: Mapping[str, Parsed]) -> None:
    """Raise :class:`ConfigError` where a study's design does not fit a parsed dataset (each
    study plan's ``check_data``)."""
    for study in config["studies"]:
        plan = study_plan(study)
        if hasattr(plan, "check_data"):
            plan.check_data(config, parsed)


def check_folds(key: str, folds: int, data: Parsed | None) -> None:
    """``folds`` non-empty folds fit the parsed dataset ``data`` (None: not parsed yet)."""
    if data is None:
        return
    try:
        fold_ids(data.examples, int(folds), seed_for(0))
    except FoldError as error:
        raise ConfigError(f"{key}: {folds} for dataset {data.code}: {error} (its "
                          f"{data.examples} examples: {data.source})") from None


def check_class(key: str, value, data: Parsed | None) -> None:
    """``value`` is a class of the parsed dataset ``data`` (None: not parsed yet)."""
    if data is not None and str(value) not in data.classes:
        raise ConfigError(f"{key}: {value!r} is not a class of dataset {data.code}; expected "
                          f"one of {list(data.classes)} ({data.source})")


def raw_files(registry: Mapping) -> dict[str, dict]:
    """Map every raw file's archive path to its registry entry (``sha256``, optional ``url``).

    Two datasets may share a file only if they agree on its checksum and URL.
    """
    files: dict[str, dict] = {}
    for code, spec in registry.items():
        for entry in spec["files"]:
            path = entry["path"]
            source = {"sha256": entry.get("sha256"), "url": entry.get("url")}
            if path in files and files[path] != source:
                raise ConfigError(
                    f"datasets.{code}.files: {path!r} is declared again with a different "
                    f"sha256 or url ({source} vs {files[path]})"
                )
            files[path] = source
    return files


def check_paper(studies: Iterable[str], paper_dir: Path) -> None:
    """Every transcription of every configured study in the one layout, each of its numbers a
    (table, quantity) the study makes (``smalltrees.studies.<study>.PRODUCES``): a typo stops
    the workflow here, naming the file and row, before any job runs."""
    for study in studies:
        produced = importlib.import_module(f"smalltrees.studies.{study}").PRODUCES
        folder = paper_dir / study
        try:
            check_quantities(read_paper(transcription_files(folder)), produced, str(folder))
        except TranscriptionError as error:
            raise ConfigError(str(error)) from None
