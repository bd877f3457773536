"""One grown tree, several prunings: C4.5 learners that differ only in pruning, fitted together.

C4.5 grows a tree and then prunes it (Quinlan 1993, ch. 2-4): the growth does not look at the
confidence factor, the error estimate or whether the tree will be pruned at all
(:data:`~smalltrees.learners.c45.estimator.PRUNING_PARAMS`). Studies that compare pruned with
unpruned trees, or two pruning estimates, on the same training sets (DKM 1996's Table 1: C4.5(G)
pruned for errors, unpruned for sizes; Auer et al.'s C4.5 readings) would grow each tree once
per learner. :func:`fit_prunings` grows it once and prunes a copy per learner (pruning replaces
subtrees and re-routes cases in place), each learner fitted exactly as its own ``fit`` would
fit it: the same tree, ``unpruned_depth_`` and every other attribute.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from smalltrees.learners.c45.together import grow_together
from smalltrees.learners.encoding import Schema
from smalltrees.learners.validation import check_labels

if TYPE_CHECKING:
    from smalltrees.learners.c45.estimator import C45

#: The parameters that only prune the grown tree (``C45._finish_grown``): how (``cf``,
#: ``error_estimate``) and whether (``prune``). The 0.1 N bound, windowing and the cut rule
#: are the growth's, whatever the estimate.
PRUNING_PARAMS = ("prune", "cf", "error_estimate")
#: The parameters that act only on the cuts of continuous attributes
#: (``proposals.continuous_proposals_at``): Release 8's threshold cost, the cut chosen by gain or
#: by gain ratio, and the 0.1 N bound of a cut's branches. On data without continuous
#: attributes they change nothing.
CONTINUOUS_PARAMS = ("mdl_correction", "threshold_by", "min_split_share")


class SharedGrowth:
    """What :class:`~smalltrees.learners.c45.estimator.C45` offers the evaluation helpers,
    which import no learner (a job's code digest covers the modules it imports): the key of the
    tree it grows, the fitting of a group with one key, and the key of the model it fits."""

    def _growth_key(self) -> tuple:
        """What decides the grown tree on given data: the class and every parameter but
        :data:`PRUNING_PARAMS`; learners with equal keys grow the same tree on the same data,
        so :func:`fit_prunings` grows it once for them."""
        return (type(self), *((name, repr(value)) for name, value in
                              self.get_params(deep=False).items()
                              if name not in PRUNING_PARAMS))

    def _fit_key(self, continuous: bool) -> tuple:
        """What decides the fitted model on data with (``continuous``) or without continuous
        attributes: the class and every parameter, but :data:`CONTINUOUS_PARAMS` on data
        without continuous attributes; learners with equal keys fit the same model on the
        same such data (:mod:`smalltrees.evaluation.same_fit`)."""
        return (type(self), *((name, repr(value)) for name, value in
                              self.get_params(deep=False).items()
                              if continuous or name not in CONTINUOUS_PARAMS))

    @staticmethod
    def _fit_sets_prunings(groups: Sequence[Sequence[C45]], schema: Schema, Z: np.ndarray,
                           labels: np.ndarray, row_sets: Sequence[np.ndarray],
                           sample_weights: Sequence[np.ndarray | None] | None = None
                           ) -> list[list[C45]]:
        """:func:`fit_sets_prunings`, reached through a learner."""
        return fit_sets_prunings(groups, schema, Z, labels, row_sets, sample_weights)


def fit_prunings(learners: Sequence[C45], X, y) -> list[C45]:
    """Fit every learner on ``(X, y)`` as ``C45.fit`` would, growing the tree once: the
    learners must share every parameter but ``prune``, ``cf`` and ``error_estimate``.
    Returns the learners, fitted, in their order."""
    schema, Z = Schema.fit(X)
    return fit_rows_prunings(learners, schema, Z, check_labels(y, len(Z)))


def fit_rows_prunings(learners: Sequence[C45], schema: Schema, Z: np.ndarray,
                      labels: np.ndarray) -> list[C45]:
    """:func:`fit_prunings` on rows already encoded in ``schema`` with checked labels, as
    ``_fit_rows`` fits one learner (for the evaluation helpers, which encode a dataset once)."""
    if not learners:
        return []
    return fit_sets_prunings([learners], schema, Z, labels, [np.arange(len(Z))])[0]


def fit_sets_prunings(groups: Sequence[Sequence[C45]], schema: Schema, Z: np.ndarray,
                      labels: np.ndarray, row_sets: Sequence[np.ndarray],
                      sample_weights: Sequence[np.ndarray | None] | None = None
                      ) -> list[list[C45]]:
    """:func:`fit_rows_prunings` of each group of learners on its own training set, the rows
    ``row_sets[k]`` (increasing indices, or a boolean mask) of ``(Z, labels)``, with case
    weights ``sample_weights[k]`` if given (as ``_fit_rows`` takes them), the trees of all
    training sets grown side by side
    (:func:`~smalltrees.learners.c45.together.grow_together`: cross-validation's
    folds, bagging's samples), each learner fitted exactly as alone. Every learner of every
    group must share every parameter but ``prune``, ``cf`` and ``error_estimate``. Returns
    the groups, fitted."""
    check_same_growth([learner for group in groups for learner in group])
    rows = [np.flatnonzero(found) if found.dtype == bool else found for found in row_sets]
    weights = [None] * len(groups) if sample_weights is None else sample_weights
    fits = []
    for group, own_rows, sample_weight in zip(groups, rows, weights, strict=True):
        own_Z, y = Z[own_rows], labels[own_rows]
        codes = group[0]._start_fit_rows(schema, own_Z, y)
        for learner in group[1:]:  # each learner's own schema_ and classes_
            learner._start_fit_rows(schema, own_Z, y)
        if sample_weight is not None:
            own_Z, codes, sample_weight = group[-1]._weighted_rows(own_Z, codes, sample_weight)
        fits.append((group[-1], own_Z, codes, sample_weight))
    roots = grow_together(fits, Z, rows)
    for group, (_, own_Z, codes, _), root in zip(groups, fits, roots, strict=True):
        *copied, last = group
        for learner in copied:  # pruning changes the tree in place: each prunes a copy ...
            learner._finish_grown(copy.deepcopy(root), own_Z, codes)
        last._finish_grown(root, own_Z, codes)  # ... but the last, which prunes the grown tree
    return [list(group) for group in groups]


def check_same_growth(learners: Sequence[C45]) -> None:
    """Raise ``ValueError`` naming the first learner whose parameters other than the pruning
    ones differ from the first learner's (or which is no :class:`C45`)."""
    for learner in learners:
        if not isinstance(learner, SharedGrowth):
            raise ValueError(f"fit_prunings fits C45 learners only, got {learner!r}")
    key = learners[0]._growth_key()
    for learner in learners[1:]:
        if learner._growth_key() != key:
            raise ValueError(f"fit_prunings needs learners that differ only in prune, cf and "
                             f"error_estimate; {learner!r} grows another tree than "
                             f"{learners[0]!r}")
