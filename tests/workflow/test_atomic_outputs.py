"""Figures and per-fold CV results are written atomically, like every other output: a failure
while writing leaves the previous file as it was, and no partial file behind (issue 21, item 8).
A failing job's log holds the full traceback (issue 20, section 1)."""

import runpy
from pathlib import Path
from types import SimpleNamespace

import pandas as pd
import pytest
from matplotlib.figure import Figure

import smalltrees.files
from smalltrees import datasets
from smalltrees.reporting.figures import new_figure, save_figure

ROOT = Path(__file__).resolve().parents[2]


def a_figure() -> Figure:
    figure, ax = new_figure()
    ax.plot([0, 1, 2], [1, 0, 1])
    return figure


def test_saved_figures_are_the_bytes_matplotlib_writes_to_the_file(tmp_path):
    save_figure(a_figure(), tmp_path / "ours.png", tmp_path / "ours.pdf")
    a_figure().savefig(tmp_path / "direct.png", dpi=150, metadata={"Software": None})
    a_figure().savefig(tmp_path / "direct.pdf", metadata={"CreationDate": None, "Producer": None})
    for ext in ("png", "pdf"):
        assert (tmp_path / f"ours.{ext}").read_bytes() == (tmp_path / f"direct.{ext}").read_bytes()


def test_a_figure_that_fails_while_saving_leaves_the_previous_file(tmp_path):
    png = tmp_path / "fig.png"
    png.write_bytes(b"the previous figure")
    figure = a_figure()

    def failing_savefig(target, **options):
        """Write half a file, then fail (as a full disk or a drawing error would)."""
        if isinstance(target, str | Path):
            Path(target).write_bytes(b"\x89PNG half")
        else:
            target.write(b"\x89PNG half")
        raise OSError("no space left on device")

    figure.savefig = failing_savefig
    with pytest.raises(OSError, match="no space"):
        save_figure(figure, png)
    assert png.read_bytes() == b"the previous figure"
    assert [p.name for p in tmp_path.iterdir()] == ["fig.png"]


def fake_snakemake(tmp_path: Path) -> SimpleNamespace:
    """The ``snakemake`` object of one cross_validate job on a small dataset."""
    X = pd.DataFrame({"a": [float(i % 7) for i in range(30)]})
    y = pd.Series(["p" if i % 7 > 3 else "n" for i in range(30)])
    csv, meta = tmp_path / "D.csv", tmp_path / "D.json"
    datasets.write(X, y, "D", {"files": []}, csv, meta, files=[])
    return SimpleNamespace(
        input=SimpleNamespace(csv=str(csv), meta=str(meta)),
        output=[str(tmp_path / "out" / "T1.csv")],
        log=[str(tmp_path / "job.log")],
        wildcards=SimpleNamespace(study="s", dataset="D", learner="T1"),
        params=SimpleNamespace(learners={"T1": {"class": "T1", "params": {}}}, seed=1,
                               design={"repetitions": 1, "folds": 3, "stream": "s"}),
    )


def run_cross_validate(snakemake) -> None:
    runpy.run_path(str(ROOT / "workflow" / "scripts" / "cross_validate.py"),
                   init_globals={"snakemake": snakemake})


def test_cross_validate_writes_its_folds_atomically(tmp_path, monkeypatch):
    snakemake = fake_snakemake(tmp_path)
    run_cross_validate(snakemake)
    out = Path(snakemake.output[0])
    folds = pd.read_csv(out)
    assert len(folds) == 3 and (folds[["dataset", "learner"]] == ["D", "T1"]).all().all()

    previous = out.read_bytes()
    snakemake.params.design["repetitions"] = 2  # a new result, whose write fails at the end

    def failing_replace(source, target):
        raise OSError("no space left on device")

    monkeypatch.setattr(smalltrees.files.os, "replace", failing_replace)
    with pytest.raises(OSError, match="no space"):
        run_cross_validate(snakemake)
    assert out.read_bytes() == previous
    assert [p.name for p in out.parent.iterdir()] == ["T1.csv"]
    log = Path(snakemake.log[0]).read_text()
    assert "Traceback" in log and "OSError: no space left on device" in log
