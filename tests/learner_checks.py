"""What the learner tests share: a fresh learner of each registered class, quick to fit, and the
number of training errors a fitted learner reports about itself (to compare with its own
predictions on the training data, issue 21 item 1), and a time limit around a fit."""

from __future__ import annotations

import signal
from contextlib import contextmanager

import numpy as np
import pandas as pd

from smalltrees.learners.c45.prune import leaf_errors
from smalltrees.learners.ifn.network import terminal_masks
from smalltrees.learners.registry import LEARNER_CLASSES, learner_class
from smalltrees.learners.tree import Tree

NAMES = sorted(LEARNER_CLASSES)
"""Every registered learner: a learner added to the registry is tested without a new line."""

QUICK = {"Bagging": {"n_estimators": 5}, "AdaBoost": {"n_rounds": 10}}
"""Smaller ensembles than the defaults, for test time; every other learner as constructed."""


@contextmanager
def time_limit(seconds: float):
    """Raise ``TimeoutError`` if the block runs longer than ``seconds``: a hang fails the case
    instead of the test run (the learners loop in Python, so the alarm interrupts them)."""
    def expire(signum, frame):
        raise TimeoutError(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def make(name: str):
    """A fresh learner of the registered class ``name``."""
    return learner_class(name)(**QUICK.get(name, {}))


def reported_training_errors(model, X) -> int | None:
    """The training errors ``model`` reports (or stores the counts of), None if it does not.

    T1/T2: ``n_errors_``; TopDown and AdaBoost: the last round's ``train_error`` in
    ``history_`` (TopDown without rounds: 0 once ``stop_reason_`` says zero training error);
    C4.5 (without missing values, whose fractional cases make the leaves' counts differ from
    a prediction): its leaves' class weights; ID3: its leaves' counts and labels; IFN: its
    terminal nodes' counts. Bagging reports none.
    """
    m = len(X)
    if hasattr(model, "n_errors_"):
        return int(model.n_errors_)
    history = getattr(model, "history_", None)
    if history is not None and "train_error" in history and len(history):
        return int(round(float(history["train_error"].iloc[-1]) * m))
    if getattr(model, "stop_reason_", None) == "zero training error":
        return 0
    tree = getattr(model, "tree_", None)
    if isinstance(tree, Tree) and tree.fractional:  # C4.5
        if pd.DataFrame(X).isna().to_numpy().any():
            return None
        return int(round(sum(leaf_errors(tree.counts[leaf])
                             for leaf in np.flatnonzero(tree.is_leaf).tolist())))
    if isinstance(tree, Tree):
        leaves = np.flatnonzero(tree.is_leaf)
        counts = tree.counts[leaves]
        return int(counts.sum() - counts[np.arange(leaves.size), tree.label[leaves]].sum())
    if hasattr(model, "network_"):
        levels = [model.root_counts_[None, :]] + [layer.counts for layer in model.network_]
        return int(sum((counts[mask].sum(axis=1) - counts[mask].max(axis=1)).sum()
                       for counts, mask in zip(levels, terminal_masks(model.network_),
                                               strict=True)))
    return None
