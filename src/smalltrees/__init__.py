"""smalltrees: small decision trees, reproduced.

The learners: :class:`T1` and :class:`T2` (Auer, Holte & Maass 1995, section 2),
:class:`C45` (Quinlan 1993, with the options of Dietterich, Kearns & Mansour 1996), DKM's
:class:`TopDown` and :class:`AdaBoost` (Figures 1-2), :class:`ID3`, :class:`IFN` and
:class:`Bagging`: ``from smalltrees import T2, C45``.

A learner's module is imported when the learner is first asked for (PEP 562), so that
``import smalltrees.<module>`` in a workflow job that fits no learner (fetching, parsing,
tables, figures) does not pay for importing them all (scipy.stats alone takes about 2 s).
"""

from __future__ import annotations

import importlib

_MODULES = {
    "AdaBoost": "smalltrees.learners.adaboost",
    "Bagging": "smalltrees.learners.bagging",
    "C45": "smalltrees.learners.c45",
    "ID3": "smalltrees.learners.id3",
    "IFN": "smalltrees.learners.ifn",
    "T1": "smalltrees.learners.small",
    "T2": "smalltrees.learners.small",
    "TopDown": "smalltrees.learners.topdown",
}

__all__ = ["C45", "T1", "T2", "IFN", "Bagging", "ID3", "TopDown", "AdaBoost"]


def __getattr__(name: str):
    if name in _MODULES:
        value = getattr(importlib.import_module(_MODULES[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'smalltrees' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
