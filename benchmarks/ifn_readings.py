"""The IFN readings of eq. 2 on the whole datasets of Last, Maimon & Minkov (2002), Table 3,
beside an independent implementation (a peer check outside the workflow; the workflow computes
the configured readings itself: ``last02.ifn``, results/last02/cells/table{3,4}_readings.csv).

For each dataset of the study and each combination of ``scaling`` (standard, literal) and ``dof``
(port, node) of :class:`smalltrees.IFN` at the paper's 0.1 % level, prints the output size of
the network induced from the whole data (Table 4's "Output Size" of IFN: one unit per antecedent
and per consequent of every rule, §3; the paper's Iris network of Figure 2 has 6) and its layers,
beside the paper's size. With ``--port PATH`` it adds a peer column: the public implementation
``moravitan/scikit-multiflow-IFN`` (``PATH`` is a checkout of it, the directory holding
``skml/``), run on the same parsed files at confidence 1 - 0.001 (a benchmark-only peer: it is
never imported by the library; ``skmultiflow.core`` is replaced by scikit-learn's base classes
when scikit-multiflow is not installed).

Needs the parsed datasets (``data/processed/<code>.{csv,json}``; produce them with
``snakemake --cores 1 data/processed/AU.csv data/processed/AU.json ...`` and, offline,
``--config mirrors='["/path/to/uci-mirror"]'``).

Usage::

    python benchmarks/ifn_readings.py
    python benchmarks/ifn_readings.py --port /path/to/scikit-multiflow-IFN --datasets GL IR
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
import tempfile
import types
from pathlib import Path

import numpy as np
import pandas as pd
import yaml

from smalltrees import IFN
from smalltrees.datasets import load
from smalltrees.evaluation.transcriptions import read_transcription

ROOT = Path(__file__).resolve().parents[1]
READINGS = [("standard", "port"), ("standard", "node"), ("literal", "port"), ("literal", "node")]
SIGNIFICANCE = 0.001


def paper_sizes() -> dict[str, float]:
    """Table 4's IFN output size by dataset code."""
    table = read_transcription(ROOT / "data" / "paper" / "last02" / "table4.csv")
    rows = table[table["quantity"] == "output_size[IFN]"]
    return dict(zip(rows["code"], rows["value"], strict=True))


def describe(layers: list[str], size: int) -> str:
    """``size first>second>...`` for one network."""
    return f"{size} {'>'.join(layers) or '(root)'}"


def ours(X: pd.DataFrame, y: pd.Series, scaling: str, dof: str) -> str:
    """Our IFN of the whole data under one reading."""
    model = IFN(significance=SIGNIFICANCE, scaling=scaling, dof=dof).fit(X, y)
    return describe([layer["attribute"] for layer in model.layers_], model.output_size_)


def port_classifier(path: Path):
    """The port's ``IfnClassifier``, importable from the checkout ``path``."""
    try:
        import skmultiflow.core  # noqa: F401
    except ImportError:
        from sklearn.base import BaseEstimator, ClassifierMixin
        shim = types.ModuleType("skmultiflow.core")
        shim.BaseSKMObject, shim.ClassifierMixin = BaseEstimator, ClassifierMixin
        sys.modules["skmultiflow"] = types.ModuleType("skmultiflow")
        sys.modules["skmultiflow.core"] = shim
    # the package's __init__ imports its streaming variants too: load the one module we need
    package = types.ModuleType("skml")
    package.__path__ = [str(path / "skml")]
    sys.modules["skml"] = package
    from sklearn.utils.validation import check_X_y
    from skml import ifn_classifier

    def writable_check_X_y(*args, **kwargs):
        X, y = check_X_y(*args, **kwargs)
        return np.array(X, copy=True), y  # the port writes the discretised codes into X

    ifn_classifier.check_X_y = writable_check_X_y
    return ifn_classifier.IfnClassifier


def port(classifier, X: pd.DataFrame, y: pd.Series) -> str:
    """The port's network of the whole data: nominal attributes as integer codes (missing as a
    code of its own, as ours), continuous ones as floats; output size counted as ours."""
    columns, kinds = {}, []
    for name in X.columns:
        column = X[name]
        if isinstance(column.dtype, pd.CategoricalDtype):
            codes = column.cat.codes.to_numpy().astype(float)
            codes[codes < 0] = len(column.cat.categories)
            columns[name], kind = codes, "category"
        else:
            columns[name], kind = column.to_numpy(dtype=float), "float64"
        kinds.append(kind)
    frame = pd.DataFrame(columns)
    if frame.isna().any().any():
        return "n/a (missing continuous values)"
    labels = pd.factorize(y, sort=True)[0]
    here = Path.cwd()
    with tempfile.TemporaryDirectory() as scratch, contextlib.redirect_stdout(io.StringIO()):
        os.chdir(scratch)  # the port writes output.txt into the working directory
        try:
            model = classifier(kinds, alpha=1 - SIGNIFICANCE).fit(frame, labels)
        finally:
            os.chdir(here)
    layer, depth, size, names = model.network.root_node.first_layer, 1, 0, []
    while layer is not None:
        names.append(str(X.columns[layer.index]))
        terminal = [node for node in layer.get_nodes() if node is not None and node.is_terminal]
        size += (depth + 1) * len(terminal)
        layer, depth = layer.next_layer, depth + 1
    return describe(names, size)


def main() -> None:
    config = yaml.safe_load((ROOT / "config.yaml").read_text())
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--datasets", nargs="+", default=config["last02"]["datasets"])
    parser.add_argument("--port", type=Path, help="a checkout of moravitan/scikit-multiflow-IFN")
    args = parser.parse_args()
    paper = paper_sizes()
    classifier = port_classifier(args.port) if args.port else None
    headers = ["dataset", "paper"] + [f"{s}/{d}" for s, d in READINGS]
    rows = []
    for code in args.datasets:
        X, y = load(code, ROOT)
        row = [code, f"{paper[code]:g}"] + [ours(X, y, s, d) for s, d in READINGS]
        if classifier is not None:
            row.append(port(classifier, X, y))
        rows.append(row)
    if classifier is not None:
        headers.append("port")
    print("IFN output size on the whole data (and layers, first to last); paper: Table 4")
    print("| " + " | ".join(headers) + " |")
    print("|" + "---|" * len(headers))
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
