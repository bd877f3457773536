"""Dietterich, Kearns & Mansour (1996), section 3, Figures 3-6: the splitting-criterion curves.

A node whose examples are a fraction q positive is split into children with positive fractions
p (a fraction 1 - tau of the node's examples) and r (a fraction tau), so q = (1 - tau) p + tau r.
The gain of a criterion phi is ``phi(q) - (1 - tau) phi(p) - tau phi(r)`` (eq. 6): the gap at q
between the curve and the chord from (p, phi(p)) to (r, phi(r)). It is positive for a strictly
concave phi such as the entropy H (Fig. 3) or G(q) = 2 sqrt(q (1 - q)) (eq. 5), but zero for the
training error min(q, 1 - q) whenever both children keep the node's majority label (Fig. 4).
G lies above H and is "more concave" near 0 and 1 (Figs. 5 and 6).

The two-class curves are the learners' own impurities (:mod:`smalltrees.learners.criteria`) of
the class distribution (q, 1 - q); the multi-class G there is the one-vs-rest sum
``sum_j sqrt(p_j (1 - p_j))``, equal to G for two classes (not used in Table 1, whose problems
are all two-class).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import numpy as np
from matplotlib.figure import Figure

from smalltrees.learners.criteria import entropy, kearns_mansour
from smalltrees.reporting.figures import new_figure

Curve = Callable[[np.ndarray], np.ndarray]


def _two_class(q) -> np.ndarray:
    q = np.asarray(q, dtype=float)
    return np.stack([q, 1.0 - q], axis=-1)


def entropy_curve(q) -> np.ndarray:
    """H(q), the binary entropy in bits (eq. 1's H; H(1/2) = 1)."""
    return entropy(_two_class(q))


def g_curve(q) -> np.ndarray:
    """G(q) = 2 sqrt(q (1 - q)) (eq. 5)."""
    return kearns_mansour(_two_class(q))


def error_curve(q) -> np.ndarray:
    """min(q, 1 - q): the training error of a leaf labelled with its majority."""
    q = np.asarray(q, dtype=float)
    return np.minimum(q, 1.0 - q)


def split_gain(curve: Curve, p: float, r: float, tau: float) -> float:
    """The gain ``phi(q) - (1 - tau) phi(p) - tau phi(r)`` of eq. 6, q = (1 - tau) p + tau r."""
    q = (1.0 - tau) * p + tau * r
    return float(curve(q) - (1.0 - tau) * curve(p) - tau * curve(r))


def _chord_figure(curve: Curve, name: str, p: float, r: float, tau: float, title: str,
                  y_max: float) -> Figure:
    """The curve with the chord of a split and its gain at q marked (Figs. 3 and 4)."""
    figure, ax = new_figure(size=(5.5, 4.2))
    qs = np.linspace(0.0, 1.0, 501)
    ax.plot(qs, curve(qs), color="black", label=name)
    q = (1.0 - tau) * p + tau * r
    chord_at_q = (1.0 - tau) * float(curve(p)) + tau * float(curve(r))
    ax.plot([p, r], [float(curve(p)), float(curve(r))], color="tab:blue", lw=1.2,
            label="chord (children)")
    for x, label in ((p, "p"), (q, "q"), (r, "r")):
        ax.axvline(x, color="grey", lw=0.6, ls=":")
        ax.annotate(label, (x, 0), xytext=(2, 3), textcoords="offset points")
    gain = split_gain(curve, p, r, tau)
    ax.plot([q, q], [chord_at_q, float(curve(q))], color="tab:red", lw=2.5,
            label=f"gain = {gain:.3f}")
    ax.set(xlim=(0, 1), ylim=(0, y_max), xlabel="q (fraction positive)", ylabel=name,
           title=title)
    ax.legend(loc="upper right", fontsize=8)
    return figure


def figure3(p: float, r: float, tau: float) -> Figure:
    """Fig. 3: "The entropy curve and the information gain"."""
    return _chord_figure(entropy_curve, "H(q)", p, r, tau,
                         "Fig. 3: the entropy curve and the information gain", 1.1)


def figure4(p: float, r: float, tau: float) -> Figure:
    """Fig. 4: "The min(q, 1-q) curve. No gain is obtained." (p and r on one side of 1/2)."""
    return _chord_figure(error_curve, "min(q, 1-q)", p, r, tau,
                         "Fig. 4: min(q, 1-q): no gain is obtained", 0.6)


def figure5(q_max: float = 1.0, number: int = 5) -> Figure:
    """Fig. 5: "Comparison of G and H" on [0, q_max]; Fig. 6 is the zoom near q = 0."""
    figure, ax = new_figure(size=(5.5, 4.2))
    qs = np.linspace(0.0, q_max, 501)
    ax.plot(qs, g_curve(qs), color="tab:red", label="G(q) = 2 sqrt(q(1-q))")
    ax.plot(qs, entropy_curve(qs), color="black", label="H(q)")
    title = ("Fig. 5: comparison of G and H" if number == 5 else
             "Fig. 6: concavity of G and H for small q")
    top = float(max(g_curve(qs).max(), entropy_curve(qs).max()))
    ax.set(xlim=(0, q_max), ylim=(0, 1.05 * top), xlabel="q (fraction positive)", title=title)
    ax.legend(loc="lower right" if number == 6 else "lower center", fontsize=8)
    return figure


def figure(number: int, settings: Mapping) -> Figure:
    """Figure ``number`` (3-6) with the illustrative values of the config (``dkm96.figures``)."""
    if number == 3:
        return figure3(**settings["fig3"])
    if number == 4:
        return figure4(**settings["fig4"])
    if number == 5:
        return figure5()
    if number == 6:
        return figure5(settings["fig6"]["q_max"], number=6)
    raise ValueError(f"DKM 1996 section 3 has Figures 3-6, not {number}")
