"""The predicted T2/T1 sample-size factors of Auer et al. (1995), section 4.

Ignoring log factors, m = O(VC / eps^2) for any distribution and m = Omega(opt * VC / eps^2) for
some, so between TREE(2) and TREE(1) the paper predicts the factors

    F_up = VC(TREE(2)) / VC(TREE(1)),   F_low = opt2 VC(TREE(2)) / (opt1 VC(TREE(1))),

with opt_d = 1 - Sky_d (the extraction prints VC(TREE(2)) in both numerator and denominator of
F_low, a typo: the reading notes' section 3). VC is bounded by :func:`smalltrees.vc.auer_bounds`
(lower bound, and the upper bound in both readings of its garbled parentheses); like bounds are
compared with like. The inputs the paper does not give are shown: n (attributes), b (the most
values of a categorical attribute, with and without "missing" as a value), p (classes) and
K = p + 1.

The paper: "for CR these terms have values between 17 and 25", "for SE the first term has a
value around 4 and the second term a value around 2". The transcription
(``data/paper/auer95/section4.csv``, table ``factors``) writes a range as its midpoint (value)
and half-width (spread) and "around x" as x without a spread. A range reproduces when ours lies
in it; "around x" when ours is within ``around`` (a fraction, config) of x -- both by
:class:`Around`, the exact rule with the half-width as its allowance.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import pandas as pd

from smalltrees.evaluation.cells import compare
from smalltrees.evaluation.verdicts import exact_rule
from smalltrees.reporting.markdown import to_markdown
from smalltrees.studies.auer95 import STUDY
from smalltrees.vc.auer import READINGS, auer_bounds

TERMS = {"F_up": "VC ratio", "F_low": "error x VC ratio"}


@dataclass(frozen=True)
class Around:
    """A number the paper gives in words: "between a and b" (transcribed as the midpoint with
    the half-width as its spread) reproduces when ours lies in the range, "around x" (no
    spread) when ours is within ``fraction`` of x."""

    fraction: float

    def judge(self, ours, paper, ours_spread, paper_spread, decimals) -> str:
        half = (float(paper_spread) if not pd.isna(paper_spread)
                else self.fraction * abs(float(paper)))
        return exact_rule(ours, paper, half)

    def text(self, decimals) -> str:
        return (f"within the paper's range, or within ±{self.fraction:.0%} of 'around x' "
                "(config auer95.curves.around)")


def quoted_factors(paper: pd.DataFrame) -> pd.DataFrame:
    """The factors the paper quotes (the transcription's table ``factors``) as ``code, term,
    low, high, words``: a range's ends, "around x" as x to x."""
    rows = paper[paper["table"] == "factors"]
    spread = rows["spread"].fillna(0.0)
    return pd.DataFrame({"code": rows["code"], "term": rows["quantity"],
                         "low": rows["value"] - spread, "high": rows["value"] + spread,
                         "words": rows["words"]}).reset_index(drop=True)


def dataset_inputs(X: pd.DataFrame, y) -> dict[str, int]:
    """n (attributes), b (most categories of a categorical attribute; 1 when none), with and
    without "missing" counted as a value, and p (classes)."""
    values = [len(X[c].cat.categories) for c in X.columns
              if isinstance(X[c].dtype, pd.CategoricalDtype)]
    b = max(values, default=1)
    return {"n": X.shape[1], "b": b, "b_missing": b + 1, "p": int(pd.Series(y).nunique())}


def predicted_factors(inputs: Mapping[str, Mapping[str, int]], sky: Mapping[str, Mapping],
                      base: float = 2.0) -> pd.DataFrame:
    """One row per (dataset, b counting, bound): VC(1), VC(2), F_up and F_low.

    K = p + 1, as in the paper's experiments (section 2). Theorem 4's explicit bounds are
    stated for p = 2 classes; for p > 2 (beyond the paper: IR, SP, SO) they are evaluated all
    the same and the row's ``scope`` says so.
    """
    rows = []
    for code, given in inputs.items():
        opt1, opt2 = 1 - sky[code]["sky1"] / 100, 1 - sky[code]["sky2"] / 100
        K = given["p"] + 1
        scope = "" if given["p"] == 2 else f"p = {given['p']}: the bounds are stated for p = 2"
        for counting, b in (("values", given["b"]), ("values + missing", given["b_missing"])):
            bounds = {"lower": [auer_bounds(d, given["n"], b, K, "A", base)[0] for d in (1, 2)]}
            for reading in READINGS:
                bounds[f"upper ({reading})"] = [auer_bounds(d, given["n"], b, K, reading,
                                                            base)[1] for d in (1, 2)]
            for bound, (vc1, vc2) in bounds.items():
                rows.append({"code": code, "n": given["n"], "b_counts": counting, "b": b,
                             "p": given["p"], "K": K, "sky1": sky[code]["sky1"],
                             "sky2": sky[code]["sky2"], "bound": bound, "vc1": round(vc1, 3),
                             "vc2": round(vc2, 3), "F_up": round(vc2 / vc1, 3),
                             "F_low": round(opt2 * vc2 / (opt1 * vc1), 3), "scope": scope})
    return pd.DataFrame(rows)


def factor_cells(factors: pd.DataFrame, paper: pd.DataFrame, around: float) -> pd.DataFrame:
    """The cells of the predicted factors (``factors``: :func:`predicted_factors`): F_up, then
    F_low, of every row (dataset, b counting, bound) in the order of ``factors``, beside the
    number the paper quotes (:class:`Around`); datasets the paper does not quote are ours
    alone."""
    ours = pd.DataFrame([{"code": r["code"], "quantity": term, "ours": r[term], "decimals": 2,
                          "item": f"Section 4, {term} of {r['code']} ({r['bound']} bound, b = "
                                  f"{r['b']}: {r['b_counts']})"}
                         for term in TERMS for r in factors.to_dict("records")])
    quoted = paper[paper["code"].isin(list(factors["code"]))]
    return compare(STUDY, "factors", ours, quoted, Around(around))


def make_vc_factors(factors: pd.DataFrame, cells: pd.DataFrame,
                    paper: pd.DataFrame) -> pd.DataFrame:
    """Each factor beside the paper's words and its verdict, from ``cells``
    (:func:`factor_cells` of ``factors``); datasets the paper does not quote get none."""
    words = quoted_factors(paper).set_index(["code", "term"])["words"]
    out = factors.reset_index(drop=True).copy()
    for term in TERMS:
        mine = cells[cells["quantity"] == term].reset_index(drop=True)
        out[f"paper_{term}"] = [words.get((code, term), "") for code in out["code"]]
        out[f"{term}_verdict"] = mine["verdict"].to_numpy()
    return out


def render_vc_factors(table: pd.DataFrame, base: float, around: float) -> str:
    """Markdown: the inputs, the bounds and each factor beside the paper's words."""
    shown = table[["code", "n", "b_counts", "b", "p", "K", "sky1", "sky2", "bound", "vc1",
                   "vc2", "F_up", "paper_F_up", "F_up_verdict", "F_low", "paper_F_low",
                   "F_low_verdict", "scope"]]
    return (
        "# Auer, Holte & Maass (1995) section 4: predicted T2/T1 sample-size factors\n\n"
        "F_up = VC(TREE(2)) / VC(TREE(1)) (the upper sample bound m = O(VC/eps^2)); F_low = "
        "opt2 VC(TREE(2)) / (opt1 VC(TREE(1))) with opt_d = 1 - Sky_d (the lower bound "
        "m = Omega(opt VC/eps^2)). VC from Theorem 4's explicit bounds (smalltrees.vc."
        f"auer_bounds, log base {base:g}; the upper bound in both readings of its garbled "
        "parentheses), like bounds compared with like. n: attributes; b: most values of a "
        "categorical attribute, with or without 'missing' as a value (the paper does not say "
        "which); p: classes; K = p + 1 (the paper's choice; 3 for CR and SE). The paper gives "
        "neither its inputs nor its formulas' readings: every combination is shown. 'Around x' "
        f"reproduces within ±{around:.0%}.\n\n## Which inputs recover the paper's numbers\n\n"
        + "".join(f"- {line}\n" for line in recovered(table)) + "\n" + to_markdown(shown)
    )


def recovered(table: pd.DataFrame) -> list[str]:
    """Per number the paper quotes: the inputs under which ours reproduces it, or that it is
    not recovered from the stated formulas under any of them."""
    lines = []
    for term, name in TERMS.items():
        quoted = table[table[f"paper_{term}"].fillna("") != ""]
        for code, rows in quoted.groupby("code", sort=False):
            words = f"{code} {term} ({name}), paper '{rows[f'paper_{term}'].iloc[0]}'"
            hits = rows[rows[f"{term}_verdict"] == "reproduced"]
            ours = f"ours {rows[term].min():.2f} to {rows[term].max():.2f}"
            if hits.empty:
                lines.append(f"{words}: {ours}; not recovered from the stated formulas under "
                             "any of these inputs")
            else:
                how = "; ".join(f"{r['bound']} bound, b = {r['b']} ({r['b_counts']})"
                                for r in hits.to_dict("records"))
                lines.append(f"{words}: {ours}; reproduced with {how}")
    return lines
