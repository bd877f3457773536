"""A dataset encoded once (smalltrees.evaluation.encoded): fitting and predicting on encoded
rows gives the models and predictions of fit/predict on the frame's rows, for every learner
that can, and any other learner gets the frame's rows."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from test_t2 import random_case

from smalltrees import C45, IFN, T1, T2, T3, Bagging
from smalltrees.evaluation.encoded import EncodedData, fits_encoded
from smalltrees.learners.id3.estimator import ID3

LEARNERS = [lambda: T1(), lambda: T2(K=2), lambda: T3(K=2), lambda: C45(min_cases=1),
            lambda: IFN(), lambda: Bagging(C45(min_cases=1), n_estimators=3, random_state=2)]


@pytest.mark.parametrize("make", LEARNERS)
def test_encoded_rows_fit_the_frame_rows_model(make):
    for seed in range(12):
        rng = np.random.default_rng(seed)
        X, y, _ = random_case(rng, 30, 4)
        data = EncodedData.of(X, y)
        train = rng.random(len(y)) < 0.7
        test = ~train
        if not train.any():
            continue
        fast = data.fit(make(), train)
        frame = make().fit(X[train].reset_index(drop=True), data.y[train])
        assert fits_encoded(fast)
        assert fast.export_text() == frame.export_text()
        assert list(fast.classes_) == list(frame.classes_)
        X_test = X[test].reset_index(drop=True)
        assert list(data.predict(fast, test)) == list(frame.predict(X_test))
        assert np.array_equal(fast.predict_proba(X_test), frame.predict_proba(X_test))
        if hasattr(frame, "complexity"):
            assert data.complexity(fast, test) == frame.complexity(X_test)


def test_a_learner_without_encoded_fitting_gets_the_frame_rows():
    X = pd.DataFrame({"c": pd.Categorical(list("aabbab")), "x": [0.0, 1, 2, 3, 4, 5]})
    y = ["p", "p", "q", "q", "p", "q"]
    data = EncodedData.of(X, y)
    rows = np.array([0, 1, 2, 3])
    model = data.fit(ID3(), rows)
    assert not fits_encoded(model)
    expected = ID3().fit(X.iloc[rows].reset_index(drop=True), np.asarray(y, dtype=object)[rows])
    assert model.export_text() == expected.export_text()
    assert list(data.predict(model, np.array([4, 5]))) == list(expected.predict(X.iloc[4:]))
    bagged = Bagging(ID3(), n_estimators=2).fit(X, y)  # members fitted on frame rows
    assert not fits_encoded(bagged) and len(bagged.predict(X)) == 6
