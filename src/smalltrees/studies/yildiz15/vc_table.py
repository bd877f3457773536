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

Each drawn pair also gets three checks a reader can rerun (:func:`drawn_checks`): the exact
value under the reading that fixes which child takes the value 0 (Theorem 2's proof: "zero for
those instances forwarded to the left subtree"; the class "differ[s] only in the variables being
tested ... and class labels"), written as reading cells; Theorem 2 at the root with the paper's
own Fig. 10 (d - 1) exact values of the two subtrees, a lower bound from the paper's numbers
alone; and the largest shattered set our search found, checked by one explicit tree per
labeling (:func:`smalltrees.vc.certificate.certificate`). A published exact value below a
checked witness is at most a lower bound (the search of Fig. 9 can only miss sets).
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from smalltrees.evaluation.cells import compare
from smalltrees.evaluation.verdicts import Exact, claim_rule
from smalltrees.reporting.cell_views import paper_shape
from smalltrees.reporting.markdown import to_markdown
from smalltrees.reporting.paper import LEGEND
from smalltrees.vc import enumerate_shapes, exact_vc, lb_binary, shattered_set
from smalltrees.vc.certificate import certificate, theorem2_bound
from smalltrees.vc.shapes import depth, n_nodes, parse_shape, to_text

STUDY = "yildiz15"
FIGURES = {0: "fig10", 1: "fig11"}
"""Figure 10 is drawn for the first configured d, Figure 11 for the second."""
QUANTITIES = {"lb": "LB-binary", "exact": "exact VC-dimension"}
RULE = Exact(rounding=0)
"""Both numbers are integers computed exactly: equal or not."""
POLARITY = "polarity fixed (0 to the first child)"
"""The reading of the class that fixes which child takes the value 0 (the shape as drawn)."""
CHECKS = {"exact_fixed": f"exact, {POLARITY}",
          "theorem2_paper": "Theorem 2 with the paper's Fig. 10 values (a lower bound)",
          "witness": "a shattered set of ours, checked by explicit trees"}
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


def vc_cells(rows: pd.DataFrame, paper: pd.DataFrame,
             checks: pd.DataFrame | None = None) -> pd.DataFrame:
    """The cells of the paper's pairs: our LB and exact value of the shape each pair is drawn
    for (``not run`` where this run did not enumerate that d or shape); with ``checks`` (from
    :func:`drawn_checks`), the exact value under :data:`POLARITY` as reading cells."""
    drawn = drawn_shapes(paper).merge(rows[["d", "shape", "lb", "exact"]], on=["d", "shape"])
    columns = ["code", "quantity", "ours", "decimals", "item", "reading"]
    ours = [{"code": r["code"], "quantity": quantity, "ours": r[quantity], "decimals": 0,
             "item": _item(r, label), "reading": ""}
            for r in drawn.to_dict("records") for quantity, label in QUANTITIES.items()]
    cells = compare(STUDY, "vc", pd.DataFrame(ours, columns=columns), paper, RULE)
    if checks is None:
        return cells
    fixed = [{"code": r["code"], "quantity": "exact", "ours": r["exact_fixed"], "decimals": 0,
              "item": _item(r, f"{QUANTITIES['exact']}, {POLARITY}"), "reading": POLARITY}
             for r in drawn.merge(checks[["code", "exact_fixed"]]).to_dict("records")]
    readings = compare(STUDY, "vc", pd.DataFrame(fixed, columns=columns), paper, RULE,
                       lacking=False)
    return pd.concat([cells, readings], ignore_index=True)


def _item(row, label: str) -> str:
    return (f"Figure {row['figure'][3:]} (d = {row['d']}), position {row['position']}, shape "
            f"{row['shape']}: {label}")


def drawn_checks(rows: pd.DataFrame, paper: pd.DataFrame) -> pd.DataFrame:
    """Per drawn shape that ``rows`` enumerate: the exact value under :data:`POLARITY` (the
    shape in the order transcribed), Theorem 2 at the root with the paper's exact values at
    d - 1 (empty where the paper has no pair for a subtree), and the size of our largest
    shattered set with whether :func:`certificate` finds a tree for each of its labelings."""
    drawn = drawn_shapes(paper)
    transcribed = paper[paper["table"] == "vc"].drop_duplicates("code").set_index("code")
    exact = paper[(paper["table"] == "vc") & (paper["quantity"] == "exact")].set_index("code")
    published = {(int(r["d"]), r["shape"]): int(exact.at[r["code"], "value"])
                 for r in drawn.to_dict("records")}
    out = []
    for r in drawn.merge(rows[["d", "shape"]]).to_dict("records"):
        ordered, shape = parse_shape(transcribed.at[r["code"], "shape"]), parse_shape(r["shape"])
        points = shattered_set(shape, r["d"])
        out.append({"code": r["code"],
                    "exact_fixed": exact_vc(ordered, r["d"], free_polarity=False),
                    "theorem2_paper": theorem2_bound(
                        shape, r["d"], lambda text, d: published.get((d, text))),
                    "witness": len(points) if certificate(shape, r["d"], points) else 0})
    return pd.DataFrame(out, columns=["code", *CHECKS]).astype({"theorem2_paper": "Int64"})


def vc_listing(rows: pd.DataFrame, cells: pd.DataFrame, paper: pd.DataFrame) -> pd.DataFrame:
    """Every shape of ``rows`` with the code of the paper's pair drawn for it (if any), and
    that pair's paper values and verdicts from ``cells`` (empty where none)."""
    listing = rows.merge(drawn_shapes(paper)[["d", "shape", "code"]], on=["d", "shape"],
                         how="left").fillna({"code": ""})
    default = cells[cells["reading"] == ""]
    for quantity in QUANTITIES:
        mine = default[default["quantity"] == quantity].set_index("code")
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
                    settings: str, checks: pd.DataFrame | None = None) -> str:
    """The Markdown of the VC table from its cells: the claim checked per d, the paper's pairs
    beside ours (in the figures' order) with the :func:`drawn_checks` if given, every
    shape."""
    drawn = drawn_shapes(paper).set_index("code")
    pairs = paper_shape(cells, {q: f"{label}, ours (paper)" for q, label in QUANTITIES.items()},
                        list(drawn.index))
    pairs.insert(1, "shape", pairs["code"].map(drawn["shape"]))
    default = cells[cells["reading"] == ""]
    paper_values = {q: default[default["quantity"] == q].set_index("code")["paper"]
                    for q in QUANTITIES}
    pairs["a shape of ours with the paper's pair"] = [
        pair_found(rows, drawn.at[code, "d"], paper_values["lb"].get(code),
                   paper_values["exact"].get(code)) for code in pairs["code"]]
    if checks is not None:
        shown = checks.set_index("code").rename(columns=CHECKS).astype("string").fillna("")
        pairs = pairs.join(shown, on="code").fillna("")
    listing = rows[["figure", "d", "shape", "nodes", "depth", "lb", "exact", "difference"]]
    return (
        "# Yildiz (2015), Figures 10-11: lower bound (LB-binary) and exact VC-dimension\n\n"
        f"{settings}\n\n"
        "## The claim: the maximum difference between LB and exact is one\n\n"
        + to_markdown(difference_claim(rows))
        + "\n## The paper's pairs (ICPRAM 2012 Fig. 6) beside ours\n\n"
        "The shapes are our reading (data/paper/yildiz15/vc_pairs.csv): Fig. 10 draws the ten "
        "shapes of depth <= 3; Fig. 11, which the text does not describe, is read as the same "
        "layout, under which LB-binary reproduces all ten of its LBs. The next column names a "
        "shape of ours with the paper's pair, if any, whatever shape the paper drew. Then the "
        "checks: the exact value when the shape is ordered as drawn and the value 0 always "
        "goes to the first child (a reading of the class, shown as reading cells); Theorem 2 "
        "at the root with the paper's own Fig. 10 exact values of the two subtrees (d - 1), a "
        "lower bound from the paper's numbers alone; and the size of the largest set our "
        "search shattered, each of its labelings realised by an explicit tree of the shape "
        "(smalltrees.vc.certificate; 0 if one were missing). A paper value below either of "
        "the last two is at most a lower bound of the exact value. "
        f"{LEGEND}.\n\n"
        + to_markdown(pairs)
        + "\n## Every shape\n\n" + to_markdown(listing))


def settings_text(dims: Sequence[int], max_nodes: int) -> str:
    """One line: what was enumerated and the hypothesis class."""
    return (f"Every tree shape with 1 to {max_nodes} decision nodes and depth <= d, for d in "
            f"{list(dims)} binary features; exact VC-dimension by exhaustive search (Fig. 9) "
            "over trees of that shape with free features (none reused on a path), free leaf "
            "labels, either child on the value 0.")
