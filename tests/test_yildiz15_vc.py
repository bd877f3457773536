"""The yildiz15 VC table (Figures 10-11 beside the paper's pairs), its figures and scorecard."""

import pandas as pd
import pytest
from workflow_helpers import ROOT

from smalltrees.evaluation.verdicts import VERDICTS
from smalltrees.studies.yildiz15.figures import vc_figure
from smalltrees.studies.yildiz15.scorecard import scorecard_items
from smalltrees.studies.yildiz15.vc_table import (
    difference_claim,
    make_vc_table,
    render_vc_table,
    settings_text,
    vc_rows,
)

PAIRS = ROOT / "data" / "paper" / "yildiz15" / "vc_pairs.csv"


@pytest.fixture(scope="module")
def table():
    return make_vc_table(vc_rows([3, 4], 5), pd.read_csv(PAIRS))


def test_paper_pairs_file():
    paper = pd.read_csv(PAIRS)
    assert paper.groupby("figure").size().to_dict() == {"fig10": 10, "fig11": 10}
    assert paper["where"].str.startswith("ICPRAM 2012 Fig. 6").all()
    assert (paper["lb"] <= paper["exact"]).all()


def test_table_beside_the_paper(table):
    assert table.groupby("d").size().to_dict() == {3: 8, 4: 12}  # shapes of <= 5 nodes
    drawn = table[table["position"].notna()]
    assert len(drawn) == 8 + 8  # positions 9-10 (6 and 7 nodes) are beyond 5 nodes
    assert drawn["verdict_lb"].eq("reproduced").all()
    d3, d4 = drawn[drawn["d"] == 3], drawn[drawn["d"] == 4].set_index("position")
    assert d3["verdict_exact"].eq("reproduced").all()
    differs = d4[d4["verdict_exact"] == "differs"].sort_index()
    assert differs.index.tolist() == [5, 7, 8]
    assert differs["exact"].tolist() == [6, 8, 8] and differs["paper_exact"].tolist() == [5, 7, 7]


def test_claim_fails_on_two_levels_of_chains(table):
    claims = difference_claim(table).set_index("shapes")
    assert claims.loc["d = 3", "verdict"] == "claim holds"
    assert claims.loc["d = 4", "verdict"] == "claim fails"
    assert claims.loc["all", "fails_on"] == "d = 4: ((L,(L,L)),(L,(L,L))) (LB 6, exact 8)"
    text = render_vc_table(table, difference_claim(table), settings_text([3, 4], 5))
    assert "**6 - 8 (6 - 7)**" in text and "claim fails" in text


def test_figure_and_scorecard(table, tmp_path):
    figure = vc_figure(table[table["figure"] == "fig11"], "Figure 11")
    assert len([ax for ax in figure.axes if ax.get_title()]) == 12
    path = tmp_path / "vc.csv"
    table.to_csv(path, index=False)
    read = pd.read_csv(path, keep_default_na=False, na_values=[""])
    claims = pd.DataFrame([{"claim": "c", "paper": "p", "ours": "o", "test": "t",
                            "verdict": "claim holds", "where": "w"}])
    card = scorecard_items(read, claims)
    assert len(card) == 2 * 16 + 2 and set(card["verdict"]) <= set(VERDICTS)
    assert (card["verdict"] == "differs").sum() == 3
    assert card.iloc[-2]["verdict"] == "claim fails"
