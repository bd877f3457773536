"""Public access to the typed datasets the workflow writes (``data/processed/<code>.*``).

>>> from smalltrees.datasets import load
>>> X, y = load("IR")                                        # doctest: +SKIP

See :mod:`smalltrees.data.store` for the file format.
"""

from smalltrees.data.store import build, load, read, save, write

__all__ = ["build", "load", "read", "save", "write"]
