"""Why the two claims on Table IV fail: the claims judged under readings of the bound.

Yildiz (2015, section V-B) says of Table IV that "in datasets such as artificial, bupa, dlbcl,
hepatitis, and prostatetumor, the bounds are extremely large" and that "the size of the dataset
inversely affects the error bound". Both claims (``bounds_small_loose``, ``bounds_size`` in
``data/paper/yildiz15/claims.csv``) fail on our default run, with SrmGlobal's mean bound below
the mean test error on BU and HE. Eqs. (2)-(4) and the VC lower bound are computed as the paper
prints them (``tests/studies/test_yildiz15_bound_by_hand.py``); what decides the verdicts is the
constant pair (a1, a2) the bound is evaluated at. A *reading* (config ``yildiz15.readings``)
judges the claims, with the checks of :mod:`smalltrees.studies.yildiz15.claims`, on folds run
with other pruning options and/or with the bound evaluated at other constants:

- *selection* of (a1, a2) from the 800-pair grid: per fold on its validation half (``fold``,
  our default) or one pair per dataset over the 10 folds (``dataset``, as the author's scripts);
- *confidence* nu of eq. (4): the paper's ``ln(1/sqrt(S))`` or the author's toolkit's
  ``ln(0.01/4)`` (``isell``);
- *constants* at which the reported bound of the selected tree is evaluated: the selected pair
  (as Table IV) or, e.g., a1 = 4, a2 = 2, the paper's "worst case scenario", for which eq. (2)
  is an upper bound (Cherkassky & Mulier 2007, pp. 116-118); the pruned trees are the same.

Each reading's claims are cells (:func:`reading_cells`) with the reading's name in ``reading``,
beside the default cells of the claims table they explain.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd

from smalltrees.evaluation.cells import claim_cells
from smalltrees.learners.id3.pruning.bound import srm_bound
from smalltrees.reporting.cell_views import cell_text
from smalltrees.reporting.markdown import to_markdown
from smalltrees.studies.yildiz15 import SRM
from smalltrees.studies.yildiz15.claims import claims_from_folds
from smalltrees.studies.yildiz15.tables import make_bound_table

STUDY = "yildiz15"
DEFAULT = "as run (default)"
"""How the view names the claims table's own cells."""


def at_constants(folds: Mapping[str, pd.DataFrame], a1: float, a2: float,
                 confidence: str) -> dict[str, pd.DataFrame]:
    """The per-fold results with the SRM rows' bound (%) re-evaluated at ``(a1, a2)``: eq. (2)
    for the same pruned tree (its training error, V and training-set size)."""
    out = {}
    for code, frame in folds.items():
        frame = frame.copy()
        srm = frame["method"].isin(SRM)
        frame.loc[srm, "bound"] = 100.0 * srm_bound(
            frame.loc[srm, "train_error"].to_numpy() / 100.0, frame.loc[srm, "vc_lb"].to_numpy(),
            frame.loc[srm, "n_train"].to_numpy(), a1, a2, confidence)
        out[code] = frame
    return out


def below_test_error(folds: Mapping[str, pd.DataFrame]) -> str:
    """Per SRM method, the datasets whose mean bound is below their mean test error."""
    table = make_bound_table(folds)
    return "; ".join(
        f"{m}: " + (", ".join(table.loc[table[m] < table[f"{m}_test_error"], "code"]) or "none")
        for m in SRM)


def reading_cells(name: str, paper: pd.DataFrame, folds: Mapping[str, pd.DataFrame],
                  constants: Sequence[float] | None, confidence: str,
                  kinds: Mapping[str, str], alpha: float) -> pd.DataFrame:
    """The cells of the claims of ``paper`` (rows of ``claims.csv``) under the reading
    ``name``: judged on ``folds`` (run with the reading's pruning options), with the SRM bound
    re-evaluated at ``constants`` (a1, a2) under ``confidence`` if given; the note says where
    the bound is below the test error."""
    found = folds if constants is None else at_constants(folds, *constants, confidence)
    cells = claim_cells(STUDY, "claims", claims_from_folds(paper, found, kinds, alpha))
    return cells.assign(reading=name, note=f"bound below the test error: "
                                           f"{below_test_error(found)}")


def render_readings(default: pd.DataFrame, readings: pd.DataFrame, below: str,
                    settings: str) -> str:
    """The Markdown of the readings: per claim, the claims table's own cell (``default``;
    ``below``: where its bound is below the test error) then every reading's."""
    claims = list(dict.fromkeys(readings["code"]))
    shown = pd.concat([default[default["code"].isin(claims)].assign(reading=DEFAULT,
                                                                    note=below),
                       readings])
    shown = shown.assign(order=shown["code"].map({c: i for i, c in enumerate(claims)}))
    shown = shown.sort_values("order", kind="stable")
    table = pd.DataFrame({"claim": shown["code"], "reading": shown["reading"],
                          "ours": [cell_text(r) for r in shown.to_dict("records")],
                          "verdict": shown["verdict"], "bound below the test error":
                          shown["note"].str.removeprefix("bound below the test error: ")})
    return ("# Yildiz (2015), Table IV's claims under readings of the SRM bound\n\n"
            f"{settings}\n\nEach reading reruns the folds with its pruning options and/or "
            "evaluates the bound of the selected trees at its constants (a1, a2) "
            "(config yildiz15.readings; data/paper/yildiz15/notes.csv cites them).\n\n"
            + to_markdown(table.reset_index(drop=True)))
