"""Parser tests on small fixture files written by the tests themselves."""

import math
import zipfile

import pandas as pd
import pytest

from smalltrees import datasets
from smalltrees.data.fetch import sha256_of
from smalltrees.data.parse import DatasetError, fields_from_spec, parse_files

SPEC = {
    "name": "toy",
    "files": [{"path": "toy/toy.data", "sha256": "0" * 64}],
    "columns": [
        {"name": "id", "kind": "drop"},
        {"name": "width", "kind": "continuous"},
        {"name": "colour", "kind": "categorical"},
        {"name": "size", "kind": "categorical", "values": ["small", "big"]},
        {"name": "class", "kind": "class"},
    ],
}
TOY = "1,0.5,red,small,yes\n2,?,blue,big,no\n\n3,2.25,?,small,yes\n"


def write(tmp_path, text, name="toy/toy.data"):
    path = tmp_path / "raw" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_types_values_and_missing(tmp_path):
    X, y = parse_files([(write(tmp_path, TOY), None)], SPEC)
    assert list(X.columns) == ["width", "colour", "size"]
    assert X["width"].dtype == "float64"
    assert X["width"].tolist()[0] == 0.5 and math.isnan(X["width"][1])
    assert isinstance(X["colour"].dtype, pd.CategoricalDtype)
    assert list(X["colour"].cat.categories) == ["blue", "red"]  # seen values, sorted
    assert list(X["size"].cat.categories) == ["small", "big"]  # declared order kept
    assert X["colour"].isna().tolist() == [False, False, True]
    assert y.tolist() == ["yes", "no", "yes"] and y.name == "class"


def test_types_survive_save_and_load(tmp_path):
    X, y = parse_files([(write(tmp_path, TOY), None)], SPEC)
    datasets.save(X, y, "TOY", SPEC, tmp_path / "data" / "processed")
    X2, y2 = datasets.load("TOY", root=tmp_path)
    pd.testing.assert_frame_equal(X, X2)
    pd.testing.assert_series_equal(y, y2)
    assert list(X2["size"].cat.categories) == ["small", "big"]


def test_load_unknown_dataset_says_how_to_make_it(tmp_path):
    with pytest.raises(FileNotFoundError, match="snakemake"):
        datasets.load("NOPE", root=tmp_path)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1,0.5,red,small\n", r"line 1: found 4 fields; expected 5"),
        ("1,0.5,red,small,yes\n2,wide,red,small,no\n",
         r"line 2, field 'width'.*'wide' is not a number"),
        ("1,0.5,red,huge,yes\n", r"line 1, field 'size'.*'huge' is not declared"),
        ("1,0.5,red,small,?\n", r"line 1, field 'class'.*missing"),
        ("1,0.5,,small,yes\n", r"field 'colour'.*empty value"),
        ("\n\n", r"no data lines"),
        ("", r"no data lines"),
    ],
)
def test_malformed_input_names_file_line_and_field(tmp_path, text, message):
    path = write(tmp_path, text)
    with pytest.raises(DatasetError, match=message) as info:
        parse_files([(path, None)], SPEC)
    assert str(path) in str(info.value)


def test_class_transformations_and_unknown_class(tmp_path):
    spec = {**SPEC, "class_drop": ["maybe"], "class_map": {"yes": "Y", "no": "N"},
            "class_values": ["Y", "N"]}
    path = write(tmp_path, TOY + "4,1.0,red,big,maybe\n")
    X, y = parse_files([(path, None)], spec)
    assert y.tolist() == ["Y", "N", "Y"] and len(X) == 3
    bad = write(tmp_path, TOY + "4,1.0,red,big,perhaps\n", "toy/bad.data")
    with pytest.raises(DatasetError, match=r"line 5, field 'class'.*unknown class 'perhaps'"):
        parse_files([(bad, None)], spec)


def test_several_files_are_concatenated(tmp_path):
    first = write(tmp_path, TOY, "toy/a.data")
    second = write(tmp_path, "9,7.0,green,big,no\n", "toy/b.data")
    X, y = parse_files([(first, None), (second, None)], SPEC)
    assert len(X) == 4 and X["colour"].tolist()[-1] == "green"


def test_sequence_field_expands_to_one_attribute_per_character(tmp_path):
    spec = {"columns": [{"name": "class", "kind": "class"}, {"name": "name", "kind": "drop"},
                        {"name": "p{i}", "kind": "sequence", "repeat": 4,
                         "values": ["a", "c", "g", "t"]}]}
    X, y = parse_files([(write(tmp_path, "+, S1,\t\tacgt\n-, S2, ttga\n"), None)], spec)
    assert list(X.columns) == ["p1", "p2", "p3", "p4"]
    assert X.iloc[1].tolist() == ["t", "t", "g", "a"]
    with pytest.raises(DatasetError, match="sequence has 3 characters; expected 4"):
        parse_files([(write(tmp_path, "+,S1,acg\n", "toy/short.data"), None)], spec)
    with pytest.raises(DatasetError, match=r"position 2.*'x' is not declared"):
        parse_files([(write(tmp_path, "+,S1,axgt\n", "toy/bad.data"), None)], spec)


def test_keel_format_inside_a_zip(tmp_path):
    dat = "@relation t\n@attribute A real\n@attribute Class {0,1}\n@data\n0.5,1\n0.25,0\n"
    archive = tmp_path / "t.zip"
    with zipfile.ZipFile(archive, "w") as handle:
        handle.writestr("t.dat", dat)
    spec = {"format": "keel", "columns": [{"name": "A", "kind": "continuous"},
                                          {"name": "class", "kind": "class"}]}
    X, y = parse_files([(archive, "t.dat")], spec)
    assert X["A"].tolist() == [0.5, 0.25] and y.tolist() == ["1", "0"]
    with pytest.raises(DatasetError, match="no '@data' line"):
        parse_files([(write(tmp_path, "@relation t\n0.5,1\n"), None)], spec)


def pinned(path):
    """SPEC with the sha256 of the raw file at ``path``."""
    return {**SPEC, "files": [{"path": "toy/toy.data", "sha256": sha256_of(path)}]}


def test_single_class_dataset_is_rejected(tmp_path):
    path = write(tmp_path, "1,0.5,red,small,yes\n2,0.7,red,big,yes\n")
    with pytest.raises(DatasetError, match="single class"):
        datasets.build("TOY", pinned(path), raw_dir=tmp_path / "raw")


def test_a_raw_file_changed_after_download_is_refused(tmp_path):
    path = write(tmp_path, "1,0.5,red,small,yes\n2,0.7,red,big,no\n")
    spec = pinned(path)
    X, _ = datasets.build("TOY", spec, raw_dir=tmp_path / "raw")
    assert len(X) == 2
    path.write_text("1,0.5,red,small,yes\n2,0.9,red,big,no\n")  # one value edited
    with pytest.raises(DatasetError, match="sha256 mismatch") as error:
        datasets.build("TOY", spec, paths=[path])
    message = str(error.value)
    assert str(path) in message and spec["files"][0]["sha256"] in message
    assert sha256_of(path) in message and "rm " in message


def test_spec_errors():
    with pytest.raises(DatasetError, match="unknown kind 'numeric'"):
        fields_from_spec([{"name": "a", "kind": "numeric"}, {"name": "c", "kind": "class"}])
    with pytest.raises(DatasetError, match="exactly one field of kind 'class'"):
        fields_from_spec([{"name": "a", "kind": "continuous"}])
