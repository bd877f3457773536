"""End-to-end: the tiny Table 2 study (2 datasets, 2 x 5-fold CV) through the workflow."""

import filecmp
import re
import zipfile
from pathlib import Path

import pandas as pd
import yaml
from workflow_helpers import ROOT, copy_run, planned_jobs, run, scratch_project

from smalltrees.evaluation.cells import read_cells

TABLES = ["auer95_table1.csv", "auer95_sky.csv", "auer95_table2.csv", "auer95_table2.md"]
CELLS = ["table1", "sky2", "table2", "table2_readings", "factors", "claims", "section4_readings"]


def test_tiny_table2_is_byte_identical_for_1_and_2_cores(tmp_path, tiny_run):
    # the shared tiny run used 2 cores; Table 2 built afresh with 1 core must give the same
    # bytes in every result file it makes (the CV of every learner, the table, its cells)
    shared, args = tiny_run
    cores1 = scratch_project(tmp_path / "cores1")
    run(cores1, "--cores", "1", "results/tables/auer95_table2.csv", *args)
    works = {"1": cores1, "2": shared}
    results = sorted(p.relative_to(works["1"]) for p in (works["1"] / "results").rglob("*")
                     if p.is_file())
    assert len(results) > 10
    for name in results:
        assert filecmp.cmp(works["1"] / name, works["2"] / name, shallow=False), name
    for figure in ("auer95_table2.png", "auer95_table2.pdf"):
        assert (works["2"] / "figures" / figure).stat().st_size > 1000

    table = pd.read_csv(works["2"] / "results/tables/auer95_table2.csv")
    assert table["code"].tolist() == ["IR", "LA"]
    for column in ("Sky2", "T2", "C45_PRE_R8", "C45_R8", "d.c.", "paired_diff", "paired_p"):
        assert table[column].notna().all(), column
    # every table's cells are written, and the scorecard holds the default ones with a verdict
    cells = {key: read_cells(works["2"] / f"results/auer95/cells/{key}.csv") for key in CELLS}
    table2 = cells["table2"].set_index(["code", "quantity"])
    assert table2.at[("IR", "t2_accuracy"), "paper"] == 95.7
    assert table2.loc[("IR", "accuracy[C45_R8]"), "verdict"] == ""      # ours alone
    readings = cells["table2_readings"]
    assert set(readings["reading"]) == {"(a) edges, as in Table 2",
                                        "(a) levels: the leaf counted", "(c) min_cases 1"}
    card = pd.read_csv(works["2"] / "results/scorecard.csv", keep_default_na=False)
    auer95 = card[card["study"] == "auer95"]
    assert set(auer95["table"]) == {"table1", "sky2", "table2"}   # no CR/SE curves in tiny
    assert len(auer95) == sum(((c["reading"] == "") & (c["verdict"] != "")).sum()
                              for c in cells.values())
    assert auer95.loc[auer95["quantity"] == "c45_depth", "readings"].str.contains(
        "min_cases 1").all()
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
    # the Snakemake report holds the scorecard, every table (as HTML) and every figure; the
    # rest of this test edits a copy of the finished run
    private = copy_run(shared, tmp_path / "cores2")
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

    # an interrupted run (one CV job and the aggregates missing) redoes only what is missing (and
    # the scorecard, and auer95's figure against the paper: the other studies' cells are as they
    # were)
    work = private
    (work / "results/auer95/cv/LA/C45_PRE_R8.csv").unlink()
    (work / "results/tables/auer95_table2.csv").unlink()
    dry = run(work, "-n", *args)
    assert job_counts(dry.stdout) == {"cross_validate": "1", "auer95_table2": "1",
                                      "auer95_c45_readings": "1",
                                      "auer95_table2_figure": "1", "scorecard": "1",
                                      "paper_figure": "1", "all": "1"}, dry.stdout

    # changing a learner's source reruns the jobs that use it, and only those
    source = work / "src/smalltrees/learners/c45/prune.py"
    source.write_text(source.read_text() + "\n# edited\n")
    dry = run(work, "-n", *args)
    counts = job_counts(dry.stdout)
    # a job's code digest covers the modules it runs (the import graph): the CV jobs of the
    # C4.5-based learners rerun (auer95 C45_PRE_R8 and C45_R8 in the shared CV rule, last02
    # C45_R8 and bagged C4.5 in the stability jobs that run their CV, on two datasets each), not
    # those of T2 or IFN, nor the Sky or learning-curve jobs (T1/T2)
    assert counts["cross_validate"] == "4", dry.stdout
    assert counts["last02_stability"] == "4", dry.stdout
    assert counts["auer95_c45_refit"] == "2", dry.stdout   # C4.5 with -m 1, per dataset
    assert "auer95_sky_dataset" not in counts and "auer95_curve" not in counts, dry.stdout
    assert "fetch_raw" not in counts and "parse_dataset" not in counts, dry.stdout


def test_a_dataset_the_paper_did_not_use_runs_only_its_jobs_and_shows_ours_alone(tiny_run,
                                                                              tmp_path):
    # config only (tests/config/ours_alone_auer95.yaml adds HA): the dry run over the finished
    # tiny run fits HA only (CV, Sky, curves, the C4.5 refit) and rebuilds the tables
    work, args = tiny_run
    extra = str(ROOT / "tests" / "config" / "ours_alone_auer95.yaml")
    with_ha = [*args[:3], extra, *args[3:]]
    fitted = [(rule, wildcards) for rule, wildcards in planned_jobs(work, *with_ha)
              if "dataset" in wildcards]
    assert fitted and {w["dataset"] for _, w in fitted} == {"HA"}, fitted
    assert {rule for rule, _ in fitted} >= {"cross_validate", "auer95_c45_refit",
                                            "auer95_sky_dataset", "auer95_curve"}
    # run it in a copy of the finished run: every auer95 table shows HA as ours alone, never nan
    private = copy_run(work, tmp_path / "ha")
    run(private, "--cores", "2", *with_ha)
    for key in CELLS:
        cells = read_cells(private / f"results/auer95/cells/{key}.csv")
        ha = cells[cells["code"] == "HA"]
        assert (ha["verdict"] == "").all() and ha["paper"].isna().all(), key
    for view in (private / "results/tables").glob("auer95_*.md"):
        text = view.read_text()
        assert not re.search(r"\bnan\b", text), view.name
        if view.stem in ("auer95_table1", "auer95_sky", "auer95_table2", "auer95_vc_factors",
                         "auer95_c45_readings"):
            assert "| HA |" in text, view.name


def job_counts(stdout: str) -> dict[str, str]:
    """The job counts of a dry run's summary table, by rule."""
    rules = ("auer95_", "cross_validate", "last02_stability", "fetch_", "parse_", "scorecard",
             "paper_figure", "all")
    return dict(line.split()[:2] for line in stdout.splitlines() if line.startswith(rules))


def test_a_learner_fitting_its_leads_models_takes_the_leads_rows(tiny_run, tmp_path):
    """On BC (no continuous attribute) C45_R8 fits C45's models: after C45 in the CV's
    learners, its job takes C45's rows, relabelled; the same bytes as its own CV, which it
    runs when C45 is not there."""
    work, args = tiny_run
    private = copy_run(work, tmp_path / "bc")
    target, log = "results/auer95/cv/BC/C45_R8.csv", "logs/cross_validate/auer95/BC/C45_R8.log"

    def learners(*names):
        overlay = tmp_path / f"{'_'.join(names)}.yaml"
        overlay.write_text(yaml.safe_dump({"auer95": {"cv": {"learners": list(names)}}}))
        return [*args[:3], str(overlay), *args[3:]]

    run(private, "--cores", "2", target, *learners("T2", "C45_PRE_R8", "C45_R8"))
    own = (private / target).read_bytes()
    assert "relabelled" not in (private / log).read_text()
    with_lead = learners("T2", "C45_PRE_R8", "C45", "C45_R8")
    jobs = planned_jobs(private, target, *with_lead)
    assert sorted(w["learner"] for rule, w in jobs if rule == "cross_validate") == [
        "C45", "C45_R8"], jobs
    run(private, "--cores", "2", target, *with_lead)
    assert "C45_R8 fits the same models as C45 on BC" in (private / log).read_text()
    assert (private / target).read_bytes() == own
