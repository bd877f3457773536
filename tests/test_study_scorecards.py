"""The dkm96 and last02 items of the scorecard: verdicts are the tables' own (never judged
again), rows the tables do not judge are skipped, unavailable data are "not run", claims come
from the one claim mechanism with the paper's thresholds."""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from smalltrees.evaluation.claims import judge, read_claims
from smalltrees.studies.dkm96.partition_statistics import METRICS
from smalltrees.studies.dkm96.scorecard import scorecard_items as dkm96_items
from smalltrees.studies.dkm96.table1 import make_table1
from smalltrees.studies.last02.scorecard import scorecard_items as last02_items
from smalltrees.studies.last02.table3 import DESCRIPTION

PAPER = Path(__file__).resolve().parents[1] / "data" / "paper"


def _stats(values, sd):
    """R = 2 partitions whose mean is ``values`` and spread ``sd`` in every metric."""
    half = sd / np.sqrt(2)
    return pd.DataFrame([{"n": 4, "n_test": 100, **{m: values + s * half for m in METRICS}}
                         for s in (0.0, 2.0)])


def test_dkm96_cells_carry_the_tables_verdicts_and_missing_data_is_not_run():
    paper = pd.DataFrame([{"domain": d, "metric": m, "value": v, "uncertain": "no"}
                          for d, v in (("A", 2.5), ("B", 2.1), ("D", 2.2), ("C", 1.0))
                          for m in METRICS])
    # partition 1 is 2.0; its spread over partitions is 0.1 (sd of 2.0 and 2.1414)
    stats = {d: _stats(2.0, 0.1) for d in "ABD"}
    table = make_table1(stats, {"A": "ok", "B": "ok", "D": "ok",
                                "C": "not run: data not available"},
                        {d: d for d in "ABDC"}, paper, 1.0)
    across = pd.DataFrame([{"domain": "all", "status": "ok", "sign_p": 0.125,
                            "g_lower_error": 6.0, "domains": 7.0, "pooled_p": 0.0001,
                            "pooled_trials": 30.0}])
    card = dkm96_items(pd.concat([table, across], ignore_index=True), 1.0,
                       read_claims(PAPER / "dkm96" / "claims.csv"))
    cells = card[card["quantity"] == "err_G"].set_index("code")
    assert cells["verdict"].to_dict() == {"A": "differs", "B": "reproduced", "D": "close",
                                          "C": "not run"}
    assert (cells["verdict"] == table.set_index("domain")["err_G_verdict"]).all()
    assert cells.loc["C", "note"].startswith("not run: data")
    claims = card[card["table"] == "claims"].set_index("code")["verdict"]
    assert claims.to_dict() == {"sign_test": "claim fails", "pooled_t": "claim holds"}
    assert len(card) == 4 * len(METRICS) + 2


def test_last02_items_take_the_tables_verdicts_and_skip_what_they_do_not_judge():
    row3 = {"code": "IR", "paper_IFN_acc": 95.6, "paper_IFN_acc_pm": 0.3,
            "accuracy[IFN]": 94.0, "accuracy_ci[IFN]": 0.7, "accuracy_verdict[IFN]": "differs"}
    row3.update({k: 4 for k in DESCRIPTION})
    row3.update({f"paper_{k}": 4 for k in DESCRIPTION})
    row3.update({f"{k}_verdict": "reproduced" for k in DESCRIPTION})
    row3.update({"paper_total": 5, "total_verdict": "differs"})
    mean3 = dict(row3, code="mean", **{"accuracy_verdict[IFN]": np.nan})
    row4 = {"code": "IR", "paper_size_IFN": 6, "output_size[IFN]": 6, "size_verdict[IFN]":
            "reproduced", "paper_stab_IFN": 97.4, "stability[IFN]": 76.4,
            "stability_sd[IFN]": 9.0, "stability_verdict[IFN]": "close", "paper_sig99": 1,
            "sig_vs_cmm[IFN]": True, "sig_verdict[IFN]": "reproduced"}
    mean4 = dict(row4, code="mean", **{"sig_verdict[IFN]": np.nan})
    claims = pd.DataFrame([{"id": "small", "subject": "IFN", "claim": "small",
                            "paper": "7 of 8", "ours": "8 of 8", "test": "most",
                            "verdict": "claim holds"}])
    card = last02_items(pd.DataFrame([row3, mean3]), pd.DataFrame([row4, mean4]), claims,
                        ["IFN"], 2.0)
    verdicts = dict(zip(card["item"], card["verdict"], strict=True))
    assert verdicts["Table 3, total, IR"] == "differs"
    assert verdicts["Table 3, classes, IR"] == "reproduced"
    assert verdicts["Table 3, total, mean"] == "differs"  # the average is compared too
    assert verdicts["Table 3, IFN accuracy (IFN), IR"] == "differs"
    assert "Table 3, IFN accuracy (IFN), mean" not in verdicts
    assert verdicts["Table 4, IFN stability (IFN), IR"] == "close"
    assert not any(item.endswith("CMM (IFN), mean") for item in verdicts)
    assert verdicts["Claim (IFN): small"] == "claim holds"


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


@pytest.mark.parametrize("study", ["auer95", "dkm96", "yildiz15", "last02"])
def test_every_studys_claims_and_notes_are_readable(study):
    from smalltrees.reporting.scorecard import read_notes

    claims = read_claims(PAPER / study / "claims.csv")
    assert len(claims) and (claims["claim"] != "").all()
    read_notes(PAPER / study / "notes.csv")
