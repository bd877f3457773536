"""Claims as data: every paper claim a study checks is a row of ``data/paper/<study>/claims.csv``.

Columns (:data:`COLUMNS`): ``id`` (the key of the claim's check), ``part`` (which job checks
it: a study's claims may need different results), ``claim`` (the paper's words), ``where``
(section, table), ``paper`` (the paper's number or words), ``quantity`` (what we compute),
``test`` (how we read the claim, with ``{threshold}`` where the threshold goes: "4 to 6" for
two numbers) and
``threshold`` (a number, several numbers separated by spaces, or empty).

A study's claims module maps each id to a *check*: a function of the threshold returning one
``(subject, ours, holds)`` per subject the claim is checked on (a learner, a problem, a dataset;
``""`` when there is one), ``holds`` None when the check cannot be run. :func:`judge` is the
one mechanism: it runs the check of every row and gives the verdict by
:func:`~smalltrees.evaluation.verdicts.claim_rule`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import pandas as pd

from smalltrees.evaluation.verdicts import claim_rule

COLUMNS = ("id", "part", "claim", "where", "paper", "quantity", "test", "threshold")
RESULT = ("id", "subject", "claim", "where", "paper", "quantity", "test", "ours", "verdict")
Threshold = float | tuple[float, ...] | None
Check = Callable[[Threshold], Sequence[tuple[str, str, object]]]


def read_claims(path, part: str | None = None) -> pd.DataFrame:
    """The claims of ``path`` (those of ``part`` only, if given), checked for the columns and
    for unique ids; the threshold parsed (:func:`threshold`)."""
    claims = pd.read_csv(path, keep_default_na=False, dtype=str)
    missing = [c for c in COLUMNS if c not in claims.columns]
    if missing:
        raise ValueError(f"{path}: missing columns {missing}; expected {list(COLUMNS)}")
    repeated = sorted(set(claims.loc[claims["id"].duplicated(), "id"]))
    if repeated:
        raise ValueError(f"{path}: claim ids {repeated} occur more than once")
    for value in claims["threshold"]:
        threshold(value, path)
    return claims if part is None else claims[claims["part"] == part].reset_index(drop=True)


def threshold(text: str, where: str = "claims.csv") -> Threshold:
    """``""`` -> None, ``"7"`` -> 7.0, ``"1.5 2.5"`` -> (1.5, 2.5)."""
    try:
        values = tuple(float(v) for v in str(text).split())
    except ValueError:
        raise ValueError(f"{where}: threshold {text!r} is not numbers separated by "
                         "spaces") from None
    return None if not values else values[0] if len(values) == 1 else values


def judge(claims: pd.DataFrame, checks: Mapping[str, Check]) -> pd.DataFrame:
    """One row per (claim, subject) with :data:`RESULT`: every row of ``claims`` checked by
    ``checks[id]`` at its threshold."""
    unknown = sorted(set(claims["id"]) - set(checks))
    if unknown:
        raise ValueError(f"claims {unknown} have no check; known: {sorted(checks)}")
    rows = []
    for claim in claims.to_dict("records"):
        limit = threshold(claim["threshold"])
        test = claim["test"].replace("{threshold}", " to ".join(claim["threshold"].split()))
        for subject, ours, holds in checks[claim["id"]](limit):
            rows.append({"id": claim["id"], "subject": subject, "claim": claim["claim"],
                         "where": claim["where"], "paper": claim["paper"],
                         "quantity": claim["quantity"], "test": test, "ours": ours,
                         "verdict": claim_rule(None if holds is None else bool(holds))})
    return pd.DataFrame(rows, columns=list(RESULT))
