"""C4.5's windowing (option ``-w``): grow from a subset of the cases, add the misclassified.

Quinlan (1993, ch. 6; the ``Iterate`` and ``BestTree`` steps of the release 8 source)
grows a tree from a *window* of the training cases chosen at random, classifies the cases
outside it, and adds misclassified cases (*exceptions*) to the window, growing again until
the tree classifies every case outside the window correctly. Each cycle adds
``max(min(exceptions, increment), exceptions / 2)`` cases; of the trees of a trial the one
with the fewest errors on all training cases (its errors on the window plus the exceptions)
is kept, and of several trials (``-t``, 10 by default when windowing) the first with the
fewest. The default window is ``max(2 sqrt(N), N / 5)`` cases and the default increment a
fifth of the window (at least 1).

One difference from release 8: its first window is drawn so that the classes are as evenly
represented as the data allow; ours is a uniform random draw. The tree kept then receives all
training cases (its class distributions are those of the training set, as C4.5's pruning
recomputes them) before pruning.
"""

from __future__ import annotations

import math

import numpy as np

from smalltrees.learners.c45.grow import grow_each
from smalltrees.learners.c45.problem import GrowingProblem
from smalltrees.learners.c45.prune import collapse_listed
from smalltrees.learners.c45.tree import Node, listed_tree, preorder
from smalltrees.learners.tree.routing import predict_codes


def default_window(n_cases: int) -> tuple[int, int]:
    """C4.5's default window size ``max(2 sqrt(N), N / 5)`` and increment ``max(W / 5, 1)``,
    both truncated to whole cases as the release 8 source stores them."""
    window = int(max(2.0 * math.sqrt(n_cases), n_cases // 5))
    return window, max(window // 5, 1)


def grow_windowed(problems: list[GrowingProblem], rngs: list[np.random.Generator], trials: int,
                  window: int | None = None, increment: int | None = None,
                  base: GrowingProblem | None = None, rows: list[np.ndarray] | None = None
                  ) -> list[Node]:
    """The grown (collapsed, unpruned) tree of C4.5's windowing over ``trials`` trials on
    each problem (a training set; its windows drawn from ``rngs[k]``).

    ``window`` and ``increment`` default to :func:`default_window` of each problem's number
    of cases. Each trial draws its own random order of the cases from its problem's
    generator, in turn; ties between trials go to the first. The trials are independent, of
    one training set or of several (cross-validation's folds), so they run in lockstep
    (:class:`Trial`): each cycle grows the windows of all trials still running side by side
    (:func:`~smalltrees.learners.c45.grow.grow_each`, each window's tree the one its own
    problem gives it alone; ``base`` and ``rows`` as there), then each trial counts its
    exceptions and enlarges its window as it would alone. The trees' nodes keep the rows of
    the problem they grew in, which may not be their own: the caller gives the tree it keeps
    its training cases (``Pruner.redistribute``).
    """
    everyone, steps = [], []
    for problem, rng in zip(problems, rngs, strict=True):
        n_cases = problem.Z.shape[0]
        default_size, default_increment = default_window(n_cases)
        size = min(window or default_size, n_cases)
        steps.append(increment or default_increment)
        everyone.append([Trial(rng.permutation(n_cases), size) for _ in range(trials)])
    running = [(k, trial) for k, own in enumerate(everyone) for trial in own]
    while running:
        windows = [(k, trial.window()) for k, trial in running]
        roots = grow_each(problems, [(k, cases, np.ones(cases.size)) for k, cases in windows],
                          base, rows, renumber=False)
        running = [(k, trial) for (k, trial), root in zip(running, roots, strict=True)
                   if trial.judge(problems[k], root, steps[k])]
    return [_best(own) for own in everyone]


def _best(trials: list[Trial]) -> Node:
    """The tree of the first trial with the fewest training errors."""
    best, best_errors = None, math.inf
    for trial in trials:
        if trial.best_errors < best_errors:
            best, best_errors = trial.best, trial.best_errors
    return best


class Trial:
    """One trial of windowing: a random order of the cases whose first ``size`` are the
    window, and the tree with the fewest training errors so far (window errors, rounded,
    plus exceptions; ties to the earlier cycle)."""

    def __init__(self, order: np.ndarray, size: int) -> None:
        self.order, self.size = order, size
        self.best: Node | None = None
        self.best_errors: float = math.inf

    def window(self) -> np.ndarray:
        """The rows of the window, in row order (as the tree is grown on them)."""
        return np.sort(self.order[:self.size])

    def judge(self, problem: GrowingProblem, root: Node, increment: int) -> bool:
        """Take the tree grown on the window: collapse it, count its exceptions outside the
        window, keep it if it has fewer training errors than the trial's best; move the
        exceptions just after the window and enlarge it. False when there was no exception
        (the trial is over)."""
        window_errors, collapsed = collapse_listed(*preorder(root))
        outside = self.order[self.size:]
        predicted = predict_codes(listed_tree(*collapsed, problem.n_classes),
                                  problem.Z[outside])
        wrong = predicted != problem.y[outside]
        n_exceptions = int(np.count_nonzero(wrong))
        errors = round(window_errors) + n_exceptions
        if errors < self.best_errors:
            self.best, self.best_errors = root, errors
        if not n_exceptions:
            return False
        self.order = np.concatenate([self.order[:self.size], outside[wrong], outside[~wrong]])
        self.size = min(self.size + max(min(n_exceptions, increment), n_exceptions // 2),
                        self.order.size)
        return True
