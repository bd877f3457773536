"""The comparison contract: one transcription layout, one comparison into cells, one verdict
per number (with the power limit), the scorecard as the cells put together."""

import numpy as np
import pandas as pd
import pytest

from smalltrees.evaluation.cells import compare, read_cells, write_cells
from smalltrees.evaluation.transcriptions import (
    TranscriptionError,
    check_quantities,
    read_paper,
    read_transcription,
)
from smalltrees.evaluation.verdicts import (
    CLOSE,
    DIFFERS,
    INCONCLUSIVE,
    NOT_RUN,
    REPRODUCED,
    Conclusion,
    Exact,
    Interval,
    Spread,
)
from smalltrees.reporting.cell_views import cell_text, paper_shape
from smalltrees.reporting.scorecard import combine

HEADER = "table,code,quantity,value,spread,decimals,where\n"


def _write(tmp_path, body, name="t.csv"):
    path = tmp_path / name
    path.write_text(HEADER + body)
    return path


def _paper(rows):
    return pd.DataFrame([dict(zip(("table", "code", "quantity", "value", "spread", "decimals"),
                                  r, strict=True)) for r in rows])


def test_a_transcription_is_read_with_numbers_and_decimals(tmp_path):
    paper = read_transcription(_write(tmp_path, "t2,PI,acc,73.4,0.5,1,Table 2\n"
                                                "t2,PI,depth,33.3,,1,Table 2\n"))
    assert paper["value"].tolist() == [73.4, 33.3]
    assert paper["spread"].iloc[0] == 0.5 and np.isnan(paper["spread"].iloc[1])
    assert paper["decimals"].tolist() == [1, 1]


@pytest.mark.parametrize("body, message", [
    ("t2,PI,acc,high,,1,x\n", "line 2: value 'high' is not a number"),
    ("t2,PI,acc,1,wide,1,x\n", "line 2: spread 'wide' is not a number (or empty)"),
    ("t2,PI,acc,1,,one,x\n", "line 2: decimals 'one' is not a whole number"),
    ("t2,PI,acc,1,,1,x\nt2,PI,acc,2,,1,x\n", "line 3: (t2, PI, acc) is transcribed twice"),
    ("t2,,acc,1,,1,x\n", "line 2: empty 'code'"),
])
def test_a_bad_transcription_is_refused_naming_file_and_line(tmp_path, body, message):
    path = _write(tmp_path, body)
    with pytest.raises(TranscriptionError) as error:
        read_transcription(path)
    assert str(path) in str(error.value) and message in str(error.value)


def test_a_missing_column_and_a_duplicate_across_files_are_refused(tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("table,code,quantity,value\nt2,PI,acc,1\n")
    with pytest.raises(TranscriptionError, match=r"missing columns \['spread', 'decimals', "
                                                 r"'where'\]"):
        read_transcription(path)
    one = _write(tmp_path, "t2,PI,acc,1,,1,x\n", "one.csv")
    two = _write(tmp_path, "t2,PI,acc,2,,1,x\n", "two.csv")
    with pytest.raises(TranscriptionError, match="transcribed more than once"):
        read_paper([one, two])


def test_a_quantity_no_table_produces_is_refused(tmp_path):
    paper = read_paper([_write(tmp_path, "t2,PI,acc,1,,1,x\nt2,PI,dpeth,2,,1,x\n")])
    check_quantities(paper.iloc[:1], {"t2": ["acc", "depth"]})
    with pytest.raises(TranscriptionError, match="quantity 'dpeth'.*expected one of"):
        check_quantities(paper, {"t2": ["acc", "depth"]})
    with pytest.raises(TranscriptionError, match="table 't2'.*not a table the study makes"):
        check_quantities(paper, {"t3": ["*"]})


def test_ours_alone_and_not_run_and_the_rules_by_glob():
    paper = _paper([("t", "A", "acc", 80.0, 1.0, 1), ("t", "B", "acc", 70.0, 1.0, 1),
                    ("t", "A", "size", 10, np.nan, 0), ("other", "A", "acc", 1.0, np.nan, 1)])
    ours = pd.DataFrame({"code": ["A", "A", "NEW"], "quantity": ["acc", "size", "acc"],
                         "ours": [80.5, 12.0, 55.0], "ours_spread": [0.5, np.nan, 1.0]})
    cells = compare("s", "t", ours, paper, {"acc": Spread(2.0), "size": Exact()})
    by = cells.set_index(["code", "quantity"])
    assert by.loc[("A", "acc"), "verdict"] == REPRODUCED
    assert by.loc[("A", "size"), "verdict"] == DIFFERS and by.loc[("A", "size"), "difference"] == 2
    assert by.loc[("NEW", "acc"), "verdict"] == "" and np.isnan(by.loc[("NEW", "acc"), "paper"])
    assert by.loc[("B", "acc"), "verdict"] == NOT_RUN
    assert len(cells) == 4  # the other table's number is not this table's
    lean = compare("s", "t", ours, paper, {"acc": Spread(2.0), "size": Exact()}, lacking=False)
    assert len(lean) == 3
    with pytest.raises(ValueError, match="no rule for quantity 'size'"):
        compare("s", "t", ours, paper, {"acc": Spread(2.0)})


def test_power_a_band_wider_than_half_the_paper_is_inconclusive():
    # the paper's 1.69 against our 3.04 with an sd of 1: band 2 * sqrt(2) + 0.005 > 0.845
    rule = Spread(2.0, paper_spread="ours")
    assert rule.judge(3.04, 1.69, 1.0, np.nan, 2) == INCONCLUSIVE
    assert Spread(2.0, paper_spread="ours", share=None).judge(3.04, 1.69, 1.0, np.nan, 2) \
        == REPRODUCED
    assert rule.judge(9.0, 1.69, 1.0, np.nan, 2) == DIFFERS  # beyond twice the band
    assert rule.judge(80.9, 80.0, 0.3, np.nan, 1) == CLOSE  # a narrow band keeps its verdicts
    assert "inconclusive where that band exceeds 50%" in rule.text(2)


def test_conclusions_judge_single_draws_by_what_they_support():
    assert Conclusion("sign").judge(-0.48, 0.38, None, None, 2) == DIFFERS
    assert Conclusion("sign").judge(0.1, 0.38, None, None, 2) == REPRODUCED
    below = Conclusion("below", 0.05)
    assert below.judge(0.003, 0.316, None, None, 3) == DIFFERS
    assert below.judge(0.2, 0.316, None, None, 3) == REPRODUCED
    assert Interval().judge(70.0, 72.0, 1.5, 1.0, 1) == REPRODUCED
    assert Interval().judge(70.0, 73.0, 1.0, 1.0, 1) == DIFFERS


def test_cells_round_trip_and_views_show_ours_alone_without_nan(tmp_path):
    paper = _paper([("t", "A", "acc", 80.0, 1.0, 1)])
    ours = pd.DataFrame({"code": ["A", "NEW"], "quantity": ["acc", "acc"],
                         "ours": [90.0, 55.0], "ours_spread": [0.5, 1.0]})
    cells = compare("s", "t", ours, paper, Spread(2.0))
    write_cells(tmp_path / "c.csv", cells)
    back = read_cells(tmp_path / "c.csv")
    assert back["verdict"].tolist() == [DIFFERS, ""]
    shape = paper_shape(back, {"acc": "accuracy"}, rows=["A"])
    assert shape.to_dict("records") == [{"code": "A", "accuracy": "**90.0 ± 0.50 (80.0 ± 1.00)**"},
                                        {"code": "NEW", "accuracy": "55.0 ± 1.00"}]
    assert "nan" not in shape.to_string()
    assert cell_text(back.iloc[0], spreads=False) == "**90.0 (80.0)**"


def test_the_scorecard_is_the_cells_with_a_paper_number_and_readings_attached():
    paper = _paper([("t", "A", "acc", 80.0, 1.0, 1), ("t", "B", "acc", 70.0, 1.0, 1)])
    ours = pd.DataFrame({"code": ["A", "B", "NEW"], "quantity": ["acc"] * 3,
                         "ours": [90.0, 70.2, 1.0], "ours_spread": [0.5, 0.5, 0.5]})
    default = compare("s", "t", ours, paper, Spread(2.0))
    reading = compare("s", "t", ours.iloc[:1].assign(ours=80.3, reading="R2"), paper,
                      Spread(2.0), lacking=False)
    card = combine([({"title": "Table t", "link": "tables/s_t.html"}, default),
                    ({"title": "Table t, readings", "link": ""}, reading)])
    assert card[["code", "verdict"]].values.tolist() == [["A", DIFFERS], ["B", REPRODUCED]]
    assert card.loc[0, "readings"] == "R2: 80.3 (reproduced)"
    assert card.loc[0, "title"] == "Table t" and card.loc[0, "link"] == "tables/s_t.html"
