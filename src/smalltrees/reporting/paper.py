"""The one "ours (paper)" cell of every table that shows our number beside the paper's, and
the one way a table marks a verdict: **bold** for ``differs``, *italic* for ``close``, a
trailing ``?`` for ``inconclusive``
(:mod:`smalltrees.evaluation.verdicts`); the scorecard reads the same verdict."""

from __future__ import annotations

from smalltrees.evaluation.verdicts import CLOSE, DIFFERS, INCONCLUSIVE

LEGEND = ("**bold**: differs from the paper; *italic*: close (within twice the tolerance); "
          "a trailing ?: inconclusive (the tolerance is too wide to tell)")
"""What the markers mean, for a table's heading."""


def emphasise(text: str, verdict: str) -> str:
    """``text`` in Markdown bold for a ``differs`` verdict, italic for ``close``, with a
    trailing ``?`` for ``inconclusive``."""
    if verdict == INCONCLUSIVE:
        return f"{text} ?"
    if verdict == DIFFERS:
        return f"**{text}**"
    if verdict == CLOSE:
        return f"*{text}*"
    return text


def beside(ours: str, paper: str, verdict: str = "") -> str:
    """``ours (paper)``, marked by the number's verdict (:func:`emphasise`)."""
    return emphasise(f"{ours} ({paper})", verdict)
