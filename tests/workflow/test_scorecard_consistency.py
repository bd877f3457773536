"""One verdict per number, end to end, and any dataset in any study: the tiny run, extended so
that every study also has a dataset (or domain) of the sheet that its paper never used
(``tests/config/ours_alone_<study>.yaml``, by config only). The run ends with exit 0; the
scorecard is exactly the cells every table wrote (those with a paper number, default reading);
every table's Markdown view shows its cells as the cells say (ours, the paper's, the verdict's
marker); the new datasets appear as ours alone; no rendered table shows ``nan``; every deviation
has a cause and a note."""

import re
from pathlib import Path

import pandas as pd
import pytest
from workflow_helpers import ROOT, copy_run, run

from smalltrees.evaluation.cells import read_cells
from smalltrees.evaluation.verdicts import DEVIATIONS
from smalltrees.reporting.cell_views import cell_text
from smalltrees.reporting.scorecard import CAUSES

CONFIGS = ROOT / "tests" / "config"
OURS_ALONE = sorted(CONFIGS.glob("ours_alone_*.yaml"))


@pytest.fixture(scope="module")
def ours_alone_run(tmp_path_factory, tiny_run):
    """The shared tiny run, copied, with every study's dataset of ours alone added by config:
    the run fits the new datasets and rebuilds the tables."""
    finished, args = tiny_run
    work = copy_run(finished, tmp_path_factory.mktemp("consistency"))
    run(work, "--cores", "2", *args[:3], *(str(p) for p in OURS_ALONE), *args[3:])
    return work


def _cells(work: Path) -> pd.DataFrame:
    files = sorted((work / "results").glob("*/cells/*.csv"))
    assert files
    return pd.concat([read_cells(f) for f in files], ignore_index=True)


def test_the_scorecard_is_the_tables_cells(ours_alone_run):
    cells = _cells(ours_alone_run)
    compared = cells[(cells["reading"] == "") & (cells["verdict"] != "")]
    card = pd.read_csv(ours_alone_run / "results" / "scorecard.csv", keep_default_na=False,
                       dtype=str)
    key = ["study", "table", "code", "quantity", "verdict"]
    assert sorted(map(tuple, card[key].values.tolist())) == \
        sorted(map(tuple, compared[key].astype(str).values.tolist()))


def test_every_table_view_shows_its_cells(ours_alone_run):
    """Each compared cell's text ("ours (paper)" with its verdict's marker, with or without
    spreads) is in the Markdown view the scorecard links it to."""
    card = pd.read_csv(ours_alone_run / "results" / "scorecard.csv", keep_default_na=False,
                       dtype=str)
    links = dict(zip(zip(card["study"], card["table"], strict=True), card["link"],
                     strict=True))
    cells = _cells(ours_alone_run)
    shown = cells[(cells["reading"] == "") & (cells["verdict"] != "")
                  & ~cells["rule"].str.startswith("computed check")]
    for cell in shown.to_dict("records"):
        link = links[(cell["study"], cell["table"])]
        if not link.endswith(".html"):
            continue  # a figure
        view = (ours_alone_run / "results" / link).with_suffix(".md").read_text()
        texts = (cell_text(cell), cell_text(cell, spreads=False))
        assert any(t in view for t in texts), (cell["study"], cell["table"], cell["code"],
                                               cell["quantity"], texts)


@pytest.mark.parametrize("config", OURS_ALONE, ids=lambda p: p.stem)
def test_a_dataset_the_paper_never_used_is_shown_as_ours_alone(ours_alone_run, config):
    study = config.stem.removeprefix("ours_alone_")
    cells = _cells(ours_alone_run)
    mine = cells[(cells["study"] == study) & (cells["reading"] == "")]
    alone = mine[mine["paper"].isna() | (mine["paper"].astype(str) == "")]
    assert len(alone), f"{study}: no cell of ours alone"
    assert (alone["verdict"] == "").all()


def test_no_rendered_table_shows_nan(ours_alone_run):
    for path in sorted((ours_alone_run / "results").rglob("*")):
        if path.suffix in (".md", ".html"):
            assert not re.search(r"\bnan\b", path.read_text(), re.IGNORECASE), path


def test_every_deviation_has_a_cause_and_a_note(ours_alone_run):
    card = pd.read_csv(ours_alone_run / "results" / "scorecard.csv", keep_default_na=False)
    deviations = card[card["verdict"].isin(DEVIATIONS)]
    assert deviations["cause"].isin(CAUSES).all()
    assert (deviations["note"] != "").all()
    assert (card.loc[~card["verdict"].isin(DEVIATIONS), "cause"] == "").all()
