"""End-to-end: the tiny Table 2 study (2 datasets, 2 x 5-fold CV) through the workflow."""

import filecmp

import pandas as pd
from workflow_helpers import ROOT, run, scratch_project

TINY = str(ROOT / "tests" / "config" / "tiny.yaml")
TABLES = ["auer95_table1.csv", "auer95_sky.csv", "auer95_table2.csv", "auer95_table2.md"]


def test_tiny_table2_is_byte_identical_for_1_and_2_cores(tmp_path, mirror):
    works = {}
    for cores in ("1", "2"):
        work = scratch_project(tmp_path / f"cores{cores}")
        run(work, "--cores", cores, "--configfile", TINY, "--config",
            f"mirrors=[\"{mirror}\"]")
        works[cores] = work
    for name in TABLES:
        first = works["1"] / "results" / "tables" / name
        assert filecmp.cmp(first, works["2"] / "results" / "tables" / name, shallow=False), name
    for figure in ("auer95_table2.png", "auer95_table2.pdf"):
        assert (works["2"] / "figures" / figure).stat().st_size > 1000

    table = pd.read_csv(works["2"] / "results/tables/auer95_table2.csv")
    assert table["code"].tolist() == ["IR", "LA"]
    for column in ("sky2", "paper_sky2", "T2_accuracy", "T2_sd", "paper_t2_accuracy",
                   "t2_accuracy_verdict", "C45_accuracy", "C45_R8_accuracy",
                   "c45_dynamic_complexity", "paired_p"):
        assert table[column].notna().all(), column
    folds = pd.read_csv(works["2"] / "results/auer95/cv/IR/T2/rep1.csv")
    assert len(folds) == 5 and folds["n_test"].sum() == 150
    # the learners saw identical folds
    c45 = pd.read_csv(works["2"] / "results/auer95/cv/IR/C45/rep1.csv")
    assert folds["n_test"].tolist() == c45["n_test"].tolist()

    # an interrupted run (one CV job and the aggregates missing) redoes only what is missing
    work = works["2"]
    (work / "results/auer95/cv/LA/C45/rep2.csv").unlink()
    (work / "results/tables/auer95_table2.csv").unlink()
    dry = run(work, "-n", "--configfile", TINY, "--config", f"mirrors=[\"{mirror}\"]")
    counts = dict(line.split()[:2] for line in dry.stdout.splitlines()
                  if line.startswith(("auer95_", "fetch_", "parse_", "all")))
    assert counts == {"auer95_cv": "1", "auer95_table2": "1", "auer95_table2_figure": "1",
                      "all": "1"}, dry.stdout
