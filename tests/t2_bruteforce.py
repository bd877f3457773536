"""Brute-force search of TREE(d, n, p, K) for d = 1, 2, 3 on tiny data sets.

Independent of :mod:`smalltrees.learners.optimal` and written for obviousness, not speed (Auer et
al. 1995, section 2). Every partition of a continuous attribute into at most K intervals is
enumerated by choosing at most K - 1 cuts among the gaps between consecutive distinct values;
every threshold of a continuous node above the last level is tried (below all values, between
each two consecutive distinct values, above all values). Given the partition, the errors of a
tree are a sum over its leaves, so every leaf takes the label with the fewest errors among its
items, which equals trying every labelling; and the best tree of depth d on some items is the
best of a tree of depth d - 1 and of every test at the top with the best trees of depth d - 1
below it (Auer et al. 1995, section 2, Theorem 3).
"""

from __future__ import annotations

import itertools
import math

import pandas as pd


def columns(X: pd.DataFrame) -> list[tuple[str, list, list]]:
    """Per column: kind ("cont" or "cat"), values with None for missing, declared categories."""
    out = []
    for name in X.columns:
        column = X[name]
        if isinstance(column.dtype, pd.CategoricalDtype):
            values = [None if pd.isna(v) else v for v in column.astype(object)]
            out.append(("cat", values, list(column.cat.categories)))
        else:
            values = [None if math.isnan(v) else float(v) for v in column]
            out.append(("cont", values, []))
    return out


def leaf_errors(labels: list) -> int:
    """Errors of the best single label for items with these class labels."""
    if not labels:
        return 0
    return len(labels) - max(labels.count(c) for c in set(labels))


def enumerate_intervals(groups: list[list], K: int) -> int:
    """Least errors of labelling consecutive groups of labels by at most K intervals."""
    best = 0 if not groups else math.inf
    for k in range(1, min(K, len(groups)) + 1):
        for cuts in itertools.combinations(range(1, len(groups)), k - 1):
            bounds = [0, *cuts, len(groups)]
            total = sum(leaf_errors([label for g in groups[lo:hi] for label in g])
                        for lo, hi in zip(bounds[:-1], bounds[1:], strict=True))
            best = min(best, total)
    return best


def attribute_errors(cols, y, rows, attr, K, intervals=enumerate_intervals) -> int:
    """Errors of the best node querying ``attr`` on ``rows``, all edges ending in leaves."""
    kind, values, categories = cols[attr]
    missing = [y[i] for i in rows if values[i] is None]
    if kind == "cat":
        edges = [[y[i] for i in rows if values[i] == v] for v in categories]
        return sum(leaf_errors(e) for e in edges) + leaf_errors(missing)
    distinct = sorted({values[i] for i in rows if values[i] is not None})
    groups = [[y[i] for i in rows if values[i] == v] for v in distinct]
    return intervals(groups, K) + leaf_errors(missing)


def subtree_errors(cols, y, rows, K, intervals=enumerate_intervals) -> int:
    """Errors of the best TREE(1) tree (leaf or one attribute) on ``rows``."""
    return min([leaf_errors([y[i] for i in rows])]
               + [attribute_errors(cols, y, rows, a, K, intervals) for a in range(len(cols))])


def tree1_errors(X: pd.DataFrame, y, K: int) -> int:
    """Least training errors over TREE(1, n, p, K)."""
    return subtree_errors(columns(X), list(y), list(range(len(y))), K)


def tree2_errors(X: pd.DataFrame, y, K: int, intervals=enumerate_intervals) -> int:
    """Least training errors over TREE(2, n, p, K).

    ``intervals`` solves the one-dimensional interval problem; the default enumerates, tests of
    larger data sets pass a dynamic programme.
    """
    return tree_errors(X, y, K, 2, intervals)


def tree_errors(X: pd.DataFrame, y, K: int, depth: int, intervals=enumerate_intervals) -> int:
    """Least training errors over TREE(depth, n, p, K), depth >= 1."""
    cols, y = columns(X), list(y)
    cache = {}

    def best(subset, level):
        """Least errors of a tree of at most ``level`` levels on ``subset``."""
        key = (tuple(subset), level)
        if key in cache:
            return cache[key]
        if level == 1:
            found = [subtree_errors(cols, y, subset, K, intervals)]
        else:
            found = [best(subset, level - 1)]
            for kind, values, categories in cols:
                found.extend(sum(best(edge, level - 1) for edge in edges)
                             for edges in root_partitions(kind, values, categories, subset))
        cache[key] = min(found)
        return cache[key]

    return best(list(range(len(y))), depth)


def root_partitions(kind, values, categories, rows):
    """Every partition of ``rows`` by a test above the last level: one per categorical
    attribute (its values and missing), one per threshold of a continuous one (below, at or
    above, missing)."""
    missing = [i for i in rows if values[i] is None]
    if kind == "cat":
        yield [[i for i in rows if values[i] == v] for v in categories] + [missing]
        return
    distinct = sorted({values[i] for i in rows if values[i] is not None})
    midpoints = [(a + b) / 2 for a, b in zip(distinct, distinct[1:], strict=False)]
    for t in [-math.inf, *midpoints, math.inf]:
        left = [i for i in rows if values[i] is not None and values[i] < t]
        right = [i for i in rows if values[i] is not None and values[i] >= t]
        yield [left, right, missing]
