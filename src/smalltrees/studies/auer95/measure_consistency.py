"""Can the three complexity measures Auer et al. print for one dataset hold together?

Auer, Holte & Maass (1995, section 3, Table 2) give for C4.5's trees on each dataset the mean
*d.c.* (tests on the path of the average example), the percentage of examples classified at
depth greater than 2 ("% > 2") and the mean depth of the tree. The three constrain each other.
For any tree, with shares of the test examples ``a0`` classified after no test (a single-leaf
tree), ``a`` after at most one, ``c`` after more than two, and ``e`` the mean number of tests
beyond the third::

    d.c. = 1 (a - a0) + 2 (1 - a - c) + 3 c + e  >=  2 - a - a0 + c + e.

A tree of depth ``D`` grown by C4.5 sends at least ``m`` training cases (its ``-m``, weights
where values are unknown) down at least two branches of every test. Along the deepest path,
the test at depth ``k`` (``4 <= k < D``) has a branch off the path holding at least ``m``
cases at depth ``>= k``, and the last test two leaves of ``m`` cases at depth ``D``: at least
``m (D - 3) D / 2`` tests beyond the third over the training cases. Pruning only removes tests
or moves cases into a subtree that stays, so the pruned tree keeps the bound. A test example
falls in a part of the tree as often as the training cases do, in expectation, and ``(D - 3)+
D`` is convex, so the expected ``e`` of a tree set of mean depth ``D`` is at least
``m (D - 3)+ D / (2 n_train)``.

With the paper's % > 2 and depth at the low ends of their printed rounding, ``a`` and ``a0``
at the largest share any repetition of any C4.5 we run gives (every release and option of
:mod:`smalltrees.studies.auer95.c45_readings`), and ``m`` the smallest ``-m`` we run, the
least d.c. the paper's other two numbers allow follows. Where it is above the paper's d.c. (at
the high end of its rounding), no set of such trees has the paper's three numbers: on Iris,
whose root always isolates the 50 setosa (``a`` = 1/3 exactly), a mean depth of 4.00 and 34%
classified below depth 2 leave no room for a d.c. of 2.00. The bound assumes d.c. counts tests
(the paper's "attributes queried" as queries); counted as distinct attributes a path can
count less, and the bound does not apply (that reading is its own block of the readings).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from smalltrees.reporting.markdown import to_markdown

QUANTITIES = {"d.c.": "c45_dynamic_complexity", "% > 2": "c45_pct_deeper_than_2",
              "depth": "c45_depth"}
"""The paper's three measures (quantities of the transcription's table ``table2``)."""


def least_dynamic_complexity(deeper_than_2: float, depth: float, one_test: float,
                             no_test: float, n_train: float, min_cases: int) -> float:
    """The least expected d.c. of trees (module docstring) with a share ``deeper_than_2`` of
    examples classified more than two tests deep, mean depth ``depth``, at most ``one_test``
    of the examples classified after one test or none and ``no_test`` after none, grown from
    ``n_train`` training cases with ``min_cases`` cases on two branches of every test.

    >>> round(least_dynamic_complexity(0.335, 3.995, 1 / 3, 0.0, 144, 1), 4)
    2.0155
    """
    beyond_third = min_cases * max(depth - 3.0, 0.0) * depth / (2.0 * n_train)
    return 2.0 - one_test - no_test + deeper_than_2 + beyond_third


def shares(folds: pd.DataFrame) -> pd.DataFrame:
    """Per ``dataset, learner, repetition`` of per-fold rows: ``one_test``, the share of the
    test examples classified after at most one test, ``no_test``, after none (folds whose
    tree is a leaf), ``beyond_third``, the tests beyond the third per test example (``e`` of
    the module docstring, from the identity), and ``n_train``, the mean number of training
    cases."""
    weights = folds["n_test"].astype(float)
    one_test = 1.0 - folds["frac_deeper_than_1"]
    no_test = (folds["depth"] == 0).astype(float)
    beyond = (folds["dynamic_complexity"] - 2.0 + one_test + no_test
              - folds["frac_deeper_than_2"])
    frame = folds.assign(one_test=one_test * weights, no_test=no_test * weights,
                         beyond_third=beyond * weights, weight=weights)
    sums = frame.groupby(["dataset", "learner", "repetition"], sort=False)[
        ["one_test", "no_test", "beyond_third", "weight"]].sum()
    out = sums[["one_test", "no_test", "beyond_third"]].div(sums["weight"], axis=0)
    out["n_train"] = frame.groupby(["dataset", "learner", "repetition"], sort=False)[
        "n_train"].mean()
    return out.reset_index()


def measure_consistency(folds: pd.DataFrame, paper: pd.DataFrame, datasets: Sequence[str],
                        min_cases: int) -> pd.DataFrame:
    """Per dataset of ``datasets`` the paper gives the three measures for: the paper's
    numbers, the largest shares of any repetition of any learner in ``folds``, the least d.c.
    the paper's % > 2 and depth allow (:func:`least_dynamic_complexity`) and ``can_hold``,
    whether the paper's d.c. reaches it (``printed``: the three as the paper prints them);
    beside the bound, measured: ``allowed_beyond_third``, the most tests beyond the third per
    example the paper's three numbers leave with those shares, and ``least_beyond_third``,
    the fewest any repetition of any learner has."""
    table = paper[paper["table"] == "table2"].set_index(["code", "quantity"])
    largest = shares(folds).groupby("dataset")[
        ["one_test", "no_test", "beyond_third", "n_train"]].agg(
        {"one_test": "max", "no_test": "max", "beyond_third": "min", "n_train": "max"})
    rows = []
    for code in datasets:
        keys = [(code, quantity) for quantity in QUANTITIES.values()]
        if code not in largest.index or not all(key in table.index for key in keys):
            continue
        value = {label: float(table.at[(code, quantity), "value"])
                 for label, quantity in QUANTITIES.items()}
        half = {label: 0.5 * 10.0 ** -int(table.at[(code, quantity), "decimals"])
                for label, quantity in QUANTITIES.items()}
        found = largest.loc[code]
        least = least_dynamic_complexity(
            (value["% > 2"] - half["% > 2"]) / 100.0, value["depth"] - half["depth"],
            float(found["one_test"]), float(found["no_test"]), float(found["n_train"]),
            min_cases)
        printed = " / ".join(f"{value[label]:.{int(table.at[(code, quantity), 'decimals'])}f}"
                             for label, quantity in QUANTITIES.items())
        allowed = (value["d.c."] + half["d.c."] - 2.0 + float(found["one_test"])
                   + float(found["no_test"]) - (value["% > 2"] - half["% > 2"]) / 100.0)
        rows.append({"code": code, **value, "printed": printed,
                     "one_test": float(found["one_test"]),
                     "no_test": float(found["no_test"]), "n_train": float(found["n_train"]),
                     "least_dc": least, "can_hold": bool(least <= value["d.c."] + half["d.c."]),
                     "allowed_beyond_third": allowed,
                     "least_beyond_third": float(found["beyond_third"])})
    return pd.DataFrame(rows, columns=["code", *QUANTITIES, "printed", "one_test", "no_test",
                                       "n_train", "least_dc", "can_hold",
                                       "allowed_beyond_third", "least_beyond_third"])


def render_consistency(table: pd.DataFrame, min_cases: int) -> str:
    """The Markdown section of :func:`measure_consistency`'s table."""
    shown = pd.DataFrame({
        "code": table["code"],
        "paper: d.c. / % > 2 / depth": table["printed"],
        "classified after <= 1 test (most, any C4.5)": table["one_test"].map("{:.3f}".format),
        "after none": table["no_test"].map("{:.3f}".format),
        "training cases": table["n_train"].map("{:.0f}".format),
        "least d.c.": table["least_dc"].map("{:.3f}".format),
        "tests beyond the 3rd: the paper's numbers allow": _fixed(table["allowed_beyond_third"]),
        "fewest, any C4.5 (measured)": _fixed(table["least_beyond_third"]),
        "paper's three can hold": np.where(table["can_hold"], "yes", "**no**"),
    })
    failing = ", ".join(table.loc[~table["can_hold"], "code"]) or "none"
    return ("\n## Can the paper's three measures hold together?\n\n"
            "For any tree, d.c. >= 2 - a - a0 + c + e (a: share of examples classified after "
            "at most one test, a0: after none, c: deeper than 2, e: tests beyond the third); "
            f"C4.5's trees, whose tests each send at least -m {min_cases} training cases down "
            "two branches, carry e >= m (D - 3) D / (2 n) in expectation at mean depth D "
            "(smalltrees.studies.auer95.measure_consistency). With the paper's % > 2 and depth "
            "at the low ends of their rounding and a, a0 the largest of any repetition of any "
            f"C4.5 above (-m {min_cases}, the smallest we run), the least d.c. they allow is "
            "below; where it is above the paper's d.c. (+ half a printed unit), the paper's "
            "three numbers cannot all come from any of these C4.5s' trees on these data, d.c. "
            "counting tests. Beside the bound, measured on our folds: the most tests beyond "
            "the third per example that the paper's three numbers leave with those shares "
            "(negative: none can), and the fewest any repetition of any C4.5 above has.\n\n"
            + to_markdown(shown)
            + f"\nThe paper's three measures cannot hold together on: {failing}.\n")


def _fixed(values: pd.Series) -> pd.Series:
    """``values`` with 4 decimals, a rounding residue below zero shown as 0."""
    return (values.round(4) + 0.0).map("{:.4f}".format)
