"""Datasets defined by a generator instead of raw files: a deterministic "dataset source".

A registry entry with a ``generator:`` key (and no files) is built here by the parse step:
``{name: ringnorm | twonorm, rows: N, seed: S}`` draws Breiman's (1996) artificial problems
from a generator seeded by ``S`` (so the dataset is a pure function of its registry entry, like
a checksummed file), and ``{name: titanic}`` expands Dawson's (1995) published contingency table
of the 2201 people aboard into one row per person. The entry's ``columns`` declare the fields
as for a file (``x{i}`` continuous attributes and a class for ringnorm/twonorm; the three
categorical attributes and the class for titanic) and are checked against what the generator
makes.

References
----------
L. Breiman (1996), "Bias, variance and arcing classifiers", Technical Report 460, Statistics
Department, University of California, Berkeley: twonorm (two unit-covariance normals with means
(a, ..., a) and (-a, ..., -a)) and ringnorm (zero mean and covariance 4 I against mean
(a, ..., a) and covariance I), 20 dimensions, a = 2 / sqrt(20); the classes equally likely.
R. J. M. Dawson (1995), "The 'unusual episode' data revisited", *Journal of Statistics
Education* 3(3); the same counts are R's ``datasets::Titanic``.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd

from smalltrees.data.parse import DatasetError, categorical, fields_from_spec

#: Dawson (1995): people by (class, sex, age) and survival, as (No, Yes).
TITANIC = {
    ("1st", "Male", "Child"): (0, 5), ("2nd", "Male", "Child"): (0, 11),
    ("3rd", "Male", "Child"): (35, 13), ("Crew", "Male", "Child"): (0, 0),
    ("1st", "Female", "Child"): (0, 1), ("2nd", "Female", "Child"): (0, 13),
    ("3rd", "Female", "Child"): (17, 14), ("Crew", "Female", "Child"): (0, 0),
    ("1st", "Male", "Adult"): (118, 57), ("2nd", "Male", "Adult"): (154, 14),
    ("3rd", "Male", "Adult"): (387, 75), ("Crew", "Male", "Adult"): (670, 192),
    ("1st", "Female", "Adult"): (4, 140), ("2nd", "Female", "Adult"): (13, 80),
    ("3rd", "Female", "Adult"): (89, 76), ("Crew", "Female", "Adult"): (3, 20),
}
TITANIC_VALUES = (("1st", "2nd", "3rd", "Crew"), ("Male", "Female"), ("Child", "Adult"))


def generate(code: str, spec: Mapping) -> tuple[pd.DataFrame, pd.Series]:
    """Build the dataset of a registry entry with a ``generator:`` key (see the module)."""
    generator = spec["generator"]
    name = generator.get("name")
    if name in ("ringnorm", "twonorm"):
        X, y = _breiman(name, int(generator["rows"]), int(generator["seed"]))
    elif name == "titanic":
        X, y = _titanic()
    else:
        raise DatasetError(f"dataset {code}: generator.name {name!r} is unknown; expected "
                           "ringnorm, twonorm or titanic")
    _check_columns(code, spec, X)
    return X, y


def _breiman(name: str, rows: int, seed: int, d: int = 20) -> tuple[pd.DataFrame, pd.Series]:
    """Breiman's twonorm or ringnorm: classes "1"/"2" equally likely, then the class's normal."""
    rng = np.random.default_rng(seed)
    label = rng.integers(1, 3, size=rows)
    noise = rng.standard_normal((rows, d))
    a = 2.0 / np.sqrt(d)
    if name == "twonorm":
        X = noise + np.where(label == 1, a, -a)[:, None]
    else:
        X = np.where((label == 1)[:, None], 2.0 * noise, noise + a)
    frame = pd.DataFrame(X, columns=[f"x{i}" for i in range(1, d + 1)])
    return frame, pd.Series(label.astype(str), name="class", dtype=str)


def _titanic() -> tuple[pd.DataFrame, pd.Series]:
    """One row per person of Dawson's table, in the table's order, non-survivors first."""
    records = [(*cell, outcome) for cell, counts in TITANIC.items()
               for outcome, count in zip(("No", "Yes"), counts, strict=True)
               for _ in range(count)]
    columns = list(zip(*records, strict=True))
    X = pd.DataFrame({name: categorical(list(values), declared) for name, values, declared
                      in zip(("class", "sex", "age"), columns[:3], TITANIC_VALUES, strict=True)})
    X.columns = ["passenger_class", "sex", "age"]
    return X, pd.Series(columns[3], name="class", dtype=str)


def _check_columns(code: str, spec: Mapping, X: pd.DataFrame) -> None:
    """The registry's declared attributes must be the generated ones, with their kinds."""
    declared = [(name, f.kind) for f in fields_from_spec(spec["columns"])
                for name in f.attribute_names()]
    made = [(c, "categorical" if isinstance(X[c].dtype, pd.CategoricalDtype) else "continuous")
            for c in X.columns]
    if declared != made:
        raise DatasetError(f"dataset {code}: columns declare {declared}; the generator "
                           f"{spec['generator']['name']!r} makes {made}")
