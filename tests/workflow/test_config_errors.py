"""Config and sheet mistakes are refused before any job runs, in one line naming the file and
the key (issue 21, items 4, 5, 6 and 8), and never cost an earlier valid result."""

import pytest
import yaml
from workflow_helpers import base_config, run, scratch_project

from smalltrees.data.parse import DatasetError, fields_from_spec


def refused(work, *args) -> str:
    """Run a dry-run that must fail; return its output."""
    result = run(work, "-n", *args, check=False)
    assert result.returncode != 0, result.stdout + result.stderr
    return result.stdout + result.stderr


def test_a_negative_seed_is_refused_by_the_schema(tmp_path):
    config = base_config()
    config["seed"] = -1
    output = refused(scratch_project(tmp_path, config))
    assert "config: seed: -1 is less than the minimum of 0" in output


def test_a_schema_error_is_one_line_with_the_key_not_the_schema(tmp_path):
    config = base_config()
    config["last02"]["cv"]["folds"] = "many"
    output = refused(scratch_project(tmp_path, config))
    assert "config: last02.cv.folds: 'many' is not of type 'integer'" in output
    assert "$defs" not in output and "additionalProperties" not in output
    assert len(output.splitlines()) < 15


def test_a_broken_sheet_names_the_sheet_and_the_line(tmp_path):
    work = scratch_project(tmp_path)
    sheet = work / "data/datasets.yaml"
    lines = sheet.read_text().splitlines()
    number = next(i for i, line in enumerate(lines) if line.startswith("  MO:"))
    lines[number + 1] = "    name: [monks-1"
    sheet.write_text("\n".join(lines) + "\n")
    output = refused(work)
    assert f"dataset sheet data/datasets.yaml, line {number + 3}" in output  # where YAML sees it
    assert "invalid YAML" in output


def test_a_sheet_schema_error_says_dataset_sheet(tmp_path):
    work = scratch_project(tmp_path)
    sheet = work / "data/datasets.yaml"
    sheet.write_text(sheet.read_text().replace("kind: categorical, values: [\"1\", \"2\"]}",
                                               "kind: nominal, values: [\"1\", \"2\"]}", 1))
    output = refused(work)
    assert "dataset sheet data/datasets.yaml: datasets." in output
    assert "'nominal' is not one of" in output
    assert "config file" not in output.lower()


def test_a_duplicate_column_name_is_refused_naming_dataset_and_column(tmp_path):
    work = scratch_project(tmp_path)
    sheet = work / "data/datasets.yaml"
    text = sheet.read_text()
    monks = text.index("  MO:")
    renamed = text[monks:].replace("{name: a2,", "{name: a1,", 1)
    sheet.write_text(text[:monks] + renamed)
    output = refused(work)
    assert "dataset sheet data/datasets.yaml: datasets.MO.columns: attribute name(s) ['a1']" \
        in output


def test_repeat_patterns_are_expanded_before_looking_for_duplicates():
    columns = [{"name": "c{i}", "kind": "continuous", "repeat": 3},
               {"name": "c2", "kind": "continuous"}, {"name": "class", "kind": "class"}]
    with pytest.raises(DatasetError, match=r"\['c2'\]"):
        fields_from_spec(columns)


@pytest.fixture(scope="module")
def parsed(tmp_path_factory, mirror):
    """A project whose IR, PI and AN are parsed, with an earlier valid CV result of IR."""
    config = base_config()
    config["mirrors"] = [str(mirror)]
    config["auer95"]["cv"].update(repetitions=1, folds=2)
    work = scratch_project(tmp_path_factory.mktemp("parsed"), config)
    run(work, "--cores", "2", "data/processed/PI.csv", "data/processed/AN.csv",
        "results/auer95/cv/IR/C45.csv")
    return work, config


def with_config(work, config, edit):
    changed = yaml.safe_load(yaml.safe_dump(config))
    edit(changed)
    (work / "config.yaml").write_text(yaml.safe_dump(changed, sort_keys=False))


@pytest.mark.parametrize(("edit", "message"), [
    (lambda c: c["auer95"]["cv"].update(folds=200),
     "auer95.cv.folds: 200 for dataset IR: 150 examples cannot fill 200 folds"),
    (lambda c: c["last02"]["cv"].update(folds=151),
     "last02.cv.folds: 151 for dataset IR: 150 examples cannot fill 151 folds"),
    (lambda c: c["dkm96"]["table2"]["domains"]["PI"].update(positive_class="7"),
     "dkm96.table2.domains.PI.positive_class: '7' is not a class of dataset PI; "
     "expected one of ['0', '1'] (data/processed/PI.json)"),
    (lambda c: c["dkm96"]["table2"]["domains"]["PI"].update(folds=769),
     "dkm96.table2.domains.PI.folds: 769 for dataset PI: 768 examples cannot fill 769 folds"),
    (lambda c: c["dkm96"]["table1"]["domains"]["AN_3"].update(train_size=200),
     "dkm96.table1.domains.AN_3.train_sets/train_size: 4 training sets of 200 rows need 800"),
    (lambda c: c["dkm96"]["table1"]["domains"]["PI"].update(positive_class=2),
     "dkm96.table1.domains.PI.positive_class: 2 is not a class of dataset PI"),
])
def test_a_design_that_does_not_fit_parsed_data_is_refused_and_keeps_results(parsed, edit,
                                                                             message):
    work, config = parsed
    result = work / "results/auer95/cv/IR/C45.csv"
    kept = result.read_bytes()
    try:
        with_config(work, config, edit)
        output = run(work, "--cores", "2", "results/auer95/cv/IR/C45.csv", check=False)
        assert output.returncode != 0
        assert message in output.stdout + output.stderr
        assert "Select jobs to execute" not in output.stdout + output.stderr  # no job ran
        assert result.read_bytes() == kept
    finally:
        with_config(work, config, lambda c: None)


def test_a_broken_config_file_names_the_file_and_the_line(tmp_path):
    work = scratch_project(tmp_path)
    config = work / "config.yaml"
    lines = config.read_text().splitlines()
    number = next(i for i, line in enumerate(lines) if line.startswith("seed:"))
    lines[number] = "seed: [1995"
    config.write_text("\n".join(lines) + "\n")
    output = refused(work)
    assert "config file config.yaml, line " in output
    assert f"(while parsing a flow sequence on line {number + 1})" in output
