"""last02 study: eq. 4 against brute force, the example generator, the CI, the config checks."""

import re
from itertools import combinations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smalltrees import C45, IFN, Bagging
from smalltrees.evaluation.resampling import repeated_cv, seed_for
from smalltrees.evaluation.statistics import t_interval
from smalltrees.reporting.cell_views import cell_text
from smalltrees.studies.last02.layout import PARTIAL
from smalltrees.studies.last02.table3 import (
    DESCRIPTION,
    make_table3,
    render_table3,
    table3_numbers,
    table3_view,
)
from smalltrees.studies.last02.turney_stability import (
    fold_models,
    fold_predictions,
    pairwise_agreement,
    random_instances,
    rule_size,
    summarise,
)
from smalltrees_workflow.config import ConfigError
from smalltrees_workflow.plans import last02 as plan
from smalltrees_workflow.wildcards import choice

X = pd.DataFrame({
    "x": np.linspace(0.0, 9.0, 40),
    "c": pd.Categorical(list("aab") * 13 + ["a"], categories=["a", "b", "never"]),
})
Y = np.array(["n"] * 20 + ["y"] * 20, dtype=object)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.sampled_from("abc"), min_size=3, max_size=3), min_size=2,
                max_size=7))
def test_agreement_is_the_fraction_of_agreeing_pairs(models):
    predictions = np.array(models, dtype=object)
    pairs = list(combinations(range(len(models)), 2))
    expected = [np.mean([predictions[i, e] == predictions[j, e] for i, j in pairs])
                for e in range(3)]
    assert pairwise_agreement(predictions) == pytest.approx(expected)


def test_agreement_needs_two_models():
    with pytest.raises(ValueError, match="at least 2 models"):
        pairwise_agreement(np.array([["a", "b"]], dtype=object))


@pytest.mark.parametrize("generator", ["uniform", "empirical"])
def test_examples_come_from_the_instance_space(generator):
    examples = random_instances(X, 500, generator, seed_for(1, "s", "D"))
    again = random_instances(X, 500, generator, seed_for(1, "s", "D"))
    pd.testing.assert_frame_equal(examples, again)
    assert examples["x"].between(0.0, 9.0).all() and examples["x"].nunique() > 20 * (
        generator == "uniform")
    assert examples["c"].dtype == X["c"].dtype and set(examples["c"]) == {"a", "b"}
    if generator == "empirical":
        assert set(examples["x"]) <= set(X["x"])
        assert (examples["c"] == "a").mean() > 0.55  # "a" occurs twice as often as "b"


def test_bad_generator_or_pairing_is_named():
    with pytest.raises(ValueError, match="generator must be one of"):
        random_instances(X, 5, "gaussian", seed_for(1))
    with pytest.raises(ValueError, match="pairing must be one of"):
        fold_models(IFN, X, Y, X, {"repetitions": 1, "folds": 2, "stream": "s"}, 1, "D", "x")


def test_fold_models_are_the_cross_validations_models():
    design = {"repetitions": 2, "folds": 4, "stream": "last02"}
    agreement, sizes = fold_models(IFN, X, Y, X, design, 7, "D", "run")
    cv = repeated_cv(IFN, X, Y, 2, 4, 7, "last02", "D")
    assert sizes["output_size"].tolist() == cv["output_size"].tolist()
    assert agreement.shape == (2 * 40, 3) and set(agreement["repetition"]) == {1, 2}
    pooled, _ = fold_models(IFN, X, Y, X, design, 7, "D", "all")
    assert len(pooled) == 40 and set(pooled["repetition"]) == {0}


@pytest.mark.parametrize("make", [IFN, lambda: Bagging(C45(min_cases=1), 3, random_state=0)],
                         ids=["IFN", "bagged C4.5"])
def test_fold_predictions_of_every_example_set_are_each_models_own(make):
    """Sets of different sizes, predicted in one call per fold model, are each fold model's
    predictions of that set (refitted on the same folds)."""
    sets = {"first": X.iloc[:7].reset_index(drop=True),
            "second": random_instances(X, 12, "uniform", seed_for(3)),
            "third": X.iloc[[39, 0, 20]].reset_index(drop=True)}
    design = {"repetitions": 2, "folds": 4, "stream": "last02"}
    runs, _, _ = fold_predictions(make, X, Y, sets, design, 7, "D")
    models = []
    repeated_cv(make, X, Y, 2, 4, 7, "last02", "D", on_fit=lambda r, f, m: models.append(m))
    for key, examples in sets.items():
        expected = np.array([model.predict(examples) for model in models], dtype=object)
        assert np.array_equal(np.concatenate(runs[key]), expected), key


def test_rule_sizes_of_ifn_c45_and_bagging():
    assert rule_size(IFN().fit(X, Y)) == 4  # x < 4.8 / x >= 4.8: two rules of 2 units
    tree = C45(min_cases=1).fit(X, Y)
    assert rule_size(tree) == 4 and tree.n_leaves_ == 2
    assert rule_size(Bagging(C45(min_cases=1), 3, random_state=0).fit(X, Y)) == 12


def test_summary_and_the_test_against_cmm():
    agreement = pd.DataFrame({"repetition": [1, 1, 2, 2], "instance": [0, 1, 0, 1],
                              "agreement": [1.0, 0.5, 1.0, 0.7]})
    summary = summarise(agreement, 50.0, 0.01)
    assert summary["stability"] == pytest.approx(80.0)
    assert summary["stability_sd"] == pytest.approx(np.std([75.0, 85.0], ddof=1))
    assert 0 < summary["p_vs_cmm"] < 1 and summary["sig_vs_cmm"] is False  # 2 examples only
    constant = agreement.assign(agreement=1.0)
    assert summarise(constant, 90.0, 0.01)["sig_vs_cmm"] is True


def test_t_interval_uses_t_0975_with_r_minus_1_df():
    values = np.arange(10.0)
    mean, half = t_interval(values)
    assert mean == 4.5 and half == pytest.approx(2.262157 * np.std(values, ddof=1) / np.sqrt(10))


def config(**last02):
    section = {"datasets": ["IR"], "cv": {"learners": ["IFN", "C45_R8"], "repetitions": 2,
                                          "folds": 5},
               "ifn": ["IFN"], "stability": {"learners": ["IFN"], "pairing": "run"}}
    section.update(last02)
    return {"last02": section}


CLASSES = {"IFN": "IFN", "C45_R8": "C45"}


@pytest.mark.parametrize("changes, message", [
    ({"datasets": ["XX"]}, "last02.datasets: unknown dataset 'XX'"),
    ({"ifn": ["C45_R8"]}, "last02.ifn: learner 'C45_R8' has class 'C45'"),
    ({"ifn": ["T2"]}, "last02.ifn: unknown learner of last02.cv.learners 'T2'"),
    ({"stability": {"learners": ["C45_R8"], "pairing": "run"}},
     r"last02.stability.learners: \['IFN'\] of last02.ifn are missing"),
    ({"stability": {"learners": ["IFN", "BAG"], "pairing": "run"}},
     "last02.stability.learners: unknown learner of last02.cv.learners 'BAG'"),
])
def test_config_errors_name_the_key(changes, message):
    with pytest.raises(ConfigError, match=message):
        plan.check_config(config(**changes), {"IR": {}}, CLASSES)


def test_the_plan_lists_outputs_and_job_files():
    plan.check_config(config(), {"IR": {}}, CLASSES)
    assert "figures/last02_size_stability.png" in plan.outputs(config())
    assert plan.stability_files(config()) == ["results/last02/stability/IR/IFN.csv"]
    assert plan.network_files(config()) == ["results/last02/network/IR/IFN.json"]
    assert plan.cv_stream(config()) == "last02"
    # the stability job of a stability learner writes its CV rows (no second CV job)
    pattern = choice(config()["last02"]["stability"]["learners"])
    assert re.fullmatch(pattern, "IFN") and not re.fullmatch(pattern, "IFN_STD")


def paper3(described):
    """A Table 3 transcription of datasets A and B (description, IFN and quoted accuracies)
    with its Average row."""
    rows = [("table3", code, m, float(v), np.nan, 0) for code in "AB"
            for m, v in described[code].items()]
    rows += [("table3", "mean", m, (described["A"][m] + described["B"][m]) / 2, np.nan, 1)
             for m in DESCRIPTION]
    rows += [("table3", code, f"accuracy[{m}]", 90.0, 1.0, 1) for code in "AB"
             for m in ("CMM", "Bagging", "C45RULES")]
    rows += [("table3", "A", "accuracy[IFN]", 85.0, 1.0, 1),
             ("table3", "B", "accuracy[IFN]", 60.0, 1.0, 1)]
    return pd.DataFrame(rows, columns=["table", "code", "quantity", "value", "spread",
                                       "decimals"]).assign(where="test", dataset="name")


DESCRIBED = {"A": dict(zip(DESCRIPTION, (10, 2, 1, 0, 1), strict=True)),
             "B": dict(zip(DESCRIPTION, (20, 2, 0, 3, 3), strict=True)),
             "Z": dict(zip(DESCRIPTION, (99, 4, 2, 2, 4), strict=True))}


def folds3(codes, learners=("IFN",)):
    return pd.DataFrame([{"dataset": code, "learner": learner, "repetition": r, "fold": f,
                          "n_train": 9, "n_test": 1, "accuracy": 0.8 + 0.01 * r + 0.005 * f}
                         for code in codes for learner in learners for r in (1, 2, 3)
                         for f in (1, 2)])


def test_average_row_is_judged_only_over_all_the_papers_datasets():
    """The paper's Average is over its datasets: ours over fewer is not run (with the note
    why), not a deviation; over all of them it is judged by the exact rule."""
    paper = paper3(DESCRIBED)
    both = make_table3(table3_numbers(folds3("AB"), DESCRIBED, paper, ["A", "B"], ["IFN"],
                                      ["IFN"]), paper).set_index(["code", "quantity"])
    assert [both.loc[("mean", m), "verdict"] for m in DESCRIPTION] == ["reproduced"] * 5
    one = make_table3(table3_numbers(folds3("A"), DESCRIBED, paper, ["A"], ["IFN"], ["IFN"]),
                      paper).set_index(["code", "quantity"])
    assert [one.loc[("mean", m), "verdict"] for m in DESCRIPTION] == ["not run"] * 5
    assert one.loc[("mean", "records"), "note"] == PARTIAL
    assert one.loc[("A", "records"), "verdict"] == "reproduced"
    assert one.loc[("B", "records"), "verdict"] == "not run"  # a paper number we lack


def test_a_dataset_the_paper_did_not_use_is_ours_alone_in_table3():
    """Z (not in the paper) gets cells without a paper number or verdict, stays out of the
    Average, and the view shows its numbers alone, never nan."""
    paper = paper3(DESCRIBED)
    cells = make_table3(table3_numbers(folds3("ABZ", ("IFN", "IFN_STD", "C45")), DESCRIBED,
                                       paper, ["A", "B", "Z"], ["IFN", "IFN_STD", "C45"],
                                       ["IFN", "IFN_STD"]), paper)
    z = cells[cells["code"] == "Z"]
    assert len(z) and z["paper"].isna().all() and (z["verdict"] == "").all()
    mean = cells.set_index(["code", "quantity", "reading"])
    assert mean.loc[("mean", "records", ""), "ours"] == 15.0  # A and B only
    # IFN_STD is a reading of the default IFN cell, judged by the same interval rule
    assert mean.loc[("A", "accuracy[IFN]", "IFN_STD"), "rule"] == "95% intervals overlap"
    view = table3_view(cells, paper, ["IFN", "IFN_STD", "C45"], ["IFN", "IFN_STD"], {}, {})
    text = render_table3(view)
    assert "nan" not in text.lower()
    row = view.set_index("dataset").loc["Z"]
    assert row["records"] == "99" and row["IFN"].startswith("8") and "(" not in row["IFN"]


def test_table3_markdown_shows_the_cells_verdicts():
    """The view is rendered from the cells: every IFN accuracy cell that differs is bold in
    the Markdown, every one that reproduces is not."""
    paper = paper3(DESCRIBED)
    cells = make_table3(table3_numbers(folds3("AB"), DESCRIBED, paper, ["A", "B"], ["IFN"],
                                       ["IFN"]), paper)
    view = table3_view(cells, paper, ["IFN"], ["IFN"], {}, {}).set_index("dataset")
    judged = cells[(cells["quantity"] == "accuracy[IFN]") & (cells["code"] != "mean")]
    judged = judged.set_index("code")["verdict"]
    assert set(judged) == {"reproduced", "differs"}  # A overlaps 85 +- 1, B not 60 +- 1
    for code, verdict in judged.items():
        assert view.loc[f"name ({code})", "IFN"].startswith("**") == (verdict == "differs")
    text = render_table3(view.reset_index())
    for cell in cells[cells["verdict"] != ""].to_dict("records"):
        assert cell_text(cell) in text, cell


def test_second_accuracy_test_is_the_corrected_resampled_t_over_the_folds():
    """``p_above_quoted`` tests the fold accuracies against the three quoted methods' mean by
    Nadeau & Bengio's correction (n_test / n_train), and the claim's second check reads it."""
    from smalltrees.evaluation.cells import compare
    from smalltrees.evaluation.statistics import corrected_resampled_t
    from smalltrees.evaluation.verdicts import Exact
    from smalltrees.studies.last02.claims import make_claims
    from smalltrees.studies.last02.table3 import above_quoted_p

    folds = pd.DataFrame({"n_train": 90, "n_test": 10,
                          "accuracy": [0.96, 0.98, 0.97, 1.0, 0.95, 0.99]})
    expected = corrected_resampled_t(folds["accuracy"].to_numpy() * 100 - 94.0, 10 / 90)[1]
    assert above_quoted_p(folds, 94.0) == pytest.approx(expected)

    transcription = pd.DataFrame(
        [("table3", code, f"accuracy[{m}]", 90.0, np.nan, 1) for code in ("IR", "GL", "mean")
         for m in ("CMM", "Bagging", "C45RULES")],
        columns=["table", "code", "quantity", "value", "spread", "decimals"])
    ours = pd.DataFrame({"code": ["IR", "GL", "IR", "GL"],
                         "quantity": ["accuracy[IFN]"] * 2 + ["p_above_quoted[IFN]"] * 2,
                         "ours": [95.0, 95.0, 0.001, 0.2],
                         "ours_spread": [1.0, 1.0, np.nan, np.nan]})
    table3 = compare("last02", "table3", ours, transcription.iloc[:0], Exact())
    table4 = compare("last02", "table4", ours.iloc[:0], transcription.iloc[:0], Exact())
    claims = pd.read_csv("data/paper/last02/claims.csv", keep_default_na=False, dtype=str)
    claims = claims[claims["id"].isin(["accuracy_only_iris", "accuracy_only_iris_corrected"])]
    judged = make_claims(claims, transcription, table3, table4, ["L"], []).set_index("id")
    # the paper's interval puts both datasets above; the corrected test only Iris
    assert judged.loc["accuracy_only_iris", "ours"] == "GL, IR"
    assert judged.loc["accuracy_only_iris_corrected", "ours"] == "IR"
    assert judged.loc["accuracy_only_iris_corrected", "verdict"] == "claim holds"


def test_table4_ours_alone_marker_by_its_conclusion_and_the_view_from_cells():
    """Table 4: a dataset the paper did not use (Z) is ours alone (no marker, no CMM test);
    the "**" marker is judged by the test's conclusion; the Markdown shows the cells'
    verdicts and no nan."""
    from smalltrees.studies.last02.table4 import (
        make_table4,
        render_table4,
        table4_numbers,
        table4_view,
    )

    rows = [("A", "output_size[IFN]", 6, 0), ("A", "stability[IFN]", 90.0, 1),
            ("A", "stability[CMM]", 50.0, 1), ("A", "sig_vs_cmm[IFN]", 1, 0),
            ("B", "output_size[IFN]", 9, 0), ("B", "stability[IFN]", 60.0, 1),
            ("B", "stability[CMM]", 50.0, 1), ("B", "sig_vs_cmm[IFN]", 0, 0)]
    paper = pd.DataFrame([("table4", *r) for r in rows],
                         columns=["table", "code", "quantity", "value", "decimals"]).assign(
        spread=np.nan, where="test", dataset="name")
    rng = np.random.default_rng(0)

    def agreement(level):
        return pd.DataFrame({"repetition": np.repeat([1, 2, 3], 50),
                             "instance": np.tile(np.arange(50), 3),
                             "agreement": np.clip(level + rng.normal(0, 0.02, 150), 0, 1)})

    codes, learners = ["A", "B", "Z"], ["IFN", "C45"]
    networks = {(c, "IFN"): {"output_size": 6} for c in codes}
    agreements = {(c, learner): agreement(0.9) for c in codes for learner in learners}
    sizes = {(c, learner): pd.DataFrame({"output_size": [5, 7]}) for c in codes
             for learner in learners}
    numbers = table4_numbers(networks, agreements, sizes, paper, codes, learners, ["IFN"], 0.01)
    cells = make_table4(numbers, paper, 2.0).set_index(["code", "quantity"])
    assert cells.loc[("A", "output_size[IFN]"), "verdict"] == "reproduced"
    assert cells.loc[("B", "output_size[IFN]"), "verdict"] == "differs"
    # 90 vs CMM's 50: significant; the paper marks A (reproduced), not B (differs)
    assert cells.loc[("A", "sig_vs_cmm[IFN]"), "verdict"] == "reproduced"
    assert cells.loc[("B", "sig_vs_cmm[IFN]"), "verdict"] == "differs"
    assert cells.loc[("B", "sig_vs_cmm[IFN]"), "rule"].startswith("same conclusion")
    z = cells.loc["Z"]
    assert "sig_vs_cmm[IFN]" not in z.index and (z["verdict"] == "").all()
    assert cells.loc[("mean", "output_size[IFN]"), "ours"] == 6.0  # A and B only
    view = table4_view(make_table4(numbers, paper, 2.0), paper, learners, ["IFN"], {}, {})
    text = render_table4(view, "test")
    assert "nan" not in text.lower()
    shown = view.set_index("dataset")
    assert shown.loc["name (B)", "size IFN"] == "**6 (9)**"
    assert shown.loc["name (B)", "marker vs CMM IFN"] == "**1 (0)**"
    assert shown.loc["name (A)", "stab IFN"].endswith("(90.0) ‡ †")  # per example, per run
    # every compared cell is shown as its cell_text (the view is rendered from the cells)
    for cell in make_table4(numbers, paper, 2.0).to_dict("records"):
        if cell["verdict"] and cell["reading"] == "":
            assert cell_text(cell) in text or cell_text(cell, spreads=False) in text, cell
    assert shown.loc["Z", "size IFN"] == "6" and shown.loc["Z", "stab C45"].startswith("9")
