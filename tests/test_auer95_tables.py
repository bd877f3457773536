"""Auer et al.'s table builders (Table 1, Sky, Table 2), on small hand-made frames."""

import numpy as np
import pandas as pd

from smalltrees.studies.auer95.sky import make_sky_table, render_sky_table
from smalltrees.studies.auer95.table1 import make_table1, render_table1
from smalltrees.studies.auer95.table2 import make_table2, render_table2


def test_table1_flags_only_the_differing_cells():
    ours = {"AA": {"size": 10, "classes": 2, "baseline": 60.0, "total": 3},
            "BB": {"size": 20, "classes": 3, "baseline": 40.0, "total": 5}}
    paper = pd.DataFrame({"code": ["AA", "BB"], "size": [10, 20], "classes": [2, 3],
                          "baseline": [60.0, 40.5], "total": [3, 5]})
    table = make_table1(ours, paper, {"AA": "a"}, {"BB": "why"})
    assert table["differs"].tolist() == ["", "baseline"]
    assert table["baseline_verdict"].tolist() == ["reproduced", "differs"]
    text = render_table1(table)
    assert "**40.0 (40.5)**" in text and "| 20 (20) |" in text


def test_sky_table_verdicts_at_the_papers_rounding():
    rows = {"AA": {"n": 10, "sky1": 80.0, "sky2": 87.65, "t2_errors": 1},
            "BB": {"n": 10, "sky1": 80.0, "sky2": 90.0, "t2_errors": 1}}
    paper = pd.DataFrame({"code": ["AA", "BB"], "metric": ["sky2", "sky2"],
                          "value": [87.7, 89.0], "sd": [np.nan, np.nan]})
    table = make_sky_table(rows, paper, {})
    assert table["verdict"].tolist() == ["reproduced", "differs"]
    assert "**90.0**" in render_sky_table(table)


def test_table2_from_per_fold_rows():
    folds = []
    for learner, accuracies in (("T2", [0.8, 0.9, 0.7, 0.8]), ("C45", [0.9, 0.9, 0.9, 0.9])):
        for i, accuracy in enumerate(accuracies):
            folds.append({"dataset": "AA", "learner": learner, "repetition": 1 + i // 2,
                          "fold": i % 2, "n_train": 8, "n_test": 2, "accuracy": accuracy,
                          "dynamic_complexity": 2.0, "frac_deeper_than_2": 0.5, "depth": 3})
    folds = pd.DataFrame(folds)
    sky = pd.DataFrame({"code": ["AA"], "sky1": [80.0], "sky2": [90.0]})
    paper = pd.DataFrame({"code": ["AA"] * 6,
                          "metric": ["sky2", "t2_accuracy", "c45_accuracy",
                                     "c45_dynamic_complexity", "c45_pct_deeper_than_2",
                                     "c45_depth"],
                          "value": [90.0, 80.0, 70.0, 2.0, 50.0, 2.0],
                          "sd": [np.nan, 1.0, 0.1, np.nan, np.nan, np.nan]})
    table = make_table2(folds, sky, paper, ["AA"], ["T2", "C45"], {"t2": "T2", "c45": "C45"},
                        tolerance=2.0)
    row = table.iloc[0]
    assert row["accuracy[T2]"] == 80.0 and row["accuracy_sd[T2]"] == 7.07  # 85 and 75
    assert row["accuracy[C45]"] == 90.0
    assert row["t2_accuracy_verdict"] == "reproduced" and row["c45_accuracy_verdict"] == "differs"
    assert row["paired_diff"] == -10.0 and row["c45_pct_deeper_than_2"] == 50.0
    assert row["sky2_verdict"] == "reproduced"
    # complexity: no spread over repetitions here, so judged at the paper's rounding
    assert row["c45_depth_sd"] == 0.0 and row["c45_depth_verdict"] == "differs"  # 3 vs 2
    text = render_table2(table, ["T2", "C45"], {"t2": "T2", "c45": "C45"}, {})
    assert "**90.0 ± 0.0 (70.0 ± 0.1)**" in text and "80.0 ± 7.1 (80.0 ± 1.0)" in text
