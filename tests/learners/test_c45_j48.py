"""C45 prints Weka J48's trees, checked without Weka against trees J48 printed.

``tests/fixtures/j48/`` holds, per dataset, the ARFF file J48 was given and, per option set,
J48's printed tree on each of 5 cross-validation training parts (the rows left out are listed
in the fixture). ``benchmarks/c45_vs_j48.py --save-fixtures`` wrote them with Weka 3.6.14; its
docstring says how to regenerate them.
"""

import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from smalltrees import C45

FIXTURES = Path(__file__).parents[1] / "fixtures" / "j48"
#: J48's options in a fixture's name and the C45 parameters they mean.
OPTIONS = {"C0.25_M2": {"prune": True, "min_cases": 2},
           "U_M1": {"prune": False, "min_cases": 1}}
QUOTED_OR_BARE = re.compile(r"'((?:[^'\\]|\\.)*)'|([^,]*)")


def unquote(token: re.Match) -> str | None:
    """The value of one ARFF field as written by the benchmark (``None`` for ``?``)."""
    quoted, bare = token.groups()
    if quoted is not None:
        return re.sub(r"\\(.)", r"\1", quoted)
    return None if bare == "?" else bare


def fields(line: str) -> list[str | None]:
    """The comma-separated fields of an ARFF line, quotes removed."""
    found, position = [], 0
    while position <= len(line):
        token = QUOTED_OR_BARE.match(line, position)
        found.append(unquote(token))
        position = token.end() + 1  # past the comma
    return found


def read_arff(path: Path) -> tuple[pd.DataFrame, np.ndarray]:
    """The attributes (categories in their declared order) and class labels of an ARFF file."""
    names, kinds, rows = [], [], []
    lines = iter(path.read_text().splitlines())
    for line in lines:
        if line.startswith("@attribute"):
            match = re.match(r"@attribute ('(?:[^'\\]|\\.)*'|\S+) (.*)", line)
            name = fields(match.group(1))[0]
            kind = match.group(2)
            names.append(name)
            kinds.append(None if kind == "numeric" else fields(kind.strip("{}")))
        elif line == "@data":
            rows = [fields(row) for row in lines]
    columns = {}
    for j, (name, categories) in enumerate(zip(names[:-1], kinds[:-1], strict=True)):
        values = [row[j] for row in rows]
        columns[name] = (pd.Categorical(values, categories=categories) if categories
                         else np.array([np.nan if v is None else float(v) for v in values]))
    return pd.DataFrame(columns), np.array([row[-1] for row in rows], dtype=object)


def folds(path: Path) -> list[tuple[int, list[int], str]]:
    """``(fold, test rows, J48's tree)`` of each block of a fixture."""
    found = []
    for block in path.read_text().split("=== fold ")[1:]:
        head, rows, *tree = block.rstrip("\n").split("\n")
        assert rows.startswith("test rows: ")
        found.append((int(head), [int(r) for r in rows.split()[2:]], "\n".join(tree)))
    return found


CASES = sorted(FIXTURES.glob("*_*.txt"))


def test_the_fixture_is_there():
    # six datasets, two option sets: a missing fixture must not silently shrink the check
    assert len(CASES) == 12


@pytest.mark.parametrize("path", CASES, ids=[path.stem for path in CASES])
def test_c45_prints_the_tree_j48_printed(path):
    code, options = path.stem.split("_", 1)
    X, y = read_arff(FIXTURES / f"{code}.arff")
    blocks = folds(path)
    assert len(blocks) == 5
    for fold, test_rows, tree in blocks:
        train = np.setdiff1d(np.arange(len(X)), test_rows)
        model = C45(**OPTIONS[options]).fit(X.iloc[train].reset_index(drop=True), y[train])
        assert model.export_text() == tree, f"{path.name}, fold {fold}"


def test_arff_reader_reads_quotes_and_unknown_values():
    assert fields("1.5,'a b','it\\'s',?,'?'") == ["1.5", "a b", "it's", None, "?"]
