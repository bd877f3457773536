"""DKM 1996 readings: in-order training sets, '?' as a value, zeros as missing, the table."""

import numpy as np
import pandas as pd
import pytest
import yaml
from workflow_helpers import ROOT

from smalltrees.evaluation.intervals import contingency
from smalltrees.studies.dkm96 import readings
from smalltrees.studies.dkm96.design import DesignError, distinct_partitions, partition
from smalltrees.studies.dkm96.reading_rounds import zeros_as_missing
from smalltrees.studies.dkm96.table1_trials import missing_as_value
from smalltrees_workflow.config import ConfigError
from smalltrees_workflow.plans import dkm96_readings as plan

FILES = [{"path": "a.data", "rows": 16}, {"path": "a.test", "rows": 4}]
INTERVAL = {"method": "abc", "level": 0.95}


def test_in_order_training_sets_are_the_first_rows_in_blocks():
    spec = {"dataset": "X", "train_sets": 3, "train_size": 4, "test": {"file": "a.test"},
            "train_draw": "in_order"}
    part = partition("D", spec, FILES, 1, "s", 1)
    assert [t.tolist() for t in part.train] == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]
    assert part.test.tolist() == [16, 17, 18, 19]
    assert partition("D", spec, FILES, 1, "s", 7).train[2].tolist() == [8, 9, 10, 11]
    assert distinct_partitions(spec, 10) == 1
    random = {**spec, "train_draw": "random"}
    assert distinct_partitions(random, 10) == 10
    assert partition("D", random, FILES, 1, "s", 1).train[0].tolist() != [0, 1, 2, 3]


def test_letters_test_set_drawn_at_random_instead_of_the_last_rows():
    """Reading test_random of LE_H: the same 8 x 2000 design, its 4000 test rows drawn from all
    20000 (not the last 4000), disjoint from the training sets, a new draw per partition."""
    config, _ = repository_config()
    spec = config["dkm96"]["table1"]["domains"]["LE_H"]
    override = config["dkm96"]["readings"]["table1"]["LE_H"]["test_random"]
    read = readings.reading_spec(spec, override)
    assert read["test"] == {"random": 4000} and read["train_size"] == 2000
    files = [{"path": "letter-recognition.data", "rows": 20000}]
    first, second = (partition("LE_H", read, files, 1995, "s", k) for k in (1, 2))
    assert first.test.size == 4000 and (first.test < 16000).any()
    rows = np.concatenate([first.test, *first.train])
    assert rows.size == np.unique(rows).size == 20000
    assert not np.array_equal(np.sort(first.test), np.sort(second.test))
    assert partition("LE_H", spec, files, 1995, "s", 1).test.tolist() == list(range(16000,
                                                                                   20000))


@pytest.mark.parametrize("change, message", [
    ({"test": {"random": 4}}, r"D.train_draw: in_order needs a fixed test part"),
    ({"train_draw": "sorted"}, r"D.train_draw: 'sorted'; expected one of"),
])
def test_bad_draws_name_the_key(change, message):
    spec = {"dataset": "X", "train_sets": 2, "train_size": 4, "test": {"last": 4},
            "train_draw": "in_order", **change}
    with pytest.raises(DesignError, match=message):
        partition("D", spec, FILES, 1, "s", 1)


def test_missing_categorical_values_read_as_a_value():
    X = pd.DataFrame({"a": pd.Categorical(["-", None, "Y"], categories=["-", "Y"]),
                      "b": pd.Categorical([None, "Y", "Y"], categories=["Y"]),
                      "c": [1.0, np.nan, 2.0]})
    read = missing_as_value(X, "-")
    assert read["a"].tolist() == ["-", "-", "Y"] and read["b"].tolist() == ["-", "Y", "Y"]
    assert list(read["b"].cat.categories) == ["Y", "-"]
    assert np.isnan(read["c"][1]) and X["a"].isna().sum() == 1  # continuous kept, X untouched
    assert missing_as_value(X, None) is X


def test_zeros_as_missing_only_in_continuous_attributes():
    X = pd.DataFrame({"preg": [0.0, 1.0], "mass": [0.0, 30.0], "k": pd.Categorical(["a", "b"])})
    read = zeros_as_missing(X, ["mass"])
    assert read["preg"].tolist() == [0.0, 1.0] and np.isnan(read["mass"][0])
    with pytest.raises(ValueError, match="'k' is not a continuous attribute"):
        zeros_as_missing(X, ["k"])


def trial_result(errors, sizes, n_test=100):
    """A Table 1 trial result: per partition, (errors_G, errors_H) and (size_G, size_H) per
    training set; each wrong example is wrong for one hypothesis only."""
    parts = []
    for number, (errs, szs) in enumerate(zip(errors, sizes, strict=True), start=1):
        wrong = {c: np.zeros((len(errs), n_test), dtype=bool) for c in "GH"}
        for i, (g, h) in enumerate(errs):
            wrong["G"][i, :g] = True
            wrong["H"][i, n_test - h:] = True
        trials = [{"train_set": i + 1, "n_train": 10, "errors_G": g, "errors_H": h,
                   "size_G": sg, "size_H": sh}
                  for i, ((g, h), (sg, sh)) in enumerate(zip(errs, szs, strict=True))]
        parts.append({"partition": number, "n_test": n_test, "positives_test": 10,
                      "trials": trials,
                      "contingency": contingency(wrong["G"], wrong["H"]).tolist()})
    return {"domain": "D", "dataset": "X", "status": "ok", "partitions": parts}


def test_a_reading_averages_its_first_partitions():
    result = trial_result([[(2, 4), (4, 4)], [(4, 6), (4, 6)], [(50, 50), (50, 50)]],
                          [[(11, 13), (11, 15)], [(9, 11), (9, 13)], [(1, 1), (1, 1)]])
    rows = readings.reading_rows("D", "r", {"train_size": 10}, result, 2, INTERVAL, 1, "s")
    cells = {r["quantity"]: r for r in rows}
    assert cells["err_G"]["ours"] == pytest.approx(3.5)  # partitions 1 and 2 only: 3 and 4 %
    assert cells["err_G"]["ours_spread"] == pytest.approx(np.std([3.0, 4.0], ddof=1))
    assert cells["err_diff"]["ours"] == pytest.approx(1.5)
    assert cells["size_H"]["ours"] == pytest.approx(13.0)
    assert cells["t"]["ours"] == pytest.approx(np.mean([3.0, 3.0]))  # diffs (2, 4) both times
    assert {r["reading"] for r in rows} == {"r"}
    assert rows[0]["note"] == "train_size: 10; mean over R = 2 partitions"


def test_stability_rows_show_each_partition():
    result = trial_result([[(2, 4), (4, 4)], [(4, 6), (4, 6)]],
                          [[(11, 13), (11, 15)], [(9, 11), (9, 9)]])
    frame = pd.DataFrame(readings.stability_rows("D", result, INTERVAL, 1, "s"))
    frame = frame.set_index(["reading", "quantity"])
    assert frame.loc[("one draw: partition 1", "size_diff"), "ours"] == 3.0
    assert frame.loc[("one draw: partition 2", "size_diff"), "ours"] == 1.0
    assert frame.loc[("one draw: partition 1", "size_diff"), "note"].endswith(": 2 4")


def paper(rows):
    """A transcription of (table, code, quantity, value) rows, two decimals each."""
    return pd.DataFrame([{"table": t, "code": c, "quantity": q, "value": v, "spread": np.nan,
                          "decimals": 2, "where": "test"} for t, c, q, v in rows])


def test_readings_become_cells_of_the_tables_they_explain_and_render_from_them():
    tests = pd.DataFrame({"learner": ["C", "C"], "setting": ["C45()", "C45()"], "trial": [1, 2],
                          "n_train": [9, 9], "tests": [11, 13], "train_error": [0.0, 0.02]})
    table1_result = trial_result([[(1, 1), (1, 1)], [(2, 1), (1, 1)]],
                                 [[(9, 7), (9, 11)], [(9, 9), (9, 13)]])
    plan_ = {"table1": {}, "stability": {"S": "s.json"},
             "rounds": {"P": {"file": "p.csv", "table1": "t1.json", "table1_domain": "P"}}}
    numbers1, numbers2 = readings.make_readings(
        plan_, {"p.csv": tests, "t1.json": table1_result, "s.json": table1_result}, 2,
        INTERVAL, 1, "s")
    printed = paper([("table2", "P", "topdown_rounds", 14.4), ("table1", "P", "size_H", 95.0),
                     ("table1", "S", "t", 1.2)])
    cells1, cells2 = readings.make_cells(numbers1, numbers2, printed, 2.0, 1.0)
    rounds = cells2.set_index(["reading", "quantity"])
    assert rounds.loc[("C", "topdown_rounds"), "ours"] == 12.0
    assert rounds.loc[("C", "topdown_rounds"), "paper"] == 14.4
    assert rounds.loc[("C", "topdown_rounds"), "ours_spread"] == pytest.approx(1.0)  # sd/sqrt 2
    assert rounds.loc[("C", "topdown_rounds"), "verdict"] == "close"
    assert rounds.loc[("C", "train_error"), "ours"] == pytest.approx(1.0)
    assert rounds.loc[("C", "train_error"), "verdict"] == ""  # ours only
    sizes = cells1.set_index(["code", "reading", "quantity"])
    assert sizes.loc[("P", readings.TABLE1_PARTITIONS, "size_H"), "ours"] == 10.0  # 9 and 11
    assert sizes.loc[("P", readings.TABLE1_PARTITIONS, "size_H"), "verdict"] == "differs"
    assert sizes.loc[("S", "one draw: partition 2", "t"), "verdict"] == "reproduced"
    assert (cells1["reading"] != "").all() and (cells2["reading"] != "").all()
    assert len(cells1) == 9 + 2 * 6  # no "not run" cells for the paper's other numbers
    md = readings.render_readings(pd.concat([cells1, cells2]), cells2.iloc[:0],
                                  {"table2": {"P": "Pima"}}, {"table2": {"P": "an outcome"}})
    assert "## Pima (P), Table 2" in md  # at the paper's decimals (2 here), close in italics
    assert "| *12.00 ± 1.000 (14.40)* |" in md and "nan" not in md.lower()
    assert "Outcome (data/paper/dkm96/notes.csv): an outcome" in md


def test_learner_params_reach_all_four_learners_and_not_the_design():
    learners = {"error": {"G": {"class": "C45", "params": {"criterion": "G"}}},
                "size": {"H": {"class": "C45", "params": {"prune": False, "min_cases": 1}}}}
    override = {"learner_params": {"min_cases": 2}, "train_size": 5}
    read = readings.reading_learners(learners, override)
    assert read["error"]["G"]["params"] == {"criterion": "G", "min_cases": 2}
    assert read["size"]["H"]["params"] == {"prune": False, "min_cases": 2}
    assert learners["size"]["H"]["params"]["min_cases"] == 1  # the config is not changed
    assert readings.reading_spec({"train_size": 3, "test": {"last": 1}}, override) == {
        "train_size": 5, "test": {"last": 1}}
    assert readings.setting_text(override) == "learner_params: {min_cases: 2}, train_size: 5"


def repository_config():
    config = yaml.safe_load((ROOT / "config.yaml").read_text())
    classes = {name: e["class"] for name, e in config["learners"].items()}
    return config, classes


def test_a_reading_without_overrides_reuses_table1s_trials():
    config, _ = repository_config()
    files = plan.reading_trials(config)
    assert files["LE_H/random"] == "results/dkm96/trials/LE/LE_H.json"
    assert files["LE_H/in_order"] == "results/dkm96/readings/LE/LE_H/in_order.json"
    assert files["LE_H/test_random"] == "results/dkm96/readings/LE/LE_H/test_random.json"
    config["dkm96"]["table1"]["rows"] = ["AN_3", "PI"]  # a smaller table drops LE_H and CH
    assert set(plan.reading_blocks(config)) == {"AN_3"}
    assert plan.readings_outputs(config) == ["results/tables/dkm96_readings.csv",
                                             "results/tables/dkm96_readings.md"]
    del config["dkm96"]["readings"]
    assert plan.readings_outputs(config) == [] and plan.reading_trials(config) == {}


@pytest.mark.parametrize("change, message", [
    ({"table1": {"LE_H": {"x": {"dataset": "CH"}}}},
     r"dkm96.readings.table1.LE_H.x: a reading overrides the design"),
    ({"table1": {"LE_H": {"x": {"train_draw": "sorted"}}}},
     r"dkm96.readings.table1.LE_H.x.train_draw: 'sorted'"),
    ({"table1": {"NOPE": {"x": {}}}}, r"dkm96.readings.table1: unknown domain 'NOPE'"),
    ({"table1": {"LE_H": {"x": {"learner_params": {"criterion": "gain"}}}}},
     r"dkm96.readings.table1.LE_H.x.learner_params: \['criterion'\] would change"),
    ({"rounds": {"DL": {"learners": ["C45_H_UNPRUNED"]}}},
     r"dkm96.readings.rounds.DL: DL is a generated problem"),
    ({"rounds": {"PI": {"learners": ["ADABOOST"]}}},
     r"dkm96.readings.rounds.PI.learners: 'ADABOOST' is AdaBoost; expected a C45"),
])
def test_readings_config_errors_name_the_key(change, message):
    config, classes = repository_config()
    config["dkm96"]["readings"].update(change)
    with pytest.raises(ConfigError, match=message):
        plan.check_readings(config, classes)
