"""The one "ours (paper)" cell of every table that shows our number beside the paper's."""

from __future__ import annotations


def emphasise(text: str, differs: bool) -> str:
    """``text`` in Markdown bold when it marks a difference from the paper."""
    return f"**{text}**" if differs else text


def beside(ours: str, paper: str, differs: bool = False) -> str:
    """``ours (paper)``, in bold when the two differ by the study's verdict rule."""
    return emphasise(f"{ours} ({paper})", differs)
