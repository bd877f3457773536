"""IFN (Last, Maimon & Minkov 2002): eqs. 1-2 by hand and by brute force, both readings of the
degrees of freedom, the discretisation against a naive recursive search, the paper's Iris and
Glass networks, invariances and bad input."""

import math
import pickle

import numpy as np
import pandas as pd
import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from smalltrees import IFN
from smalltrees.learners.ifn.discretise import best_cuts
from smalltrees.learners.ifn.information import (
    critical_value,
    degrees_of_freedom,
    likelihood_ratio,
    mutual_information,
    significant,
)

# A 2 x 2 table at a node of E = 8 records: p(v) = p(j) = 1/2, so the node's own MI is
# 3/4 log2(3/2) + 1/4 log2(1/2) = 0.188722 bits and its textbook G2 = 2 ln2 * 8 * 0.188722.
TABLE = np.array([[3, 1], [1, 3]])
NODE_MI = 0.75 * math.log2(1.5) - 0.25


def test_mutual_information_and_g2_by_hand():
    assert mutual_information(TABLE, 8) == pytest.approx(NODE_MI)
    # eq. 1 weights by the joint probability over all n records: half the data -> half the MI
    mi = mutual_information(TABLE, 16)
    assert mi == pytest.approx(NODE_MI / 2)
    textbook = 2 * sum(o * math.log(o / 2) for o in (3, 1, 1, 3))  # expected counts 2
    assert textbook == pytest.approx(2.0930, abs=1e-4)
    assert likelihood_ratio(mi, 8, 16, "standard") == pytest.approx(textbook)
    assert likelihood_ratio(mi, 8, 16, "literal") == pytest.approx(textbook / 2)
    with pytest.raises(ValueError, match="scaling must be one of"):
        likelihood_ratio(mi, 8, 16, "other")


def test_chi_square_critical_values_at_one_per_mille():
    values = critical_value(np.array([1, 2, 4, 5, 0]), 0.001)
    assert values[:4] == pytest.approx([10.83, 13.82, 18.47, 20.52], abs=0.005)
    assert values[4] == np.inf


@settings(max_examples=200, deadline=None)
@given(arrays(np.int64, st.integers(0, 40), elements=st.integers(-3, 400)),
       st.sampled_from([0.001, 0.01, 0.05, 0.1, 0.5]))
def test_critical_value_table_is_chdtri_of_each_df(df, significance):
    # integer degrees of freedom are read from a table: the same floats as chdtri of each one
    from scipy.special import chdtri

    direct = [math.inf if k < 1 else chdtri(float(k), significance) for k in df]
    assert critical_value(df, significance).tolist() == direct
    assert critical_value(df.astype(float), significance).tolist() == direct


@pytest.mark.parametrize("dof", ["node", "port"])
def test_significance_counts_values_and_classes_present(dof):
    strong = np.array([[40, 0], [0, 40], [0, 0]])  # 2 values present, 2 classes: df = 1
    mi, ok = significant(strong, 80, 0.001, dof=dof)
    assert mi == pytest.approx(1.0) and bool(ok)
    mi, ok = significant(np.array([[40, 0], [0, 0]]), 80, 0.001, dof=dof)  # one value: df = 0
    assert mi == 0 and not bool(ok)


# A 3-class problem; a node (or an interval) where only the first two classes occur. Its
# textbook G2 = 2 (24 ln(12 / 7.5) + 6 ln(3 / 7.5)) = 11.565 lies between the 0.1% critical
# values of 1 df (10.83) and 2 df (13.82), so the reading of the degrees of freedom decides.
TWO_OF_THREE = np.array([[12, 3, 0], [3, 12, 0]])
G2_TWO_OF_THREE = 2 * (24 * math.log(12 / 7.5) + 6 * math.log(3 / 7.5))


def test_degrees_of_freedom_of_each_reading_by_hand():
    assert G2_TWO_OF_THREE == pytest.approx(11.565, abs=1e-3)
    # values of a nominal attribute at a node holding 2 of the 3 classes:
    # node: (NI - 1)(NT(z) - 1) = (2 - 1)(2 - 1); port: (NI - 1)(C - 1) = (2 - 1)(3 - 1)
    assert degrees_of_freedom(TWO_OF_THREE, "node") == 1
    assert degrees_of_freedom(TWO_OF_THREE, "port") == 2
    # a cut of an interval holding 2 classes, at a node holding all 3:
    # node: (2 - 1)(NT(z) - 1) = 2; port: classes present in the interval - 1 = 1
    assert degrees_of_freedom(TWO_OF_THREE, "node", np.array(3), cut=True) == 2
    assert degrees_of_freedom(TWO_OF_THREE, "port", np.array(3), cut=True) == 1
    # three values, four classes in the problem, three at the node
    wide = np.array([[1, 0, 2, 0], [0, 3, 0, 0], [4, 0, 1, 0]])
    assert degrees_of_freedom(wide, "node") == 2 * 2
    assert degrees_of_freedom(wide, "port") == 2 * 3
    # a cut with one side empty has no degree of freedom under either reading
    one_side = np.array([[0, 0, 0], [5, 5, 0]])
    assert degrees_of_freedom(one_side, "node", np.array(3), cut=True) == 0
    assert degrees_of_freedom(one_side, "port", np.array(3), cut=True) == 0
    with pytest.raises(ValueError, match="dof must be one of"):
        degrees_of_freedom(TWO_OF_THREE, "nodes")


@pytest.mark.parametrize("scaling", ["standard", "literal"])
def test_the_g2_test_decision_of_each_reading_by_hand(scaling):
    # n = 60 records in the network, 30 at the node: the joint MI of eq. 1 is half the node's;
    # the standard statistic is the table's G2, the literal one E*(z) / n = 1/2 of it
    n = 60
    mi, ok_node = significant(TWO_OF_THREE, n, 0.001, scaling, dof="node")
    _, ok_port = significant(TWO_OF_THREE, n, 0.001, scaling, dof="port")
    statistic = likelihood_ratio(mi, 30, n, scaling)
    assert statistic == pytest.approx(G2_TWO_OF_THREE * (1 if scaling == "standard" else 0.5))
    assert (bool(ok_node), bool(ok_port)) == ((True, False) if scaling == "standard"
                                              else (False, False))
    # the same table as a cut at a node holding all three classes: the readings swap
    _, cut_node = significant(TWO_OF_THREE, n, 0.001, scaling, np.array(30), np.array(3),
                              dof="node", cut=True)
    _, cut_port = significant(TWO_OF_THREE, n, 0.001, scaling, np.array(30), np.array(3),
                              dof="port", cut=True)
    assert (bool(cut_node), bool(cut_port)) == ((False, True) if scaling == "standard"
                                                else (False, False))


def brute_df(table, dof, node_classes, cut):
    """The degrees of freedom written out from the definitions (information.py)."""
    values = sum(1 for row in table if sum(row))
    present = sum(1 for column in zip(*table, strict=True) if sum(column))
    if dof == "port":
        classes = present if cut else len(table[0])
    else:
        classes = present if node_classes is None else node_classes
    return (values - 1) * (classes - 1)


tables = arrays(np.int64, st.tuples(st.integers(1, 4), st.integers(1, 4)),
                elements=st.integers(0, 9))


@settings(max_examples=80, deadline=None)
@given(tables, st.booleans(), st.integers(0, 3))
def test_degrees_of_freedom_match_the_definitions(table, cut, extra_classes):
    table = table[:2] if cut else table
    present = int((table.sum(axis=0) > 0).sum())
    node_classes = min(present + extra_classes, table.shape[1])  # the node holds the interval
    for dof in ("node", "port"):
        assert degrees_of_freedom(table, dof, np.array(node_classes), cut) == brute_df(
            table.tolist(), dof, node_classes, cut)
    assert degrees_of_freedom(table, "node") == brute_df(table.tolist(), "node", None, False)


@settings(max_examples=80, deadline=None)
@given(tables, st.integers(0, 3), st.sampled_from([0.001, 0.05]),
       st.sampled_from(["standard", "literal"]))
def test_the_readings_are_ordered(table, extra_classes, significance, scaling):
    # port counts all the problem's classes for values (never fewer than the node's), and only
    # the interval's for a cut (never more than the node's): so one test implies the other
    n = int(table.sum()) + 7
    _, node = significant(table, n, significance, scaling, dof="node")
    _, port = significant(table, n, significance, scaling, dof="port")
    assert not (bool(port) and not bool(node))
    cut = table[:2]
    present = int((cut.sum(axis=0) > 0).sum())
    node_classes = np.array(min(present + extra_classes, cut.shape[1]))
    records = np.array(int(cut.sum()) + extra_classes)
    _, node = significant(cut, n, significance, scaling, records, node_classes, "node", cut=True)
    _, port = significant(cut, n, significance, scaling, records, node_classes, "port", cut=True)
    assert not (bool(node) and not bool(port))


def brute_mi(table, n):
    total = sum(map(sum, table))
    rows = [sum(r) for r in table]
    cols = [sum(c) for c in zip(*table, strict=True)]
    return sum(c / n * math.log2(c * total / (rows[v] * cols[j]))
               for v, r in enumerate(table) for j, c in enumerate(r) if c)


@settings(max_examples=60, deadline=None)
@given(arrays(np.int64, st.tuples(st.integers(1, 4), st.integers(1, 3)),
              elements=st.integers(0, 9)), st.integers(0, 50))
def test_mutual_information_matches_brute_force(table, extra):
    n = int(table.sum()) + extra
    if n == 0:
        return
    assert mutual_information(table, n) == pytest.approx(brute_mi(table.tolist(), n), abs=1e-12)


class TiedCuts(Exception):
    """Two cuts' scores equal to within rounding: which one floats pick is not the reading's."""


def naive_cuts(values, nodes, classes, n_classes, n, significance, scaling, dof):
    """Recursive threshold search written out with loops (the reading of discretise.py);
    raises :class:`TiedCuts` where the best score is tied (up to 1e-12) by another cut's."""
    node_ids = sorted(set(nodes))
    records = {z: sum(1 for q in nodes if q == z) for z in node_ids}
    present = {z: len({c for q, c in zip(nodes, classes, strict=True) if q == z})
               for z in node_ids}
    found = []

    def search(low, high):
        distinct = sorted({v for v in values if low <= v < high})
        best, best_score, scores = None, 0.0, []
        for t in distinct[1:]:
            score = 0.0
            for z in node_ids:
                table = [[0] * n_classes for _ in range(2)]
                for v, q, c in zip(values, nodes, classes, strict=True):
                    if q == z and low <= v < high:
                        table[int(v >= t)][c] += 1
                mi = brute_mi(table, n)
                df = brute_df(table, dof, present[z], cut=True)
                factor = records[z] if scaling == "literal" else n
                if df >= 1 and 2 * math.log(2) * factor * mi > critical_value(df, significance):
                    score += mi
            scores.append(score)
            if score > best_score + 1e-12:
                best, best_score = t, score
        if best is not None and sum(abs(score - best_score) <= 1e-12 for score in scores) > 1:
            raise TiedCuts
        if best is not None:
            found.append(best)
            search(low, best)
            search(best, high)

    search(-math.inf, math.inf)
    return tuple(sorted(found))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 8), st.integers(0, 1), st.integers(0, 2)),
                min_size=2, max_size=60),
       st.sampled_from(["literal", "standard"]), st.sampled_from([0.001, 0.05, 0.3]),
       st.sampled_from(["node", "port"]))
@example([(0, 1, 1), (0, 1, 1), (1, 1, 0), (2, 1, 2), (2, 1, 2)], "literal", 0.3, "node")
def test_cuts_match_a_naive_recursive_search(rows, scaling, significance, dof):
    values = np.array([float(v) for v, _, _ in rows])
    nodes = np.array([z for _, z, _ in rows])
    classes = np.array([c for _, _, c in rows])
    n = len(rows) + 5  # records elsewhere in the network count in the joint probability
    records = np.bincount(nodes, minlength=2)
    present = np.array([len(set(classes[nodes == z])) for z in range(2)])
    try:
        naive = naive_cuts(values.tolist(), nodes.tolist(), classes.tolist(), 3, n,
                           significance, scaling, dof)
    except TiedCuts:  # e.g. values 0, 0, 1, 2, 2 of classes 1, 1, 0, 2, 2: cuts 1 and 2 tie
        assume(False)
    ours, = best_cuts(values[:, None], nodes, classes, 2, 3, n, records, present, significance,
                      scaling, dof)
    assert ours == naive


@pytest.fixture(scope="module")
def iris(mirror):
    frame = pd.read_csv(mirror / "iris" / "iris.data", header=None).dropna()
    X = frame.iloc[:, :4].astype(float)
    X.columns = ["sepal_length", "sepal_width", "petal_length", "petal_width"]
    return X, frame[4].to_numpy(dtype=object)


LITERAL = {"scaling": "literal", "dof": "node"}  # the earlier default reading


def test_iris_petal_length_gives_the_papers_figure_2_under_the_literal_reading(iris):
    X, y = iris
    model = IFN(**LITERAL).fit(X[["petal_length"]], y)
    assert model.layers_ == [{"attribute": "petal_length", "cuts": [3.0, 4.8], "n_nodes": 3,
                              "mi": pytest.approx(model.layers_[0]["mi"]), "n_terminal": 3,
                              "candidates": {"petal_length": model.layers_[0]["mi"]}}]
    assert model.output_size_ == 6
    rules = model.export_text().splitlines()[1:]
    assert rules == ["if petal_length < 3 then Iris-setosa (50/0/0)",
                     "if 3 <= petal_length < 4.8 then Iris-versicolor (0/44/1)",
                     "if petal_length >= 4.8 then Iris-virginica (0/6/49)"]


def test_iris_whole_data_network_under_each_reading(iris):
    # default (standard G2, port dof): Figure 2's attribute and cuts, plus a cut at 5.2 in
    # [4.8, inf), which holds 2 classes: 1 df under the port reading, 2 under the node reading
    model = IFN().fit(*iris)
    assert [layer["attribute"] for layer in model.layers_] == ["petal_length"]
    assert model.layers_[0]["cuts"] == [3.0, 4.8, 5.2] and model.output_size_ == 8
    # literal: on the UCI file petal width edges out petal length (6 vs 7 training errors), so
    # the first layer differs from Figure 2 while its shape and output size do not
    literal = IFN(**LITERAL).fit(*iris)
    assert [layer["attribute"] for layer in literal.layers_] == ["petal_width"]
    assert literal.layers_[0]["cuts"] == [1.0, 1.8] and literal.output_size_ == 6
    candidates = literal.layers_[0]["candidates"]
    assert sorted(candidates, key=candidates.get)[-2:] == ["petal_length", "petal_width"]
    standard = IFN(scaling="standard", dof="node").fit(*iris)
    assert len(standard.layers_) == 2 and standard.output_size_ == 10


@pytest.fixture(scope="module")
def glass(mirror):
    frame = pd.read_csv(mirror / "glass" / "glass.data", header=None)
    X = frame.iloc[:, 1:10].astype(float)
    X.columns = ["RI", "Na", "Mg", "Al", "Si", "K", "Ca", "Ba", "Fe"]
    return X, frame[10].astype(str).to_numpy(dtype=object)


def test_glass_gives_table_4s_output_size_under_the_default_reading(glass):
    # Table 4: 40; the port moravitan/scikit-multiflow-IFN gives the same layers (ifn_readings.py)
    model = IFN().fit(*glass)
    assert [layer["attribute"] for layer in model.layers_] == ["Mg", "RI", "Ca"]
    assert model.output_size_ == 40
    assert IFN(scaling="standard", dof="node").fit(*glass).output_size_ == 65
    assert IFN(**LITERAL).fit(*glass).output_size_ == 16


def test_permuting_rows_or_renaming_classes_keeps_the_network(iris):
    X, y = iris
    model = IFN().fit(X, y)
    order = np.random.default_rng(0).permutation(len(y))
    shuffled = IFN().fit(X.iloc[order].reset_index(drop=True), y[order])
    assert shuffled.layers_ == model.layers_
    assert shuffled.predict(X).tolist() == model.predict(X).tolist()
    rename = {"Iris-setosa": "z", "Iris-versicolor": "a", "Iris-virginica": "m"}
    renamed = IFN().fit(X, np.array([rename[c] for c in y], dtype=object))
    assert structure(renamed) == structure(model)  # MI sums differ in the last bit only
    assert renamed.predict(X).tolist() == [rename[c] for c in model.predict(X)]


def structure(model):
    return [(layer["attribute"], layer["cuts"], layer["n_nodes"], layer["n_terminal"])
            for layer in model.layers_]


def nominal_data():
    X = pd.DataFrame({
        "noise": pd.Categorical(list("abab") * 10),
        "color": pd.Categorical(["red"] * 18 + ["blue"] * 18 + [None] * 4,
                                categories=["red", "blue", "green"]),
        "flat": [1.0] * 40,
    })
    y = np.array(["p"] * 18 + ["q"] * 18 + ["r"] * 4, dtype=object)
    return X, y


def test_missing_is_a_value_of_its_own_and_single_valued_attributes_are_never_used():
    X, y = nominal_data()
    model = IFN().fit(X, y)
    assert [layer["attribute"] for layer in model.layers_] == ["color"]
    assert model.layers_[0]["n_nodes"] == 3  # red, blue, missing; no node for unseen green
    assert model.output_size_ == 6
    assert model.predict(X).tolist() == y.tolist()
    assert "color is missing" in model.export_text()


def test_unseen_or_childless_values_predict_at_the_node_where_they_stop():
    X, y = nominal_data()
    model = IFN().fit(X, y)
    new = X.iloc[:2].assign(color=pd.Categorical(["green", "purple"]))
    assert model.predict(new).tolist() == ["p", "p"]  # the root's majority (p and q tie: first)


def test_one_class_gives_the_root_alone():
    X, _ = nominal_data()
    model = IFN().fit(X, ["p"] * len(X))
    assert model.layers_ == [] and model.output_size_ == 1
    assert set(model.predict(X)) == {"p"} and model.export_text() == "if always then p (40)"


@pytest.mark.parametrize("params, message", [
    ({"significance": 0}, r"significance must be in \(0, 1\)"),
    ({"significance": 1.0}, r"significance must be in \(0, 1\)"),
    ({"significance": "0.1"}, r"significance must be in \(0, 1\)"),
    ({"significance": True}, r"significance must be in \(0, 1\)"),
    ({"scaling": "textbook"}, "scaling must be one of"),
    ({"dof": "interval"}, "dof must be one of"),
])
def test_bad_parameters_are_refused(params, message):
    X, y = nominal_data()
    with pytest.raises(ValueError, match=message):
        IFN(**params).fit(X, y)


def test_estimator_conventions():
    X, y = nominal_data()
    model = IFN(significance=0.01)
    assert repr(model) == "IFN(significance=0.01, scaling='standard', dof='port')"
    with pytest.raises(ValueError, match="not fitted"):
        model.predict(X)
    assert model.fit(X, y) is model
    assert model.complexity() == {"output_size": 6, "n_layers": 1, "n_rules": 3}
    copy = pickle.loads(pickle.dumps(model))
    assert copy.predict(X).tolist() == model.predict(X).tolist() and str(copy) == str(model)
    assert model.predict(X.iloc[:0]).shape == (0,)
    assert model.score(X, y) == 1.0
    with pytest.raises(ValueError, match="expected the training columns"):
        model.predict(X[["color", "noise", "flat"]])
