"""C45's `min_split_share` option: the 0.1 N / classes bound on continuous splits, or none."""

import numpy as np
import pandas as pd

from smalltrees import C45


def three_odd_cases() -> tuple[pd.DataFrame, np.ndarray]:
    """200 cases, class b only for x < 3: the share bound (0.1 * 200 / 2 = 10) forbids the
    cut that splits off the three b cases; min_cases (2) alone allows it."""
    X = pd.DataFrame({"x": np.arange(200.0)})
    return X, np.where(X["x"] < 3, "b", "a")


def test_without_the_share_bound_a_cut_may_split_off_few_cases():
    X, y = three_odd_cases()
    model = C45(min_split_share=False, prune=False).fit(X, y)
    assert model.tree_.thresholds[0, 0] == 2.0   # x <= 2: the three b cases
    assert model.score(X, y) == 1.0


def test_the_default_bound_forbids_it():
    X, y = three_odd_cases()
    model = C45(prune=False).fit(X, y)
    assert model.tree_.thresholds[0, 0] == 9.0    # x <= 9 splits off the 10 the bound asks for
    assert C45(min_split_share=True, prune=False).fit(X, y).export_text() == model.export_text()
