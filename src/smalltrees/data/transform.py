"""Dataset transformations applied when a study loads a dataset, written as config data.

Dietterich, Kearns & Mansour (1996, section 3.1) "converted multiclass problems into problems of
discriminating one class from the remaining classes": Letter ('H'), Segmentation ('4'), ... The
positive class is a config value of the study, not a registry entry, so one processed dataset
serves several problems (ISOLET 'E' and ISOLET 'P') without being parsed twice.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

REST = "rest"
"""The label of every example not of the positive class."""


def rest_labels(labels, positive) -> np.ndarray:
    """``positive`` where a label equals it, :data:`REST` elsewhere (an object array): the one
    relabelling of one class against the rest, for the studies' data (:func:`one_vs_rest`)
    and the two-class learners' ``positive_class``.

    Examples
    --------
    >>> rest_labels([1, 2, 1], 1).tolist()
    [1, 'rest', 1]
    """
    labels = np.asarray(labels, dtype=object)
    found = np.full(labels.shape, REST, dtype=object)
    found[labels == positive] = positive
    return found


def one_vs_rest(y: pd.Series, positive: str, where: str) -> pd.Series:
    """Labels ``positive`` and :data:`REST` (every other class), as strings.

    ``where`` names the config key and dataset in the error raised when ``positive`` is not a
    class of ``y`` or is the only one (nothing to discriminate), or is literally ``"rest"``.
    """
    classes = sorted(pd.unique(y.astype(str)))
    positive = str(positive)
    if positive not in classes:
        raise ValueError(f"{where}: positive class {positive!r} does not occur in the data; "
                         f"expected one of {classes}")
    if len(classes) < 2:
        raise ValueError(f"{where}: {positive!r} is the only class; nothing to discriminate")
    if positive == REST:
        raise ValueError(f"{where}: a positive class named {REST!r} would merge with the rest")
    return pd.Series(rest_labels(y.astype(str).to_numpy(), positive), index=y.index,
                     name=y.name)
