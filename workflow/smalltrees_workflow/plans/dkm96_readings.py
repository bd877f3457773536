"""What the dkm96 readings produce and the config checks they need (``dkm96.readings``).

Beyond the paper: each Table 1 or 2 deviation's explanation tested on its data
(:mod:`smalltrees.studies.dkm96.readings`). Built on the tables' plan
(:mod:`smalltrees_workflow.plans.dkm96`), imported as a module: that module imports this one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from smalltrees.studies.dkm96.design import DesignError, distinct_partitions, partition, train_draw
from smalltrees.studies.dkm96.readings import (
    FIXED_PARAMS,
    LEARNER_PARAMS,
    reading_learners,
    reading_spec,
)
from smalltrees_workflow.config import ConfigError, Parsed, check_names
from smalltrees_workflow.plans import dkm96 as tables


def readings_outputs(config: Mapping) -> list[str]:
    """The readings table (none without ``dkm96.readings``)."""
    if "readings" not in config["dkm96"]:
        return []
    return [f"results/tables/dkm96_readings.{ext}" for ext in ("csv", "md")]


def readings_cells(config: Mapping) -> dict[str, tuple[str, str]]:
    """The readings' cells keys of Tables 1 and 2 (none without ``dkm96.readings``), with
    their title and view, for the scorecard."""
    if "readings" not in config["dkm96"]:
        return {}
    view = "results/tables/dkm96_readings.html"
    return {f"table{n}_readings": (f"Table {n} under other readings (the deviations' "
                                   "explanations tested)", view) for n in (1, 2)}


def readings_partitions(config: Mapping) -> int:
    """The partitions a Table 1 reading is computed on: ``dkm96.readings.partitions``, at most
    Table 1's own (a reading without overrides is Table 1's first partitions)."""
    return min(int(config["dkm96"]["readings"]["partitions"]),
               int(config["dkm96"]["table1"]["partitions"]))


def reading_blocks(config: Mapping) -> dict[str, dict[str, Mapping]]:
    """Domain -> reading -> overrides of ``dkm96.readings.table1``, for the domains among
    Table 1's rows (a smaller table, such as the tiny config's, drops the others)."""
    readings = config["dkm96"].get("readings", {})
    rows = config["dkm96"]["table1"]["rows"]
    return {domain: dict(named) for domain, named in readings.get("table1", {}).items()
            if domain in rows}


def table1_trial_files(config: Mapping) -> dict[str, str]:
    """Table 1's row domain -> its trial result (:func:`~.dkm96.table1_trials`)."""
    return dict(zip(tables.table1_rows(config), tables.table1_trials(config), strict=True))


def reading_trials(config: Mapping) -> dict[str, str]:
    """``domain/reading`` -> its trial result: Table 1's own for a reading without overrides
    (no refit), else ``results/dkm96/readings/<dataset>/<domain>/<reading>.json``."""
    domains = config["dkm96"]["table1"]["domains"]
    own = table1_trial_files(config)
    files = {}
    for domain, named in reading_blocks(config).items():
        dataset = domains[domain]["dataset"]
        for reading, override in named.items():
            files[f"{domain}/{reading}"] = (
                own[domain] if not override
                else f"results/dkm96/readings/{dataset}/{domain}/{reading}.json")
    return files


def reading_design(config: Mapping) -> Callable:
    """A params function of the ``{domain}``/``{reading}`` wildcards: the reading's design, its
    number of partitions and its learners."""
    table1 = config["dkm96"]["table1"]

    def design(wildcards) -> dict:
        domain = table1["domains"][wildcards.domain]
        override = config["dkm96"]["readings"]["table1"][wildcards.domain][wildcards.reading]
        spec = reading_spec(domain, override)
        return {"spec": spec,
                "partitions": distinct_partitions(spec, readings_partitions(config)),
                "learners": reading_learners(tables.table1_learners(config), override)}

    return design


def reading_design_learners(config: Mapping) -> Callable:
    """A params function: the learners of the ``{domain}``/``{reading}`` reading (its code)."""
    design = reading_design(config)
    return lambda wildcards: design(wildcards)["learners"]


def stability_blocks(config: Mapping) -> dict[str, str]:
    """Domain -> Table 1's trials file, for ``dkm96.readings.stability`` among Table 1's rows."""
    readings = config["dkm96"].get("readings", {})
    trials = table1_trial_files(config)
    return {domain: trials[domain] for domain in readings.get("stability", [])
            if domain in trials}


def reading_rounds(config: Mapping) -> dict[str, str]:
    """Table 2 problem -> its tests file, for ``dkm96.readings.rounds`` among Table 2's rows."""
    readings = config["dkm96"].get("readings", {})
    rows = config["dkm96"]["table2"]["rows"]
    return {domain: f"results/dkm96/readings/rounds/{domain}.csv"
            for domain in readings.get("rounds", {}) if domain in rows}


def rounds_learners(config: Mapping) -> Callable:
    """A params function of the ``{domain}`` wildcard: its ``rounds`` learners' entries."""

    def learners(wildcards) -> dict:
        names = config["dkm96"]["readings"]["rounds"][wildcards.domain]["learners"]
        return {name: config["learners"][name] for name in names}

    return learners


def readings_plan(config: Mapping) -> dict:
    """What the readings are built from: per block its kind, files and settings, and the names
    of the problems they concern (of those only: a domain added to the tables changes no
    reading)."""
    table1 = config["dkm96"]["table1"]
    readings = config["dkm96"].get("readings", {})
    trials = reading_trials(config)
    plan = {"table1": {}, "stability": stability_blocks(config), "rounds": {}}
    for domain, named in reading_blocks(config).items():
        plan["table1"][domain] = {reading: {"override": dict(override),
                                            "file": trials[f"{domain}/{reading}"]}
                                  for reading, override in named.items()}
    rows1 = table1_trial_files(config)
    for domain, file in reading_rounds(config).items():
        spec = readings["rounds"][domain]
        plan["rounds"][domain] = {
            "file": file, "table1": rows1.get(spec.get("table1")),
            "table1_domain": spec.get("table1")}
    used = {*plan["table1"], *plan["stability"],
            *(block["table1_domain"] for block in plan["rounds"].values()
              if block["table1"] is not None)}
    plan["problems"] = {
        "table1": {name: d.get("problem", name) for name, d in table1["domains"].items()
                   if name in used},
        "table2": {name: problem for name, problem in tables.table2_problems(config).items()
                   if name in plan["rounds"]}}
    return plan


def check_readings(config: Mapping, classes: Mapping[str, str]) -> None:
    """Readings of Table 1 domains (overrides of design keys only, a valid ``train_draw``),
    stability of Table 1 domains, rounds of Table 2 dataset problems with C4.5 learners."""
    readings = config["dkm96"].get("readings")
    if readings is None:
        return
    table1, table2 = config["dkm96"]["table1"], config["dkm96"]["table2"]
    check_names("dkm96.readings.table1", readings.get("table1", {}), table1["domains"], "domain")
    for domain, named in readings.get("table1", {}).items():
        for reading, override in named.items():
            key = f"dkm96.readings.table1.{domain}.{reading}"
            if {"dataset", "positive_class", "problem"} & set(override):
                raise ConfigError(f"{key}: a reading overrides the design (train_sets, "
                                  "train_size, train_draw, test, missing_as) or learner_params, "
                                  f"not the dataset, class or name; got {sorted(override)}")
            fixed = sorted(set(FIXED_PARAMS) & set(override.get(LEARNER_PARAMS, {})))
            if fixed:
                raise ConfigError(f"{key}.{LEARNER_PARAMS}: {fixed} would change which of "
                                  "Table 1's learners is which; expected other C45 parameters")
            try:
                train_draw(key, reading_spec(table1["domains"][domain], override))
            except DesignError as error:
                raise ConfigError(str(error)) from None
    check_names("dkm96.readings.stability", readings.get("stability", []), table1["domains"],
                "domain")
    check_names("dkm96.readings.rounds", readings.get("rounds", {}), table2["domains"],
                "domain")
    for domain, spec in readings.get("rounds", {}).items():
        key = f"dkm96.readings.rounds.{domain}"
        if "dataset" not in table2["domains"][domain]:
            raise ConfigError(f"{key}: {domain} is a generated problem; rounds readings need a "
                              "dataset problem (its folds)")
        check_names(f"{key}.learners", spec["learners"], classes, "learner")
        for name in spec["learners"]:
            if classes[name] != "C45":
                raise ConfigError(f"{key}.learners: {name!r} is {classes[name]}; expected a C45 "
                                  "learner (its tree's tests are counted)")
        if "table1" in spec:
            check_names(f"{key}.table1", [spec["table1"]], table1["domains"], "domain")


def intermediates(config: Mapping) -> list[str]:
    """The readings' trial results and tests files (targets of ``rule all`` too)."""
    return [*reading_trials(config).values(), *reading_rounds(config).values()]


def check_reading_data(config: Mapping, parsed: Mapping[str, Parsed]) -> None:
    """Each computed reading's design fits its parsed dataset (its partition 1 is drawn)."""
    table1 = config["dkm96"]["table1"]
    for name, named in reading_blocks(config).items():
        data = parsed.get(table1["domains"][name]["dataset"])
        for reading, override in named.items():
            if data is None or not override:
                continue
            try:
                partition(f"{name}/{reading}", reading_spec(table1["domains"][name], override),
                          data.files, config["seed"], table1["stream"], 1)
            except DesignError as error:
                raise ConfigError(f"dkm96.readings.table1.{name}.{reading}: {error} "
                                  f"({data.source})") from None
