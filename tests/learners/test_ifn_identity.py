"""IFN's discretisation scores every pending interval of a recursion level, of every continuous
attribute, in one call, from margins read off cumulative counts (issue 36): the cuts, every
float of eq. 1 and eq. 2 and the fitted networks are those of the per-interval, per-attribute
code it replaced, kept below as the reference (``reference_*``): on seeded random cases with
ties, missing values, several attributes, nodes and classes, both scalings and both dof
readings, and on the eight datasets of Last et al. (2002), Table 3."""

import sys
from pathlib import Path

import numpy as np
import pytest

import smalltrees.learners.ifn.estimator as estimator
from smalltrees.learners.ifn.discretise import best_cuts, cut_scores
from smalltrees.learners.ifn.information import (
    critical_value,
    degrees_of_freedom,
    likelihood_ratio,
    significant,
    table_margins,
)
from smalltrees.learners.registry import make_learner

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
from tree_identity import config, load  # noqa: E402


def reference_mutual_information(counts, n_records):
    counts = np.asarray(counts, dtype=float)
    total = counts.sum(axis=(-2, -1), keepdims=True)
    rows = counts.sum(axis=-1, keepdims=True)
    cols = counts.sum(axis=-2, keepdims=True)
    present = counts > 0
    ratio = np.where(present, counts * total, 1.0) / np.where(present, rows * cols, 1.0)
    return (counts * np.log2(ratio)).sum(axis=(-2, -1)) / n_records


def reference_degrees_of_freedom(counts, dof, node_classes, cut):
    counts = np.asarray(counts)
    values = (counts.sum(axis=-1) > 0).sum(axis=-1)
    table_classes = (counts.sum(axis=-2) > 0).sum(axis=-1)
    if dof == "port":
        classes = table_classes if cut else counts.shape[-1]
    else:
        classes = table_classes if node_classes is None else np.asarray(node_classes)
    return (values - 1) * (classes - 1)


def reference_significant(counts, n_records, significance, scaling="standard",
                          node_records=None, node_classes=None, dof="port", cut=False):
    counts = np.asarray(counts, dtype=float)
    mi = reference_mutual_information(counts, n_records)
    if node_records is None:
        node_records = counts.sum(axis=(-2, -1))
    df = reference_degrees_of_freedom(counts, dof, node_classes, cut)
    statistic = likelihood_ratio(mi, node_records, n_records, scaling)
    return mi, statistic > critical_value(df, significance)


def reference_interval_scores(cumulative, low, high, n_records, node_records, node_classes,
                              significance, scaling, dof):
    """The old code's score of every cut inside ``[low, high)``: one call per interval."""
    at = np.arange(low + 1, high)
    left = cumulative[:, at] - cumulative[:, low:low + 1]
    right = cumulative[:, high:high + 1] - cumulative[:, at]
    mi, ok = reference_significant(np.stack([left, right], axis=-2), n_records, significance,
                                   scaling, node_records[:, None], node_classes[:, None], dof,
                                   cut=True)
    return at, mi, ok, np.where(ok, mi, 0.0).sum(axis=0)


def reference_best_cuts(values, nodes, classes, n_nodes, n_classes, n_records, node_records,
                        node_classes, significance, scaling, dof):
    if len(values) == 0:
        return ()
    distinct, rank = np.unique(values, return_inverse=True)
    width = len(distinct)
    counts = np.bincount((nodes * width + rank) * n_classes + classes,
                         minlength=n_nodes * width * n_classes)
    cumulative = np.zeros((n_nodes, width + 1, n_classes))
    cumulative[:, 1:] = np.cumsum(counts.reshape(n_nodes, width, n_classes), axis=1)
    cuts, intervals = [], [(0, width)]
    while intervals:
        low, high = intervals.pop()
        if high - low < 2:
            continue
        at, _, _, score = reference_interval_scores(cumulative, low, high, n_records,
                                                    node_records, node_classes, significance,
                                                    scaling, dof)
        best = int(np.argmax(score))
        if score[best] <= 0.0:
            continue
        cut = int(at[best])
        cuts.append(float(distinct[cut]))
        intervals += [(low, cut), (cut, high)]
    return tuple(sorted(cuts))


def reference_layer_cuts(columns, nodes, classes, *rest):
    """The old estimator's loop: each continuous attribute on its own, missing values left out."""
    known = ~np.isnan(columns)
    return [reference_best_cuts(column[mask], nodes[mask], classes[mask], *rest)
            for column, mask in zip(columns.T, known.T, strict=True)]


def random_case(rng):
    """A final layer of 1-11 nodes, 2-5 classes, 1-4 attributes with few distinct values (ties)
    and some missing, a class that follows the first or not; records elsewhere in the network
    count in ``n``."""
    n_nodes, n_classes = int(rng.integers(1, 12)), int(rng.integers(2, 6))
    m, k = int(rng.integers(0, 300)), int(rng.integers(1, 5))
    columns = rng.integers(0, rng.integers(1, 40, k), (m, k)) / 2
    nodes, classes = rng.integers(0, n_nodes, m), rng.integers(0, n_classes, m)
    if rng.random() < 0.6:
        classes = ((columns[:, 0] * rng.integers(1, 4)).astype(int) + (rng.random(m) < 0.2))
        classes %= n_classes
    if rng.random() < 0.3:  # mirrored halves: cuts that tie exactly
        columns = np.concatenate([columns, columns.max(axis=0, initial=0) * 2 + 1 - columns])
        nodes, classes = np.tile(nodes, 2), np.tile(classes, 2)
    columns[rng.random(columns.shape) < rng.choice([0.0, 0.1, 0.5])] = np.nan
    table = np.bincount(nodes * n_classes + classes, minlength=n_nodes * n_classes)
    table = table.reshape(n_nodes, n_classes)
    return (columns, nodes, classes, n_nodes, n_classes, len(nodes) + int(rng.integers(0, 50)),
            table.sum(axis=1) + rng.integers(0, 5, n_nodes), (table > 0).sum(axis=1),
            float(rng.choice([0.001, 0.05, 0.3])), str(rng.choice(["standard", "literal"])),
            str(rng.choice(["port", "node"])))


@pytest.mark.parametrize("seed", range(4))
def test_cuts_are_the_per_interval_codes(seed):
    rng = np.random.default_rng(seed)
    found = 0
    for _ in range(400):
        case = random_case(rng)
        cuts = best_cuts(*case)
        assert cuts == reference_layer_cuts(*case)
        found += sum(len(c) > 1 for c in cuts)
    assert found > 100  # many attributes are cut into several intervals


@pytest.mark.parametrize("seed", range(2))
def test_every_float_of_the_cut_tests_is_the_per_interval_codes(seed):
    # the tables of all the intervals of a level, tested at once with margins from cumulative
    # counts, against each interval tested alone: MI and decisions bit for bit
    rng = np.random.default_rng(seed)
    for _ in range(300):
        (columns, nodes, classes, n_nodes, n_classes, n, records, present, significance,
         scaling, dof) = random_case(rng)
        known = ~np.isnan(columns[:, 0])
        values, nodes, classes = columns[known, 0], nodes[known], classes[known]
        width = len(np.unique(values))
        rank = np.unique(values, return_inverse=True)[1]
        counts = np.bincount((nodes * width + rank) * n_classes + classes,
                             minlength=n_nodes * width * n_classes)
        cumulative = np.zeros((n_nodes, width + 1, n_classes))
        cumulative[:, 1:] = np.cumsum(counts.reshape(n_nodes, width, n_classes), axis=1)
        bounds = np.unique(np.concatenate([[0, width], rng.integers(0, width + 1, 4)]))
        low, high = bounds[:-1], bounds[1:]
        low, high = low[high - low >= 2], high[high - low >= 2]
        if not len(low):
            continue
        at, interval, mi, ok, score = cut_scores(cumulative, cumulative.sum(axis=2), low, high,
                                                 n, records, present, significance, scaling,
                                                 dof)
        for index, (a, b) in enumerate(zip(low, high, strict=True)):
            old_at, old_mi, old_ok, old_score = reference_interval_scores(
                cumulative, a, b, n, records, present, significance, scaling, dof)
            mine = interval == index
            assert at[mine].tolist() == old_at.tolist()
            assert mi[:, mine].tobytes() == old_mi.tobytes()
            assert np.array_equal(ok[:, mine], old_ok)
            if b - a > 2:  # one cut: only its sign is used (a sum of terms >= 0)
                assert score[mine].tobytes() == old_score.tobytes()
            assert (score[mine] > 0).tolist() == (old_score > 0).tolist()


def test_the_tests_of_any_table_are_the_reference_codes():
    # nominal attributes' tables (no margins given) and tables with their margins given
    rng = np.random.default_rng(7)
    for _ in range(300):
        shape = tuple(rng.integers(1, 5, int(rng.integers(0, 3)))) + tuple(rng.integers(1, 7, 2))
        counts = rng.integers(0, int(rng.integers(1, 30)), shape) * (rng.random(shape) < 0.7)
        n = int(counts.sum()) + int(rng.integers(1, 20))
        records = counts.sum(axis=(-2, -1)) + rng.integers(0, 5, shape[:-2])
        classes = (counts.sum(axis=-2) > 0).sum(axis=-1) + rng.integers(0, 2, shape[:-2])
        significance = float(rng.choice([0.001, 0.05, 0.3]))
        for scaling, dof, cut in [(s, d, c) for s in ("standard", "literal")
                                  for d in ("port", "node") for c in (False, True)]:
            expected = reference_significant(counts, n, significance, scaling, records,
                                             classes, dof, cut)
            assert np.array_equal(degrees_of_freedom(counts, dof, classes, cut),
                                  reference_degrees_of_freedom(counts, dof, classes, cut))
            for margins in (None, table_margins(counts.astype(float))):
                mi, ok = significant(counts, n, significance, scaling, records, classes, dof,
                                     cut, margins)
                assert mi.tobytes() == expected[0].tobytes()
                assert np.array_equal(ok, expected[1])


TABLE3 = ["IR", "WI", "GL", "PI", "BU", "AU", "SH", "LC"]


@pytest.fixture(scope="module")
def table3(mirror):
    cfg, sheet = config()
    return cfg, {code: load(code, sheet, mirror) for code in TABLE3}


def network(model, X):
    return model.export_text(), repr(model.layers_), model.predict_proba(X).tobytes()


@pytest.mark.parametrize("name", ["IFN", "IFN_STD", "IFN_LITERAL"])
def test_the_networks_of_table_3_are_the_per_interval_codes(table3, name, monkeypatch):
    cfg, data = table3
    rng = np.random.default_rng(36)
    for X, y in data.values():
        for rows in [np.arange(len(y))] + [rng.choice(len(y), len(y) * 9 // 10)
                                           for _ in range(3)]:
            fit = make_learner(cfg["learners"][name]).fit(X.iloc[rows], y[rows])
            with monkeypatch.context() as patch:
                patch.setattr(estimator, "best_cuts", reference_layer_cuts)
                patch.setattr(estimator, "significant", reference_significant)
                old = make_learner(cfg["learners"][name]).fit(X.iloc[rows], y[rows])
            assert network(fit, X) == network(old, X)
