"""C4.5-style decision-tree learner with Release 8 semantics and the options of the DKM studies.

The comparison learner of Auer, Holte & Maass (1995) is C4.5 with default options, as released
before Release 8 (``release="pre-R8"``); the base of Dietterich, Kearns & Mansour (1996) is
C4.5 with ``-m 1 -g``, the criterion G and unpruned trees. Weka's J48 re-implements C4.5
Release 8; where the book leaves details open we follow J48 (Weka 3.6), against which
``benchmarks/c45_vs_j48.py`` compares this learner, but for the pruning estimate of
``release="pre-R8"``, which is that of Quinlan's own program (``error_estimate``), against
which ``benchmarks/c45_vs_quinlan.py`` compares it.

References
----------
J. R. Quinlan (1993), *C4.5: Programs for Machine Learning*, Morgan Kaufmann, ch. 2-4.
J. R. Quinlan (1996), "Improved use of continuous attributes in C4.5", *JAIR* 4, 77-90.
T. Dietterich, M. Kearns and Y. Mansour (1996), "Applying the weak learning framework to
understand and improve C4.5", ICML, eq. 5.
P. Auer, R. C. Holte and W. Maass (1995), "Theory and applications of agnostic
PAC-learning with small decision trees", ICML, Table 2.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pandas as pd

from smalltrees.learners.base import TreeClassifier
from smalltrees.learners.c45.error_estimate import ERROR_ESTIMATES
from smalltrees.learners.c45.problem import GrowingProblem
from smalltrees.learners.c45.prune import Pruner, leaf_errors
from smalltrees.learners.c45.prunings import SharedGrowth
from smalltrees.learners.c45.together import grow_together
from smalltrees.learners.c45.tree import Node, iter_nodes, to_tree
from smalltrees.learners.criteria import EPS, entropy, get_criterion
from smalltrees.learners.tree.export import TextStyle
from smalltrees.learners.tree.measures import tree_measures
from smalltrees.learners.tree.model import TreeModel
from smalltrees.learners.tree.routing import predict_codes, predict_proba
from smalltrees.learners.tree.structure import Tree
from smalltrees.learners.validation import check_sample_weight, is_count, is_number


class C45(TreeModel, TreeClassifier, SharedGrowth):
    """C4.5 decision tree (gain ratio, pessimistic pruning; Release 8's or earlier cut rule).

    Parameters
    ----------
    criterion : {"gain_ratio", "gain", "G"}, default="gain_ratio"
        Merit of a split, looked up in :data:`~smalltrees.learners.criteria.CRITERIA`: C4.5's
        gain ratio,
        its information gain (option ``-g``), or the gain in DKM's ``G`` (eq. 5).
    min_cases : float, default=2
        C4.5's ``-m``: a split needs two branches with at least this weight. For continuous
        attributes the bound is ``min(25, max(min_cases, 0.1 * N_known / n_classes))``.
    cf : float, default=0.25
        Confidence factor of pessimistic pruning, in ``(0, 0.5]``.
    prune : bool, default=True
        Prune by subtree replacement and subtree raising.
    release : {"R8", "pre-R8"}, default="R8"
        Which release's rules choose and charge the cut of a continuous attribute; all else is
        the same in both. ``"R8"`` (October 1995, as Weka's J48): the cut of highest gain,
        charged ``log2(number of admissible cuts) / N`` (Quinlan 1996, section 3), both
        adjustable by the next two parameters. ``"pre-R8"`` (Releases 5-7, which Auer et al.
        ran in 1994-95): the cut of highest gain ratio among the cuts whose gain is at least
        the average gain of the admissible cuts (minus 1e-3), no charge, the attribute's gain
        that cut's (item 21 of Quinlan's change log undone,
        :func:`~smalltrees.learners.c45.cut_ranking.pre_r8_ranking`); with the criteria "gain"
        and "G", the cut of highest gain, no charge.
    mdl_correction : bool or None, default=None
        Charge continuous splits ``log2(number of admissible cuts) / N``. ``None``: as the
        release does (on for ``"R8"``, off for ``"pre-R8"``); ``"pre-R8"`` accepts no
        charge (``True`` is an error).
    threshold_by : {"gain", "merit"} or None, default=None
        With ``release="R8"``, how the cut of a continuous attribute is chosen: by
        information gain (``None`` or ``"gain"``: Release 8) or by the criterion's merit,
        i.e. the gain ratio of the cut, without the average-gain filter of ``"pre-R8"``. The
        two agree for the unnormalised criteria "gain" and "G". ``"pre-R8"`` has its own
        rule: only ``None`` is accepted.
    error_estimate : {"j48", "quinlan"} or None, default=None
        How pruning computes a leaf's pessimistic errors
        (:mod:`~smalltrees.learners.c45.error_estimate`): as Weka's J48 (``"j48"``: the
        normal deviate of ``1 - cf``, 0.6745 for 25%) or as Quinlan's program, every release
        (``"quinlan"``: ``stats.c``'s deviate interpolated in a table, 0.6925 for 25%, and a
        leaf with ``E + 0.5 >= N`` charged ``0.67 (N - E)``, not ``N - E``). ``None``: the
        release's program, ``"quinlan"`` for ``"pre-R8"`` (no J48 existed in 1995) and
        ``"j48"`` for ``"R8"`` (``release="R8"`` is J48's C4.5; ``error_estimate="quinlan"``
        gives Quinlan's Release 8 program).
    arithmetic : {"single", "double"} or None, default=None
        The precision of the gains, split information and gain ratios that choose a test
        and a continuous attribute's cut (:mod:`~smalltrees.learners.c45.single_precision`).
        ``"single"``: as Quinlan's program computes them, in ``float`` with its expressions
        and roundings, a value winning only if strictly larger, so that tests equal in exact
        arithmetic go the way its roundings send them. ``"double"``: in double precision,
        values within 1e-6 equal and the first winning, as Weka's J48. ``None``: the
        release's program, ``"single"`` for ``"pre-R8"`` (Quinlan's program, which Auer et al.
        ran) and ``"double"`` for ``"R8"`` (J48); ``"double"`` with the criterion "G", which
        no release of Quinlan's computes (``"single"`` with "G" is an error).
    min_split_share : bool, default=True
        Bound the branches of a continuous split below by ``0.1 N_known / n_classes``
        (within ``[min_cases, 25]``), as Release 8 and J48 do; off, by ``min_cases`` alone
        (one hypothesis about Auer et al.'s deeper trees, see
        :mod:`smalltrees.studies.auer95.c45_readings`; we found no release documenting it).
    subset : bool, default=False
        C4.5's subsetting (``-s``, :mod:`smalltrees.learners.c45.subsets`): a categorical
        attribute with more than two values is tested on groups of values, merged greedily
        while the gain ratio improves, instead of one branch per value.
    window : bool, default=False
        C4.5's windowing (``-w``, :mod:`smalltrees.learners.c45.window`): grow from a random
        window of the cases, add the misclassified ones until none is left, keep the tree
        with the fewest training errors over ``trials`` trials, then prune it on all cases.
        Off (batch mode, C4.5's default), the next four parameters are not used.
    window_size, increment : int or None, default=None
        The first window and the cases added per cycle (at least); ``None``: C4.5's defaults
        ``max(2 sqrt(N), N / 5)`` and a fifth of the window.
    trials : int, default=10
        Windowing trials (C4.5's ``-t``; 10 is its default when windowing).
    random_state : int, default=0
        Seed of the windows (``numpy.random.default_rng``): the same seed and data give the
        same tree.

    Attributes
    ----------
    classes_ : ndarray
        Sorted class labels (the declared class order; ties go to the first).
    n_features_in_ : int
    feature_names_in_ : ndarray of str
        The training frame's column names (only when they are all strings).
    tree_ : :class:`~smalltrees.learners.tree.Tree`
        The fitted tree, with C4.5's fractional routing of unknown values (see
        :func:`smalltrees.learners.c45.tree.to_tree`).
    n_nodes_, n_leaves_, depth_ : int
        Tree size (internal nodes plus leaves, empty leaves included), number of leaves, and
        the number of tests on the longest path.
    unpruned_depth_ : int
        The number of tests on the longest path of the tree before pruning (C4.5 prints that
        tree too; equal to ``depth_`` when ``prune`` is off).

    Notes
    -----
    Continuous attributes need a numeric (non-boolean) dtype, categorical attributes a
    :class:`pandas.CategoricalDtype`; ``NaN`` is an unknown value. A training case with an
    unknown tested value goes down every branch with a fractional weight; at prediction the
    branches' class distributions are combined by weight (Quinlan 1993, ch. 3). A branch
    that received no training cases predicts its parent's class distribution.

    References
    ----------
    J. R. Quinlan (1993), *C4.5: Programs for Machine Learning*, ch. 2-4; Quinlan (1996),
    "Improved use of continuous attributes in C4.5", *JAIR* 4; Dietterich, Kearns & Mansour
    (1996), eq. 5; Weka 3.6 J48.

    Examples
    --------
    >>> X = pd.DataFrame({"a": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]})
    >>> model = C45(min_cases=1).fit(X, ["n", "n", "n", "y", "y", "y"])
    >>> print(model.export_text())
    a <= 3: n (3.0)
    a > 3: y (3.0)
    >>> model.predict(pd.DataFrame({"a": [0.0, 9.0]})).tolist()
    ['n', 'y']
    """

    def __init__(
        self,
        criterion: str = "gain_ratio",
        min_cases: float = 2,
        cf: float = 0.25,
        prune: bool = True,
        release: str = "R8",
        mdl_correction: bool | None = None,
        threshold_by: str | None = None,
        error_estimate: str | None = None,
        arithmetic: str | None = None,
        min_split_share: bool = True,
        subset: bool = False,
        window: bool = False,
        window_size: int | None = None,
        increment: int | None = None,
        trials: int = 10,
        random_state: int = 0,
    ):
        self.criterion = criterion
        self.min_cases = min_cases
        self.cf = cf
        self.prune = prune
        self.release = release
        self.mdl_correction = mdl_correction
        self.threshold_by = threshold_by
        self.error_estimate = error_estimate
        self.arithmetic = arithmetic
        self.min_split_share = min_split_share
        self.subset = subset
        self.window = window
        self.window_size = window_size
        self.increment = increment
        self.trials = trials
        self.random_state = random_state

    def check_params(self) -> None:
        """Raise ``ValueError`` naming the first parameter with an invalid value."""
        get_criterion(self.criterion)
        if not (is_number(self.min_cases) and self.min_cases > 0):
            raise ValueError(f"min_cases must be a positive number, got {self.min_cases!r}")
        if not (is_number(self.cf) and 0 < self.cf <= 0.5):
            raise ValueError(f"cf must be in (0, 0.5], got {self.cf!r}")
        if self.release not in RELEASES:
            raise ValueError(f"release must be one of {RELEASES}, got {self.release!r}")
        if self.threshold_by is not None and self.threshold_by not in THRESHOLD_BY:
            raise ValueError(
                f"threshold_by must be None or one of {THRESHOLD_BY}, got {self.threshold_by!r}"
            )
        if self.error_estimate is not None and self.error_estimate not in ERROR_ESTIMATES:
            raise ValueError(f"error_estimate must be None or one of {ERROR_ESTIMATES}, got "
                             f"{self.error_estimate!r}")
        if self.arithmetic is not None and self.arithmetic not in ARITHMETICS:
            raise ValueError(f"arithmetic must be None or one of {ARITHMETICS}, got "
                             f"{self.arithmetic!r}")
        if self.arithmetic == "single" and get_criterion(self.criterion).impurity is not entropy:
            raise ValueError(f"arithmetic='single' is Quinlan's program's, whose criteria are "
                             f"'gain_ratio' and 'gain'; got criterion={self.criterion!r}")
        if self.mdl_correction is not None and not isinstance(self.mdl_correction,
                                                                (bool, np.bool_)):
            raise ValueError(
                f"mdl_correction must be None, True or False, got {self.mdl_correction!r}")
        if self.release == "pre-R8" and (self.mdl_correction or self.threshold_by is not None):
            raise ValueError(
                "release='pre-R8' has its own cut rule and no threshold cost: mdl_correction "
                f"must be None or False and threshold_by None, got mdl_correction="
                f"{self.mdl_correction!r}, threshold_by={self.threshold_by!r}")
        for name in ("window_size", "increment"):
            value = getattr(self, name)
            if value is not None and not is_count(value, minimum=1):
                raise ValueError(f"{name} must be None or an integer >= 1, got {value!r}")
        if not is_count(self.trials, minimum=1):
            raise ValueError(f"trials must be an integer >= 1, got {self.trials!r}")
        if not is_count(self.random_state, minimum=0):
            raise ValueError(f"random_state must be an integer >= 0, got {self.random_state!r}")

    @property
    def arithmetic_used(self) -> str:
        """``arithmetic``, or the release's if ``None`` (see the class docstring)."""
        if self.arithmetic is not None:
            return self.arithmetic
        if get_criterion(self.criterion).impurity is not entropy:
            return "double"
        return RELEASE_ARITHMETIC[self.release]

    def fit(self, X, y, sample_weight=None) -> C45:
        """Grow (and by default prune) a tree on attributes ``X`` and class labels ``y``.

        ``sample_weight``: case weights, as scikit-learn's (not with ``window``). A case of
        weight ``w`` enters with weight ``w`` where C4.5 adds weights and counts as ``w``
        cases where it counts cases (:class:`~smalltrees.learners.c45.problem.GrowingProblem`),
        so whole-number weights give the tree of the rows repeated that many times (up to the
        rounding of fractional weights that unknown values split: docs/c45-case-weights.md);
        a case of weight 0 is left out.
        """
        self.check_params()
        Z, codes = self._start_fit(X, y)
        if sample_weight is None:
            return self._fit_encoded(Z, codes)
        return self._fit_weighted(Z, codes, sample_weight)

    def _fits_weighted(self) -> bool:
        return not self.window  # a window is drawn from the cases, not from their weights

    def _fit_weighted(self, Z: np.ndarray, codes: np.ndarray, sample_weight) -> C45:
        """:meth:`_fit_encoded` with case weights (see :meth:`fit`)."""
        return self._fit_encoded(*self._weighted_rows(Z, codes, sample_weight))

    def _weighted_rows(self, Z: np.ndarray, codes: np.ndarray, sample_weight
                       ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The rows a weighted fit grows on, with their codes and checked weights: the cases of
        weight 0 left out (see :meth:`fit`)."""
        weights = check_sample_weight(sample_weight, len(Z))
        if self.window:
            raise ValueError("C45(window=True) takes no sample_weight: windowing draws its "
                             "windows from the cases, not from their weights")
        kept = np.flatnonzero(weights > 0)
        return Z[kept], codes[kept], weights[kept]

    def _fit_encoded(self, Z: np.ndarray, codes: np.ndarray,
                     sample_weight: np.ndarray | None = None) -> C45:
        """Grow (and prune) on ``Z``, already encoded in ``schema_``, with the codes of
        ``classes_``: the body of :meth:`fit`, also called by an ensemble that encodes its data
        once for all its trees (Bagging)."""
        return self._finish_grown(self._grow(Z, codes, sample_weight), Z, codes)

    def _grow(self, Z: np.ndarray, codes: np.ndarray,
              sample_weight: np.ndarray | None = None) -> Node:
        """The grown tree before pruning (collapsed; a windowed tree given all cases): what
        every parameter but :data:`~.prunings.PRUNING_PARAMS` decides."""
        return grow_together([(self, Z, codes, sample_weight)])[0]

    def _problem(self, Z: np.ndarray, codes: np.ndarray,
                 sample_weight: np.ndarray | None = None) -> GrowingProblem:
        """The growing problem of ``(Z, codes)`` under this learner's growth parameters."""
        pre_r8 = self.release == "pre-R8"
        problem = GrowingProblem(
            Z, codes, len(self.classes_), self.schema_.n_values, get_criterion(self.criterion),
            float(self.min_cases),
            mdl_correction=not pre_r8 and (self.mdl_correction is None
                                           or bool(self.mdl_correction)),
            cut_by_merit=pre_r8 or self.threshold_by == "merit", cut_above_average=pre_r8,
            min_split_share=bool(self.min_split_share), subset=bool(self.subset),
            single_precision=self.arithmetic_used == "single",
        )
        if sample_weight is not None:  # a row stands for sample_weight cases
            problem = replace(problem, sample_weight=sample_weight)
        return problem

    def _finish_grown(self, root: Node, Z: np.ndarray, codes: np.ndarray) -> C45:
        """Prune the grown tree ``root`` of :meth:`_grow` (in place) if ``prune``, and set the
        fitted attributes."""
        self.unpruned_depth_ = max(depth for node, depth in iter_nodes(root) if node.is_leaf)
        if self.prune:
            self._pruner(Z, codes).prune(root)
        self.tree_ = to_tree(root, len(self.classes_))
        leaf_depths = self.tree_.depth[self.tree_.is_leaf]
        self.n_nodes_ = self.tree_.n_nodes
        self.n_leaves_ = int(leaf_depths.size)
        self.depth_ = int(leaf_depths.max())
        return self

    def _pruner(self, Z: np.ndarray, codes: np.ndarray) -> Pruner:
        """The pessimistic pruning of trees grown on ``(Z, codes)`` with ``cf`` and the
        ``error_estimate`` (the release's if ``None``)."""
        # C4.5 and J48 hold the confidence factor in single precision.
        return Pruner(Z, codes, len(self.classes_), float(np.float32(self.cf)),
                      estimate=self.error_estimate or RELEASE_ERROR_ESTIMATE[self.release])

    def predict_proba(self, X) -> np.ndarray:
        """Class probabilities, columns in the order of ``classes_``.

        A leaf gives its training class distribution (its parent's if it received no
        training cases); an unknown tested value combines the branches by weight.
        """
        return self._proba_encoded(self._encode_for_prediction(X))

    def _proba_encoded(self, Z: np.ndarray) -> np.ndarray:
        """:meth:`predict_proba` of rows already encoded in ``schema_``."""
        self._check_fitted()
        return predict_proba(self.tree_, Z)

    def predict(self, X) -> np.ndarray:
        """Most probable class; ties (within 1e-6) go to the first class in ``classes_``."""
        return self._predict_encoded(self._encode_for_prediction(X))

    def _predict_encoded(self, Z: np.ndarray) -> np.ndarray:
        """:meth:`predict` of rows already encoded in ``schema_`` (an ensemble encodes its
        examples once for all its trees)."""
        self._check_fitted()
        return self.classes_[predict_codes(self.tree_, Z)]

    def complexity(self, X: pd.DataFrame) -> dict[str, float]:
        """Complexity measures of Auer et al. (1995, Table 2) on test attributes ``X``.

        See :func:`smalltrees.learners.tree.measures.tree_measures`; ``unpruned_depth``
        is the depth of the tree before pruning (``unpruned_depth_``).
        """
        return self._complexity_encoded(self._encode_for_prediction(X))

    def _complexity_encoded(self, Z: np.ndarray) -> dict[str, float]:
        """:meth:`complexity` of test rows already encoded in ``schema_``."""
        self._check_fitted()
        measures = tree_measures(self.tree_, Z)
        measures["unpruned_depth"] = self.unpruned_depth_
        return measures

    def rule_size(self) -> int:
        """Domingos' output size of the tree read as rules (Last et al. 2002, Table 4): one rule
        per leaf, with its depth antecedents and one consequent."""
        return int((self.tree_.depth[self.tree_.is_leaf] + 1).sum())

    def _text_style(self, tree: Tree) -> TextStyle:
        """J48's layout: ``class (weight/errors)`` at each leaf, weights and errors rounded to
        2 decimals, thresholds to 6, as J48 prints them."""
        def leaf(node: int) -> str:
            errors = leaf_errors(tree.counts[node])
            weight = _round2(float(tree.counts[node].sum()))
            return (f"{self.classes_[tree.label[node]]} ("
                    f"{weight}{f'/{_round2(errors)}' if errors >= EPS else ''})")

        return TextStyle(leaf=leaf, number=lambda t: f"{t:.6f}".rstrip("0").rstrip("."))


THRESHOLD_BY = ("gain", "merit")
RELEASES = ("R8", "pre-R8")
#: The pruning estimate of each release's program (``error_estimate=None``).
RELEASE_ERROR_ESTIMATE = {"R8": "j48", "pre-R8": "quinlan"}
ARITHMETICS = ("single", "double")
#: The arithmetic of each release's program (``arithmetic=None``, criteria of entropy).
RELEASE_ARITHMETIC = {"R8": "double", "pre-R8": "single"}


def _round2(value: float) -> str:
    """``value`` rounded half up to 2 decimals, printed as J48 prints it (``3.0``, ``3.13``)."""
    return repr(float(np.floor(value * 100 + 0.5) / 100))
