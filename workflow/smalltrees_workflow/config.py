"""Consistency checks of the workflow configuration beyond what the JSON schema can say.

The schemas (``workflow/schemas/*.schema.yaml``) check keys and types; this module checks the
references between sections and the values only a learner can judge, so that every such error
surfaces when the workflow starts, before any job runs: every study named in ``studies`` has its
section, every dataset a study names is in the registry, every learner a study names is
configured, every configured learner class exists and accepts its parameters with their values,
every ``compare`` entry names a learner of the class it stands for, and the registry's raw files
are unambiguous. Errors name the key and the value, and say what was expected.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from types import ModuleType

import yaml

from smalltrees.learners.registry import make_learner

STUDIES = ("auer95", "dkm96", "yildiz15", "last02")
"""The studies the workflow knows; each has ``smalltrees_workflow.plans.<study>``."""


class ConfigError(ValueError):
    """The configuration refers to something that does not exist, or contradicts itself."""


def load_registry(config: Mapping, base: Path) -> dict:
    """The dataset registry: the sheet ``dataset_registry`` (relative to ``base``), with the
    entries of the config's own ``datasets:`` section added or overriding."""
    path = base / config["dataset_registry"]
    if not path.exists():
        raise ConfigError(f"dataset_registry: {config['dataset_registry']} does not exist (at "
                          f"{path}); expected the dataset sheet, data/datasets.yaml in the "
                          "repository")
    sheet = yaml.safe_load(path.read_text()) or {}
    if not isinstance(sheet, dict) or not isinstance(sheet.get("datasets", {}), dict):
        raise ConfigError(f"{path}: expected a mapping `datasets: {{CODE: entry, ...}}`")
    return {**sheet.get("datasets", {}), **config.get("datasets", {})}


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
