"""What the yildiz15 study produces and the config checks it needs.

The rules in ``workflow/rules/yildiz15.smk`` take their file lists from here (Snakemake's lint
forbids functions in rule files).
"""

from __future__ import annotations

from collections.abc import Mapping

from smalltrees.evaluation.transcriptions import transcription_files
from smalltrees_workflow.config import ConfigError, check_names

TABLES = ("table1", "table2", "table3", "table4", "claims", "vc")
FIGURES = ("cd_error", "cd_nodes", "fig10", "fig11")
READINGS = "claims_readings"
"""The key of the readings' cells and view (Table IV's claims under readings of the bound)."""


def outputs(config: Mapping) -> list[str]:
    """Yildiz (2015): Tables I-IV, the claims, the CD diagrams of Tables II-III, Figures 10-11
    with their table (LB and exact VC-dimension), and the claims under the configured
    readings."""
    tables = [*TABLES, READINGS] if readings(config) else list(TABLES)
    return ([f"results/tables/yildiz15_{t}.{ext}" for t in tables for ext in ("csv", "md")]
            + [f"figures/yildiz15_{f}.png" for f in FIGURES])


def cells(config: Mapping) -> dict[str, tuple[str, str]]:
    """Every cells file of the study (``results/yildiz15/cells/<key>.csv``): its title on the
    scorecard and the view it is shown in. The pairs of Figures 10 and 11 are one table
    (``vc``), shown beside ours in the VC table (the figures draw every shape)."""
    html = "results/tables/yildiz15_{}.html".format
    keys = {
        "vc": ("Figures 10-11: LB-binary and exact VC-dimension (d = 3 and d = 4)", html("vc")),
        "vc_claims": ("Claim on Figures 10-11", html("vc")),
        "table2": ("Table II: test error (%)", html("table2")),
        "table3": ("Table III: decision nodes", html("table3")),
        "table4": ("Table IV: SRM error bound (%)", html("table4")),
        "claims": ("Claims of section V-B (Tables II-IV)", html("claims")),
    }
    if readings(config):
        keys[READINGS] = ("Table IV's claims under readings of the SRM bound", html(READINGS))
    return keys


def cells_file(key: str) -> str:
    """The cells file of ``key``."""
    return f"results/yildiz15/cells/{key}.csv"


def transcriptions() -> list[str]:
    """The study's transcriptions of the paper's numbers (``data/paper/yildiz15/*.csv`` but
    the claims and notes)."""
    return transcription_files("data/paper/yildiz15")


def datasets(config: Mapping) -> list[str]:
    """The datasets the study reads."""
    return list(config["yildiz15"]["datasets"])


def intermediates(config: Mapping) -> list[str]:
    """The per-dataset folds the tables are built from (the study's own and the readings'),
    and the ranks: targets of ``rule all`` too, so that a deleted one is recreated."""
    return ([*fold_files(config), *reading_fold_files(config), "results/yildiz15/ranks.csv"])


def check_config(config: Mapping, registry: Mapping, classes: Mapping[str, str]) -> None:
    """Datasets in the registry, at least two of them (the rank tests), no duplicates; a known
    (a1, a2) selection; readings with distinct names."""
    section = config["yildiz15"]
    datasets = section["datasets"]
    check_names("yildiz15.datasets", datasets, registry, "dataset")
    duplicates = sorted({d for d in datasets if datasets.count(d) > 1})
    if duplicates:
        raise ConfigError(f"yildiz15.datasets: {duplicates} listed more than once")
    selection = section["pruning"].get("selection", "fold")
    if selection not in CHOSEN:
        raise ConfigError(f"yildiz15.pruning.selection: {selection!r} is not one of "
                          f"{list(CHOSEN)}")
    if len(datasets) < 2:
        raise ConfigError(f"yildiz15.datasets: {datasets} has {len(datasets)} dataset; "
                          "Friedman's and Nemenyi's tests need at least 2")
    names = [r["reading"] for r in readings(config)]
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise ConfigError(f"yildiz15.readings.tried: readings {repeated} are named more than "
                          "once")


def fold_files(config: Mapping) -> list[str]:
    """The per-fold results of every dataset of the study, in config order."""
    return [f"results/yildiz15/folds/{code}.csv" for code in config["yildiz15"]["datasets"]]


def settings_text(config: Mapping) -> str:
    """The protocol and pruning options, one line, for the tables' headers."""
    section = config["yildiz15"]
    pruning = section["pruning"]
    grid = pruning["grid"]
    return (f"{len(section['datasets'])} datasets; test third {section['test_fraction']:.4g}, "
            f"{section['repetitions']} x 2-fold CV on the rest; ID3 grown to the lecture's "
            f"stopping rules; pruning {pruning['order']}, CvPrune ties {pruning['ties']}, "
            f"nu {pruning['confidence']}, LB features {pruning['lb_features']}; a1 step "
            f"{grid['a1_step']} to {grid['a1_max']}, a2 step {grid['a2_step']} to "
            f"{grid['a2_max']}, chosen {CHOSEN[pruning.get('selection', 'fold')]}; seed "
            f"{config['seed']}")


CHOSEN = {"fold": "per fold on the validation half",
          "dataset": "per dataset on the validation halves"}
"""How the SRM methods' (a1, a2) is chosen, by ``yildiz15.pruning.selection``."""


FOLD_SETTINGS = ("test_fraction", "repetitions", "stream", "pruning")
"""The keys of the ``yildiz15`` section that one dataset's folds depend on (what
:func:`smalltrees.studies.yildiz15.protocol.run_dataset` reads)."""


def fold_settings(config: Mapping) -> dict:
    """The params of a folds job: only the settings its results depend on, so that adding a
    dataset or changing ``alpha`` does not rerun the folds of the other datasets."""
    section = config["yildiz15"]
    return {key: section[key] for key in FOLD_SETTINGS if key in section}


def readings(config: Mapping) -> list[dict]:
    """The configured readings of the bound (``yildiz15.readings.tried``)."""
    return list(config["yildiz15"].get("readings", {}).get("tried", []))


def reading_claims(config: Mapping) -> list[str]:
    """The ids of the claims judged under each reading (``yildiz15.readings.claims``)."""
    return list(config["yildiz15"].get("readings", {}).get("claims", []))


def variant(config: Mapping, reading: Mapping) -> str:
    """The name of the folds a reading reads: ``""`` for the study's own (its pruning options
    are the configured ones), else its differing options as ``key-value`` joined by ``_``
    (``confidence-isell_selection-dataset``), so that readings with the same options share
    their folds."""
    pruning = {"selection": "fold", **config["yildiz15"]["pruning"]}
    changed = {k: v for k, v in reading.get("pruning", {}).items() if pruning.get(k) != v}
    return "_".join(f"{k}-{changed[k]}" for k in sorted(changed))


def variants(config: Mapping) -> dict[str, dict]:
    """Every folds variant the readings read, beyond the study's own: name -> pruning
    overrides."""
    out = {}
    for reading in readings(config):
        name = variant(config, reading)
        if name:
            out[name] = dict(reading["pruning"])
    return out


def reading_folds(config: Mapping, name: str) -> list[str]:
    """The per-fold results a folds variant ``name`` (``""``: the study's own) of every
    dataset."""
    if not name:
        return fold_files(config)
    return [f"results/yildiz15/reading_folds/{name}/{code}.csv"
            for code in config["yildiz15"]["datasets"]]


def reading_fold_files(config: Mapping) -> list[str]:
    """The folds of every variant the readings read beyond the study's own."""
    return [path for name in variants(config) for path in reading_folds(config, name)]


def reading_fold_outputs(config: Mapping) -> list[str]:
    """The outputs of one dataset's folds job (wildcard ``dataset``) beyond its own folds: the
    folds of every variant, in :func:`variants` order. One job runs them all, so that each
    fold's tree is grown once (:func:`smalltrees.studies.yildiz15.protocol.run_prunings`)."""
    return [f"results/yildiz15/reading_folds/{name}/{{dataset}}.csv" for name in variants(config)]


def reading_params(config: Mapping) -> list[dict]:
    """Per reading: its name, the fold files it reads (in dataset order), the constants at
    which its bound is evaluated (None: the selected pair) and its nu."""
    confidence = config["yildiz15"]["pruning"]["confidence"]
    return [{"reading": r["reading"], "folds": reading_folds(config, variant(config, r)),
             "constants": r.get("constants"),
             "confidence": r.get("pruning", {}).get("confidence", confidence)}
            for r in readings(config)]
