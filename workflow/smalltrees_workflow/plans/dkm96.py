"""What the dkm96 study produces and the config checks it needs.

Dietterich, Kearns & Mansour (1996). Section 3 (the G criterion against entropy): Figures 3-6
(``dkm96.figures``) and Table 1 with its stability over R partitions (``dkm96.table1``).
Section 4 (TopDown against AdaBoost): Table 2, Figures 8-12, the claims and the decision-list
calibration (``dkm96.table2``). Beyond the paper, the deviations' explanations tested
(``dkm96.readings``, optional). Each part has its own output list and config check.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from smalltrees.studies.dkm96.design import DesignError, partition, test_kind, train_draw
from smalltrees.studies.dkm96.readings import (
    FIXED_PARAMS,
    LEARNER_PARAMS,
    reading_learners,
    reading_partitions,
    reading_spec,
)
from smalltrees_workflow.config import ConfigError, Parsed, check_class, check_folds, check_names

FIGURES = (3, 4, 5, 6)
TABLE1_CRITERIA = {"G": "G", "H": "gain"}
"""The C45 criterion each Table 1 learner role needs (H is information gain, C4.5's ``-g``)."""
TABLE1_PRUNE = {"error": True, "size": False}
"""Errors are of pruned trees, sizes of unpruned ones (Table 1's caption)."""


TABLE2_ROLES = {"topdown": ("TopDown", "entropy"), "topdown_g": ("TopDown", "G"),
                "adaboost": ("AdaBoost", None)}
"""The class (and criterion) each learner role of ``dkm96.table2.learners`` needs."""
SCATTER_FIGURES = (11, 12)


def outputs(config: Mapping) -> list[str]:
    """Every output of the dkm96 study."""
    return (figure_outputs(config) + table1_outputs(config) + table2_outputs(config)
            + readings_outputs(config))


def datasets(config: Mapping) -> list[str]:
    """The datasets of the rows of Tables 1 and 2 (the decision list is generated)."""
    rows = [*table1_rows(config).values(), *table2_rows(config).values()]
    return list(dict.fromkeys(d["dataset"] for d in rows if "dataset" in d))


def intermediates(config: Mapping) -> list[str]:
    """The per-domain trials of Tables 1 and 2 (and the rounds of Table 2) and the study's
    scorecard: targets of ``rule all`` too, so that a deleted one is recreated."""
    return (table1_trials(config) + table2_trials(config) + table2_trials(config, "rounds")
            + ["results/dkm96/scorecard.csv"] + list(reading_trials(config).values())
            + list(reading_rounds(config).values()))


def figure_outputs(config: Mapping) -> list[str]:
    """Figures 3-6 (section 3): the criterion curves."""
    return [f"figures/dkm96_fig{n}.{ext}" for n in FIGURES for ext in ("png", "pdf")]


def table1_outputs(config: Mapping) -> list[str]:
    """Table 1 (section 3.1) and its stability over R partitions."""
    return [f"results/tables/dkm96_{name}.{ext}" for name in ("table1", "stability")
            for ext in ("csv", "md")]


def table2_outputs(config: Mapping) -> list[str]:
    """Section 4: Table 2, the claims, the calibration, Figures 8-10 (one per problem with a
    figure number) and 11-12."""
    tables = [f"results/tables/dkm96_{name}.{ext}" for name in ("table2", "claims",
                                                               "calibration")
              for ext in ("csv", "md")]
    numbers = sorted(sequence_figures(config)) + list(SCATTER_FIGURES)
    return tables + [f"figures/dkm96_fig{n}.{ext}" for n in numbers for ext in ("png", "pdf")]


def table2_rows(config: Mapping) -> dict[str, Mapping]:
    """The problems of Table 2's rows (``dkm96.table2.rows``), in order, with their designs."""
    table2 = config["dkm96"]["table2"]
    return {name: table2["domains"][name] for name in table2["rows"]}


def boosting_result(domain: str, kind: str = "trials") -> str:
    """The file of one problem's section 4 results: ``trials`` or ``rounds``."""
    return f"results/dkm96/boosting/{domain}/{kind}.csv"


def table2_trials(config: Mapping, kind: str = "trials") -> list[str]:
    """The per-problem results (``trials`` or ``rounds``) of section 4, in the table's order."""
    return [boosting_result(name, kind) for name in table2_rows(config)]


def table2_problems(config: Mapping) -> dict[str, str]:
    """Problem -> the paper's name, in the table's order."""
    return {name: d.get("problem", name) for name, d in table2_rows(config).items()}


def table2_learners(config: Mapping) -> dict[str, Mapping]:
    """The learner entries of section 4 by role (topdown, topdown_g, adaboost)."""
    roles = config["dkm96"]["table2"]["learners"]
    return {role: config["learners"][roles[role]] for role in TABLE2_ROLES}


def sequence_figures(config: Mapping) -> dict[int, str]:
    """Figure number -> the problem whose advantage sequence it shows (Figures 8-10)."""
    table2 = config["dkm96"]["table2"]
    return {number: domain for domain, number in table2["sequence_figures"].items()
            if domain in table2["rows"]}


def boosting_data(config: Mapping) -> Callable:
    """An input function: the processed files of a ``{domain}``'s dataset (none for the
    generated decision list)."""
    domains = config["dkm96"]["table2"]["domains"]

    def data(wildcards) -> list[str]:
        domain = domains[wildcards.domain]
        if "dataset" not in domain:
            return []
        return [f"data/processed/{domain['dataset']}.{ext}" for ext in ("csv", "json")]

    return data


def sequence_rounds(config: Mapping) -> Callable:
    """An input function: the rounds of the problem of Figure ``{number}`` (8-10)."""
    figures = sequence_figures(config)

    def rounds(wildcards) -> str:
        return boosting_result(figures[int(wildcards.number)], "rounds")

    return rounds


def table1_rows(config: Mapping) -> dict[str, Mapping]:
    """The domains of Table 1's rows (``dkm96.table1.rows``), in order, with their designs."""
    table1 = config["dkm96"]["table1"]
    return {name: table1["domains"][name] for name in table1["rows"]}


def table1_trials(config: Mapping) -> list[str]:
    """The per-domain trial results Table 1 is built from, in the table's order."""
    return [f"results/dkm96/trials/{d['dataset']}/{name}.json"
            for name, d in table1_rows(config).items()]


def table1_problems(config: Mapping) -> dict[str, str]:
    """Domain -> the paper's problem name, in the table's order."""
    return {name: d.get("problem", name) for name, d in table1_rows(config).items()}


def table1_learners(config: Mapping) -> dict[str, dict[str, Mapping]]:
    """The learner entries of Table 1 by purpose ("error", "size") and criterion ("G", "H")."""
    roles = config["dkm96"]["table1"]["learners"]
    return {purpose: {c: config["learners"][roles[purpose][c]] for c in TABLE1_CRITERIA}
            for purpose in TABLE1_PRUNE}


def table1_domain(config: Mapping) -> Callable:
    """A params function: the config entry of the ``{domain}`` wildcard's Table 1 domain."""
    domains = config["dkm96"]["table1"]["domains"]

    def spec(wildcards) -> Mapping:
        return domains[wildcards.domain]

    return spec


def check_config(config: Mapping, registry: Mapping, classes: Mapping[str, str]) -> None:
    """Every part's checks."""
    check_figures(config["dkm96"]["figures"])
    check_table1(config, registry, classes)
    check_table2(config, registry, classes)
    check_readings(config, classes)


def check_data(config: Mapping, parsed: Mapping[str, Parsed]) -> None:
    """Each row's design fits its parsed dataset: the positive class is one of its classes,
    Table 1's training sets and test set fit (partition 1 is drawn), Table 2's folds fit."""
    table1 = config["dkm96"]["table1"]
    for name, domain in table1_rows(config).items():
        data = parsed.get(domain["dataset"])
        if data is None:
            continue
        check_class(f"dkm96.table1.domains.{name}.positive_class", domain["positive_class"],
                    data)
        try:
            partition(name, domain, data.files, config["seed"], table1["stream"], 1)
        except DesignError as error:
            raise ConfigError(f"{error} ({data.source})") from None
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
    for name, domain in table2_rows(config).items():
        if "dataset" in domain:
            key = f"dkm96.table2.domains.{name}"
            check_class(f"{key}.positive_class", domain["positive_class"],
                        parsed.get(domain["dataset"]))
            check_folds(f"{key}.folds", domain["folds"], parsed.get(domain["dataset"]))


def check_figures(figures: Mapping) -> None:
    """Fig. 4 must show a split whose children keep one majority label (zero gain)."""
    p, r = figures["fig4"]["p"], figures["fig4"]["r"]
    if (p < 0.5) != (r < 0.5) or 0.5 in (p, r):
        raise ConfigError(f"dkm96.figures.fig4: p = {p} and r = {r} must lie on the same side "
                          "of 1/2 (Fig. 4 shows a split with no gain in min(q, 1-q))")


def check_table1(config: Mapping, registry: Mapping, classes: Mapping[str, str]) -> None:
    """Learner roles of the right class, criterion and pruning; domains whose dataset, test
    file and positive class exist in the registry."""
    table1 = config["dkm96"]["table1"]
    for purpose, prune in TABLE1_PRUNE.items():
        for criterion, wanted in TABLE1_CRITERIA.items():
            key = f"dkm96.table1.learners.{purpose}.{criterion}"
            name = table1["learners"][purpose][criterion]
            check_names(key, [name], classes, "learner")
            params = config["learners"][name].get("params", {})
            got = (classes[name], params.get("criterion", "gain_ratio"),
                   params.get("prune", True))
            if got != ("C45", wanted, prune):
                raise ConfigError(
                    f"{key}: learner {name!r} is {got[0]} with criterion {got[1]!r}, prune "
                    f"{got[2]}; Table 1's {purpose} of C4.5({criterion}) needs C45 with "
                    f"criterion {wanted!r} and prune {prune}")
    check_names("dkm96.table1.rows", table1["rows"], table1["domains"], "domain")
    for name, domain in table1["domains"].items():
        key = f"dkm96.table1.domains.{name}"
        check_names(f"{key}.dataset", [domain["dataset"]], registry, "dataset")
        entry = registry[domain["dataset"]]
        try:
            kind = test_kind(domain["test"])
        except DesignError as error:
            raise ConfigError(f"{key}.{error}") from None
        if kind != "file" and int(domain["test"][kind]) < 1:
            raise ConfigError(f"{key}.test.{kind}: the test part of dataset {domain['dataset']} "
                              f"would be empty ({domain['test'][kind]} rows); expected >= 1")
        paths = [f["path"] for f in entry["files"]]
        if kind == "file" and domain["test"]["file"] not in paths:
            raise ConfigError(f"{key}.test.file: {domain['test']['file']!r} is not a file of "
                              f"dataset {domain['dataset']}; expected one of {paths}")
        check_positive_class(key, domain, registry)


def check_table2(config: Mapping, registry: Mapping, classes: Mapping[str, str]) -> None:
    """Learner roles of the right class and criterion; each problem a dataset of the registry
    (with a class to discriminate) or a decision list; figures of problems of the table."""
    table2 = config["dkm96"]["table2"]
    for role, (wanted, criterion) in TABLE2_ROLES.items():
        key = f"dkm96.table2.learners.{role}"
        name = table2["learners"][role]
        check_names(key, [name], classes, "learner")
        params = config["learners"][name].get("params", {})
        got = (classes[name], params.get("criterion", "entropy") if criterion else None)
        if got != (wanted, criterion):
            needs = wanted + (f" with criterion {criterion!r}" if criterion else "")
            raise ConfigError(f"{key}: learner {name!r} is {got[0]}"
                              + (f" with criterion {got[1]!r}" if criterion else "")
                              + f"; section 4's {role} needs {needs}")
        if criterion and params.get("max_splits") is not None:
            raise ConfigError(f"{key}: learner {name!r} has max_splits = "
                              f"{params['max_splits']}; Table 2 grows TopDown to zero "
                              "training error (max_splits: null)")
    check_names("dkm96.table2.rows", table2["rows"], table2["domains"], "domain")
    for name in table2["rows"]:
        check_table2_domain(f"dkm96.table2.domains.{name}", table2["domains"][name], registry)
    check_names("dkm96.table2.sequence_figures", table2["sequence_figures"],
                table2["domains"], "domain")
    check_names("dkm96.table2.scatter", [table2["scatter"]], table2["rows"], "row")
    numbers = list(table2["sequence_figures"].values())
    if len(set(numbers)) != len(numbers) or set(numbers) & {3, 4, 5, 6, *SCATTER_FIGURES}:
        raise ConfigError(f"dkm96.table2.sequence_figures: figure numbers {numbers} must be "
                          "distinct and not those of Figures 3-6, 11 or 12")


def check_table2_domain(key: str, domain: Mapping, registry: Mapping) -> None:
    """A dataset problem (``dataset``, ``positive_class``, ``folds``) or a decision list
    (``decision_list``, ``trials``), each with sizes that fit."""
    if ("dataset" in domain) == ("decision_list" in domain):
        raise ConfigError(f"{key}: expected exactly one of `dataset` (with positive_class and "
                          "folds) or `decision_list` (with trials)")
    if "decision_list" in domain:
        spec = domain["decision_list"]
        if "trials" not in domain:
            raise ConfigError(f"{key}.trials: missing; expected the number of generated trials")
        if spec["rule_size"] > spec["n_attributes"]:
            raise ConfigError(f"{key}.decision_list.rule_size: {spec['rule_size']} literals per "
                              f"rule need at least as many attributes (n_attributes = "
                              f"{spec['n_attributes']})")
        return
    for needed in ("positive_class", "folds"):
        if needed not in domain:
            raise ConfigError(f"{key}.{needed}: missing; a dataset problem needs dataset, "
                              "positive_class and folds")
    check_names(f"{key}.dataset", [domain["dataset"]], registry, "dataset")
    check_positive_class(key, domain, registry)


def check_positive_class(key: str, domain: Mapping, registry: Mapping) -> None:
    """A domain's ``positive_class`` must be a declared class of its dataset (when the sheet
    declares the classes; otherwise the trials job checks it against the data)."""
    declared = registry[domain["dataset"]].get("class_values")
    if declared is not None and str(domain["positive_class"]) not in map(str, declared):
        raise ConfigError(f"{key}.positive_class: {domain['positive_class']!r} is not a class of "
                          f"dataset {domain['dataset']}; expected one of "
                          f"{[str(v) for v in declared]}")


def figure_settings(config: Mapping) -> Callable:
    """A params function of the ``{number}`` wildcard (Figures 3-6): that figure's entry of
    ``dkm96.figures`` only (none for Figure 5), so that changing one figure reruns only it."""
    figures = config["dkm96"]["figures"]

    def settings(wildcards) -> dict:
        key = f"fig{wildcards.number}"
        return {key: figures[key]} if key in figures else {}

    return settings


# -- beyond the paper: the deviations' readings (dkm96.readings) --


def readings_outputs(config: Mapping) -> list[str]:
    """The readings table (none without ``dkm96.readings``)."""
    if "readings" not in config["dkm96"]:
        return []
    return [f"results/tables/dkm96_readings.{ext}" for ext in ("csv", "md")]


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


def reading_trials(config: Mapping) -> dict[str, str]:
    """``domain/reading`` -> its trial result: Table 1's own for a reading without overrides
    (no refit), else ``results/dkm96/readings/<dataset>/<domain>/<reading>.json``."""
    domains = config["dkm96"]["table1"]["domains"]
    files = {}
    for domain, named in reading_blocks(config).items():
        dataset = domains[domain]["dataset"]
        for reading, override in named.items():
            files[f"{domain}/{reading}"] = (
                f"results/dkm96/trials/{dataset}/{domain}.json" if not override
                else f"results/dkm96/readings/{dataset}/{domain}/{reading}.json")
    return files


def reading_design(config: Mapping) -> Callable:
    """A params function of the ``{domain}``/``{reading}`` wildcards: the reading's design, its
    number of partitions and its learners."""
    table1 = config["dkm96"]["table1"]

    def design(wildcards) -> dict:
        domain = table1["domains"][wildcards.domain]
        override = config["dkm96"]["readings"]["table1"][wildcards.domain][wildcards.reading]
        return {"spec": reading_spec(domain, override),
                "partitions": reading_partitions(domain, override, readings_partitions(config)),
                "learners": reading_learners(table1_learners(config), override)}

    return design


def reading_design_learners(config: Mapping) -> Callable:
    """A params function: the learners of the ``{domain}``/``{reading}`` reading (its code)."""
    design = reading_design(config)
    return lambda wildcards: design(wildcards)["learners"]


def stability_blocks(config: Mapping) -> dict[str, str]:
    """Domain -> Table 1's trials file, for ``dkm96.readings.stability`` among Table 1's rows."""
    readings = config["dkm96"].get("readings", {})
    trials = dict(zip(table1_rows(config), table1_trials(config), strict=True))
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
    """What the readings table is built from: per block its kind, files and settings."""
    table1 = config["dkm96"]["table1"]
    readings = config["dkm96"].get("readings", {})
    trials = reading_trials(config)
    plan = {"table1": {}, "stability": stability_blocks(config), "rounds": {}}
    for domain, named in reading_blocks(config).items():
        plan["table1"][domain] = {reading: {"override": dict(override),
                                            "file": trials[f"{domain}/{reading}"]}
                                  for reading, override in named.items()}
    rows1 = dict(zip(table1_rows(config), table1_trials(config), strict=True))
    for domain, file in reading_rounds(config).items():
        spec = readings["rounds"][domain]
        plan["rounds"][domain] = {
            "file": file, "topdown": boosting_result(domain),
            "table1": rows1.get(spec.get("table1")), "table1_domain": spec.get("table1")}
    plan["problems"] = {**table2_problems(config), **{
        name: d.get("problem", name) for name, d in table1["domains"].items()}}
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
