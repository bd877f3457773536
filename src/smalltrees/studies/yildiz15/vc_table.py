"""Figures 10-11 of Yildiz (2015) as a table: LB-binary and the exact VC-dimension of every tree
shape over d = 3 and d = 4 binary features, beside the paper's published pairs.

The TNNLS copy has no numbers in Figs 10-11; the pairs come from the 2012 conference version
(ICPRAM, Fig. 6), transcribed in ``data/paper/yildiz15/vc_pairs.csv`` (table ``vc``, code
``fig10:<position>``, quantities ``lb`` and ``exact``) with the ``d`` and the ``shape`` we read
each drawn for: for d = 3 the ten drawn shapes are the ten shapes of depth <= 3; for d = 4 the
text does not say, and we read the same layout (LB-binary then reproduces all ten LBs of
Fig. 11). :func:`vc_cells` compares the shapes drawn (exact rule on integers);
:func:`pair_found` says, for each paper pair, whether any of our shapes has it.

The paper's claim "the maximum difference between the calculated lower bound and the exact
VC-dimension is one" is checked on every shape we enumerate, not only the drawn ones
(:func:`difference_claim`; the claim's cell is judged from ``claims.csv``, part ``vc``, by
:func:`smalltrees.studies.yildiz15.claims.vc_checks`).
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from smalltrees.evaluation.cells import compare
from smalltrees.evaluation.verdicts import Exact, claim_rule
from smalltrees.reporting.cell_views import paper_shape
from smalltrees.reporting.markdown import to_markdown
from smalltrees.reporting.paper import LEGEND
from smalltrees.vc import enumerate_shapes, exact_vc, lb_binary
from smalltrees.vc.shapes import depth, n_nodes, parse_shape, to_text

STUDY = "yildiz15"
FIGURES = {0: "fig10", 1: "fig11"}
"""Figure 10 is drawn for the first configured d, Figure 11 for the second."""
QUANTITIES = {"lb": "LB-binary", "exact": "exact VC-dimension"}
RULE = Exact(rounding=0)
"""Both numbers are integers computed exactly: equal or not."""
LISTING = ["figure", "d", "shape", "nodes", "depth", "lb", "exact", "difference", "code",
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


def drawn_shapes(paper: pd.DataFrame) -> pd.DataFrame:
    """The paper's drawn shapes, one row per code (``fig10:3``): its figure, position, d and
    shape in our notation."""
    pairs = paper[paper["table"] == "vc"].drop_duplicates("code")
    figure, position = pairs["code"].str.split(":", expand=True).T.to_numpy()
    return pd.DataFrame({"code": pairs["code"].to_numpy(), "figure": figure,
                         "position": position.astype(int), "d": pairs["d"].astype(int).to_numpy(),
                         "shape": [to_text(parse_shape(s)) for s in pairs["shape"]]})


def vc_cells(rows: pd.DataFrame, paper: pd.DataFrame) -> pd.DataFrame:
    """The cells of the paper's pairs: our LB and exact value of the shape each pair is drawn
    for (``not run`` where this run did not enumerate that d or shape)."""
    drawn = drawn_shapes(paper).merge(rows[["d", "shape", "lb", "exact"]], on=["d", "shape"])
    ours = [{"code": r["code"], "quantity": quantity, "ours": r[quantity], "decimals": 0,
             "item": f"Figure {r['figure'][3:]} (d = {r['d']}), position {r['position']}, "
                     f"shape {r['shape']}: {label}"}
            for r in drawn.to_dict("records") for quantity, label in QUANTITIES.items()]
    return compare(STUDY, "vc", pd.DataFrame(ours, columns=["code", "quantity", "ours",
                                                            "decimals", "item"]),
                   paper, RULE)


def vc_listing(rows: pd.DataFrame, cells: pd.DataFrame, paper: pd.DataFrame) -> pd.DataFrame:
    """Every shape of ``rows`` with the code of the paper's pair drawn for it (if any), and
    that pair's paper values and verdicts from ``cells`` (empty where none)."""
    listing = rows.merge(drawn_shapes(paper)[["d", "shape", "code"]], on=["d", "shape"],
                         how="left").fillna({"code": ""})
    for quantity in QUANTITIES:
        mine = cells[cells["quantity"] == quantity].set_index("code")
        listing[f"paper_{quantity}"] = listing["code"].map(mine["paper"]).astype("Int64")
        listing[f"verdict_{quantity}"] = listing["code"].map(mine["verdict"]).fillna("")
    return listing[LISTING]


def pair_found(rows: pd.DataFrame, d: int, lb, exact) -> str:
    """The first of our shapes over d features with the pair (lb, exact), or ``""``: whatever
    shapes the paper drew, does its pair occur at all?"""
    hits = rows[(rows["d"] == d) & (rows["lb"] == lb) & (rows["exact"] == exact)]
    return hits["shape"].iloc[0] if len(hits) else ""


def difference_claim(rows: pd.DataFrame) -> pd.DataFrame:
    """Per d and over all: the largest exact - LB difference, whether it is at most one, and
    every shape where it is not (the breakdown of the claim's cell)."""
    groups = [(f"d = {d}", part) for d, part in rows.groupby("d", sort=True)]
    out = []
    for name, part in [*groups, ("all", rows)]:
        broken = part[part["difference"] > 1]
        out.append({
            "shapes": name, "count": len(part), "lb_at_most_exact": bool(
                (part["difference"] >= 0).all()),
            "exact_equals_lb": int((part["difference"] == 0).sum()),
            "max_difference": int(part["difference"].max()),
            "at most one": claim_rule(bool((part["difference"] <= 1).all())),
            "fails_on": "; ".join(f"d = {r.d}: {r.shape} (LB {r.lb}, exact {r.exact})"
                                  for r in broken.itertuples()),
        })
    return pd.DataFrame(out)


def render_vc_table(rows: pd.DataFrame, cells: pd.DataFrame, paper: pd.DataFrame,
                    settings: str) -> str:
    """The Markdown of the VC table from its cells: the claim checked per d, the paper's pairs
    beside ours (in the figures' order), every shape."""
    drawn = drawn_shapes(paper).set_index("code")
    pairs = paper_shape(cells, {q: f"{label}, ours (paper)" for q, label in QUANTITIES.items()},
                        list(drawn.index))
    pairs.insert(1, "shape", pairs["code"].map(drawn["shape"]))
    paper_values = {q: cells[cells["quantity"] == q].set_index("code")["paper"]
                    for q in QUANTITIES}
    pairs["a shape of ours with the paper's pair"] = [
        pair_found(rows, drawn.at[code, "d"], paper_values["lb"].get(code),
                   paper_values["exact"].get(code)) for code in pairs["code"]]
    listing = rows[["figure", "d", "shape", "nodes", "depth", "lb", "exact", "difference"]]
    return (
        "# Yildiz (2015), Figures 10-11: lower bound (LB-binary) and exact VC-dimension\n\n"
        f"{settings}\n\n"
        "## The claim: the maximum difference between LB and exact is one\n\n"
        + to_markdown(difference_claim(rows))
        + "\n## The paper's pairs (ICPRAM 2012 Fig. 6) beside ours\n\n"
        "The shapes are our reading (data/paper/yildiz15/vc_pairs.csv): Fig. 10 draws the ten "
        "shapes of depth <= 3; Fig. 11, which the text does not describe, is read as the same "
        "layout, under which LB-binary reproduces all ten of its LBs. The last column names a "
        "shape of ours with the paper's pair, if any, whatever shape the paper drew. "
        f"{LEGEND}.\n\n"
        + to_markdown(pairs)
        + "\n## Every shape\n\n" + to_markdown(listing))


def settings_text(dims: Sequence[int], max_nodes: int) -> str:
    """One line: what was enumerated and the hypothesis class."""
    return (f"Every tree shape with 1 to {max_nodes} decision nodes and depth <= d, for d in "
            f"{list(dims)} binary features; exact VC-dimension by exhaustive search (Fig. 9) "
            "over trees of that shape with free features (none reused on a path), free leaf "
            "labels, either child on the value 0.")
