"""The sensitivity table of section 4's failed verdicts (:mod:`.section4_sensitivity`): which
rows flip their subject's baseline verdict, which choices flip every failing subject of a claim
at once (a cause must hold on all the datasets together), and its Markdown page."""

from __future__ import annotations

import pandas as pd

from smalltrees.evaluation.verdicts import CLAIM_FAILS, DIFFERS, NOT_RUN
from smalltrees.reporting.markdown import to_markdown

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


def render_sensitivity(table: pd.DataFrame) -> str:
    """Markdown: which choices flip each verdict, then the table."""
    shown = table.copy()
    shown["number"] = shown["number"].round(3)
    return (
        "# Auer, Holte & Maass (1995) section 4: sensitivity of the failed verdicts\n\n"
        "One protocol choice changed at a time, from the stored curve draws and the predicted "
        "factors' inputs (no learner rerun; more draws than stored are 'not run', the bootstrap "
        "of the draws stands for the draw noise). se_inverse_square: SE's 'm ~ 1/eps^2', number "
        "= the free exponent beta (the fit form's own number otherwise). factors: the predicted "
        "F_up, F_low (number = the reading closest to the paper; reproduced when any reading "
        "is) and CR's measured m_T2/m_T1 beside the paper's 17 to 25. F_up < b + 2 under every "
        "log base below n and every reading, and F_low <= F_up. A flip by a fit form is robust "
        "only when the bootstrap row of that form holds in most resamples; more draws than "
        "stored: benchmarks/auer95_section4_sensitivity.py.\n\n## Which choices flip a "
        "verdict\n\n" + "".join(f"- {line}\n" for line in claim_summary(table))
        + "\nPer subject:\n\n" + "".join(f"- {line}\n" for line in flip_summary(table))
        + "\n## Table\n\n" + to_markdown(shown)
    )
