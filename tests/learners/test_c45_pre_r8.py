"""The cut rule of C4.5 before Release 8 (``C45(release="pre-R8")``), from Quinlan's change log.

Item 21 of ``Src/Modifications`` (October 1995, Release 8) altered the gain of continuous
attributes (Quinlan 1996). Before it, a continuous attribute's cut was rated as attributes are
(Quinlan 1993, ch. 2): the cut of best gain ratio among the cuts whose gain is at least the
average gain of the cuts tried, no threshold cost, the attribute's gain that cut's. The cases
below are small enough to check by hand; the gains and ratios in the comments are in bits.
"""

import numpy as np
import pandas as pd
import pytest

from smalltrees import C45
from smalltrees.learners.c45.cut_ranking import AVERAGE_GAIN_SLACK, pre_r8_ranking
from smalltrees.learners.c45.problem import GrowingProblem
from smalltrees.learners.c45.proposals import propose
from smalltrees.learners.criteria import get_criterion
from smalltrees.learners.encoding import Schema

# 12 cases, 7 a and 5 b (entropy 0.9799), in five runs of tied values:
#   x:  1 1 | 2 2 | 6 6 | 7 7 | 9 9 9 | 11
#   y:  a a | b a | a a | b a | a b b | b
# with min_cases 1 every cut between runs is admissible (0.1 * 12 / 2 < 1):
#   cut after    branches  gain                               split info  gain ratio
#   x = 1        2 | 10    0.9799 - 10/12 = 0.1465            0.6500      0.2254
#   x = 2        4 | 8     0.0428                             0.9183      0.0466
#   x = 6        6 | 6     0.1957                             1           0.1957
#   x = 7        8 | 4     0.1686                             0.9183      0.1836
#   x = 9        11 | 1    0.9799 - 11/12 H(7/11) = 0.1130    0.4138      0.2731
# The average gain is 0.1333.
X_RUNS = [1.0, 1.0, 2.0, 2.0, 6.0, 6.0, 7.0, 7.0, 9.0, 9.0, 9.0, 11.0]
Y_RUNS = list("aabaaabaabbb")


def root_test(X: pd.DataFrame, y, **params) -> tuple[str, float]:
    """The attribute and threshold tested at the root of an unpruned tree."""
    model = C45(min_cases=1, prune=False, **params).fit(X, y)
    return str(model.schema_.names[model.tree_.feature[0]]), float(model.tree_.thresholds[0, 0])


def root_proposal(X: pd.DataFrame, y, **options) -> tuple[float, float]:
    """The (gain, cut) that attribute 0 proposes at the root, with min_cases 1."""
    schema = Schema.from_frame(X)
    classes, codes = np.unique(np.asarray(y, dtype=object), return_inverse=True)
    problem = GrowingProblem(schema.encode(X), codes, len(classes), schema.n_values,
                             get_criterion("gain_ratio"), 1.0, **options)
    n = len(X)
    found = propose(problem, np.arange(n), np.ones(n), float(n))
    assert found.valid[0]
    return float(found.gain[0]), float(found.cut[0])


def test_the_best_ratio_cut_below_the_average_gain_is_passed_over():
    X = pd.DataFrame({"x": X_RUNS})
    # Release 8 without the threshold cost: the cut of highest gain (x <= 6).
    assert root_test(X, Y_RUNS, mdl_correction=False) == ("x", 6.0)
    # gain ratio alone (threshold_by="merit"): the cut of highest ratio, x <= 9, whose gain
    # 0.1130 is below the average 0.1333.
    assert root_test(X, Y_RUNS, mdl_correction=False, threshold_by="merit") == ("x", 9.0)
    # before Release 8: the highest ratio among the cuts of gain >= 0.1333 (after 1, 6, 7).
    assert root_test(X, Y_RUNS, release="pre-R8") == ("x", 1.0)


def test_the_attribute_gain_is_the_chosen_cut_gain_without_threshold_cost():
    gain, cut = root_proposal(pd.DataFrame({"x": X_RUNS}), Y_RUNS, mdl_correction=False,
                              cut_by_merit=True, cut_above_average=True)
    assert cut == 1.5
    assert gain == pytest.approx(0.9799 - 10 / 12, abs=1e-4)


def test_unknown_values_scale_the_gains_and_are_a_branch_of_the_split_information():
    # One more case, x unknown: every gain is scaled by the known fraction 12/13, so the
    # average filter keeps the same cuts (after 1, 6, 7), but the split information counts the
    # unknown case as a third branch: the ratio of x <= 1 falls to 0.1353 / H(2, 10, 1) =
    # 0.1365, below x <= 6's 0.1807 / H(6, 6, 1) = 0.1375 (x <= 7: 0.1256).
    X = pd.DataFrame({"x": X_RUNS + [np.nan]})
    y = Y_RUNS + ["a"]
    gain, cut = root_proposal(X, y, mdl_correction=False, cut_by_merit=True,
                              cut_above_average=True)
    assert cut == 6.5
    assert gain == pytest.approx(12 / 13 * 0.1957, abs=1e-4)
    assert root_test(X, y, release="pre-R8") == ("x", 6.0)


def test_ties_go_to_the_first_cut():
    # x = 1..8, y = a a b b b b a a: the cuts after 2 and after 6 have the same gain (0.3113)
    # and ratio (0.3837), the highest, both above the average 0.1423: the first is taken.
    X = pd.DataFrame({"x": np.arange(1.0, 9.0)})
    y = list("aabbbbaa")
    assert root_test(X, y, release="pre-R8") == ("x", 2.0)


def test_the_average_filter_has_c45s_slack():
    # Three cuts of gains 0.4, 0.1995 and 0.0005: the average is 0.2, so the second, 0.0005
    # below it, passes the filter (slack 1e-3, C4.5's Epsilon) and the third does not. Their
    # split informations (8 | 2, 5 | 5, 1 | 9 of 10 cases) are 0.7219, 1 and 0.4690.
    gain = np.array([[[0.4, 0.1995, 0.0005]]])
    left = np.array([[[8.0, 5.0, 1.0]]])
    ranking = pre_r8_ranking(gain, np.ones(gain.shape, bool), np.array([[3]]), left,
                             np.array([[[10.0]]]), np.array([[10.0]]))
    assert ranking[0, 0, :2] == pytest.approx([0.4 / 0.7219, 0.1995], abs=1e-4)
    assert ranking[0, 0, 2] == -np.inf
    assert AVERAGE_GAIN_SLACK == 1e-3


def test_inadmissible_cuts_count_in_neither_the_average_nor_the_choice():
    gain = np.array([[[0.3, -np.inf, 0.1]]])
    admissible = np.isfinite(gain)
    left = np.array([[[3.0, 5.0, 7.0]]])
    ranking = pre_r8_ranking(gain, admissible, np.array([[2]]), left, np.array([[[10.0]]]),
                             np.array([[10.0]]))
    # average 0.2: only the first cut is eligible
    assert np.isfinite(ranking[0, 0]).tolist() == [True, False, False]


def test_without_gain_ratio_the_release_changes_only_the_threshold_cost():
    # C4.5's -g (criterion "gain") rates cuts by gain in every release: pre-R8 is Release 8
    # without the threshold cost.
    rng = np.random.default_rng(0)
    X = pd.DataFrame({"x": rng.normal(size=60).round(1), "z": rng.normal(size=60).round(1)})
    y = np.where(X.x + 0.5 * X.z + rng.normal(scale=0.5, size=60) > 0, "p", "n")
    for criterion in ("gain", "G"):
        old = C45(criterion=criterion, release="pre-R8").fit(X, y)
        new = C45(criterion=criterion, mdl_correction=False).fit(X, y)
        assert old.export_text() == new.export_text()


def test_release_r8_is_the_default():
    X = pd.DataFrame({"x": X_RUNS})
    default = C45(min_cases=1, prune=False).fit(X, Y_RUNS).export_text()
    explicit = C45(min_cases=1, prune=False, release="R8", mdl_correction=True,
                   threshold_by="gain").fit(X, Y_RUNS).export_text()
    assert default == explicit


@pytest.mark.parametrize(("params", "message"), [
    ({"release": "R7"}, "release must be one of"),
    ({"release": "pre-R8", "mdl_correction": True}, "no threshold cost"),
    ({"release": "pre-R8", "threshold_by": "merit"}, "its own cut rule"),
    ({"release": "pre-R8", "threshold_by": "gain"}, "its own cut rule"),
    ({"mdl_correction": "yes"}, "mdl_correction must be None, True or False"),
    ({"threshold_by": "ratio"}, "threshold_by must be None or one of"),
])
def test_contradictory_options_are_value_errors(params, message):
    with pytest.raises(ValueError, match=message):
        C45(**params).fit(pd.DataFrame({"x": [1.0, 2.0]}), ["a", "b"])


def test_pre_r8_accepts_an_explicit_false_threshold_cost():
    X = pd.DataFrame({"x": X_RUNS})
    assert (C45(release="pre-R8", mdl_correction=False).fit(X, Y_RUNS).export_text()
            == C45(release="pre-R8").fit(X, Y_RUNS).export_text())
