"""Consistency checks of the workflow configuration beyond what the JSON schema can say.

The schema (``workflow/schemas/config.schema.yaml``) checks keys and types; this module checks
the references between sections -- every dataset a study names is in the registry, every learner
a study names is configured, every configured learner class exists -- and that the registry's
raw files are unambiguous. Errors name the key and the value, and list what was expected.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


class ConfigError(ValueError):
    """The configuration refers to something that does not exist, or contradicts itself."""


def check_config(config: Mapping, learner_classes: Iterable[str]) -> None:
    """Raise :class:`ConfigError` for the first dangling reference in ``config``."""
    registry = config["datasets"]
    auer95 = config["auer95"]
    _check_names("auer95.datasets", auer95["datasets"], registry, "dataset")
    if "table2" in auer95:
        table2 = auer95["table2"]
        _check_names("auer95.table2.learners", table2["learners"], config["learners"], "learner")
        _check_names("auer95.table2.compare", table2["compare"].values(), table2["learners"],
                     "learner")
    known = sorted(learner_classes)
    for name, learner in config["learners"].items():
        if learner["class"] not in known:
            raise ConfigError(
                f"learners.{name}.class: unknown learner class {learner['class']!r}; "
                f"expected one of {known}"
            )
    raw_files(registry)


def _check_names(key: str, names: Iterable[str], known: Mapping, what: str) -> None:
    for name in names:
        if name not in known:
            raise ConfigError(
                f"{key}: unknown {what} {name!r}; expected one of {sorted(known)} "
                f"(add it under `{what}s:` in config.yaml)"
            )


def raw_files(registry: Mapping) -> dict[str, dict]:
    """Map every raw file's archive path to its registry entry (``sha256``, optional ``url``).

    Two datasets may share a file only if they agree on its checksum and URL.
    """
    files: dict[str, dict] = {}
    for code, spec in registry.items():
        for entry in spec["files"]:
            path = entry["path"]
            source = {"sha256": entry["sha256"], "url": entry.get("url")}
            if path in files and files[path] != source:
                raise ConfigError(
                    f"datasets.{code}.files: {path!r} is declared again with a different "
                    f"sha256 or url ({source} vs {files[path]})"
                )
            files[path] = source
    return files
