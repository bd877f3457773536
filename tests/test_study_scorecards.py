"""The dkm96 and last02 items of the scorecard: verdicts agree with the tables' own, rows the
tables do not judge are skipped, unavailable data are "not run"."""

import numpy as np
import pandas as pd

from smalltrees.studies.dkm96.partition_statistics import METRICS
from smalltrees.studies.dkm96.scorecard import scorecard_items as dkm96_items
from smalltrees.studies.last02.scorecard import scorecard_items as last02_items
from smalltrees.studies.last02.table3 import DESCRIPTION


def _dkm96_row(domain, status, ours, paper, sd):
    row = {"domain": domain, "status": status}
    for metric in METRICS:
        row.update({metric: ours, f"paper_{metric}": paper, f"{metric}_sd": sd})
    return row


def test_dkm96_cells_are_judged_with_the_partition_spread_and_missing_data_is_not_run():
    across = {"domain": "all", "status": "ok", "sign_p": 0.125, "paper_sign_p": 0.039,
              "pooled_p": 0.0001, "paper_pooled_p": 0.0002, "g_lower_error": 6.0,
              "domains": 7.0, "pooled_trials": 30.0}
    # k = 1: reproduced within sqrt(2) x 0.1 (+ 0.005), close within twice that
    table = pd.DataFrame([_dkm96_row("A", "ok", 2.0, 2.5, 0.1),
                          _dkm96_row("B", "ok", 2.0, 2.1, 0.1),
                          _dkm96_row("D", "ok", 2.0, 2.2, 0.1),
                          _dkm96_row("C", "not run: data not available", np.nan, 1.0, np.nan),
                          across])
    card = dkm96_items(table, 1.0, {("table1", "A"): "why A differs"})
    cells = card[card["item"].str.startswith("Table 1, err_G")].set_index("item")
    assert cells.loc["Table 1, err_G, A", "verdict"] == "differs"
    assert cells.loc["Table 1, err_G, A", "note"] == "why A differs"
    assert cells.loc["Table 1, err_G, B", "verdict"] == "reproduced"
    assert cells.loc["Table 1, err_G, D", "verdict"] == "close"
    assert cells.loc["Table 1, err_G, C", "verdict"] == "not run"
    assert cells.loc["Table 1, err_G, C", "note"].startswith("not run: data")
    claims = card[card["item"].str.contains("sign test|pooled t")]["verdict"].tolist()
    assert claims == ["claim fails", "claim holds"]
    assert len(card) == 4 * len(METRICS) + 2


def test_last02_items_take_the_tables_verdicts_and_skip_the_unjudged_average():
    row3 = {"code": "IR", "paper_IFN_acc": 95.6, "paper_IFN_acc_pm": 0.3,
            "accuracy[IFN]": 94.0, "accuracy_ci[IFN]": 0.7, "accuracy_verdict[IFN]": "differs"}
    row3.update({k: 4 for k in DESCRIPTION})
    row3.update({f"paper_{k}": 4 for k in DESCRIPTION})
    row3["paper_total"] = 5
    mean3 = dict(row3, code="mean", **{"accuracy_verdict[IFN]": np.nan})
    row4 = {"code": "IR", "paper_size_IFN": 6, "output_size[IFN]": 6, "size_verdict[IFN]":
            "reproduced", "paper_stab_IFN": 97.4, "stability[IFN]": 76.4,
            "stability_sd[IFN]": 9.0, "stability_verdict[IFN]": "close", "paper_sig99": 1,
            "sig_vs_cmm[IFN]": True, "sig_verdict[IFN]": "reproduced"}
    mean4 = dict(row4, code="mean", **{"sig_verdict[IFN]": np.nan})
    claims = pd.DataFrame([{"learner": "IFN", "claim": "small", "paper": "7 of 8",
                            "ours": "8 of 8", "test": "most", "verdict": "claim holds"}])
    card = last02_items(pd.DataFrame([row3, mean3]), pd.DataFrame([row4, mean4]), claims,
                        ["IFN"], 2.0, {})
    verdicts = dict(zip(card["item"], card["verdict"], strict=True))
    assert verdicts["Table 3, total, IR"] == "differs"
    assert verdicts["Table 3, classes, IR"] == "reproduced"
    assert verdicts["Table 3, IFN accuracy (IFN), IR"] == "differs"
    assert "Table 3, IFN accuracy (IFN), mean" not in verdicts
    assert verdicts["Table 4, IFN stability (IFN), IR"] == "close"
    assert not any(item.endswith("CMM (IFN), mean") for item in verdicts)
    assert verdicts["Claim (IFN): small"] == "claim holds"
