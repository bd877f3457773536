"""The complexity of a fitted tree, as Auer, Holte & Maass (1995) measure C4.5's trees: one
traversal for every tree learner.

Table 2 of Auer et al. reports, for C4.5's trees, the *dynamic complexity* ("d.c.": the
number of attributes queried to classify the average example), the percentage of examples
classified at depth greater than 2 ("% > 2"), and the depth of the tree. The paper does not
say how depth is counted; besides the literal reading (tests on a path) the same tree gives
the readings that :mod:`smalltrees.studies.auer95.c45_readings` compares: levels (the leaf
counted as a level, so "% > 2" becomes the share classified more than one test deep), the
mean depth of the tree's leaves, and d.c. as the *distinct* attributes on a path ("the number
of attributes queried" read literally: a continuous attribute tested twice on a path counts
once).

References
----------
P. Auer, R. C. Holte and W. Maass (1995), "Theory and applications of agnostic
PAC-learning with small decision trees", ICML, section 3 and Table 2.
"""

from __future__ import annotations

import numpy as np

from smalltrees.learners.tree.routing import add_in_order, reach
from smalltrees.learners.tree.structure import Tree


def tree_measures(tree: Tree, Z: np.ndarray) -> dict[str, float]:
    """Dynamic complexity, share classified below depth 2, depth and size of a tree.

    Parameters
    ----------
    tree : Tree
        A fitted tree.
    Z : ndarray of shape (n_samples, n_features)
        Encoded test attributes.

    Returns
    -------
    dict
        ``dynamic_complexity``: mean number of attribute tests on the path of a test example
        (the tests above the node where it ends); ``frac_deeper_than_2``: fraction (not
        percentage) of test examples classified more than 2 tests below the root; ``depth``:
        the number of tests on the tree's longest path (0 for a single leaf), independent of
        ``Z``. Two further readings: ``frac_deeper_than_1``, the fraction classified more than
        1 test below the root ("% > 2" when the leaf counts as a level), and
        ``mean_leaf_depth``, the mean number of tests above the tree's leaves, and
        ``distinct_attributes``, the mean number of distinct attributes tested on the path of a
        test example (weighted as ``dynamic_complexity``). The tree's size
        is :attr:`Tree.n_nodes` and :attr:`Tree.n_leaves`.

    Notes
    -----
    An example with an unknown value on a tested attribute goes where prediction sends it
    (:func:`~smalltrees.learners.tree.routing.reach`): with C4.5's fractional routing down
    every branch, split by the branches' shares of the training weight; the test with the
    unknown value counts as one query, and the example counts towards each leaf it reaches
    with its fractional weight: its number of tests is the weighted mean of the depths of the
    leaves reached, and its contribution to ``frac_deeper_than_2`` is the weight that reaches
    leaves deeper than 2. Auer et al. do not say how they counted such examples.

    Examples
    --------
    >>> from smalltrees.learners.tree.structure import build
    >>> leaf = build([{"feature": -1, "counts": [1.0, 0.0], "proba": [1.0, 0.0], "label": 0}], 2)
    >>> measures = tree_measures(leaf, np.zeros((3, 1)))
    >>> measures["dynamic_complexity"], measures["frac_deeper_than_2"], measures["depth"]
    (0.0, 0.0, 0)
    >>> measures["frac_deeper_than_1"], measures["mean_leaf_depth"]
    (0.0, 0.0)
    >>> measures["distinct_attributes"]
    0.0
    """
    n = Z.shape[0]
    rows, node, weights = reach(tree, Z)
    depth = tree.depth[node]
    tests, deep, below_1, distinct = np.zeros(n), np.zeros(n), np.zeros(n), np.zeros(n)
    add_in_order(tests, rows, weights * depth)
    add_in_order(distinct, rows, weights * distinct_attributes(tree)[node])
    add_in_order(deep, rows[depth > 2], weights[depth > 2])
    add_in_order(below_1, rows[depth > 1], weights[depth > 1])
    leaf_depths = tree.depth[tree.is_leaf]
    return {
        "dynamic_complexity": float(tests.mean()) if n else float("nan"),
        "frac_deeper_than_2": float(deep.mean()) if n else float("nan"),
        "depth": int(leaf_depths.max()),
        "frac_deeper_than_1": float(below_1.mean()) if n else float("nan"),
        "mean_leaf_depth": float(np.mean(leaf_depths)),
        "distinct_attributes": float(distinct.mean()) if n else float("nan"),
    }


def distinct_attributes(tree: Tree) -> np.ndarray:
    """Per node, the number of distinct attributes tested above it (a path that tests one
    continuous attribute at two of its nodes queries one attribute)."""
    parent, feature = tree.parent.tolist(), tree.feature.tolist()
    tested = [0] * tree.n_nodes  # bit f set: attribute f is tested above the node
    for node in range(1, tree.n_nodes):  # parents come first
        above = parent[node]
        tested[node] = tested[above] | (1 << feature[above])
    return np.array([mask.bit_count() for mask in tested], dtype=np.int64)
