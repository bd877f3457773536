"""smalltrees: small decision trees, reproduced.

The learners: :class:`T1` and :class:`T2` (Auer, Holte & Maass 1995, section 2),
:class:`C45` (Quinlan 1993, with the options of Dietterich, Kearns & Mansour 1996), DKM's
:class:`TopDown` and :class:`AdaBoost` (Figures 1-2), :class:`ID3`, :class:`IFN` and
:class:`Bagging`: ``from smalltrees import T2, C45``. The names are those of
:data:`smalltrees.learners.registry.LEARNER_CLASSES`, each imported when first asked for
(PEP 562). :func:`export_text` and :func:`export_graphviz` show a fitted tree, as
scikit-learn's ``sklearn.tree`` functions of those names.
"""

from __future__ import annotations

from smalltrees.learners.registry import LEARNER_CLASSES, learner_class

__all__ = [*LEARNER_CLASSES, "export_graphviz", "export_text"]


def export_text(model) -> str:
    """A fitted learner as text: see :func:`smalltrees.learners.tree.model.export_text`."""
    from smalltrees.learners.tree.model import export_text as text

    return text(model)


def export_graphviz(model) -> str:
    """A fitted tree in DOT: see :func:`smalltrees.learners.tree.model.export_graphviz`."""
    from smalltrees.learners.tree.model import export_graphviz as dot

    return dot(model)


def __getattr__(name: str):
    if name in LEARNER_CLASSES:
        value = learner_class(name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'smalltrees' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
