"""Growing the C4.5 trees of several fits side by side (issue 36; docs/c45_fit_speed.md,
"Seventh session"): the fits of one learner configuration on different training sets
(bagging's samples, cross-validation's folds, DKM's partitions) grow in the same array
operations, each tree exactly the tree its fit grows alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from smalltrees.learners.c45.grow import grow_apart
from smalltrees.learners.c45.prune import collapse
from smalltrees.learners.c45.tree import Node
from smalltrees.learners.c45.window import grow_windowed

if TYPE_CHECKING:
    from smalltrees.learners.c45.estimator import C45


def grow_together(fits: Sequence[tuple[C45, np.ndarray, np.ndarray, np.ndarray | None]],
                  source: np.ndarray | None = None,
                  rows: Sequence[np.ndarray] | None = None) -> list[Node]:
    """``learner._grow(Z, codes, sample_weight)`` of each fit (each learner started on its
    ``Z``): the trees of the learners that share their growth parameters, classes and
    whether they weigh their cases grown side by side, each the tree grown alone: in
    batch mode by :func:`~smalltrees.learners.c45.grow.grow_apart`, windowed by
    :func:`~smalltrees.learners.c45.window.grow_windowed` (the windows of every fit's
    trials side by side, cycle after cycle; the tree kept then gets all training cases).

    ``source`` and ``rows``: each fit's ``Z`` is ``source[rows[k]]``; the fits without
    case weights whose rows are increasing (no row twice) then grow in one problem of
    ``source`` (cross-validation's folds share most rows), not in their ``Z`` stacked.
    """
    roots: list[Node | None] = [None] * len(fits)
    groups: dict[tuple, list[int]] = {}
    for index, (learner, _, _, sample_weight) in enumerate(fits):
        key = (learner._growth_key(), tuple(learner.classes_.tolist()),
               learner.schema_.n_values.tobytes(), sample_weight is None)
        groups.setdefault(key, []).append(index)
    for members in groups.values():
        problems = [fits[index][0]._problem(*fits[index][1:]) for index in members]
        base, base_rows = None, None
        if (source is not None and fits[members[0]][3] is None and len(members) > 1
                and all((np.diff(rows[index]) > 0).all() for index in members)):
            codes = np.zeros(len(source), dtype=np.int64)  # the fits' classes
            for index in members:
                codes[rows[index]] = fits[index][2]
            base = fits[members[0]][0]._problem(source, codes)
            base_rows = [rows[index] for index in members]
        first = fits[members[0]][0]
        if first.window:
            grown = grow_windowed(
                problems, [np.random.default_rng(fits[index][0].random_state)
                           for index in members],
                int(first.trials), first.window_size, first.increment, base, base_rows)
        else:
            weights = [np.ones(len(fits[index][1])) if fits[index][3] is None
                       else fits[index][3] for index in members]
            grown = grow_apart(problems, weights, base, base_rows)
        for index, root in zip(members, grown, strict=True):
            learner, Z, codes, _ = fits[index]
            if learner.window:  # the tree kept gets all training cases
                learner._pruner(Z, codes).redistribute(root, np.arange(len(Z)),
                                                       np.ones(len(Z)))
            else:
                collapse(root)
            roots[index] = root
    return roots
