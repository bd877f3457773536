"""Figures 10-11 of Yildiz (2015) as a table: LB-binary and the exact VC-dimension of every tree
shape over d = 3 and d = 4 binary features, beside the paper's published pairs.

The TNNLS copy has no numbers in Figs 10-11; the pairs come from the 2012 conference version
(ICPRAM, Fig. 6), ``data/paper/yildiz15/vc_pairs.csv``, with the shape we read each drawn for:
for d = 3 the ten drawn shapes are the ten shapes of depth <= 3; for d = 4 the text does not
say, and we read the same layout (LB-binary then reproduces all ten LBs of Fig. 11).
:func:`pair_found` says, for each paper pair, whether any of our shapes has it.

The paper's claim "the maximum difference between the calculated lower bound and the exact
VC-dimension is one" is checked on every shape we enumerate, not only the drawn ones
(:func:`difference_claim`).
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from smalltrees.evaluation.verdicts import claim_rule, verdict
from smalltrees.reporting.markdown import to_markdown
from smalltrees.reporting.paper import beside
from smalltrees.vc import enumerate_shapes, exact_vc, lb_binary
from smalltrees.vc.shapes import depth, n_nodes, parse_shape, to_text

FIGURES = {0: "fig10", 1: "fig11"}
"""Figure 10 is drawn for the first configured d, Figure 11 for the second."""
COLUMNS = ["figure", "d", "shape", "nodes", "depth", "lb", "exact", "difference", "position",
           "paper_lb", "paper_exact", "verdict_lb", "verdict_exact"]


def vc_rows(dims: Sequence[int], max_nodes: int) -> pd.DataFrame:
    """For each d, every shape with 1..max_nodes nodes and depth <= d (no tree of a deeper
    shape exists over d binary features): LB-binary, the exact VC-dimension (free polarity,
    no feature reused on a path) and their difference."""
    rows = []
    for i, d in enumerate(dims):
        for shape in enumerate_shapes(max_nodes, max_depth=d):
            lb, exact = lb_binary(shape, d), exact_vc(shape, d)
            rows.append({"figure": FIGURES[i], "d": d, "shape": to_text(shape),
                         "nodes": n_nodes(shape), "depth": depth(shape), "lb": lb,
                         "exact": exact, "difference": exact - lb})
    return pd.DataFrame(rows)


def make_vc_table(rows: pd.DataFrame, paper: pd.DataFrame) -> pd.DataFrame:
    """``rows`` with the paper's pair beside the shape it is drawn for, and verdicts."""
    table = rows.assign(position=pd.NA, paper_lb=pd.NA, paper_exact=pd.NA, verdict_lb="",
                        verdict_exact="")
    for _, pair in paper.iterrows():
        where = (table["d"] == pair["d"]) & (table["shape"] == to_text(parse_shape(
            pair["shape"])))
        if not where.any():
            continue  # a d or a shape not enumerated in this run
        ours = table[where].iloc[0]
        table.loc[where, ["position", "paper_lb", "paper_exact"]] = [
            pair["position"], pair["lb"], pair["exact"]]
        table.loc[where, "verdict_lb"] = verdict(ours["lb"], pair["lb"], rounding=0)
        table.loc[where, "verdict_exact"] = verdict(ours["exact"], pair["exact"], rounding=0)
    return table[COLUMNS]


def pair_found(table: pd.DataFrame, d: int, lb: int, exact: int) -> str:
    """The first of our shapes over d features with the pair (lb, exact), or ``""``: whatever
    shapes the paper drew, does its pair occur at all?"""
    hits = table[(table["d"] == d) & (table["lb"] == lb) & (table["exact"] == exact)]
    return hits["shape"].iloc[0] if len(hits) else ""


def difference_claim(rows: pd.DataFrame) -> pd.DataFrame:
    """Per d and over all: the largest exact - LB difference, the verdict on "the maximum
    difference ... is one", and every shape where it fails."""
    groups = [(f"d = {d}", part) for d, part in rows.groupby("d", sort=True)]
    out = []
    for name, part in [*groups, ("all", rows)]:
        broken = part[part["difference"] > 1]
        out.append({
            "shapes": name, "count": len(part), "lb_at_most_exact": bool(
                (part["difference"] >= 0).all()),
            "exact_equals_lb": int((part["difference"] == 0).sum()),
            "max_difference": int(part["difference"].max()),
            "verdict": claim_rule(bool((part["difference"] <= 1).all())),
            "fails_on": "; ".join(f"d = {r.d}: {r.shape} (LB {r.lb}, exact {r.exact})"
                                  for r in broken.itertuples()),
        })
    return pd.DataFrame(out)


def render_vc_table(table: pd.DataFrame, claims: pd.DataFrame, settings: str) -> str:
    """The Markdown of the VC table: the claim, the paper's pairs beside ours, every shape."""
    drawn = table[table["position"].notna()].sort_values(["d", "position"])
    pairs = pd.DataFrame({
        "figure": drawn["figure"], "d": drawn["d"], "position": drawn["position"],
        "shape": drawn["shape"],
        "LB - exact, ours (paper)": [
            beside(f"{r.lb} - {r.exact}", f"{r.paper_lb} - {r.paper_exact}",
                   "differs" in (r.verdict_lb, r.verdict_exact))
            for r in drawn.itertuples()],
        "verdict LB": drawn["verdict_lb"], "verdict exact": drawn["verdict_exact"],
        "a shape of ours with the paper's pair": [
            pair_found(table, r.d, r.paper_lb, r.paper_exact) for r in drawn.itertuples()]})
    listing = table[["figure", "d", "shape", "nodes", "depth", "lb", "exact", "difference"]]
    return (
        "# Yildiz (2015), Figures 10-11: lower bound (LB-binary) and exact VC-dimension\n\n"
        f"{settings}\n\n"
        "## The claim: the maximum difference between LB and exact is one\n\n"
        + to_markdown(claims)
        + "\n## The paper's pairs (ICPRAM 2012 Fig. 6) beside ours\n\n"
        "The shapes are our reading (data/paper/yildiz15/vc_pairs.csv): Fig. 10 draws the ten "
        "shapes of depth <= 3; Fig. 11, which the text does not describe, is read as the same "
        "layout, under which LB-binary reproduces all ten of its LBs. The last column names a "
        "shape of ours with the paper's pair, if any, whatever shape the paper drew.\n\n"
        + to_markdown(pairs)
        + "\n## Every shape\n\n" + to_markdown(listing))


def settings_text(dims: Sequence[int], max_nodes: int) -> str:
    """One line: what was enumerated and the hypothesis class."""
    return (f"Every tree shape with 1 to {max_nodes} decision nodes and depth <= d, for d in "
            f"{list(dims)} binary features; exact VC-dimension by exhaustive search (Fig. 9) "
            "over trees of that shape with free features (none reused on a path), free leaf "
            "labels, either child on the value 0.")
