"""Learners that fit the same model on a dataset: cross-validated once (issue 36).

Some options of C4.5 act only on the cuts of continuous attributes (Release 8's threshold
cost, the cut chosen by gain or by gain ratio, the 0.1 N bound of a cut's branches:
:data:`~smalltrees.learners.c45.prunings.CONTINUOUS_PARAMS`). On a dataset without continuous
attributes, learners that differ only in those fit the same tree on every training set, so
their cross-validations give the same rows but for the learner's name: Auer et al.'s C45,
C45_R8 and C45_CUT_GR (Table 2's readings) on SP, CH, BC, PR and SO. The workflow
cross-validates the first of them (the *lead*) and gives the others its rows, relabelled.
"""

from __future__ import annotations

import io
from collections.abc import Mapping

import pandas as pd


def fit_key(learner, continuous: bool):
    """What decides the model ``learner`` fits on data with (``continuous``) or without
    continuous attributes, if it can tell (C4.5), else ``None`` (it shares with no one)."""
    key = getattr(learner, "_fit_key", None)
    return None if key is None else key(continuous)


def same_fit_leads(learners: Mapping[str, object], continuous: bool) -> dict[str, str]:
    """Each named learner's lead: the first learner, in order, with the same :func:`fit_key`
    on data with (``continuous``) or without continuous attributes; itself if none.

    >>> from smalltrees.learners.c45 import C45
    >>> learners = {"C45": C45(mdl_correction=False), "C45_R8": C45(), "M1": C45(min_cases=1)}
    >>> same_fit_leads(learners, continuous=False)
    {'C45': 'C45', 'C45_R8': 'C45', 'M1': 'M1'}
    >>> same_fit_leads(learners, continuous=True)["C45_R8"]
    'C45_R8'
    """
    leads: dict[str, str] = {}
    first: dict[object, str] = {}
    for name, learner in learners.items():
        key = fit_key(learner, continuous)
        leads[name] = name if key is None else first.setdefault(key, name)
    return leads


def lead_rows(rows_csv: str, lead: tuple[str, object], learner: tuple[str, object],
              continuous: list[str], where: str) -> str:
    """The CV rows ``rows_csv`` of the named ``lead`` learner as the named ``learner``'s
    (:func:`relabelled`), on a dataset with the ``continuous`` attributes (names), once
    checked that the two fit the same models there. ``where`` names the rows' file."""
    names = {lead[0]: lead[1], learner[0]: learner[1]}
    if same_fit_leads(names, bool(continuous))[learner[0]] != lead[0]:
        raise ValueError(f"{where}: {learner[0]} does not fit the same models as {lead[0]} on "
                         f"this dataset (continuous attributes: "
                         f"{', '.join(continuous) or 'none'}); expected a learner of its key")
    return relabelled(rows_csv, lead[0], learner[0], where)


def relabelled(rows_csv: str, lead: str, learner: str, where: str) -> str:
    """The CV rows ``rows_csv`` (a stored CV file's text, every row of learner ``lead``) as
    ``learner``'s: the same text but for the ``learner`` column. ``where`` names the file in
    the error raised if its rows are not ``lead``'s."""
    rows = pd.read_csv(io.StringIO(rows_csv), dtype=str, keep_default_na=False)
    found = set(rows["learner"]) if "learner" in rows.columns else {"(no learner column)"}
    if found != {lead}:
        raise ValueError(f"{where}: expected the CV rows of learner {lead!r} only, found "
                         f"{', '.join(sorted(found)) or 'no rows'}")
    rows["learner"] = learner
    return rows.to_csv(index=False, lineterminator="\n")
