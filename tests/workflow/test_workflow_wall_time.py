"""The workflow benchmark's bookkeeping: benchmark files by rule and study, the job count, and
the byte-for-byte comparison of two runs' outputs (the check that a speed-up changed nothing)."""

import importlib.util
import sys
from pathlib import Path

import pytest

SPEC = importlib.util.spec_from_file_location(
    "workflow_wall_time", Path(__file__).parents[2] / "benchmarks" / "workflow_wall_time.py")
bench = importlib.util.module_from_spec(SPEC)
sys.modules[SPEC.name] = bench  # its dataclass looks its module up
SPEC.loader.exec_module(bench)

HEADER = "s\th:m:s\tmax_rss\tmax_vms\tmax_uss\tmax_pss\tio_in\tio_out\tmean_load\tcpu_time\n"


def record(wall: float, cpu: float) -> str:
    """A Snakemake benchmark file of one job."""
    return HEADER + f"{wall}\t0:00:01\t1\t1\t1\t1\t0\t0\t1\t{cpu}\n"


def write(path: Path, text: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)


def test_benchmarks_are_grouped_by_rule_and_study(tmp_path):
    root = tmp_path / "logs" / "benchmarks"
    write(root / "cross_validate" / "auer95" / "IO" / "T2.tsv", record(10.0, 9.5))
    write(root / "cross_validate" / "last02" / "IR" / "IFN.tsv", record(2.0, 1.5))
    write(root / "last02_stability" / "IR" / "IFN.tsv", record(3.0, 2.5))
    write(root / "dkm96_calibration.tsv", record(4.0, 3.5))
    rules = bench.benchmarks(root)
    assert rules == {"cross_validate:auer95": [10.0], "cross_validate:last02": [2.0],
                     "last02_stability": [3.0], "dkm96_calibration": [4.0]}
    assert [bench.study_of(rule) for rule in rules] == ["auer95", "last02", "dkm96", "last02"]
    assert bench.study_of("table_html") == "shared"


def test_jobs_cpu_sums_each_rules_jobs_keyed_by_study_when_shared(tmp_path):
    records = tmp_path / "job_cpu.jsonl"
    records.write_text('{"rule": "cross_validate", "study": "auer95", "cpu": 2.0}\n'
                       '{"rule": "cross_validate", "study": "auer95", "cpu": 3.0}\n'
                       '{"rule": "last02_stability", "study": "last02", "cpu": 1.0}\n'
                       '{"rule": "table_html", "study": "dkm96", "cpu": 0.5}\n')
    assert bench.jobs_cpu(records) == {"cross_validate:auer95": [2.0, 3.0],
                                       "last02_stability": [1.0], "table_html:dkm96": [0.5]}
    assert bench.jobs_cpu(tmp_path / "none.jsonl") == {}


def test_jobs_done_is_snakemakes_last_step_count(tmp_path):
    log = tmp_path / "snakemake.out"
    log.write_text("Building DAG of jobs...\n1 of 3 steps (33%) done\n2 of 3 steps (67%) done\n"
                   "3 of 3 steps (100%) done\n")
    assert bench.jobs_done(log) == 3


@pytest.mark.parametrize("change, same", [(None, True), ("results", False), ("png", False),
                                          ("extra", False), ("pdf", True)])
def test_compare_flags_any_changed_or_missing_output(tmp_path, change, same, capsys):
    runs = []
    for label in ("before", "after"):
        project = tmp_path / label
        write(project / "results" / "tables" / "t.csv", "a,b\n1,2\n")
        write(project / "figures" / "f.png", b"\x89PNG same")
        write(project / "figures" / "f.pdf", b"%PDF made at " + label.encode())
        runs.append(bench.Run(label, label, project))
    after = runs[1].project
    if change == "results":
        write(after / "results" / "tables" / "t.csv", "a,b\n1,3\n")
    elif change == "png":
        write(after / "figures" / "f.png", b"\x89PNG other")
    elif change == "extra":
        write(after / "results" / "new.csv", "x\n")
    elif change == "pdf":
        write(after / "figures" / "f.pdf", b"%PDF other")
    assert bench.compare(*runs) is same
    if not same:
        assert ("DIFFERS" in capsys.readouterr().out) is (change != "extra")


def test_report_prints_the_machine_probes_around_the_build(tmp_path, capsys):
    run = bench.Run("after", "HEAD", tmp_path, wall=245.0, user=470.0, system=8.0,
                    snakemake_cpu=35.0, probes=((0.97, 1.10), (1.08, 1.35)), jobs=392,
                    job_cpu={"cross_validate:auer95": [1.0, 2.0]})
    bench.report(run)
    out = capsys.readouterr().out
    assert "4 min 05.0 s wall, 478 CPU-s" in out
    assert ("machine probe, CPU-s per core (compute / memory): 0.97 / 1.10 before the build, "
            "1.08 / 1.35 after") in out


def test_the_probe_measures_its_own_work_on_every_core():
    for part in (*bench.probe_work(), *bench.probe(2)):
        assert 0.05 < part < 60.0
