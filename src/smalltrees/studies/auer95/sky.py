"""Sky1 and Sky2 of Auer, Holte & Maass (1995), section 3.

"Sky2 is the optimal accuracy of any 2-level tree on the entire dataset; it was obtained by
running T2 on the whole dataset" -- a deterministic number, since T2 is exact. Sky1 is the same
for 1-level trees (T1).
"""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd

from smalltrees.evaluation.verdicts import exact_rule
from smalltrees.learners.optimal.estimators import T1, T2
from smalltrees.reporting.markdown import to_markdown
from smalltrees.reporting.paper import emphasise


def sky(X: pd.DataFrame, y: pd.Series) -> dict:
    """Training accuracy (%) and errors of the optimal 1- and 2-level trees, and T2's tree."""
    t1, t2 = T1().fit(X, y), T2().fit(X, y)
    return {
        "n": len(y),
        "sky1": round(100.0 * t1.score(X, y), 2),
        "sky2": round(100.0 * t2.score(X, y), 2),
        "t1_errors": int(t1.n_errors_),
        "t2_errors": int(t2.n_errors_),
        "t2_tree": t2.export_text(),
    }


def make_sky_table(rows: Mapping[str, dict], paper: pd.DataFrame,
                   notes: Mapping[str, str]) -> pd.DataFrame:
    """Our Sky1/Sky2 per dataset beside the paper's Sky2 (which agrees at its rounding or not)."""
    paper_sky2 = paper[paper["metric"] == "sky2"].set_index("code")["value"]
    records = []
    for code, ours in rows.items():
        theirs = float(paper_sky2.get(code, float("nan")))
        diff = round(ours["sky2"] - theirs, 2)
        records.append({
            "code": code, "n": ours["n"], "sky1": ours["sky1"], "sky2": ours["sky2"],
            "t2_errors": ours["t2_errors"], "paper_sky2": theirs, "sky2_diff": diff,
            "verdict": exact_rule(ours["sky2"], theirs),
            "note": notes.get(code, ""),
        })
    return pd.DataFrame(records)


def render_sky_table(table: pd.DataFrame) -> str:
    """Markdown rendering with the differing rows in bold."""
    shown = table.copy()
    shown["sky2"] = [emphasise(str(v), verdict)
                     for v, verdict in zip(shown["sky2"], shown["verdict"], strict=True)]
    return ("# Auer, Holte & Maass (1995): Sky1 and Sky2 (accuracy % of the best 1- and 2-level "
            "tree on the whole dataset)\n\n"
            "Sky2 is compared with the paper's (Table 2). Sky1 (T1 on the whole dataset) is "
            "never printed by the paper; section 4 uses it as the best 1-level tree's error "
            "1 - Sky1 in eps and in the predicted T2/T1 factors.\n\n" + to_markdown(shown))
