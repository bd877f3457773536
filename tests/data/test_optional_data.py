"""Optional datasets, compressed (.Z) files, header lines and per-file row counts."""

import hashlib

import pytest

from smalltrees import datasets
from smalltrees.data.fetch import ChecksumError
from smalltrees.data.lzw import CompressError, uncompress
from smalltrees.data.optional import fetch_optional
from smalltrees.data.parse import DatasetError, parse_parts

TOY = "1.0,a,x\n2.0,b,y\n"
COLUMNS = [{"name": "v", "kind": "continuous"}, {"name": "c", "kind": "categorical"},
           {"name": "class", "kind": "class"}]


def optional_spec(sha256=None):
    entry = {"path": "toy/toy.data"} | ({"sha256": sha256} if sha256 else {})
    return {"name": "toy", "optional": True, "files": [entry], "columns": COLUMNS}


def dead_archive(tmp_path):
    return (tmp_path / "no-archive").as_uri() + "/"


def test_unavailable_optional_dataset_says_which_sources_were_tried(tmp_path):
    mirror = tmp_path / "mirror"
    mirror.mkdir()
    with pytest.raises(datasets.DatasetUnavailable) as caught:
        fetch_optional("TY", optional_spec(), mirrors=[str(mirror)],
                       archive=dead_archive(tmp_path), retries=0, raw_dir=tmp_path / "raw")
    message = str(caught.value)
    assert message.startswith("data not available (sources tried: ")
    assert f"{mirror}/toy/toy.data: no such file" in message and "no-archive" in message
    assert not (tmp_path / "raw" / "toy" / "toy.data").exists()


def test_available_unpinned_optional_dataset_records_the_digest_it_used(tmp_path):
    mirror = tmp_path / "mirror"
    (mirror / "toy").mkdir(parents=True)
    (mirror / "toy" / "toy.data").write_text(TOY)
    spec = optional_spec()
    paths = fetch_optional("TY", spec, mirrors=[str(mirror)], archive=dead_archive(tmp_path),
                           raw_dir=tmp_path / "raw")
    X, y, files = datasets.build_parts("TY", spec, paths=paths)
    assert files == [{"path": "toy/toy.data", "rows": 2,
                      "sha256": hashlib.sha256(TOY.encode()).hexdigest()}]
    datasets.write(X, y, "TY", spec, tmp_path / "TY.csv", tmp_path / "TY.json", files=files)
    assert datasets.read_meta(tmp_path / "TY.json")["files"] == files
    assert datasets.unavailable_reason(tmp_path / "TY.json") is None


def test_wrong_bytes_of_an_optional_dataset_still_fail_loudly(tmp_path):
    mirror = tmp_path / "mirror"
    (mirror / "toy").mkdir(parents=True)
    (mirror / "toy" / "toy.data").write_text(TOY)
    with pytest.raises(ChecksumError):
        fetch_optional("TY", optional_spec("0" * 64), mirrors=[str(mirror)],
                       archive=(tmp_path / "no-archive").as_uri() + "/",
                       raw_dir=tmp_path / "raw")


def test_only_optional_datasets_may_be_unavailable(tmp_path):
    spec = optional_spec("0" * 64) | {"optional": False}
    with pytest.raises(ValueError, match="not marked optional"):
        fetch_optional("TY", spec, archive=dead_archive(tmp_path), raw_dir=tmp_path)


def test_unavailable_marker_is_refused_by_read_with_its_reason(tmp_path):
    csv, meta = tmp_path / "IS.csv", tmp_path / "IS.json"
    datasets.write_unavailable("IS", optional_spec(), "data not available (sources tried: x)",
                               csv, meta)
    assert datasets.unavailable_reason(meta) == "data not available (sources tried: x)"
    with pytest.raises(datasets.DatasetUnavailable, match="dataset IS: data not available"):
        datasets.read(csv, meta)


def test_header_lines_and_rows_per_file(tmp_path):
    first, second = tmp_path / "a.data", tmp_path / "b.data"
    first.write_text(";; comment\n\nv,c,class\n\n1.0,a,x\n")
    second.write_text(";; comment\n\nv,c,class\n\n2.0,b,y\n3.0,b,y\n")
    spec = {"columns": COLUMNS, "header_lines": 4, "files": [{"path": "a"}, {"path": "b"}]}
    X, y, rows = parse_parts([(first, None), (second, None)], spec)
    assert rows == [1, 2] and y.tolist() == ["x", "y", "y"]


def test_bad_compressed_file(tmp_path):
    with pytest.raises(CompressError, match="1f 9d"):
        uncompress(b"plain text")
    path = tmp_path / "t.data.Z"
    path.write_bytes(b"plain text")
    spec = {"columns": COLUMNS, "files": [{"path": "t.data.Z", "compression": "Z"}]}
    with pytest.raises(DatasetError, match="compression: Z"):
        parse_parts([(path, None)], spec)


def test_uncompress_matches_the_mirrors_uncompressed_shuttle(mirror):
    packed = (mirror / "statlog/shuttle/shuttle.trn.Z").read_bytes()
    plain = (mirror / "statlog/shuttle/shuttle.trn").read_bytes()
    assert uncompress(packed) == plain   # exercises two table clears and every code width
