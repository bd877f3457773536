"""The statistics of DKM 1996 Table 1: paired t, pooled t, sign test, ABC and BCa intervals."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smalltrees.evaluation.intervals import (
    abc_mean_interval,
    bca_mean_interval,
    contingency,
    difference_interval,
    difference_values,
)
from smalltrees.evaluation.statistics import paired_t, pooled_t, sign_test


def test_paired_t_by_hand():
    # d = (1, 2, 3): mean 2, sd 1, t = 2 / (1 / sqrt 3) = 3.4641, df 2
    r = paired_t([1, 2, 3])
    assert (r.mean, r.sd, r.df) == (2.0, 1.0, 2)
    assert r.t == pytest.approx(2 * math.sqrt(3))
    # two-sided p at df 2: 1 - t / sqrt(2 + t^2) for Student's t with 2 df
    assert r.p == pytest.approx(1 - r.t / math.sqrt(2 + r.t**2))
    # DKM Table 1, Segmentation: (4, 0, 0, 0) gives t = 1.000 and p = 0.391, not 0.139
    seg = paired_t([4, 0, 0, 0])
    assert seg.t == pytest.approx(1.0) and round(seg.p, 3) == 0.391
    # Pima, df 1 (Cauchy): t = 3 gives p = 1 - (2 / pi) atan 3 = 0.205
    pima = paired_t([-2, -4])
    assert pima.t == pytest.approx(-3.0) and pima.p == pytest.approx(1 - 2 / math.pi *
                                                                      math.atan(3))


def test_paired_t_degenerate_and_invalid():
    assert paired_t([0, 0, 0]).p == 1.0
    r = paired_t([2, 2])
    assert r.t == math.inf and r.p == 0.0
    with pytest.raises(ValueError, match="at least 2"):
        paired_t([1])


def test_pooled_t_is_the_t_of_all_differences():
    assert pooled_t([[1, 2], [3]]) == paired_t([1, 2, 3])


def test_sign_test_by_hand():
    # 8 wins of 9: P(X <= 1) + P(X >= 8) = 2 (1 + 9) / 512
    r = sign_test([1] * 8 + [-1])
    assert (r.wins, r.losses, r.ties) == (8, 1, 0) and r.p == pytest.approx(20 / 512)
    # ties dropped: 7 of 7 gives 2 / 128
    assert sign_test([1] * 7 + [0, 0]).p == pytest.approx(2 / 128)
    assert sign_test([0, 0]).p == 1.0


def test_contingency_tallies_examples():
    wrong_g = np.array([[1, 0, 0, 1], [0, 0, 1, 1]], dtype=bool)   # 2 hypotheses x 4 examples
    wrong_h = np.array([[1, 1, 0, 1], [1, 0, 0, 1]], dtype=bool)
    table = contingency(wrong_g, wrong_h)
    # examples: (a, b) = (1, 2), (0, 1), (1, 0), (2, 2)
    expected = np.zeros((3, 3), dtype=int)
    for a, b in [(1, 2), (0, 1), (1, 0), (2, 2)]:
        expected[a, b] += 1
    assert (table == expected).all()
    values, counts = difference_values(table)
    # err_H - err_G = (5 - 4) / 8 = mean of (b - a) / 2
    assert np.dot(values, counts) / counts.sum() == pytest.approx(1 / 8)


def test_abc_interval_on_a_2x2_table_by_hand():
    # n = 1: 6 examples both right, 3 only H wrong, 1 only G wrong, none both wrong.
    table = np.array([[6, 3], [1, 0]])
    # values v = b - a: 0 (x6), +1 (x3), -1 (x1); mean 0.2; t = v - 0.2
    # sum t^2 = 6(.04) + 3(.64) + 1.44 = 3.6; sigma = sqrt(3.6) / 10
    # sum t^3 = 6(-.008) + 3(.512) - 1.728 = -0.24; a = -0.24 / (6 * 3.6^1.5)
    sigma, a = math.sqrt(3.6) / 10, -0.24 / (6 * 3.6**1.5)
    z = 1.959963984540054
    w_low, w_high = a - z, a + z
    low = 0.2 + sigma * w_low / (1 - a * w_low) ** 2
    high = 0.2 + sigma * w_high / (1 - a * w_high) ** 2
    got = difference_interval(table)
    assert got.estimate == pytest.approx(0.2)
    assert (got.low, got.high) == (pytest.approx(low), pytest.approx(high))
    assert round(got.low, 4) == -0.1817 and round(got.high, 4) == 0.5624


def abcnon(x, tt, eps=0.001, level=0.95):
    """Efron & Tibshirani's abcnon (R package bootstrap), by numerical differentiation."""
    n = len(x)
    ep = eps / n
    p0 = np.full(n, 1 / n)
    t0 = tt(p0, x)
    t1, t2 = np.zeros(n), np.zeros(n)
    for i in range(n):
        di = np.eye(n)[i] - p0
        tp, tm = tt(p0 + ep * di, x), tt(p0 - ep * di, x)
        t1[i] = (tp - tm) / (2 * ep)
        t2[i] = (tp - 2 * t0 + tm) / ep**2
    sighat = math.sqrt(np.sum(t1**2)) / n
    a = np.sum(t1**3) / (6 * n**3 * sighat**3)
    delta = t1 / (n**2 * sighat)
    cq = (tt(p0 + ep * delta, x) - 2 * t0 + tt(p0 - ep * delta, x)) / (2 * sighat * ep**2)
    curv = np.sum(t2) / (2 * n**2) / sighat - cq
    from scipy.stats import norm
    z0 = norm.ppf(2 * norm.cdf(a) * norm.cdf(-curv))
    out = []
    for alpha in ((1 - level) / 2, (1 + level) / 2):
        w = z0 + norm.ppf(alpha)
        out.append(tt(p0 + w / (1 - a * w) ** 2 * delta, x))
    return out


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(-2, 2), min_size=3, max_size=25).filter(lambda v: len(set(v)) > 1))
def test_closed_form_abc_equals_numerical_abcnon(raw):
    x = np.array(raw, dtype=float) / 2
    values, counts = np.unique(x, return_counts=True)
    ours = abc_mean_interval(values, counts)
    low, high = abcnon(x, lambda p, data: np.dot(p, data) / p.sum())
    assert ours.low == pytest.approx(low, abs=1e-6) and ours.high == pytest.approx(high, abs=1e-6)


def test_bca_agrees_with_abc_and_is_reproducible():
    values, counts = np.array([0.0, 0.5, -0.5, 1.0]), np.array([300, 40, 20, 10])
    abc = abc_mean_interval(values, counts)
    bca = bca_mean_interval(values, counts, resamples=4000, seed=np.random.SeedSequence(7))
    assert bca.low == pytest.approx(abc.low, abs=0.01) and bca.high == pytest.approx(abc.high,
                                                                                      abs=0.01)
    again = bca_mean_interval(values, counts, resamples=4000, seed=np.random.SeedSequence(7))
    assert again == bca
    assert bca_mean_interval([0.0], [5]).low == 0.0


def test_interval_input_errors():
    with pytest.raises(ValueError, match="unknown interval method"):
        difference_interval(np.array([[1, 0], [0, 1]]), method="percentile")
    with pytest.raises(ValueError, match="level"):
        abc_mean_interval([0.0, 1.0], [1, 1], level=95)
    with pytest.raises(ValueError, match="shape"):
        contingency(np.zeros((2, 3)), np.zeros((3, 2)))
