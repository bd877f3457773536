"""The training set as C4.5's grower sees it: the data, the options, and the per-fit views.

The views of the data that growing reuses at every node (the attributes laid out once per fit,
:class:`~smalltrees.learners.splits.Attributes`, and the table of entropy terms) are computed
on first use; :meth:`GrowingProblem.impurities` gives the impurity of the class weights of
every node of a depth in one pass.

References
----------
J. R. Quinlan (1993), *C4.5: Programs for Machine Learning*, Morgan Kaufmann, ch. 2 (gain ratio,
the attributes counted in the average gain).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from functools import cached_property

import numpy as np

from smalltrees.learners.c45 import single_precision
from smalltrees.learners.criteria import Criterion, entropy, xlog2x
from smalltrees.learners.splits import Attributes

#: Up to this many class weights in all, :meth:`GrowingProblem.impurities` lays them end to end.
ONE_PASS_LIMIT = 20_000


@dataclass(frozen=True)
class GrowingProblem:
    """Everything tree growing needs to know about the training set.

    Attributes
    ----------
    Z, n_values : ndarray
        The encoded attributes and their numbers of declared categories, as
        :class:`~smalltrees.learners.splits.Attributes` takes them.
    y : ndarray of int
        Class codes into the declared class order.
    n_classes : int
    criterion : Criterion
    min_cases : float
        Minimum weight of at least two branches of a split.
    mdl_correction : bool
    cut_by_merit : bool
        Choose a continuous attribute's cut by the criterion's merit (gain ratio) instead of
        by gain (Release 8).
    cut_above_average : bool
        With ``cut_by_merit`` and a normalised criterion, choose the cut by merit only among
        the cuts whose gain is at least the average gain of the admissible cuts (the rule of
        the releases before 8, :func:`~smalltrees.learners.c45.cut_ranking.pre_r8_ranking`).
    min_split_share : bool
        Bound a continuous split's branches below by ``0.1 N / n_classes`` (within
        ``[min_cases, 25]``, :func:`~smalltrees.learners.c45.proposals.min_split_weight`);
        off, by ``min_cases`` alone.
    subset : bool
        Test categorical attributes with more than two values on groups of values (C4.5's
        ``-s``, :mod:`smalltrees.learners.c45.subsets`) instead of one branch per value.
    single_precision : bool
        Compute the gains, split information and gain ratios that choose tests and cuts as
        Quinlan's program does, in single precision, and compare them exactly
        (:mod:`~smalltrees.learners.c45.single_precision`); off, in double precision, values
        within 1e-6 taken as equal (Weka's J48).
    sample_weight : ndarray or None
        How many cases each row stands for (a weighted fit's case weights; ``None``: one
        each), where C4.5 counts cases rather than adding weights: the cases with a known
        value that a continuous split needs, and the number of cases that decides which
        attributes count in the average gain (:attr:`in_average`). Rows counted ``k`` times
        then give the tree of each row repeated ``k`` times.
    """

    Z: np.ndarray
    y: np.ndarray
    n_classes: int
    n_values: np.ndarray
    criterion: Criterion
    min_cases: float
    mdl_correction: bool
    cut_by_merit: bool = False
    cut_above_average: bool = False
    min_split_share: bool = True
    subset: bool = False
    single_precision: bool = False
    sample_weight: np.ndarray | None = None

    @cached_property
    def attributes(self) -> Attributes:
        """The attributes laid out for growing (sorted values, cells of categorical values)."""
        return Attributes(self.Z, self.n_values)

    @cached_property
    def in_average(self) -> np.ndarray:
        """Which attributes count in the average gain.

        As in C4.5, categorical attributes with at least ``0.3 * n_cases`` values are left
        out of the average, unless every attribute is such an attribute.
        """
        many = (self.n_values > 0) & (self.n_values >= 0.3 * self.n_cases)
        return np.ones_like(many) if many.all() else ~many

    @cached_property
    def n_cases(self) -> float:
        """The number of training cases: the rows, or their total :attr:`sample_weight`."""
        return self.Z.shape[0] if self.sample_weight is None else float(self.sample_weight.sum())

    @cached_property
    def cut_index(self) -> np.ndarray:
        """``0, ..., n_samples - 1``: the cuts after each run of a node's sorted values."""
        return np.arange(self.Z.shape[0])

    @cached_property
    def continuous_missing(self) -> bool:
        """True if a continuous attribute has an unknown value in the training set."""
        return bool(np.isnan(self.attributes.columns).any())

    @cached_property
    def entropy_table(self) -> np.ndarray | None:
        """``xlog2x(0), ..., xlog2x(n_cases)`` if the criterion's impurity is the entropy.

        Class weights are whole numbers up to ``n_cases`` while every case weighs a whole
        number (1, or its whole :attr:`sample_weight`: no unknown value has split a case
        yet), and then the entropy's ``w log2 w`` terms are looked up instead of computed
        (:meth:`impurity`).
        """
        if self.criterion.impurity is not entropy:
            return None
        return xlog2x(np.arange(int(self.n_cases) + 1, dtype=float))

    @cached_property
    def xlog_table(self) -> np.ndarray:
        """C4.5's ``N * Log(N)`` of ``N = 0, 1, ..., n_cases`` (``Log``:
        :func:`~smalltrees.learners.c45.single_precision.c_log`, the product in double
        precision), looked up for whole class weights in single precision
        (:func:`~smalltrees.learners.c45.single_precision.total_info`)."""
        cases = np.arange(int(self.n_cases) + 1)
        return cases * single_precision.c_log(cases)

    @property
    def counted(self) -> bool:
        """True if every case stands for one case (no :attr:`sample_weight`): the class
        weights of cases that all weigh 1 are counted without their weights."""
        return self.sample_weight is None

    def fractional(self, weights: np.ndarray) -> np.ndarray:
        """Per case, whether its weight keeps its node off the whole-number path: a weight
        other than 1, or (with :attr:`sample_weight`) one that is not a whole number."""
        return weights != (1.0 if self.counted else np.floor(weights))

    def whole_weights(self, weights: np.ndarray) -> bool:
        """True if every case weighs a whole number (see :meth:`fractional`) and there are
        no more cases than training rows: the class weights are whole numbers of at most
        ``n_cases``."""
        return weights.size <= self.Z.shape[0] and not self.fractional(weights).any()

    def impurity(self, counts: np.ndarray, whole: bool) -> np.ndarray:
        """The criterion's impurity of class weights, classes on the first axis.

        ``whole``: :meth:`whole_weights` of the cases, so the class weights are whole
        numbers, at most ``n_cases``.
        """
        table = self.entropy_table
        if table is None or not whole:
            return self.criterion.impurity(counts, axis=0)
        counts = counts.astype(np.intp)
        return table[counts.sum(axis=0)] - table[counts].sum(axis=0)

    def impurities(self, *counts: np.ndarray, whole: bool) -> list[np.ndarray]:
        """:meth:`impurity` of each of several class-weight arrays, in one pass.

        For the entropy of fractional weights all ``w log2 w`` terms are computed by one
        :func:`~smalltrees.learners.criteria.xlog2x` call on the arrays laid end to end
        (elementwise, so the same values as :func:`~smalltrees.learners.criteria.entropy`
        gives array by array, summed the same way), not a dozen calls on small arrays. Arrays
        of more than :data:`ONE_PASS_LIMIT` weights in all are taken one by one, which is then
        faster.
        """
        if (self.entropy_table is None or whole
                or sum(part.size for part in counts) > ONE_PASS_LIMIT):
            return [self.impurity(part, whole) for part in counts]
        totals = [part.sum(axis=0) for part in counts]
        pieces = [piece.ravel() for total, part in zip(totals, counts, strict=True)
                  for piece in (total, part)]
        terms = xlog2x(np.concatenate(pieces))
        found, start = [], 0
        for total, part in zip(totals, counts, strict=True):
            middle, end = start + total.size, start + total.size + part.size
            found.append(terms[start:middle].reshape(total.shape)
                         - terms[middle:end].reshape(part.shape).sum(axis=0))
            start = end
        return found


def stack(problems: list[GrowingProblem]) -> GrowingProblem:
    """The problems' training sets laid one after another in one problem, to grow their trees
    side by side (:func:`~smalltrees.learners.c45.grow.grow_apart`): ``Z``, ``y`` and
    ``sample_weight`` stacked, every option the same.

    What a tree sees of its whole training set beyond its nodes' cases (where its thresholds
    are placed, which attributes count in its average gain, its number of cases) stays each
    problem's own; the stacked problem serves what is read row by row (values, sorted orders,
    classes, case counts) and the tables of entropy terms, which are the same numbers for any
    size that covers every tree's class weights (here the sum of all). Raises ``ValueError``
    if an option differs or some problems have ``sample_weight`` and others not.
    """
    first = problems[0]
    for problem in problems[1:]:
        for field in fields(GrowingProblem):
            if field.name in ("Z", "y", "sample_weight"):
                continue
            if not np.array_equal(getattr(problem, field.name), getattr(first, field.name)):
                raise ValueError(f"growing problems side by side need the same {field.name}: "
                                 f"{getattr(problem, field.name)!r} is not "
                                 f"{getattr(first, field.name)!r}")
        if (problem.sample_weight is None) != (first.sample_weight is None):
            raise ValueError("growing problems side by side need sample_weight in all or none")
    return replace(
        first, Z=np.concatenate([problem.Z for problem in problems]),
        y=np.concatenate([problem.y for problem in problems]),
        sample_weight=None if first.sample_weight is None else np.concatenate(
            [problem.sample_weight for problem in problems]))
