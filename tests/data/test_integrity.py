"""Every stored file is verified when it is read, and the advice for a changed one works.

Processed datasets carry their own sha256 in the sidecar (issue 21, item 2); a raw file edited
after download is refused with a command that restores it and everything built from it (item
7), and a deleted intermediate result is recreated (item 5): each checked end to end in a
scratch copy of the project.
"""

import json
import shlex
import subprocess
import sys

import pandas as pd
import pytest
from workflow_helpers import base_config, copy_run, run, scratch_project

from smalltrees import datasets
from smalltrees.data.parse import DatasetError

SPEC = {"name": "toy", "files": [{"path": "toy/toy.data", "sha256": "0" * 64}]}


@pytest.fixture
def saved(tmp_path):
    X = pd.DataFrame({"a": [0.5, -1.0, 2.0], "b": pd.Categorical(["x", "y", "x"])})
    y = pd.Series(["p", "n", "p"], name="class")
    return datasets.save(X, y, "TOY", SPEC, tmp_path / "data" / "processed")


def test_the_sidecar_records_the_csv_digest_and_the_examples(saved):
    csv, meta = saved
    sidecar = json.loads(meta.read_text())
    assert sidecar["examples"] == 3
    assert len(sidecar["sha256"]) == 64
    X, y = datasets.read(csv, meta)
    assert y.tolist() == ["p", "n", "p"]


def test_one_changed_class_label_is_refused_naming_the_file_and_the_fix(saved, tmp_path):
    csv, meta = saved
    csv.write_text(csv.read_text().replace("-1.0,y,n", "-1.0,y,p"))
    with pytest.raises(DatasetError) as refused:
        datasets.read(csv, meta)
    message = str(refused.value)
    assert str(csv) in message and "changed after the workflow wrote it" in message
    assert f"rm -f {csv} {meta} && snakemake --cores 2" in message
    with pytest.raises(DatasetError, match="changed after the workflow wrote it"):
        datasets.load("TOY", root=tmp_path)


def test_a_sidecar_without_a_digest_is_refused(saved):
    csv, meta = saved
    sidecar = json.loads(meta.read_text())
    del sidecar["sha256"]
    meta.write_text(json.dumps(sidecar))
    with pytest.raises(DatasetError, match="records no sha256"):
        datasets.read(csv, meta)


def small_config(mirror) -> dict:
    """auer95's section 3 on iris only, one repetition of 2-fold CV: a run of a few seconds."""
    config = base_config()
    config["studies"] = ["auer95"]
    config["mirrors"] = [str(mirror)]
    auer95 = config["auer95"]
    auer95.pop("curves")
    auer95["datasets"] = ["IR"]
    auer95["cv"].update(learners=["T2", "C45_PRE_R8"], repetitions=1, folds=2)
    return config


@pytest.fixture(scope="module")
def finished(tmp_path_factory, mirror):
    """A finished run of :func:`small_config` (copied by each test that changes it)."""
    work = scratch_project(tmp_path_factory.mktemp("finished"), small_config(mirror))
    run(work, "--cores", "2")
    return work


@pytest.fixture
def work(finished, tmp_path):
    """A copy of the finished run (Snakemake sees it as finished too)."""
    return copy_run(finished, tmp_path)


def results(work) -> dict:
    """Every file under results/ and data/processed/ with its bytes."""
    return {str(p.relative_to(work)): p.read_bytes()
            for top in ("results", "data/processed") for p in sorted((work / top).rglob("*"))
            if p.is_file()}


def run_advice(work, advice: str) -> subprocess.CompletedProcess:
    """Run the shell command a refusal advises, verbatim, in ``work`` (this interpreter's
    snakemake)."""
    command = advice.replace("snakemake ", f"{shlex.quote(sys.executable)} -m snakemake ")
    return subprocess.run(command, shell=True, cwd=work, capture_output=True, text=True)


def advice_in(log: str) -> str:
    """The command at the end of a refusal ("...options): <command>")."""
    return log.split("options): ", 1)[1].splitlines()[0].strip()


def test_tampered_raw_file_advice_restores_it_and_everything_built_from_it(work):
    before = results(work)
    raw = work / "data/raw/iris/iris.data"
    raw.write_text(raw.read_text().replace("5.1,3.5", "5.2,3.5", 1))

    refused = run(work, "--cores", "2", check=False)
    assert refused.returncode != 0
    log = (work / "logs/parse_dataset/IR.log").read_text()
    assert "sha256 mismatch" in log
    advice = advice_in(log)
    assert advice == "rm -f data/raw/iris/iris.data && snakemake --cores 2"

    restored = run_advice(work, advice)
    assert restored.returncode == 0, restored.stdout + restored.stderr
    assert results(work) == before
    X, y = datasets.load("IR", root=work)
    assert X.shape == (150, 4)


def test_tampered_processed_file_advice_rebuilds_it(work):
    before = results(work)
    csv = work / "data/processed/IR.csv"
    csv.write_text(csv.read_text().replace("Iris-setosa", "Iris-virginica", 1))

    refused = run(work, "--cores", "2", check=False)
    assert refused.returncode != 0  # the jobs reading IR refuse it rather than use it
    # which job reading IR runs (and refuses) first depends on the scheduler: any of them
    logs = "".join(p.read_text() for p in (work / "logs").rglob("*.log"))
    assert "data/processed/IR.csv: refused" in logs
    with pytest.raises(DatasetError) as error:
        datasets.load("IR", root=work)

    restored = run_advice(work, advice_in(str(error.value)))
    assert restored.returncode == 0, restored.stdout + restored.stderr
    assert results(work) == before


def test_a_deleted_intermediate_result_is_recreated(work):
    before = results(work)
    for path in ("results/auer95/cv/IR/T2.csv", "data/processed/IR.json",
                 "results/auer95/sky/IR.json"):
        (work / path).unlink()
        rerun = run(work, "--cores", "2")
        assert "Nothing to be done" not in rerun.stdout + rerun.stderr, path
        assert results(work) == before, path


def test_every_job_feeds_rule_all(tmp_path):
    """A job whose output is not a target of ``rule all`` would not be redone when its file
    is deleted (Snakemake rebuilds a missing file only for a job that must run)."""
    work = scratch_project(tmp_path)
    dag = run(work, "--dag", "--forceall", "--quiet").stdout
    nodes = {line.split("[", 1)[0].strip(): line for line in dag.splitlines()
             if "[label" in line}
    (all_node,) = [n for n, line in nodes.items() if 'label = "all"' in line]
    feeding = {line.split("->")[0].strip() for line in dag.splitlines()
               if "->" in line and line.split("->")[1].strip() == all_node}
    missing = sorted(nodes[n].split('label = "')[1].split("\\n")[0]
                     for n in set(nodes) - feeding - {all_node})
    assert missing == []
