"""Figure files shared by every study: reproducible PNG and PDF from a matplotlib Figure.

Figures are built with :class:`matplotlib.figure.Figure` directly, never through pyplot, so no
library module selects a backend or keeps global state; saving strips the timestamps and
software versions that would make the files differ between runs, and writes each file
atomically (:mod:`smalltrees.files`): an interrupted save leaves the previous figure intact.
"""

from __future__ import annotations

import os

from matplotlib.figure import Figure

from smalltrees.files import atomic_open


def new_figure(ncols: int = 1, nrows: int = 1, size: tuple[float, float] = (6.4, 4.8)):
    """A constrained-layout figure and its axes (an array when there are several)."""
    figure = Figure(figsize=size, layout="constrained")
    return figure, figure.subplots(nrows, ncols)


def save_figure(figure: Figure, png: str | os.PathLike, pdf: str | os.PathLike | None = None,
                dpi: int = 150) -> None:
    """Write ``figure`` as PNG (and PDF) without run-dependent metadata, each atomically."""
    with atomic_open(png, binary=True) as handle:
        figure.savefig(handle, format="png", dpi=dpi, metadata={"Software": None})
    if pdf is not None:
        with atomic_open(pdf, binary=True) as handle:
            figure.savefig(handle, format="pdf", metadata={"CreationDate": None, "Producer": None})
