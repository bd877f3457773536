"""last02 stability under every reading of eq. 4: one set of fits, each reading as if alone, the
readings table, its figure and the second test against CMM."""

import numpy as np
import pandas as pd
import pytest

from smalltrees import C45, IFN
from smalltrees.evaluation.resampling import repeated_cv, seed_for
from smalltrees.evaluation.statistics import one_sample_t
from smalltrees.studies.last02.stability_readings import (
    make_readings_table,
    readings_cells,
    readings_figure,
    render_readings,
)
from smalltrees.studies.last02.turney_stability import (
    READINGS,
    fold_models,
    learner_stability,
    random_instances,
    reading_parts,
    summarise,
    summarise_parts,
)
from smalltrees_workflow.plans import last02 as plan

X = pd.DataFrame({
    "x": np.linspace(0.0, 9.0, 40),
    "z": np.sin(np.arange(40.0)),
    "c": pd.Categorical(list("aab") * 13 + ["a"], categories=["a", "b", "never"]),
})
Y = np.array(["n"] * 15 + ["y"] * 15 + ["m"] * 10, dtype=object)
DESIGN = {"repetitions": 3, "folds": 4, "stream": "last02"}
OPTIONS = {"instances": 60, "generator": "uniform", "pairing": "run", "stream": "inst"}


def c45():
    return C45(min_cases=1)


@pytest.mark.parametrize("generator, pairing", READINGS)
def test_every_reading_is_what_that_reading_alone_computes(generator, pairing):
    """One set of fits for all readings: each reading's numbers equal a separate job's with
    that generator and pairing configured (so Table 4's default is unchanged)."""
    options = {**OPTIONS, "generator": generator, "pairing": pairing}
    default, sizes, examples, runs, cv = learner_stability(c45, X, Y, options, DESIGN, 5, "D")
    alone, alone_sizes = fold_models(
        c45, X, Y, random_instances(X, 60, generator, seed_for(5, "inst", "D")), DESIGN, 5, "D",
        pairing)
    pd.testing.assert_frame_equal(default, alone)
    pd.testing.assert_frame_equal(sizes, alone_sizes)
    # the CV rows come from the same fits: those of the study's cross-validation, unchanged
    pd.testing.assert_frame_equal(cv, repeated_cv(c45, X, Y, 3, 4, 5, "last02", "D"))
    mine = (examples["generator"] == generator) & (examples["pairing"] == pairing)
    per_example, per_run = reading_parts(alone)
    assert examples.loc[mine, "agreement"].tolist() == per_example.tolist()
    mine_runs = (runs["generator"] == generator) & (runs["pairing"] == pairing)
    assert runs.loc[mine_runs, "agreement"].tolist() == per_run.tolist()
    assert set(zip(examples["generator"], examples["pairing"], strict=True)) == set(READINGS)
    assert len(examples) == 60 * len(READINGS)
    generators = len(READINGS) // 2
    assert runs.groupby("pairing").size().to_dict() == {"run": 3 * generators, "all": generators}


def test_the_readings_differ_where_the_generators_do():
    """Uniform draws on a continuous attribute are not the empirical ones: the readings are
    really computed on different examples."""
    _, _, examples, _, _ = learner_stability(c45, X, Y, OPTIONS, DESIGN, 5, "D")
    by = examples.groupby(["generator", "pairing"])["agreement"].mean()
    assert by["uniform", "run"] != by["empirical", "run"]


def test_bad_default_reading_is_named():
    with pytest.raises(ValueError, match="last02.stability.generator must be one of"):
        learner_stability(IFN, X, Y, {**OPTIONS, "generator": "domingos"}, DESIGN, 5, "D")
    with pytest.raises(ValueError, match="last02.stability.pairing must be one of"):
        learner_stability(IFN, X, Y, {**OPTIONS, "pairing": "fold"}, DESIGN, 5, "D")


def test_second_test_is_over_the_runs():
    agreement = pd.DataFrame({"repetition": [1, 1, 2, 2, 3, 3], "instance": [0, 1] * 3,
                              "agreement": [1.0, 0.5, 1.0, 0.7, 0.9, 0.9]})
    summary = summarise(agreement, 50.0, 0.01)
    assert summary["p_runs_vs_cmm"] == pytest.approx(one_sample_t([75.0, 85.0, 90.0], 50.0))
    assert summary["p_vs_cmm"] == pytest.approx(one_sample_t([96.6667, 70.0], 50.0), rel=1e-4)
    assert summary["sig_runs_vs_cmm"] == (summary["p_runs_vs_cmm"] < 0.01)
    pooled = summarise_parts(pd.Series([1.0, 0.5]), pd.Series([0.75]), 50.0, 0.01)
    assert np.isnan(pooled["p_runs_vs_cmm"]) and pooled["sig_runs_vs_cmm"] is False


PAPER = pd.DataFrame({"table": "table4", "code": ["A", "A", "A", "B", "B", "B"],
                      "dataset": ["Alpha"] * 3 + ["Beta"] * 3,
                      "quantity": ["stability[IFN]", "stability[CMM]", "sig_vs_cmm[IFN]"] * 2,
                      "value": [90.0, 80.0, 1.0, 60.0, 55.0, 0.0], "spread": np.nan,
                      "decimals": [1, 1, 0] * 2, "where": "test"})


def job_outputs(level: float) -> tuple[pd.DataFrame, pd.DataFrame]:
    """A stability job's reading frames with agreement ``level`` (+ a spread) everywhere, the
    empirical readings 0.1 higher."""
    examples, runs = [], []
    for generator, pairing in READINGS:
        shift = 0.1 if generator == "empirical" else 0.0
        examples.append(pd.DataFrame({"generator": generator, "pairing": pairing,
                                      "instance": range(4),
                                      "agreement": level + shift + np.array([0, .02, .04, .06])}))
        repetitions = [1, 2] if pairing == "run" else [0]
        runs.append(pd.DataFrame({"generator": generator, "pairing": pairing,
                                  "repetition": repetitions,
                                  "agreement": level + shift + 0.03 + np.array(
                                      [-.01, .01][:len(repetitions)])}))
    return pd.concat(examples, ignore_index=True), pd.concat(runs, ignore_index=True)


def readings_table():
    outputs = {("A", "L"): job_outputs(0.5), ("B", "L"): job_outputs(0.7)}
    return make_readings_table({k: v[0] for k, v in outputs.items()},
                               {k: v[1] for k, v in outputs.items()}, PAPER, ["A", "B"], ["L"],
                               ("uniform", "run"), 0.01)


def test_readings_table_rows_default_and_means():
    table = readings_table()
    assert len(table) == 2 * len(READINGS) + len(READINGS)
    a = table[(table["code"] == "A")].set_index(["generator", "pairing"])
    assert a.loc[("uniform", "run"), "stability"] == pytest.approx(53.0)
    assert a.loc[("empirical", "all"), "stability"] == pytest.approx(63.0)
    assert a["default"].tolist() == [reading == ("uniform", "run") for reading in a.index]
    assert a.loc[("uniform", "run"), "paper_stab_CMM"] == 80.0
    # 4 examples 27 points below CMM are significant; 2 runs (1 df) are not: the tests differ
    assert a.loc[("uniform", "run"), "sig_vs_cmm"]
    assert not a.loc[("uniform", "run"), "sig_runs_vs_cmm"]
    assert a.loc[("uniform", "run"), "p_runs_vs_cmm"] == pytest.approx(
        one_sample_t([52.0, 54.0], 80.0))
    assert np.isnan(a.loc[("uniform", "all"), "p_runs_vs_cmm"])
    mean = table[table["code"] == "mean"].set_index(["generator", "pairing"])
    assert mean.loc[("uniform", "run"), "stability"] == pytest.approx(63.0)
    assert mean.loc[("uniform", "run"), "paper_stab_IFN"] == pytest.approx(75.0)
    text = render_readings(table, {"L": "ours"}, "4 examples", 0.01)
    assert "| uniform / run (default) |" in text and "| 90.0 ‡ |" in text
    assert "| 53.0 ‡ |" in text and "†" not in text.split("\n\n", 2)[2]


def test_readings_are_cells_of_the_default_ifn_beside_its_table4_cells():
    """Each configured reading of eq. 4 (not the default) gives cells of Table 4's quantities
    with the reading named, judged by Table 4's rules; a dataset the paper did not use is ours
    alone; the Average is over the paper's datasets only."""
    outputs = {(c, "L"): job_outputs(level) for c, level in (("A", 0.5), ("B", 0.7),
                                                               ("Z", 0.6))}
    table = make_readings_table({k: v[0] for k, v in outputs.items()},
                                {k: v[1] for k, v in outputs.items()}, PAPER, ["A", "B", "Z"],
                                ["L"], ("uniform", "run"), 0.01)
    cells = readings_cells(table, PAPER, "L", ["uniform/run", "empirical/run"], 2.0)
    assert set(cells["reading"]) == {"eq. 4: empirical/run"}  # the default is Table 4's own
    stab = cells[cells["quantity"] == "stability[IFN]"].set_index("code")
    assert stab.loc["A", "ours"] == pytest.approx(63.0) and stab.loc["A", "paper"] == 90.0
    # 63 vs 90 with a per-run sd of 1.41: beyond 4 sd
    assert stab.loc["A", "verdict"] == "differs" and stab.loc["A", "table"] == "table4"
    assert np.isnan(stab.loc["Z", "paper"]) and stab.loc["Z", "verdict"] == ""
    # the Average over the paper's datasets A and B (not Z); ours alone (no paper Average here)
    assert stab.loc["mean", "ours"] == pytest.approx(73.0) and stab.loc["mean", "verdict"] == ""
    marker = cells[cells["quantity"] == "sig_vs_cmm[IFN]"].set_index("code")
    assert list(marker.index) == ["A", "B"]  # Z has no CMM stability to test against
    assert marker.loc["A", "verdict"] == "reproduced"  # significant, as the paper's 1
    assert marker.loc["B", "verdict"] == "differs"  # 83 vs 55 significant; the paper's 0


def test_a_missing_reading_is_named():
    examples, runs = job_outputs(0.5)
    examples = examples[examples["generator"] == "uniform"]
    with pytest.raises(ValueError, match=r"A/L: reading \('empirical', 'run'\) missing"):
        make_readings_table({("A", "L"): examples}, {("A", "L"): runs}, PAPER, ["A"], ["L"],
                            ("uniform", "run"), 0.01)


def test_figure_has_one_bar_per_dataset_and_reading():
    table = readings_table()
    figure = readings_figure(table, {"L": "ours"})
    visible = [ax for ax in figure.axes if ax.get_visible()]
    assert len(visible) == 1 and len(visible[0].patches) == 2 * len(READINGS)
    heights = sorted(round(bar.get_height(), 2) for bar in visible[0].patches)
    assert heights == sorted(table.loc[table["code"] != "mean", "stability"])
    assert {53.0, 63.0, 73.0, 83.0} == set(heights)


def test_the_plan_lists_the_readings_outputs():
    config = {"last02": {"datasets": ["IR"], "cv": {"learners": ["IFN"]}, "ifn": ["IFN"],
                         "stability": {"learners": ["IFN"]}}}
    assert {"results/tables/last02_stability_readings.csv",
            "figures/last02_stability_readings.png"} <= set(plan.outputs(config))
    assert {"results/last02/stability/IR/IFN.readings.csv",
            "results/last02/stability/IR/IFN.reading_runs.csv"} <= set(plan.intermediates(config))


def test_records_are_rows_of_the_data():
    examples = random_instances(X, 100, "records", seed_for(1, "s", "D"))
    assert examples.dtypes.equals(X.dtypes) and len(examples) == 100
    rows = set(map(tuple, X.astype(str).to_numpy()))
    assert set(map(tuple, examples.astype(str).to_numpy())) <= rows
    assert examples.drop_duplicates().shape[0] > 30  # drawn with replacement from 40 rows


def test_a_bad_generator_in_the_config_is_a_clear_error():
    import yaml

    from smalltrees_workflow.config import SCHEMAS, ConfigError, validate

    config = yaml.safe_load((SCHEMAS.parents[1] / "config.yaml").read_text())
    config["last02"]["stability"]["generator"] = "domingos"
    with pytest.raises(ConfigError, match=r"last02.stability.generator: 'domingos' is not one "
                                          r"of \['uniform', 'empirical', 'records'\]"):
        validate(config, "config.schema.yaml", "config")
