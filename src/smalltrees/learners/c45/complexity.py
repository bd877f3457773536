"""Complexity of a fitted tree on a test set, as measured by Auer, Holte & Maass (1995).

Table 2 of Auer et al. reports, for C4.5's trees, the *dynamic complexity* ("d.c.": the
number of attributes queried to classify the average example), the percentage of examples
classified at depth greater than 2 ("% > 2"), and the depth of the tree. The paper does not
say how depth is counted; besides the literal reading (tests on a path) the same tree gives
the readings that :mod:`smalltrees.studies.auer95.c45_readings` compares: levels (the leaf
counted as a level, so "% > 2" becomes the share classified more than one test deep) and the
mean depth of the tree's leaves.

References
----------
P. Auer, R. C. Holte and W. Maass (1995), "Theory and applications of agnostic
PAC-learning with small decision trees", ICML, section 3 and Table 2.
"""

from __future__ import annotations

import numpy as np

from smalltrees.learners.c45.flat import FlatTree, add_in_order
from smalltrees.learners.c45.tree import Node


def tree_complexity(root: Node, Z: np.ndarray, flat: FlatTree | None = None
                    ) -> dict[str, float]:
    """Dynamic complexity, share classified below depth 2, and depth of a tree.

    Parameters
    ----------
    root : Node
        Root of a fitted tree.
    Z : ndarray of shape (n_samples, n_features)
        Encoded test attributes (see :class:`smalltrees.learners.c45.tree.Node`).
    flat : FlatTree, optional
        The tree's arrays (:class:`~smalltrees.learners.c45.flat.FlatTree`), if already made.

    Returns
    -------
    dict
        ``dynamic_complexity``: mean number of attribute tests on the path of a test example;
        ``frac_deeper_than_2``: fraction (not percentage) of test examples classified by a
        leaf more than 2 tests below the root; ``depth``: the number of tests on the tree's
        longest path (0 for a single leaf), independent of ``Z``. Two further readings:
        ``frac_deeper_than_1``, the fraction classified more than 1 test below the root ("% >
        2" when the leaf counts as a level), and ``mean_leaf_depth``, the mean number of tests
        above the tree's leaves (independent of ``Z``).

    Notes
    -----
    An example with an unknown value on a tested attribute goes down every branch of that
    test, split by the branches' shares of the training weight, as in prediction. The test
    with the unknown value counts as one query, and the example counts towards each leaf it
    reaches with its fractional weight: its number of tests is the weighted mean of the
    depths of the leaves reached, and its contribution to ``frac_deeper_than_2`` is the
    weight that reaches leaves deeper than 2. Auer et al. do not say how they counted such
    examples.

    Examples
    --------
    >>> leaf = Node(np.array([1.0, 0.0]))
    >>> measures = tree_complexity(leaf, np.zeros((3, 1)))
    >>> measures["dynamic_complexity"], measures["frac_deeper_than_2"], measures["depth"]
    (0.0, 0.0, 0)
    >>> measures["frac_deeper_than_1"], measures["mean_leaf_depth"]
    (0.0, 0.0)
    """
    flat = FlatTree.of(root) if flat is None else flat
    n = Z.shape[0]
    rows, leaf, weights = flat.reach(Z)
    depth = flat.depth[leaf]
    tests, deep, below_1 = np.zeros(n), np.zeros(n), np.zeros(n)
    add_in_order(tests, rows, weights * depth)
    add_in_order(deep, rows[depth > 2], weights[depth > 2])
    add_in_order(below_1, rows[depth > 1], weights[depth > 1])
    leaf_depths = flat.depth[flat.feature < 0]
    return {
        "dynamic_complexity": float(tests.mean()) if n else float("nan"),
        "frac_deeper_than_2": float(deep.mean()) if n else float("nan"),
        "depth": int(leaf_depths.max()),
        "frac_deeper_than_1": float(below_1.mean()) if n else float("nan"),
        "mean_leaf_depth": float(np.mean(leaf_depths)),
    }
