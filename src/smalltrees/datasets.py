"""Public access to the typed datasets the workflow writes (``data/processed/<code>.*``).

>>> from smalltrees.datasets import load
>>> X, y = load("IR")                                        # doctest: +SKIP

See :mod:`smalltrees.data.store` for the file format.
"""

from smalltrees.data.store import (
    DatasetUnavailable,
    build,
    build_parts,
    load,
    read,
    read_meta,
    save,
    unavailable_reason,
    write,
    write_unavailable,
)

__all__ = ["DatasetUnavailable", "build", "build_parts", "load", "read", "read_meta", "save",
           "unavailable_reason", "write", "write_unavailable"]
