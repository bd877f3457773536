"""Growing several C4.5 trees side by side (:func:`smalltrees.learners.c45.grow.grow_many`):
every tree is, to the last bit of its arrays, the one :func:`~smalltrees.learners.c45.grow.grow`
gives it alone, on random mixed data with unknown values and random weighted subsets of the
rows (hypothesis), under every growth option."""

from dataclasses import fields

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_c45_weights import frames, options

from smalltrees.learners.c45 import C45
from smalltrees.learners.c45.grow import grow, grow_many
from smalltrees.learners.c45.tree import to_tree


def tree_bits(root, n_classes: int) -> list[bytes]:
    tree = to_tree(root, n_classes)
    return [np.asarray(getattr(tree, f.name)).tobytes() for f in fields(tree)]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=frames(unknown=True) | frames(unknown=False), params=options,
       seed=st.integers(0, 2**32 - 1), n_trees=st.integers(1, 5))
def test_trees_grown_together_are_the_trees_grown_alone(data, params, seed, n_trees):
    X, y, _ = data
    model = C45(**params)
    Z, codes = model._start_fit(X, y)
    problem = model._problem(Z, codes)
    rng = np.random.default_rng(seed)
    starts = []
    for _ in range(n_trees):
        rows = np.flatnonzero(rng.random(len(Z)) < 0.7)
        weights = rng.choice([1.0, 1.0, 0.5, 0.25], rows.size)
        starts.append((rows, weights))
    together = grow_many(problem, starts)
    alone = [grow(problem, rows, weights) for rows, weights in starts]
    n_classes = len(model.classes_)
    for one, other in zip(together, alone, strict=True):
        assert tree_bits(one, n_classes) == tree_bits(other, n_classes)
