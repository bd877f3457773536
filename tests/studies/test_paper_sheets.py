"""Every study's paper sheets: claims as data checked at their thresholds, notes readable, and
every transcription in the one layout with only quantities its study's tables produce."""

from pathlib import Path

import pytest

from smalltrees.evaluation.claims import judge, read_claims
from smalltrees.evaluation.transcriptions import (
    check_quantities,
    read_paper,
    transcription_files,
)
from smalltrees.reporting.scorecard import read_notes

PAPER = Path(__file__).resolve().parents[2] / "data" / "paper"
STUDIES = ["auer95", "dkm96", "yildiz15", "last02"]


def test_claims_are_data_checked_at_their_thresholds(tmp_path):
    path = tmp_path / "claims.csv"
    path.write_text("id,part,claim,where,paper,quantity,test,threshold\n"
                    "most,a,Most datasets,s. 3,7 of 8,count,more than {threshold},4\n"
                    "gap,b,A gap,s. 3,5,gap,between {threshold},4 6\n")
    claims = read_claims(path)
    judged = judge(claims, {"most": lambda least: [("IFN", "5", 5 > least),
                                                  ("IFN2", "3", 3 > least)],
                            "gap": lambda limits: [("", "7", limits[0] <= 7 <= limits[1])]})
    assert judged["verdict"].tolist() == ["claim holds", "claim fails", "claim fails"]
    assert judged["test"].tolist() == ["more than 4", "more than 4", "between 4 to 6"]
    assert len(read_claims(path, "b")) == 1
    with pytest.raises(ValueError, match=r"claims \['gap'\] have no check"):
        judge(claims, {"most": lambda _: []})
    path.write_text("id,part,claim,where,paper,quantity,test,threshold\nx,a,c,w,p,q,t,lots\n")
    with pytest.raises(ValueError, match="threshold 'lots'"):
        read_claims(path)


@pytest.mark.parametrize("study", STUDIES)
def test_every_studys_claims_and_notes_are_readable(study):
    claims = read_claims(PAPER / study / "claims.csv")
    assert len(claims) and (claims["claim"] != "").all()
    read_notes(PAPER / study / "notes.csv")


@pytest.mark.parametrize("study", STUDIES)
def test_every_transcription_has_the_one_layout_and_known_quantities(study):
    import importlib

    paper = read_paper(transcription_files(PAPER / study))
    assert len(paper)
    check_quantities(paper, importlib.import_module(f"smalltrees.studies.{study}").PRODUCES)
