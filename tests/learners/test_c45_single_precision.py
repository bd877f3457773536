"""C4.5's single-precision arithmetic (``C45(arithmetic="single")``, the default of
``release="pre-R8"``): the gains and split information Quinlan's program computes in ``float``.

The numbers marked "printed by Quinlan's program" were printed (``%.9g``, which names a
``float`` exactly) by Release 8's C source, rebuilt with the pre-Release-8 cut rule as
``benchmarks/c45_vs_quinlan.py`` builds it, with one ``printf`` added per cut (``contin.c``,
after ``SplitGain`` and ``SplitInfo``) and per attribute (``build.c``, after ``Worth``), run
on the data below (``c4.5 -f <stem>``, ``-m 1`` for the mirror case). Its trees chose as the
tests below say.
"""

import numpy as np
import pandas as pd
import pytest
from c45_reference import c_total_info
from hypothesis import given, settings
from hypothesis import strategies as st

from smalltrees import C45
from smalltrees.learners.c45 import single_precision
from smalltrees.learners.criteria import entropy

# 13 cases x = 1..13, classes a a a a b b b b b a a a a: the cut after x = 4 (4 a | 4 a 5 b)
# and the cut after x = 9 (4 a 5 b | 4 a) are mirror images, equal in gain and ratio in exact
# arithmetic. In float, TotalInfo adds the branch terms of the split information in the
# opposite order for the two, and the second comes out smaller.
MIRROR = "aaaabbbbbaaaa"
#: Printed by Quinlan's program: SplitGain and SplitInfo of the cuts after x = 1, ..., 12.
MIRROR_GAINS = ["0.0567421913", "0.120133996", "0.192005694", "0.275106907", "0.0681872964",
                "0.00690025091", "0.00690025091", "0.0681872964", "0.275106907",
                "0.192005694", "0.120133996", "0.0567421913"]
MIRROR_INFOS = ["0.391243517", "0.619382143", "0.779349983", "0.890491784", "0.961236537",
                "0.995727539", "0.995727539", "0.961236537", "0.890491486", "0.779349983",
                "0.619382143", "0.391243517"]


def mirror_counts() -> tuple[np.ndarray, np.ndarray]:
    """Class weights (a, b) of the known cases and left of each cut of :data:`MIRROR`."""
    y = np.array([c == "b" for c in MIRROR], dtype=int)
    left = np.array([[np.sum(y[:k] == c) for k in range(1, len(y))] for c in (0, 1)])
    return np.bincount(y), left


def test_cut_gains_and_split_information_are_those_printed_by_quinlans_program():
    known, left = mirror_counts()
    gains, infos = single_precision.continuous_terms(known, left, known[:, None] - left,
                                                     np.array(13.0))
    assert gains.tolist() == np.array(MIRROR_GAINS, dtype=np.float32).tolist()
    assert infos.tolist() == np.array(MIRROR_INFOS, dtype=np.float32).tolist()
    # the same in exact arithmetic: the two mirror cuts' split information is 0.8904916...
    exact = [(13 * np.log2(13) - 4 * np.log2(4) - 9 * np.log2(9)) / 13] * 2
    assert np.allclose(infos[[3, 8]], exact, rtol=1e-6, atol=0)
    assert infos[8] < infos[3]


def test_single_and_double_precision_choose_different_mirror_cuts():
    """Quinlan's program (pre-R8, ``-m 1``) cuts after x = 9, as single precision does;
    double precision takes the first of the two equal ratios, the cut after x = 4."""
    X = pd.DataFrame({"x": np.arange(1.0, 14.0)})
    models = {arithmetic: C45(release="pre-R8", min_cases=1, prune=False,
                              arithmetic=arithmetic).fit(X, list(MIRROR))
              for arithmetic in ("single", "double")}
    roots = {name: float(model.tree_.thresholds[0, 0]) for name, model in models.items()}
    assert roots == {"single": 9.0, "double": 4.0}


def same_partition_data() -> tuple[pd.DataFrame, list[str]]:
    """220 cases in which a categorical attribute ``a0`` and a continuous one ``a1`` split
    alike: ``v0``/0 holds 95 of class c0 and 18 of c1, ``v1``/1 52 and 55 (a node of
    Quinlan's program's tree on credit approval, CR, where A10 and A11 split alike)."""
    groups = [("v0", 0.0, "c0", 95), ("v0", 0.0, "c1", 18), ("v1", 1.0, "c0", 52),
              ("v1", 1.0, "c1", 55)]
    rows = [(a, x, c) for a, x, c, n in groups for _ in range(n)]
    X = pd.DataFrame({"a0": pd.Categorical([r[0] for r in rows], categories=["v0", "v1"]),
                      "a1": [r[1] for r in rows]})
    return X, [r[2] for r in rows]


def test_a_categorical_and_a_continuous_test_of_one_partition_as_quinlans_program_rates_them():
    """Printed by Quinlan's program: ``a0`` gain 0.105752349, ratio 0.105809137 (the base
    information summed in double, ``discr.c``); ``a1`` gain 0.105752587, ratio 0.105809376
    (summed in float, ``contin.c``); both split information 0.99946332."""
    counts = np.array([[95.0, 52.0], [18.0, 55.0]])  # class x value
    gain, info = single_precision.categorical_terms(counts, np.array(220.0))
    assert (gain, info) == (np.float32("0.105752349"), np.float32("0.99946332"))
    assert single_precision.ratio(gain, info, 1e-6) == np.float32("0.105809137")
    gains, infos = single_precision.continuous_terms(counts.sum(axis=1), counts[:, :1],
                                                     counts[:, 1:], np.array(220.0))
    assert (gains[0], infos[0]) == (np.float32("0.105752587"), np.float32("0.99946332"))
    assert single_precision.ratio(gains, infos, 1e-6)[0] == np.float32("0.105809376")


@pytest.mark.parametrize(("arithmetic", "tested"), [("single", "a1"), ("double", "a0"),
                                                    (None, "a1")])
def test_which_of_two_tests_of_one_partition_wins(arithmetic, tested):
    """Quinlan's program tests ``a1`` (strictly larger in float); double precision takes the
    first attribute of equal ratios (within 1e-6), ``a0``. ``None`` is pre-R8's: single."""
    X, y = same_partition_data()
    model = C45(release="pre-R8", arithmetic=arithmetic, prune=False).fit(X, y)
    assert model.schema_.names[model.tree_.feature[0]] == tested


def test_exactly_equal_values_go_to_the_first_attribute():
    """Two copies of one column give the very same float numbers: the first wins, as in
    ``build.c`` (``Val > BestVal``)."""
    X, y = same_partition_data()
    X = pd.DataFrame({"b0": X.a1, "b1": X.a1})
    model = C45(release="pre-R8", arithmetic="single", prune=False).fit(X, y)
    assert model.schema_.names[model.tree_.feature[0]] == "b0"


@settings(derandomize=True, max_examples=200, deadline=None)
@given(weights=st.lists(st.one_of(st.integers(0, 400).map(float),
                                  st.floats(0, 400, allow_subnormal=False)),
                        min_size=1, max_size=5))
def test_total_info_as_the_reference_and_close_to_double_precision(weights):
    """The vectorised ``TotalInfo`` gives the reference's number to the last bit, and the
    total entropy in double precision within float rounding."""
    counts = np.array(weights)
    found = single_precision.total_info(counts[:, None])[0]
    assert found == c_total_info(counts)
    assert abs(float(found) - float(entropy(counts))) <= 1e-5 * max(1.0, counts.sum())


def test_whole_class_weights_looked_up_give_the_computed_bits():
    """Whole class weights take ``N * Log(N)`` from the problem's table (``xlog_table``), for
    all classes at once: every total of up to 3 classes of 0..60 cases (and 2 classes of up
    to 2000, the largest training sets of 4 classes), to the last bit as computed from
    ``c_log`` in ``float`` and as the reference's scalar ``TotalInfo``."""
    table = np.arange(4001) * single_precision.c_log(np.arange(4001))
    small = np.stack(np.meshgrid(*[np.arange(61)] * 3, indexing="ij")).reshape(3, -1)
    large = np.stack(np.meshgrid(np.arange(0, 2001, 7), np.arange(2001), indexing="ij")
                     ).reshape(2, -1)
    for counts in (small, large):
        looked_up = single_precision.total_info(counts, table)
        computed = single_precision.total_info(counts.astype(float))
        assert looked_up.dtype == computed.dtype == np.float32
        assert np.array_equal(looked_up.view(np.int32), computed.view(np.int32))
    for column in small[:, ::997].T:
        assert single_precision.total_info(column[:, None], table)[0] == c_total_info(column)


@pytest.mark.parametrize(("params", "used"), [
    ({}, "double"), ({"release": "pre-R8"}, "single"),
    ({"release": "pre-R8", "criterion": "gain"}, "single"),
    ({"release": "pre-R8", "criterion": "G"}, "double"),
    ({"arithmetic": "single"}, "single"), ({"release": "pre-R8", "arithmetic": "double"}, "double"),
])
def test_the_arithmetic_each_release_uses(params, used):
    assert C45(**params).arithmetic_used == used


@pytest.mark.parametrize("params", [{"arithmetic": "float"}, {"arithmetic": 32},
                                    {"arithmetic": "single", "criterion": "G"}])
def test_bad_arithmetic_is_refused(params):
    X, y = same_partition_data()
    with pytest.raises(ValueError, match="arithmetic"):
        C45(**params).fit(X, y)


def per_class_total_info(counts: np.ndarray) -> np.ndarray:
    """``TotalInfo`` as :func:`single_precision.total_info` computed it class by class before
    its ``Log`` calls were batched (one ``c_log`` call per class and one for the total)."""
    counts = np.asarray(counts, dtype=np.float32)
    summed = np.zeros(counts.shape[1:], np.float32)
    items = np.zeros(counts.shape[1:], np.float32)
    for n in counts:
        summed = (summed + n * single_precision.c_log(n)).astype(np.float32)
        items = items + n
    return (items * single_precision.c_log(items) - summed).astype(np.float32)


@settings(derandomize=True, max_examples=300, deadline=None)
@given(n_classes=st.integers(1, 6), width=st.integers(1, 40), seed=st.integers(0, 2**32 - 1),
       scale=st.sampled_from([1e-3, 1.0, 30.0, 5000.0]))
def test_fractional_class_weights_batched_give_the_class_by_class_bits(n_classes, width, seed,
                                                                       scale):
    """Fractional class weights (unknown values split cases) take every ``N * Log(N)`` from
    one ``c_log`` call: bit for bit the numbers of one call per class, on random weights
    with zeros, whole numbers, tiny and slightly negative ones (a difference of sums)."""
    rng = np.random.default_rng(seed)
    counts = rng.random((n_classes, 3, width)) * scale
    counts[rng.random(counts.shape) < 0.2] = 0.0
    whole = rng.random(counts.shape) < 0.2
    counts[whole] = np.round(counts[whole])
    counts[rng.random(counts.shape) < 0.05] = -1e-12
    found = single_precision.total_info(counts)
    expected = per_class_total_info(counts)
    assert found.dtype == np.float32
    assert np.array_equal(found.view(np.int32), expected.view(np.int32))
    found = single_precision.total_info(tuple(counts[:, :1]))  # one array per class
    assert np.array_equal(found.view(np.int32), expected[:1].view(np.int32))


def test_categorical_terms_of_fractional_weights_as_class_by_class():
    """``categorical_terms``' class terms and known term from one batched ``c_log``: the
    gains and split information of the per-class expressions, bit for bit."""
    rng = np.random.default_rng(5)
    for _ in range(200):
        n_classes, width = rng.integers(1, 5), rng.integers(2, 9)
        counts = rng.random((n_classes, 4, 3, width)) * rng.choice([1.0, 40.0])
        counts[rng.random(counts.shape) < 0.3] = 0.0
        total = counts.sum(axis=(0, 3)) + rng.random((4, 3)) * 3
        gains, info = single_precision.categorical_terms(counts, total)
        branches = counts.sum(axis=0)
        known_weight = branches.sum(axis=-1)
        items, unknown, known = single_precision.node_weights(total, known_weight)
        summed = np.zeros(known.shape)
        for n in counts.sum(axis=-1).astype(np.float32):
            summed = summed + n.astype(np.float64) * single_precision.c_log(n)
        known_term = known.astype(np.float64) * single_precision.c_log(known)
        this_info = np.cumsum(per_class_total_info(counts), axis=-1, dtype=np.float32)[..., -1]
        with np.errstate(invalid="ignore", divide="ignore"):
            base = ((known_term - summed) / known.astype(np.float64)).astype(np.float32)
            expected = single_precision.gain(base, unknown / items, this_info, known)
        value_freq = np.concatenate([unknown[None],
                                     np.moveaxis(branches.astype(np.float32), -1, 0)])
        assert np.array_equal(gains.view(np.int32), expected.view(np.int32))
        assert np.array_equal(info.view(np.int32),
                              (per_class_total_info(value_freq) / items).view(np.int32))


def build_c_choice(valid, gain, merit, in_average):
    """``build.c``'s choice at one node, value by value, and its ``AvGain``: the ``float``
    sum of the counted gains over their number; the first attribute whose gain is at least
    ``AvGain - 1e-3`` and whose merit is strictly larger than the best so far (from 0)."""
    summed, n = np.float32(0), 0
    for is_valid, g, counts in zip(valid, gain, in_average, strict=True):
        if is_valid and counts:
            summed, n = np.float32(summed + np.float32(g)), n + 1
    if not n:
        return None, None
    average = np.float32(summed / np.float32(n))
    best, best_value = None, 0.0
    for j, (is_valid, g, m) in enumerate(zip(valid, gain, merit, strict=True)):
        if is_valid and g >= float(average) - 1e-3 and m > best_value:
            best, best_value = j, m
    return best, average


@settings(derandomize=True, max_examples=300, deadline=None)
@given(n_nodes=st.integers(1, 6), n_features=st.integers(1, 12), seed=st.integers(0, 2**32 - 1))
def test_tests_chosen_at_all_nodes_at_once_as_build_c_chooses(n_nodes, n_features, seed):
    """The vectorised choice (every node's average gain by a ``float32`` running sum, the
    first of the highest merits) picks what the value-by-value loop of ``build.c`` picks,
    with ties of merit and gain, gains near the average, zero and negative merits."""
    from smalltrees.learners.c45.grow import _best_tests_single
    from smalltrees.learners.c45.proposals import Proposals

    rng = np.random.default_rng(seed)
    shape = (n_nodes, n_features)
    levels = np.float32(rng.random(4) * rng.choice([1e-3, 0.1, 1.0]))
    valid = rng.random(shape) < 0.7
    gain = np.where(rng.random(shape) < 0.5,  # ties, near the average, or anything
                    rng.choice(np.append(levels, levels + np.float32(1e-3)), shape),
                    rng.random(shape) * rng.choice([1e-4, 1.0, 300.0], shape))
    gain = np.where(valid, gain.astype(np.float32), np.nan).astype(float)
    merit = np.where(valid, rng.choice(np.float32([0.0, -0.1, 0.2, 0.5, 0.5000001]), shape),
                     np.nan).astype(float)
    cut = rng.random(shape)
    # one set of attributes counted in the average, or one per node (trees of different
    # training sets grown side by side)
    in_average = rng.random(n_features if rng.random() < 0.5 else shape) < 0.8
    found = Proposals(valid, gain, merit, cut)
    chosen = _best_tests_single(in_average, found, [None] * n_nodes)
    averages, _ = single_precision.averages(gain, valid & in_average)
    for k in range(n_nodes):
        counted = in_average if in_average.ndim == 1 else in_average[k]
        expected, average = build_c_choice(valid[k], gain[k], merit[k], counted)
        assert (None if chosen[k] is None else chosen[k][0]) == expected
        if average is not None:
            assert averages[k].view(np.int32) == average.view(np.int32)
        if expected is not None:
            assert chosen[k][1] == cut[k, expected]


@settings(derandomize=True, max_examples=200, deadline=None)
@given(n_classes=st.integers(1, 4), n_runs=st.integers(2, 30), seed=st.integers(0, 2**32 - 1),
       unknown=st.integers(0, 20))
def test_cut_terms_of_whole_weights_looked_up_give_the_computed_bits(n_classes, n_runs, seed,
                                                                     unknown):
    """``continuous_terms`` of whole class weights with the problem's table (each class's,
    each branch's and the split information's ``N * Log(N)`` looked up, the branches' terms
    shared) gives, bit for bit, the gains and split information computed from ``c_log``."""
    rng = np.random.default_rng(seed)
    runs = rng.integers(0, 12, (n_classes, 3, 2, n_runs)) * (rng.random((1, 3, 2, 1)) < 0.9)
    cumulative = np.cumsum(runs, axis=-1)
    known, left = cumulative[..., -1], cumulative[..., :-1]
    total = np.maximum(known.sum(axis=0) + rng.integers(0, unknown + 1, (3, 2)), 1)
    table = np.arange(int(total.max()) + 1) * single_precision.c_log(
        np.arange(int(total.max()) + 1))
    looked_up = single_precision.continuous_terms(known, left, known[..., None] - left,
                                                  total.astype(float), table)
    computed = single_precision.continuous_terms(known.astype(float), left.astype(float),
                                                 (known[..., None] - left).astype(float),
                                                 total.astype(float))
    for one, other in zip(looked_up, computed, strict=True):
        assert one.dtype == other.dtype == np.float32
        assert np.array_equal(one.view(np.int32), other.view(np.int32))
