"""End-to-end: the tiny Table 2 study (2 datasets, 2 x 5-fold CV) through the workflow."""

import filecmp
import zipfile
from pathlib import Path

import pandas as pd
from workflow_helpers import run, scratch_project

TABLES = ["auer95_table1.csv", "auer95_sky.csv", "auer95_table2.csv", "auer95_table2.md"]


def test_tiny_table2_is_byte_identical_for_1_and_2_cores(tmp_path, tiny_run):
    # the shared tiny run used 2 cores; the same run with 1 core, in a private copy that the
    # rest of this test may edit, must give the same bytes in every result file
    shared, args = tiny_run
    private = scratch_project(tmp_path / "cores1")
    run(private, "--cores", "1", *args)
    works = {"1": private, "2": shared}
    results = sorted(p.relative_to(works["1"]) for p in (works["1"] / "results").rglob("*")
                     if p.is_file())
    assert len(results) > 10
    for name in results:
        assert filecmp.cmp(works["1"] / name, works["2"] / name, shallow=False), name
    for figure in ("auer95_table2.png", "auer95_table2.pdf"):
        assert (works["2"] / "figures" / figure).stat().st_size > 1000

    table = pd.read_csv(works["2"] / "results/tables/auer95_table2.csv")
    assert table["code"].tolist() == ["IR", "LA"]
    for column in ("sky2", "paper_sky2", "accuracy[T2]", "accuracy_sd[T2]", "paper_t2_accuracy",
                   "t2_accuracy_verdict", "accuracy[C45_PRE_R8]", "accuracy[C45_R8]",
                   "c45_dynamic_complexity", "paired_diff", "paired_p"):
        assert table[column].notna().all(), column
    card = pd.read_csv(works["2"] / "results/scorecard.csv")
    assert set(card["study"]) >= {"auer95"} and card["verdict"].notna().all()
    assert (works["2"] / "results/scorecard.html").stat().st_size > 1000
    # section 4: learning curves of both depths on every dataset, a size >= |IR| dropped
    curves = pd.read_csv(works["2"] / "results/tables/auer95_learning_curves.csv")
    assert set(curves["code"]) == {"IR", "LA"} and set(curves["level"]) == {"T1", "T2"}
    assert curves.loc[curves["code"] == "IR", "m"].max() == 90
    assert (curves["draws"] == 2).all()
    assert "IR: m = [200]" in (works["2"] / "results/tables/auer95_learning_curves.md").read_text()
    assert curves["in_fit"].le(curves["in_plot"]).all()  # fitted points are plotted points
    factors = pd.read_csv(works["2"] / "results/tables/auer95_vc_factors.csv")
    assert set(factors["bound"]) == {"lower", "upper (A)", "upper (B)"}
    # K = p + 1 from the data: iris has 3 classes, outside the bounds' stated p = 2
    iris = factors[factors["code"] == "IR"]
    assert (iris["K"] == 4).all() and iris["scope"].str.contains("p = 3").all()
    for figure in ("auer95_fig1.png", "auer95_curves_all.png"):
        assert (works["2"] / "figures" / figure).stat().st_size > 1000
    # the Snakemake report holds the scorecard, every table (as HTML) and every figure
    run(private, "--report", "report.zip", *args)
    with zipfile.ZipFile(private / "report.zip") as report:
        shown = {Path(name).name for name in report.namelist()}
    wanted = {p.with_suffix(".html").name for p in (works["2"] / "results/tables").glob("*.md")}
    wanted |= {p.name for p in (works["2"] / "figures").glob("*.png")} | {"scorecard.html"}
    assert len(wanted) >= 5 and wanted <= shown, wanted - shown
    # one column per quantity: our T2 accuracy is not repeated under the paper's metric name
    assert "t2_accuracy" not in table.columns and "T2_accuracy" not in table.columns
    folds = pd.read_csv(works["2"] / "results/auer95/cv/IR/T2.csv")
    assert len(folds) == 10 and folds.groupby("repetition")["n_test"].sum().tolist() == [150] * 2
    assert "fit_seconds" not in folds.columns
    # the learners saw identical folds
    c45 = pd.read_csv(works["2"] / "results/auer95/cv/IR/C45_PRE_R8.csv")
    assert folds["n_test"].tolist() == c45["n_test"].tolist()

    # an interrupted run (one CV job and the aggregates missing) redoes only what is missing
    work = private
    (work / "results/auer95/cv/LA/C45_PRE_R8.csv").unlink()
    (work / "results/tables/auer95_table2.csv").unlink()
    dry = run(work, "-n", *args)
    assert job_counts(dry.stdout) == {"cross_validate": "1", "auer95_table2": "1",
                                      "auer95_c45_readings": "1",
                                      "auer95_table2_figure": "1", "auer95_scorecard": "1",
                                      "scorecard": "1", "all": "1"}, dry.stdout

    # changing a learner's source reruns the jobs that use it, and only those
    source = work / "src/smalltrees/learners/c45/prune.py"
    source.write_text(source.read_text() + "\n# edited\n")
    dry = run(work, "-n", *args)
    counts = job_counts(dry.stdout)
    # a job's code inputs are the modules it runs (the import graph): the CV jobs of the
    # C4.5-based learners rerun (auer95 C45_PRE_R8 and C45_R8 in the shared CV rule, last02
    # C45_R8 and bagged C4.5 in the stability jobs that run their CV, on two datasets each), not
    # those of T2 or IFN, nor the Sky or learning-curve jobs (T1/T2)
    assert counts["cross_validate"] == "4", dry.stdout
    assert counts["last02_stability"] == "4", dry.stdout
    assert counts["auer95_c45_refit"] == "1", dry.stdout   # C4.5 with -m 1, both datasets
    assert "auer95_sky_dataset" not in counts and "auer95_curve" not in counts, dry.stdout
    assert "fetch_raw" not in counts and "parse_dataset" not in counts, dry.stdout


def job_counts(stdout: str) -> dict[str, str]:
    """The job counts of a dry run's summary table, by rule."""
    rules = ("auer95_", "cross_validate", "last02_stability", "fetch_", "parse_", "scorecard",
             "all")
    return dict(line.split()[:2] for line in stdout.splitlines() if line.startswith(rules))
