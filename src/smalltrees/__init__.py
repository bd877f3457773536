"""smalltrees: small decision trees, reproduced.

The learners: :class:`T1` and :class:`T2` (Auer, Holte & Maass 1995, section 2),
:class:`C45` (Quinlan 1993, with the options of Dietterich, Kearns & Mansour 1996), DKM's
:class:`TopDown` and :class:`AdaBoost` (Figures 1-2), :class:`ID3`, :class:`IFN` and
:class:`Bagging`: ``from smalltrees import T2, C45``. The names are those of
:data:`smalltrees.learners.registry.LEARNER_CLASSES`, each imported when first asked for
(PEP 562).
"""

from __future__ import annotations

from smalltrees.learners.registry import LEARNER_CLASSES, learner_class

__all__ = list(LEARNER_CLASSES)


def __getattr__(name: str):
    if name in LEARNER_CLASSES:
        value = learner_class(name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'smalltrees' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
