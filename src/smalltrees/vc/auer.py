"""The VC-dimension bounds of Auer, Holte & Maass (1995), section 4 (after Theorem 4).

The paper states, for the trees of TREE(d, n, 2, K) that query categorical attributes with ``b``
values on levels 1..d-1 and continuous attributes on level d, that the VC-dimension lies between

    LB(d) = (b + 1)^(d-1) (log(n + 1 - d) + max(K, b))

and an upper bound whose parentheses the text garbles ("$((b+1)^d-1)\\log n +
((b+1)^{d-1}(K-1))+1)\\log \\log n$", one ``)`` without its ``(``). Two readings:

- ``"A"`` (one missing parenthesis, the reading notes' preferred):
  UB(d) = ((b+1)^d - 1) log n + ((b+1)^(d-1) (K-1) + 1) log log n
- ``"B"``: UB(d) = ((b+1)^d - 1) log n + (b+1)^(d-1) K log log n, i.e. "a continuous attribute
  counts like a categorical one with K(1 + log log n) values" (Theorem 4) per level-d node.

The upper bound holds "for n sufficiently large" (log log n > 0 needs n > 2 with base 2). The
paper names no log base; we take ``base=2`` (the VC literature's), a parameter. ``n`` is the
number of attributes, ``b`` the largest number of values of a categorical attribute (with or
without "missing" as a value: the caller decides; section 2 treats missing as a value), ``K``
the number of intervals of a continuous attribute (the paper's experiments: K = p + 1 = 3).
"""

from __future__ import annotations

import math

READINGS = ("A", "B")


def auer_bounds(d: int, n: int, b: int, K: int, reading: str = "A",
                base: float = 2.0) -> tuple[float, float]:
    """``(lower, upper)`` bound of the VC-dimension of TREE(d, n, 2, K) (see the module)."""
    for name, value, least in (("d", d, 1), ("n", n, d), ("b", b, 1), ("K", K, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise ValueError(f"{name} must be an integer >= {least}, got {value!r}")
    if reading not in READINGS:
        raise ValueError(f"reading must be one of {READINGS}, got {reading!r}")
    if n <= base:
        raise ValueError(f"n = {n}: the upper bound needs log log n > 0, i.e. n > {base:g} "
                         "(the paper: 'n sufficiently large')")
    log = math.log(n, base)
    loglog = math.log(log, base)
    lower = (b + 1) ** (d - 1) * (math.log(n + 1 - d, base) + max(K, b))
    first = ((b + 1) ** d - 1) * log
    if reading == "A":
        upper = first + ((b + 1) ** (d - 1) * (K - 1) + 1) * loglog
    else:
        upper = first + (b + 1) ** (d - 1) * K * loglog
    return lower, upper
