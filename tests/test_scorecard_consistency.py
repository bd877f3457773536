"""One verdict per number, end to end: in a tiny run, every verdict of every table (its CSV
verdict columns, and the bold / italic markers of its Markdown) is the scorecard's verdict for
the same number, and every deviation on the scorecard has a cause and a note."""

import re

import pandas as pd
import pytest
from workflow_helpers import ROOT, run, scratch_project

from smalltrees.evaluation.verdicts import CLOSE, DEVIATIONS, DIFFERS, worst
from smalltrees.reporting.scorecard import CAUSES

TABLES = "results/tables"


@pytest.fixture(scope="module")
def tiny_run(tmp_path_factory, mirror):
    work = scratch_project(tmp_path_factory.mktemp("consistency"))
    run(work, "results/scorecard.csv", "--cores", "2", "--configfile",
        str(ROOT / "tests" / "config" / "tiny.yaml"), "--config", f"mirrors=['{mirror}']")
    return work


def _read(work, name):
    return pd.read_csv(work / TABLES / name, keep_default_na=False, na_values=[""])


def _table_verdicts(work) -> list[tuple[str, str, str, str, str]]:
    """(study, table, code, quantity, verdict) of every judged number of every table, read from
    the tables' CSV files (not from the scorecard)."""
    found = []

    def add(study, table, frame, code, columns, skip=lambda r: False):
        for record in frame.to_dict("records"):
            if skip(record):
                continue
            for column, quantity in columns.items():
                if isinstance(record.get(column), str) and record[column]:
                    found.append((study, table, str(record[code]), quantity, record[column]))

    table1 = _read(work, "auer95_table1.csv")
    add("auer95", "table1", table1, "code",
        {c: c.removesuffix("_verdict") for c in table1 if c.endswith("_verdict")})
    add("auer95", "sky2", _read(work, "auer95_sky.csv"), "code", {"verdict": "sky2"})
    table2 = _read(work, "auer95_table2.csv")
    add("auer95", "table2", table2, "code",
        {c: c.removesuffix("_verdict") for c in table2
         if c.endswith("_verdict") and c != "sky2_verdict"})
    for study, name in (("dkm96", "table1"), ("dkm96", "table2")):
        frame = _read(work, f"{study}_{name}.csv")
        add(study, name, frame, "domain",
            {c: c.removesuffix("_verdict") for c in frame if c.endswith("_verdict")},
            skip=lambda r: bool(r.get("calibrated", False)))
    table3 = _read(work, "last02_table3.csv")
    add("last02", "table3", table3, "code",
        {c: (c.removesuffix("_verdict") if not c.startswith("accuracy_verdict[")
             else c.replace("accuracy_verdict", "accuracy")) for c in table3 if "verdict" in c})
    table4 = _read(work, "last02_table4.csv")
    renamed = {"size_verdict": "output_size", "stability_verdict": "stability",
               "sig_verdict": "sig_vs_cmm"}
    add("last02", "table4", table4, "code",
        {c: renamed[c.split("[")[0]] + "[" + c.split("[")[1] for c in table4
         if c.split("[")[0] in renamed})
    vc = _read(work, "yildiz15_vc.csv")
    vc = vc[vc["position"].notna()].assign(
        code=lambda f: [f"fig{10 if g == 'fig10' else 11}:{int(p)}"
                        for g, p in zip(f["figure"], f["position"], strict=True)])
    add("yildiz15", "vc", vc, "code", {"verdict_lb": "lb", "verdict_exact": "exact"})
    return found


def test_every_table_verdict_is_the_scorecards(tiny_run):
    card = pd.read_csv(tiny_run / "results" / "scorecard.csv", keep_default_na=False,
                       dtype=str)
    numbers = card[~card["table"].str.contains("claims")]
    scorecard = sorted(zip(numbers["study"], numbers["table"], numbers["code"],
                           numbers["quantity"], numbers["verdict"], strict=True))
    tables = _table_verdicts(tiny_run)
    factors = card[card["table"] == "factors"]
    assert sorted(tables) == sorted(s for s in scorecard if s[1] != "factors")
    # the factors: several rows per (code, term), compared as multisets
    vc_factors = _read(tiny_run, "auer95_vc_factors.csv")
    expected = sorted((r["code"], t, r[f"{t}_verdict"]) for r in vc_factors.to_dict("records")
                      for t in ("F_up", "F_low") if isinstance(r[f"{t}_verdict"], str))
    assert expected == sorted(zip(factors["code"], factors["quantity"], factors["verdict"],
                                  strict=True))
    # Sky2 is shown twice (Sky table and Table 2): the same verdict in both
    table2 = _read(tiny_run, "auer95_table2.csv").set_index("code")["sky2_verdict"]
    sky = _read(tiny_run, "auer95_sky.csv").set_index("code")["verdict"]
    assert table2.to_dict() == sky.reindex(table2.index).to_dict()


def test_every_claim_verdict_is_the_scorecards(tiny_run):
    card = pd.read_csv(tiny_run / "results" / "scorecard.csv", keep_default_na=False,
                       dtype=str).set_index(["study", "code", "quantity"])
    for study, name in (("auer95", "auer95_section4_claims.csv"),
                        ("dkm96", "dkm96_claims.csv"), ("yildiz15", "yildiz15_claims.csv"),
                        ("last02", "last02_claims.csv")):
        claims = pd.read_csv(tiny_run / TABLES / name, keep_default_na=False, dtype=str)
        for record in claims.to_dict("records"):
            if not record["paper"]:
                continue  # ours, beyond the paper: not on the scorecard
            key = (study, record["id"], record["subject"])
            assert card.loc[key, "verdict"] == record["verdict"], key


def test_table_markers_show_the_same_verdicts(tiny_run):
    """Bold cells are the numbers that differ, italic ones those that are close (a cell
    showing two numbers, an interval or an LB - exact pair, is marked by the worse)."""
    groups = {"auer95_table2": None, "auer95_table1": None, "auer95_sky": None,
              "dkm96_table1": [("ci_low_verdict", "ci_high_verdict")], "dkm96_table2": None,
              "last02_table3": None, "last02_table4": None,
              "yildiz15_vc": [("verdict_lb", "verdict_exact")]}
    for name, paired in groups.items():
        frame = _read(tiny_run, f"{name}.csv")
        if name == "yildiz15_vc":
            frame = frame[frame["position"].notna()]
        columns = [c for c in frame if "verdict" in c and not c.startswith("sig_verdict")]
        cells = []
        for record in frame.to_dict("records"):
            rest = set(columns)
            for pair in paired or []:
                cells.append(worst(*(str(record[c]) for c in pair)))
                rest -= set(pair)
            cells += [str(record[c]) for c in rest]
        body = [line for line in (tiny_run / TABLES / f"{name}.md").read_text().splitlines()
                if line.startswith("| ") and not line.startswith("|---")]
        text = "\n".join(body)
        bold = len(re.findall(r"\*\*[^*]+\*\*", text))
        italic = len(re.findall(r"(?<!\*)\*[^*\s][^*]*\*(?!\*)", text))
        assert bold == cells.count(DIFFERS), name
        assert italic == cells.count(CLOSE), name


def test_every_deviation_has_a_cause_and_a_note(tiny_run):
    card = pd.read_csv(tiny_run / "results" / "scorecard.csv", keep_default_na=False)
    deviations = card[card["verdict"].isin(DEVIATIONS)]
    assert deviations["cause"].isin(CAUSES).all()
    assert (deviations["note"] != "").all()
    assert (card.loc[~card["verdict"].isin(DEVIATIONS), "cause"] == "").all()
