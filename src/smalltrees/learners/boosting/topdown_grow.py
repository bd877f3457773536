"""Best-first growth of TopDown_F (DKM 1996, Figure 1), recording each round.

Each round splits the (leaf, test) pair with the largest drop ``Delta = F(T) - F(T(l, h))`` of
the tree's criterion ``F(T) = sum_l w(l) F(q(l))`` (eq. 1 with F = H, eq. 5 with F = G), which
is ``w(l)`` times the local gain of the test at ``l``. A leaf's best test is found once, when the
leaf is made (:func:`best_test`); a round is then an argmax over the frontier.

Readings of Figure 1 (the reading notes' D-23 and section 1), each a choice the paper leaves open:

* only impure leaves are candidates, and only tests that send cases to at least two branches
  (Figure 1 also scans pure leaves and trivial tests, whose Delta is 0; it would split them only
  when no other pair gains, which growing to zero training error never needs);
* a test with zero gain is allowed when nothing gains more (Figure 1 starts from
  ``Delta_best = 0`` and accepts ``Delta >= Delta_best``); C4.5 would stop there instead;
* ties are broken as C4.5 breaks them, since the paper's sequences come from a modified C4.5
  ("TopDown_F will choose the same function to label this split as C4.5", section 2.1): within a
  leaf the first cut of an attribute within 1e-6 bits of its best, then the first attribute in
  column order unless a later one gains more than 1e-6 bits more; between leaves the leaf made
  first. Figure 1's literal ``>=`` would take the last pair scanned instead.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from smalltrees.learners.boosting.sweep import cut_threshold, cut_weights
from smalltrees.learners.boosting.twoclass import split_advantage
from smalltrees.learners.criteria import CRITERIA, EPS
from smalltrees.learners.splits import Attributes, category_counts, restrict_order
from smalltrees.learners.tree.structure import Tree, build

IMPURITIES = {"entropy": CRITERIA["gain"].impurity, "G": CRITERIA["G"].impurity}
"""The impurities of TopDown_F's criteria, by the names of its ``criterion`` parameter: H
(eq. 1, bits: the information gain of the criteria registry) and DKM's G (eq. 5)."""


@dataclass
class Problem:
    """The training set as growing needs it: the attributes laid out for the sweeps (sorted
    once; growing restricts the sorted orders to each leaf's cases), the boolean target ``f``
    and the criterion's impurity (total ``n F(q)`` of ``[positives, negatives]`` on axis 0)."""

    attributes: Attributes
    f: np.ndarray
    impurity: Callable[..., np.ndarray]
    positive: np.ndarray = field(init=False)
    negative: np.ndarray = field(init=False)

    def __post_init__(self):
        self.positive = self.f.astype(float)
        self.negative = 1.0 - self.positive


@dataclass(frozen=True)
class Candidate:
    """A leaf's best test: its attribute, local gain, threshold (``NaN`` if categorical), the
    branch of each of the leaf's cases, and each branch's positive and negative counts."""

    attribute: int
    gain: float
    threshold: float
    branch: np.ndarray
    positives: np.ndarray
    negatives: np.ndarray


@dataclass
class Growth:
    """The record of growing, one list entry per node (node 0 is the root, a node made after
    its parent), and the rounds; used only while growing: :func:`to_tree` makes the fitted
    tree of it.

    ``feature`` is -1 at a leaf; ``threshold`` the cut of a continuous test (``x <= threshold``
    goes to branch 0), ``NaN`` otherwise; ``children[i]`` the branches of node ``i``;
    ``split_round`` the round that split the node (``inf`` for a leaf); ``label`` the majority
    label (1 when ``q >= 1/2``; an empty branch takes its parent's).
    """

    feature: list[int] = field(default_factory=list)
    threshold: list[float] = field(default_factory=list)
    children: list[list[int]] = field(default_factory=list)
    split_round: list[float] = field(default_factory=list)
    label: list[int] = field(default_factory=list)
    depth: list[int] = field(default_factory=list)
    rounds: list[dict] = field(default_factory=list)
    stop_reason: str = ""

    def add(self, label: int, depth: int) -> int:
        """Append a leaf; return its index."""
        for name, value in (("feature", -1), ("threshold", np.nan), ("children", []),
                            ("split_round", np.inf), ("label", label), ("depth", depth)):
            getattr(self, name).append(value)
        return len(self.feature) - 1


def to_tree(growth: Growth) -> Tree:
    """The fitted tree of a growth record: a case with a missing value or an unseen category
    stops at the node testing it (TopDown's tests have no branch for it) and takes its label.
    Class counts and distributions are zero (the estimator fills them in)."""
    zeros = np.zeros(2)
    records = [{"feature": feature, "counts": zeros, "proba": zeros, "label": label,
                "branches": kids, **({} if np.isnan(threshold) else {"thresholds": [threshold]})}
               for feature, threshold, kids, label in zip(growth.feature, growth.threshold,
                                                           growth.children, growth.label,
                                                           strict=True)]
    return build(records, 2)


def best_tests(problem: Problem, leaves: list[np.ndarray]) -> list[Candidate | None]:
    """The best test at each leaf, a leaf given by its cases (C4.5's tie rules), or None when
    the leaf is pure or no test separates its cases (identical x).

    The leaves are judged together where that is cheaper and gives the same numbers: the
    impurity of every leaf in one call, and the categorical attributes' class counts of every
    leaf in one ``bincount`` (integer counts, so every leaf's are what it alone would get);
    a split's children are judged in one call (:func:`_split`).
    """
    P = [int(problem.f[rows].sum()) for rows in leaves]
    impure = [k for k, rows in enumerate(leaves) if P[k] not in (0, rows.size)]
    found: list[Candidate | None] = [None] * len(leaves)
    if not impure:
        return found
    classes = np.array([[P[k] for k in impure], [leaves[k].size - P[k] for k in impure]],
                       dtype=float)
    node = problem.impurity(classes, axis=0)
    values = _categorical_gains(problem, [leaves[k] for k in impure], node)
    for i, k in enumerate(impure):
        found[k] = _best_test(problem, leaves[k], P[k], float(node[i]),
                              None if values is None else (values[0][i], values[1][i]))
    return found


def _categorical_gains(problem: Problem, leaves: list[np.ndarray], node: np.ndarray
                       ) -> tuple[np.ndarray, np.ndarray] | None:
    """``(gain, separates)``, each ``(leaf, categorical attribute)``: each categorical test's
    local gain at each (impure) leaf, whose impurity is ``node``, and whether it sends the
    leaf's cases to at least two branches; None without categorical attributes."""
    A = problem.attributes
    if not A.categorical.size:
        return None
    rows = np.concatenate(leaves)
    sizes = np.array([leaf.size for leaf in leaves])
    leaf = np.repeat(np.arange(len(leaves)), sizes)
    negatives, positives = category_counts(A, rows, 2 * leaf + problem.f[rows],
                                           2 * len(leaves)).reshape(
        len(leaves), 2, A.categorical.size, A.width).transpose(1, 0, 2, 3)
    branches = np.stack([positives, negatives])
    gain = (node[:, None] - problem.impurity(branches, axis=0).sum(axis=2)) / sizes[:, None]
    return gain, np.count_nonzero(positives + negatives > 0, axis=2) >= 2


def _best_test(problem: Problem, rows: np.ndarray, P: int, node: float,
               categorical: tuple[np.ndarray, np.ndarray] | None) -> Candidate | None:
    """:func:`best_tests` at one impure leaf with cases ``rows``, ``P`` of them positive, of
    impurity ``node``, its categorical tests' ``(gain, separates)`` given."""
    A, n = problem.attributes, rows.size
    best: Candidate | None = None
    found = {}
    if A.continuous.size and n > 1:
        cases = rows[restrict_order(A.order, rows, problem.f.size)]
        cuts = cut_weights(A, cases, problem.positive, problem.negative)
        left = np.stack([cuts.positives, cuts.negatives])
        right = np.array([P, n - P], dtype=float)[:, None, None] - left
        gain = (node - problem.impurity(left, axis=0) - problem.impurity(right, axis=0)) / n
        gain[~cuts.admissible] = -np.inf
        top = gain.max(axis=1)
        first = np.argmax(gain >= top[:, None] - EPS, axis=1)
        for a, j in enumerate(A.continuous.tolist()):
            if np.isfinite(top[a]):
                found[j] = ("cut", gain[a, first[a]], (cases, a, int(first[a])))
    if categorical is not None:
        gain, separates = categorical
        for c, j in enumerate(A.categorical.tolist()):
            if separates[c]:
                found[j] = ("values", gain[c], c)
    best_gain = -np.inf
    for j in sorted(found):
        if found[j][1] > best_gain + EPS:
            best, best_gain = j, found[j][1]
    if best is None:
        return None
    kind, gain, where = found[best]
    values = A.Z[rows, best]
    if kind == "cut":
        cases, a, position = where
        threshold = cut_threshold(A, cases, a, position)
        branch = (values > threshold).astype(np.int64)
        n_branches = 2
    else:
        threshold, branch = np.nan, values.astype(np.int64)
        n_branches = int(A.n_values[best])
    positives = np.bincount(branch, weights=problem.positive[rows], minlength=n_branches)
    negatives = np.bincount(branch, weights=problem.negative[rows], minlength=n_branches)
    return Candidate(best, float(gain), threshold, branch, positives, negatives)


def grow(problem: Problem, max_splits: int | None) -> Growth:
    """Grow best-first until zero training error, ``max_splits`` rounds, or no leaf can be
    split (an impure leaf whose cases all have the same x: zero training error is then
    unreachable, and ``stop_reason`` says so)."""
    m = problem.f.size
    tree = Growth()
    P = int(problem.f.sum())
    tree.add(int(2 * P >= m), 0)
    # the leaves with a test, as a heap: the largest Delta (w(l) x gain, as gain x cases) on
    # top, ties to the leaf made first
    frontier: list[tuple[float, int, np.ndarray, Candidate]] = []
    errors = min(P, m - P)
    _consider(problem, frontier, [0], [np.arange(m)])
    while errors > 0:
        if max_splits is not None and len(tree.rounds) >= max_splits:
            tree.stop_reason = f"max_splits = {max_splits} reached"
            return tree
        if not frontier:
            tree.stop_reason = (
                "no test separates the cases of an impure leaf (identical x with different "
                f"labels): zero training error is unreachable; {errors} training error(s) left")
            return tree
        _, leaf, rows, test = heapq.heappop(frontier)
        errors += _split(problem, tree, frontier, leaf, rows, test)
        tree.rounds[-1]["train_error"] = errors / m
    tree.stop_reason = "zero training error"
    return tree


def _consider(problem: Problem, frontier: list, nodes: list[int], leaves: list[np.ndarray]):
    """Put new leaves (``nodes``, their cases ``leaves``) on the frontier (the heap of
    :func:`grow`), those that have a test."""
    for node, rows, test in zip(nodes, leaves, best_tests(problem, leaves), strict=True):
        if test is not None:
            heapq.heappush(frontier, (-(test.gain * rows.size), node, rows, test))


def _split(problem: Problem, tree: Growth, frontier: list, leaf: int, rows: np.ndarray,
           test: Candidate) -> int:
    """Split ``leaf`` by ``test``, record the round; return the change in training errors."""
    m, n = problem.f.size, rows.size
    P = int(problem.f[rows].sum())
    tree.feature[leaf], tree.threshold[leaf] = test.attribute, test.threshold
    tree.split_round[leaf] = len(tree.rounds) + 1
    change = -min(P, n - P)
    nodes, leaves = [], []
    for b in range(test.positives.size):
        p, count = int(test.positives[b]), int(test.positives[b] + test.negatives[b])
        child = tree.add(int(2 * p >= count) if count else tree.label[leaf],
                         tree.depth[leaf] + 1)
        tree.children[leaf].append(child)
        change += min(p, count - p)
        if count:
            nodes.append(child)
            leaves.append(rows[test.branch == b])
    _consider(problem, frontier, nodes, leaves)
    tree.rounds.append({
        "round": len(tree.rounds) + 1, "node": leaf, "depth": tree.depth[leaf],
        "feature": test.attribute, "threshold": test.threshold, "w": n / m, "q": P / n,
        "gain": test.gain, "advantage": float(split_advantage(test.positives, test.negatives)),
    })
    return change
