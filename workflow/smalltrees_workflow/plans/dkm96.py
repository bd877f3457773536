"""What the dkm96 study produces and the config checks it needs.

Dietterich, Kearns & Mansour (1996). Section 3 (the G criterion against entropy): Figures 3-6
(``dkm96.figures``) and Table 1 with its stability over R partitions (``dkm96.table1``).
Section 4 (TopDown against AdaBoost): Table 2, Figures 8-12, the claims and the decision-list
calibration (``dkm96.table2``). Beyond the paper, the deviations' explanations tested
(``dkm96.readings``, optional) are planned in :mod:`.dkm96_readings`. Each part has its own
output list and config check.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from smalltrees.studies.dkm96.design import DesignError, partition, test_kind
from smalltrees_workflow.config import ConfigError, Parsed, check_class, check_folds, check_names

# the readings' plan builds on this one (it imports this module back as a module, not by names)
from smalltrees_workflow.plans import dkm96_readings as readings

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
            + readings.readings_outputs(config))


def datasets(config: Mapping) -> list[str]:
    """The datasets of the rows of Tables 1 and 2 (the decision list is generated)."""
    rows = [*table1_rows(config).values(), *table2_rows(config).values()]
    return list(dict.fromkeys(d["dataset"] for d in rows if "dataset" in d))


def intermediates(config: Mapping) -> list[str]:
    """The per-domain trials of Tables 1 and 2 (and the rounds of Table 2) and the cells of
    the compared tables: targets of ``rule all`` too, so that a deleted one is recreated."""
    return (table1_trials(config) + table2_trials(config) + table2_trials(config, "rounds")
            + calibration_parts(config) + [cells_file(key) for key in cells(config)]
            + readings.intermediates(config))


CALIBRATION_PARTS = 6
"""At most this many jobs measure the decision-list calibration grid (each about 10 CPU-s for
the default grid's 48 points, every 6th point from its part's own; one job took a minute)."""


def calibration_part_count(config: Mapping) -> int:
    """The jobs the calibration grid is measured in: ``CALIBRATION_PARTS``, or one per grid
    point where the grid has fewer (a small grid, e.g. the tiny configuration's 2 points, would
    leave parts without a point: jobs that cost a start and measure nothing). Every point is
    measured alone, so the table does not depend on the count."""
    grid = config["dkm96"]["table2"]["calibration"]["grid"]
    return min(CALIBRATION_PARTS, math.prod(len(values) for values in grid.values()))


def calibration_parts(config: Mapping) -> list[str]:
    """The measured parts of the calibration grid, in part order."""
    return [f"results/dkm96/calibration/{part}.json"
            for part in range(calibration_part_count(config))]


def cells_file(key: str) -> str:
    """The cells of one compared table (or its claims, or its readings), for the scorecard."""
    return f"results/dkm96/cells/{key}.csv"


def cells(config: Mapping) -> dict[str, tuple[str, str]]:
    """Cells key -> (title on the scorecard, the view that shows them). Section 3.1's claims
    and section 4's share the scorecard's table key ``claims`` but not a file or a view."""
    table1, table2 = "results/tables/dkm96_table1.html", "results/tables/dkm96_table2.html"
    return {"table1": ("Table 1: C4.5(G) vs C4.5(H)", table1),
            "table1_claims": ("Claims of section 3.1 (tests over Table 1's domains)", table1),
            "table2": ("Table 2: TopDown vs AdaBoost at equal rounds", table2),
            "claims": ("Claims of section 4", "results/tables/dkm96_claims.html"),
            **readings.readings_cells(config)}


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
    readings.check_readings(config, classes)


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
    readings.check_reading_data(config, parsed)
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

