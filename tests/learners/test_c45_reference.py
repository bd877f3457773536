"""The fast C4.5 grower (a depth at a time, in whole-array operations) grows exactly the trees
of the plain node-by-node reference (tests/c45_reference.py)."""

import numpy as np
import pandas as pd
import pytest
from c45_reference import grow as reference_grow
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_c45 import datasets
from test_c45_j48 import FIXTURES, read_arff

from smalltrees.learners.c45.grow import grow
from smalltrees.learners.c45.problem import GrowingProblem
from smalltrees.learners.c45.tree import Node
from smalltrees.learners.criteria import get_criterion
from smalltrees.learners.encoding import Schema

CRITERIA = ["gain_ratio", "gain", "G"]


def differences(fast: Node, plain: Node, path: str = "root") -> list[str]:
    """Where two trees differ: test, threshold, class weights (to the last bit), branches."""
    if (fast.feature, fast.is_leaf) != (plain.feature, plain.is_leaf):
        return [f"{path}: feature {fast.feature} != {plain.feature}"]
    if not np.array_equal(fast.threshold, plain.threshold, equal_nan=True):
        return [f"{path}: threshold {fast.threshold!r} != {plain.threshold!r}"]
    if not np.array_equal(fast.dist, plain.dist):
        return [f"{path}: class weights {fast.dist.tolist()} != {plain.dist.tolist()}"]
    if len(fast.children) != len(plain.children):
        return [f"{path}: {len(fast.children)} != {len(plain.children)} branches"]
    return [found for b, (one, other) in enumerate(zip(fast.children, plain.children,
                                                       strict=True))
            for found in differences(one, other, f"{path}/{b}")]


def both_trees(X, y, weights=None, **options):
    """The trees of the fast grower and of the reference on ``(X, y)``."""
    Z = Schema.from_frame(X).encode(X)
    classes, codes = np.unique(np.asarray(y, dtype=object), return_inverse=True)
    n_values = Schema.from_frame(X).n_values
    settings = dict(criterion=get_criterion(options.get("criterion", "gain_ratio")),
                    min_cases=float(options.get("min_cases", 2)),
                    mdl_correction=options.get("mdl_correction", True),
                    cut_by_merit=options.get("cut_by_merit", False),
                    cut_above_average=options.get("cut_above_average", False),
                    single_precision=options.get("single_precision", False))
    rows = np.arange(len(X))
    weights = np.ones(len(X)) if weights is None else weights
    problem = GrowingProblem(Z, codes, len(classes), n_values, **settings)
    return grow(problem, rows, weights), reference_grow(problem, rows, weights)


@settings(derandomize=True, max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=datasets(), criterion=st.sampled_from(CRITERIA), min_cases=st.sampled_from([1, 2]),
       mdl=st.booleans(), by_merit=st.booleans(), above_average=st.booleans(),
       fractional=st.booleans(), seed=st.integers(0, 2**16), single=st.booleans())
def test_fast_grower_equals_the_reference_on_random_data(data, criterion, min_cases, mdl,
                                                         by_merit, above_average, fractional,
                                                         seed, single):
    X, y = data
    weights = (np.random.default_rng(seed).choice([1.0, 0.5, 0.25, 1 / 3], len(X))
               if fractional else None)
    fast, plain = both_trees(X, y, weights, criterion=criterion, min_cases=min_cases,
                             mdl_correction=mdl, cut_by_merit=by_merit,
                             cut_above_average=above_average,
                             single_precision=single and criterion != "G")
    assert differences(fast, plain) == []


#: Values closer than C4.5's cut spacing (1e-5) and within its placement tolerance (1e-6) of
#: each other, so that which cuts exist and where thresholds go are checked too: at a node
#: without ``1 + 1.2e-5`` a cut between ``1 + 3e-6`` and ``1 + 2.05e-5`` (midpoint
#: ``1 + 1.175e-5``) is placed on that value of another node, within the tolerance above it.
CLOSE_VALUES = [0.0, 1.0, 1.0 + 4e-7, 1.0 + 3e-6, 1.0 + 1.2e-5, 1.0 + 2.05e-5, 2.5, 1e11,
                np.nextafter(1e11, np.inf), np.nan]


@st.composite
def close_data(draw):
    """1-3 continuous columns of 4-40 values from :data:`CLOSE_VALUES`, 2-3 classes."""
    n = draw(st.integers(4, 40))
    columns = {f"x{j}": draw(st.lists(st.sampled_from(CLOSE_VALUES), min_size=n, max_size=n))
               for j in range(draw(st.integers(1, 3)))}
    y = draw(st.lists(st.sampled_from(["a", "b", "c"][: draw(st.integers(2, 3))]), min_size=n,
                      max_size=n))
    return pd.DataFrame(columns, dtype=float), np.array(y, dtype=object)


@settings(derandomize=True, max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=close_data(), criterion=st.sampled_from(CRITERIA), min_cases=st.sampled_from([1, 2]),
       mdl=st.booleans(), single=st.booleans())
def test_fast_grower_equals_the_reference_on_close_values(data, criterion, min_cases, mdl,
                                                         single):
    X, y = data
    fast, plain = both_trees(X, y, criterion=criterion, min_cases=min_cases, mdl_correction=mdl,
                             single_precision=single and criterion != "G")
    assert differences(fast, plain) == []


@pytest.mark.parametrize("code", ["HD", "CR", "HE", "BC", "SO"])
@pytest.mark.parametrize("options", [{}, {"min_cases": 1, "mdl_correction": False},
                                     {"criterion": "G", "min_cases": 1},
                                     {"mdl_correction": False, "cut_by_merit": True,
                                      "cut_above_average": True},
                                     {"mdl_correction": False, "cut_by_merit": True,
                                      "cut_above_average": True, "single_precision": True},
                                     {"single_precision": True}],
                         ids=["default", "m1_no_mdl", "G_m1", "pre_r8", "pre_r8_single",
                              "r8_single"])
def test_fast_grower_equals_the_reference_on_real_data(code, options):
    X, y = read_arff(FIXTURES / f"{code}.arff")  # the J48 fixture's data: no download
    fast, plain = both_trees(X, y, **options)
    assert differences(fast, plain) == []
