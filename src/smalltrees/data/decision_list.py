"""The artificial decision-list problem of DKM (1996, section 4.1), as a documented generator.

The paper says only "an artificial decision list problem" with "20 separate training sets of
500 examples each"; the attributes, the list, the noise and the test set are not given. Our
reading (the reading notes, section 5), every number a config value:

* ``n_attributes`` boolean attributes, independent and uniform (categorical, values "0"/"1");
* a target decision list of ``length`` rules "if x_a = v then output o", on distinct
  attributes with random literals and outputs, then a random default output;
* each label flipped with probability ``noise``, in the training sets and the test set alike
  (the problem is the noisy distribution; an unpruned tree that memorises noise of rate eta
  errs about ``2 eta (1 - eta)`` on it, which is how the notes guess eta near 0.05).

Each trial draws its own list, training set and test set from its own seed, so the 20 trials
are independent problems of the same kind. Only ``n_attributes``, ``length`` and ``noise`` are
calibrated against the paper's Table 2 row (``dkm96.table2.calibration``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

VALUES = ("0", "1")


@dataclass(frozen=True)
class DecisionList:
    """Rules "if every literal ``x[attributes[i, k]] == literals[i, k]`` holds then
    ``outputs[i]``", in order, else ``default``: a decision list whose tests are conjunctions
    of ``attributes.shape[1]`` literals (1: single literals)."""

    attributes: np.ndarray
    literals: np.ndarray
    outputs: np.ndarray
    default: int

    def label(self, X: np.ndarray) -> np.ndarray:
        """The list's output (0/1) for each row of the 0/1 matrix ``X``."""
        label = np.full(X.shape[0], self.default)
        decided = np.zeros(X.shape[0], dtype=bool)
        for attributes, literals, output in zip(self.attributes, self.literals, self.outputs,
                                                strict=True):
            fires = ~decided & (X[:, attributes] == literals).all(axis=1)
            label[fires] = output
            decided |= fires
        return label

    def describe(self) -> str:
        """The list as text, e.g. ``x3 = 1 & x5 = 0 -> 0; x7 = 0 & x1 = 1 -> 1; else 1``."""
        rules = [" & ".join(f"x{a + 1} = {v}" for a, v in zip(attrs, lits, strict=True))
                 + f" -> {o}" for attrs, lits, o in
                 zip(self.attributes, self.literals, self.outputs, strict=True)]
        return "; ".join(rules + [f"else {self.default}"])


def random_decision_list(rng: np.random.Generator, n_attributes: int, length: int,
                         rule_size: int = 1) -> DecisionList:
    """A list of ``length`` rules, each a conjunction of ``rule_size`` literals on distinct
    attributes, with random literals and outputs, and a random default; a list whose outputs
    all equal the default (a constant function) is drawn again."""
    if not 1 <= rule_size <= n_attributes or length < 1:
        raise ValueError(f"a decision list needs length >= 1 (got {length}) and 1 <= rule_size "
                         f"<= n_attributes (got rule_size {rule_size}, {n_attributes} "
                         "attributes)")
    while True:  # a list whose every output is the default is a constant: draw again
        attributes = np.array([rng.choice(n_attributes, size=rule_size, replace=False)
                               for _ in range(length)])
        literals = rng.integers(0, 2, size=(length, rule_size))
        outputs = rng.integers(0, 2, size=length)
        default = int(rng.integers(0, 2))
        if (outputs != default).any():
            return DecisionList(attributes, literals, outputs, default)


def sample(target: DecisionList, rng: np.random.Generator, n_examples: int, n_attributes: int,
           noise: float) -> tuple[pd.DataFrame, pd.Series]:
    """``n_examples`` uniform examples labelled by ``target``, each label flipped with
    probability ``noise``; attributes ``x1..xn`` categorical "0"/"1", labels "0"/"1"."""
    X = rng.integers(0, 2, size=(n_examples, n_attributes))
    label = target.label(X) ^ (rng.random(n_examples) < noise)
    frame = pd.DataFrame({f"x{j + 1}": pd.Categorical.from_codes(X[:, j], categories=VALUES)
                          for j in range(n_attributes)})
    return frame, pd.Series(np.array(VALUES)[label], name="class", dtype=object)
