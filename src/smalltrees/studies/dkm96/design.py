"""The design of DKM 1996 Table 1: n disjoint training sets and one test set per domain.

"The available training data are subdivided into n disjoint training sets and a single test set"
(section 3.1, after Hinton et al.'s DELVE). The paper does not give n or the sizes; the reading
notes infer n = 8 for Letter, 2 for Pima and 4 elsewhere (38 trials, the paper's "all 38
trials") from its own t and Pr(t), and Pima's 3 x 256 from its error rates. Each domain's design
is config data (``dkm96.table1.domains``):

* ``test``: the single test set, one of ``{file: <registry path>}`` (the rows that file of the
  dataset gave: a standard test file), ``{last: N}`` (the last N rows: Letter's standard split)
  or ``{random: N}`` (N rows drawn at random);
* ``train_sets`` (n) and optionally ``train_size``: n disjoint training sets of ``train_size``
  rows each (default: as many as fit equally) from the remaining rows;
* optionally ``train_draw``: ``random`` (the default: the training sets are drawn at random) or
  ``in_order`` (the first n x ``train_size`` remaining rows cut in file order into n consecutive
  blocks: Letter's documented split reads "first 16000 training"). An ``in_order`` design with a
  ``file`` or ``last`` test has one partition only (:func:`distinct_partitions`).

Partition ``k`` (1-based; Table 1 shows partition 1) draws from ``seed_for(seed, stream, domain,
k)`` only, so the partitions are independent and reproducible whatever the order of jobs; the
draw is :func:`~smalltrees.evaluation.resampling.disjoint_training_sets` (a random test part
first, then the training sets). This module reads the config's design and checks it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from smalltrees.evaluation.resampling import disjoint_training_sets, seed_for

TEST_KINDS = ("file", "last", "random")
TRAIN_DRAWS = ("random", "in_order")


class DesignError(ValueError):
    """A domain's design does not fit its dataset; the message names the config key."""


@dataclass(frozen=True)
class Partition:
    """Row indices of the n training sets and of the test set of one partition."""

    train: tuple[np.ndarray, ...]
    test: np.ndarray


def test_kind(test: Mapping) -> str:
    """The one kind of ``test`` spec (``file``, ``last`` or ``random``), or :class:`DesignError`."""
    kinds = [k for k in TEST_KINDS if k in test]
    if len(kinds) != 1 or len(test) != 1:
        raise DesignError(f"test must have exactly one of the keys {TEST_KINDS}, got {dict(test)}")
    return kinds[0]


def partition(domain: str, spec: Mapping, files: Sequence[Mapping], seed: int, stream: str,
              number: int) -> Partition:
    """Partition ``number`` of the rows of domain ``domain`` as its ``spec`` says.

    ``files`` are the processed dataset's file records (``path``, ``rows``, in row order), so
    the total number of rows and a file's rows are known. Raises :class:`DesignError` naming
    ``dkm96.table1.domains.<domain>.<key>`` when the test part is empty, a file is not the
    dataset's, or the training sets do not fit.
    """
    key = f"dkm96.table1.domains.{domain}"
    n_rows = int(sum(f["rows"] for f in files))
    test = _test_rows(key, spec["test"], files, n_rows)
    n_test = test if isinstance(test, int) else test.size
    if n_test == 0:
        raise DesignError(f"{key}.test: the test part of dataset {spec['dataset']} is empty "
                          f"({dict(spec['test'])}); expected at least one row")
    pool = n_rows - n_test
    n_sets = int(spec["train_sets"])
    size = int(spec.get("train_size", pool // n_sets if n_sets > 0 else 0))
    if n_sets < 1 or size < 1 or n_sets * size > pool:
        raise DesignError(
            f"{key}.train_sets/train_size: {n_sets} training sets of {size} rows need "
            f"{n_sets * size} rows, but dataset {spec['dataset']} has {pool} rows outside "
            f"the test part ({n_rows} in all); expected train_sets * train_size <= {pool}"
        )
    draw = train_draw(key, spec)
    if draw == "in_order" and isinstance(test, int):
        raise DesignError(f"{key}.train_draw: in_order needs a fixed test part ({{file: ...}} or "
                          f"{{last: N}}), got test {dict(spec['test'])}")
    if draw == "in_order":
        rest = np.setdiff1d(np.arange(n_rows), test)
        train = tuple(rest[i * size:(i + 1) * size] for i in range(n_sets))
        return Partition(train=train, test=test)
    train, test = disjoint_training_sets(n_rows, test, n_sets, size,
                                         seed_for(seed, stream, domain, number))
    return Partition(train=train, test=test)


def train_draw(key: str, spec: Mapping) -> str:
    """The domain's ``train_draw`` (default ``random``), or :class:`DesignError` naming ``key``."""
    draw = spec.get("train_draw", "random")
    if draw not in TRAIN_DRAWS:
        raise DesignError(f"{key}.train_draw: {draw!r}; expected one of {TRAIN_DRAWS}")
    return draw


def distinct_partitions(spec: Mapping, requested: int) -> int:
    """How many distinct partitions a design has among ``requested``: one when nothing is
    drawn at random (``in_order`` training sets and a ``file`` or ``last`` test)."""
    fixed = spec.get("train_draw", "random") == "in_order" and "random" not in spec["test"]
    return 1 if fixed else requested


def _test_rows(key: str, test: Mapping, files: Sequence[Mapping], n_rows: int
               ) -> np.ndarray | int:
    """The test rows of a ``file`` or ``last`` spec, or the number of rows a ``random`` spec
    draws (drawn with the training sets)."""
    try:
        kind = test_kind(test)
    except DesignError as error:
        raise DesignError(f"{key}.{error}") from None
    if kind == "file":
        paths = [f["path"] for f in files]
        if test["file"] not in paths:
            raise DesignError(f"{key}.test.file: {test['file']!r} is not a file of the dataset; "
                              f"expected one of {paths}")
        start = sum(f["rows"] for f in files[:paths.index(test["file"])])
        return np.arange(start, start + files[paths.index(test["file"])]["rows"])
    count = int(test[kind])
    if not 0 <= count < n_rows:
        raise DesignError(f"{key}.test.{kind}: {count} test rows of a dataset of {n_rows}; "
                          f"expected 1 to {n_rows - 1}")
    if kind == "last":
        return np.arange(n_rows - count, n_rows)
    return count
