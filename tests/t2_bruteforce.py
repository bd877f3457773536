"""Brute-force search of TREE(1, n, p, K) and TREE(2, n, p, K) on tiny data sets.

Independent of :mod:`smalltrees.learners.optimal` and written for obviousness, not speed (Auer et
al. 1995, section 2). Every partition of a continuous attribute into at most K intervals is
enumerated by choosing at most K - 1 cuts among the gaps between consecutive distinct values;
every threshold of a continuous root is tried (below all values, between each two consecutive
distinct values, above all values). Given the partition, the errors of a tree are a sum over its
leaves, so every leaf takes the label with the fewest errors among its items, which equals
trying every labelling.
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
    cols, y, rows = columns(X), list(y), list(range(len(y)))
    cache = {}

    def best(subset):
        key = tuple(subset)
        if key not in cache:
            cache[key] = subtree_errors(cols, y, subset, K, intervals)
        return cache[key]

    found = [leaf_errors(y)]
    for kind, values, categories in cols:
        missing = [i for i in rows if values[i] is None]
        if kind == "cat":
            edges = [[i for i in rows if values[i] == v] for v in categories]
            found.append(sum(best(e) for e in edges) + best(missing))
            continue
        distinct = sorted({v for v in values if v is not None})
        midpoints = [(a + b) / 2 for a, b in zip(distinct, distinct[1:], strict=False)]
        thresholds = [-math.inf, *midpoints, math.inf]
        for t in thresholds:
            left = [i for i in rows if values[i] is not None and values[i] < t]
            right = [i for i in rows if values[i] is not None and values[i] >= t]
            found.append(best(left) + best(right) + best(missing))
    return min(found)
