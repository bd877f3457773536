"""The sensitivity table of section 4's failed verdicts (:mod:`.section4_sensitivity`): which
rows flip their subject's baseline verdict, which choices flip every failing subject of a claim
at once (a cause must hold on all the datasets together), its reading cells and its Markdown
page."""

from __future__ import annotations

import numpy as np
import pandas as pd

from smalltrees.evaluation.cells import cells_frame
from smalltrees.evaluation.verdicts import CLAIM_FAILS, DIFFERS, NOT_RUN
from smalltrees.reporting.markdown import to_markdown
from smalltrees.studies.auer95 import STUDY

COLUMNS = ["claim", "subject", "choice", "value", "baseline", "number", "detail", "verdict",
           "flips"]


def make_sensitivity(rows: list[dict]) -> pd.DataFrame:
    """The table: ``flips`` where a row's verdict (run) differs from its subject's baseline."""
    table = pd.DataFrame(rows)
    base = table[table["baseline"]].set_index("subject")["verdict"]
    table["flips"] = [verdict not in (NOT_RUN, "", base.get(subject, verdict))
                      for subject, verdict in zip(table["subject"], table["verdict"],
                                                  strict=True)]
    return table[COLUMNS]


def flip_summary(table: pd.DataFrame) -> list[str]:
    """Per subject: its baseline verdict and the (choice, value) that flip it, or none."""
    lines = []
    for subject, rows in table.groupby("subject", sort=False):
        base = rows[rows["baseline"]]["verdict"].iloc[0]
        flips = rows[rows["flips"]]
        which = "; ".join(f"{r['choice']} = {r['value']} ({r['number']:.2f})"
                          for r in flips.to_dict("records"))
        lines.append(f"{subject} ({base} at baseline): " + (f"flipped by {which}" if which
                                                            else "no choice flips it"))
    return lines


def claim_summary(table: pd.DataFrame) -> list[str]:
    """Per claim: the (choice, value) that flip every subject failing at baseline without
    flipping a subject that passes (a cause must hold on all the datasets at once), or none."""
    lines = []
    for claim, rows in table.groupby("claim", sort=False):
        base = rows[rows["baseline"]].set_index("subject")["verdict"]
        failing = set(base[base.isin([CLAIM_FAILS, DIFFERS])].index)
        passing = set(base.index) - failing
        found = []
        for (choice, value), group in rows[~rows["baseline"]].groupby(["choice", "value"],
                                                                     sort=False):
            flipped = set(group.loc[group["flips"], "subject"])
            if failing and failing <= flipped and not flipped & passing:
                found.append(f"{choice} = {value}" + _noise_caveat(rows, failing, value))
        if not failing:
            lines.append(f"{claim}: nothing fails at baseline")
            continue
        lines.append(f"{claim} ({', '.join(sorted(failing))} failing at baseline): "
                     + (f"every one flipped by {'; '.join(found)}" if found else
                        "no single choice flips them all without breaking a passing one"))
    return lines


def _noise_caveat(rows: pd.DataFrame, failing: set, value: str) -> str:
    """Where the bootstrap of the same fit form does not flip every failing subject: says so."""
    boot = rows[(rows["choice"] == "draws per size (bootstrap)")
                & rows["value"].str.endswith(f", {value}") & rows["subject"].isin(failing)]
    if boot.empty or boot["flips"].all():
        return ""
    return " (not beyond the draw noise: its bootstrap does not flip every one)"


def sensitivity_cells(table: pd.DataFrame, paper_claims: pd.DataFrame,
                      paper: pd.DataFrame) -> pd.DataFrame:
    """Every row of the table that changes a choice, as a reading cell (``reading`` = choice
    and value) of the cell it explains: SE's shape per depth of the claim
    ``se_inverse_square`` (table ``claims``, quantity "SE T1"/"SE T2"), CR's measured
    m_T2/m_T1 of the claim ``factor`` (quantity "CR T2/T1"), the predicted factors of table
    ``factors`` (code and term). ``paper_claims``: claims.csv's rows (the claims' words);
    ``paper``: the transcription (the factors' numbers)."""
    words = paper_claims.set_index("id")["paper"]
    quoted = paper[paper["table"] == "factors"].set_index(["code", "quantity"])
    rows = []
    for r in table[~table["baseline"]].to_dict("records"):
        subject = r["subject"]
        if subject.startswith("SE T"):
            table_key, code, quantity = "claims", "se_inverse_square", subject
        elif subject == "CR measured m_T2/m_T1":
            table_key, code, quantity = "claims", "factor", "CR T2/T1"
        else:
            table_key, (code, quantity) = "factors", subject.split(" ")
        if table_key == "claims":
            theirs, spread = words[code], np.nan
        else:
            theirs, spread = quoted.loc[(code, quantity), ["value", "spread"]]
        rows.append({"study": STUDY, "table": table_key, "code": code,
                     "quantity": quantity, "reading": f"{r['choice']}: {r['value']}",
                     "item": f"Section 4, {subject}: {r['choice']} = {r['value']}",
                     "paper": theirs, "paper_spread": spread, "ours": r["number"],
                     "ours_spread": np.nan, "decimals": 2, "difference": np.nan,
                     "rule": "one protocol choice changed "
                             "(results/tables/auer95_section4_sensitivity.md)",
                     "verdict": r["verdict"], "note": r["detail"]})
    return cells_frame(rows)


def render_sensitivity(table: pd.DataFrame) -> str:
    """Markdown: which choices flip each verdict, then the table."""
    shown = table.copy()
    shown["number"] = shown["number"].round(3)
    return (
        "# Auer, Holte & Maass (1995) section 4: sensitivity of the failed verdicts\n\n"
        "One protocol choice changed at a time, from the curve draws and the predicted "
        "factors' inputs (the bootstrap of the stored draws stands for the draw noise; more "
        "draws per size than stored are drawn by the jobs auer95_curve_more with the same "
        "seeds, and are 'not run' without them). se_inverse_square: SE's 'm ~ 1/eps^2', number "
        "= the free exponent beta (the fit form's own number otherwise). factors: the predicted "
        "F_up, F_low (number = the reading closest to the paper; reproduced when any reading "
        "is) and CR's measured m_T2/m_T1 beside the paper's 17 to 25. F_up < b + 2 under every "
        "log base below n and every reading, and F_low <= F_up. A flip by a fit form is robust "
        "only when the bootstrap row of that form holds in most resamples.\n\n"
        "## Which choices flip a verdict\n\n"
        + "".join(f"- {line}\n" for line in claim_summary(table))
        + "\nPer subject:\n\n" + "".join(f"- {line}\n" for line in flip_summary(table))
        + "\n## Table\n\n" + to_markdown(shown)
    )
