"""Wildcard constraints: which values a rule's wildcard may take."""

from __future__ import annotations

import re
from collections.abc import Iterable


def choice(names: Iterable[str]) -> str:
    """A wildcard pattern matching exactly one of ``names`` (none when empty)."""
    return "|".join(re.escape(name) for name in names) or "(?!)"
