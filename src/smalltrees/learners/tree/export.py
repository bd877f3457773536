"""Seeing a fitted tree: the one text printer and the one Graphviz (DOT) writer of every tree.

Each learner keeps the layout its users know (C4.5 J48's, ID3's, scikit-learn's for T1/T2/T3,
TopDown's with each split's round), told by a :class:`TextStyle`; the walk over the tree and
the text of each test are the same for all. :func:`export_graphviz` writes DOT text (no
dependency: render it with Graphviz's ``dot -Tpng``), as scikit-learn's ``export_graphviz``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from smalltrees.learners.tree.structure import Tree


def _no_note(node: int) -> str:
    return ""


@dataclass(frozen=True)
class TextStyle:
    """How :func:`export_text` prints a tree.

    Attributes
    ----------
    leaf : callable
        The text of a leaf, from its node number (e.g. ``"yes (2)"``).
    number : callable, default=repr
        A threshold as printed.
    edge : str, default=""
        Printed before every test (``"|--- "`` in scikit-learn's layout).
    equals : str, default=" = "
        Between an attribute and a category.
    value : callable, default=str
        A category as printed.
    note : callable
        Printed after each test, from the tested node's number (TopDown's round).
    root_leaf : callable or None
        The text of a tree that is one leaf, from the text of the leaf; None: ``": "`` and the
        leaf's text.
    end : str, default=""
        Printed after the last line.
    missing_below : bool, default=False
        A continuous attribute's missing value is read as below every known one (T1/T2/T3
        with ``continuous_missing="lowest"``): the first interval of its tests says so.
    """

    leaf: Callable[[int], str]
    number: Callable[[float], str] = repr
    edge: str = ""
    equals: str = " = "
    value: Callable[[object], str] = str
    note: Callable[[int], str] = _no_note
    root_leaf: Callable[[str], str] | None = None
    end: str = ""
    missing_below: bool = False


def export_text(tree: Tree, names: Sequence[str], categories: Sequence, style: TextStyle
                ) -> str:
    """The tree as indented text, one line per edge (``"|   "`` per level), a leaf's text after
    the edge that reaches it.

    ``names`` and ``categories`` are the attributes' names and declared categories (``None``
    for a continuous attribute), as :class:`~smalltrees.learners.encoding.Schema` holds them.
    """
    if tree.is_leaf[0]:
        text = style.leaf(0)
        return (": " + text if style.root_leaf is None else style.root_leaf(text)) + style.end
    lines = _lines(tree, 0, 0, names, categories, style)
    return "\n".join(lines) + style.end


def _lines(tree: Tree, node: int, depth: int, names: Sequence[str], categories: Sequence,
           style: TextStyle) -> list[str]:
    lines = []
    for test, child in zip(edge_texts(tree, node, names, categories, style), tree.edges(node),
                           strict=True):
        line = "|   " * depth + style.edge + test + style.note(node)
        if tree.is_leaf[child]:
            lines.append(line + ": " + style.leaf(child))
        else:
            lines.append(line)
            lines.extend(_lines(tree, child, depth + 1, names, categories, style))
    return lines


def edge_texts(tree: Tree, node: int, names: Sequence[str], categories: Sequence,
               style: TextStyle) -> list[str]:
    """The text of each edge of a test: its branches in order, then its missing-value edge."""
    feature = int(tree.feature[node])
    name, cats = names[feature], categories[feature]
    if tree.intervals[node]:
        cuts = [style.number(float(t)) for t in tree.thresholds[node][:tree.intervals[node] - 1]]
        tests = _interval_texts(name, cuts, tree.left_closed)
        if style.missing_below:
            tests[0] += " or missing"
    else:
        groups = tree.groups(node)
        if groups is None:
            tests = [f"{name}{style.equals}{style.value(cat)}" for cat in cats]
        else:  # C4.5's groups of values
            members = [[cat for cat, group in zip(cats, groups.tolist(), strict=True)
                        if group == b] for b in range(groups.max() + 1)]
            tests = [f"{name}{style.equals}{group[0]}" if len(group) == 1
                     else f"{name} in {{{', '.join(map(str, group))}}}" for group in members]
    if tree.missing[node] >= 0:
        tests.append(f"{name} is missing")
    return tests


def _interval_texts(name: str, cuts: list[str], left_closed: bool) -> list[str]:
    """``name < t``, ``t <= name < u``, ``name >= u`` (or with ``<=`` and ``>``)."""
    if not cuts:
        return [f"{name} is present"]
    below, above = ("<", ">=") if left_closed else ("<=", ">")
    tests = [f"{name} {below} {cuts[0]}"]
    tests += [f"{lo} {'<=' if left_closed else '<'} {name} {below} {hi}"
              for lo, hi in zip(cuts[:-1], cuts[1:], strict=True)]
    return tests + [f"{name} {above} {cuts[-1]}"]


def export_graphviz(tree: Tree, names: Sequence[str], categories: Sequence,
                    style: TextStyle) -> str:
    """The tree in Graphviz's DOT language: a box per node (the tested attribute, or the leaf's
    text), an arrow per edge labelled with its test."""
    lines = ["digraph Tree {", 'node [shape=box, fontname="helvetica"] ;',
             'edge [fontname="helvetica"] ;']
    for node in range(tree.n_nodes):
        label = style.leaf(node) if tree.is_leaf[node] else names[int(tree.feature[node])]
        lines.append(f'{node} [label="{_escape(label)}"] ;')
    for node in np.flatnonzero(~tree.is_leaf).tolist():
        for test, child in zip(edge_texts(tree, node, names, categories, style),
                               tree.edges(node), strict=True):
            lines.append(f'{node} -> {child} [label="{_escape(test + style.note(node))}"] ;')
    return "\n".join([*lines, "}"]) + "\n"


def _escape(text: str) -> str:
    return str(text).replace("\\", "\\\\").replace('"', '\\"')


def tree_dict(tree: Tree, names: Sequence[str], categories: Sequence, classes: np.ndarray,
              node: int = 0) -> dict:
    """The tree below ``node`` as plain dicts and lists (JSON-serialisable): a leaf's
    ``class``; a test's ``attribute``, ``kind``, ``branches`` (each with its interval's
    ``low`` and ``high`` bounds, ``None`` for infinite, or its category ``value``, or C4.5's
    group of ``values``, and the ``node`` below), its ``missing`` edge if it has one, and the
    ``default`` class of a categorical test that predicts one for an unknown category."""
    if tree.is_leaf[node]:
        return {"class": _plain(classes[tree.label[node]])}
    feature = int(tree.feature[node])
    kids = [int(b) for b in tree.branches[node] if b >= 0]
    below = [tree_dict(tree, names, categories, classes, kid) for kid in kids]
    out: dict = {"attribute": names[feature]}
    if tree.intervals[node]:
        cuts = [float(t) for t in tree.thresholds[node][:tree.intervals[node] - 1]]
        bounds = [None, *cuts, None]
        out.update(kind="continuous", thresholds=cuts, branches=[
            {"low": lo, "high": hi, "node": child}
            for lo, hi, child in zip(bounds[:-1], bounds[1:], below, strict=True)])
    else:
        cats, groups = categories[feature], tree.groups(node)
        if groups is None:
            branches = [{"value": _plain(cat), "node": child}
                        for cat, child in zip(cats, below, strict=True)]
        else:  # C4.5's groups of values
            branches = [{"values": [_plain(cat) for cat, group in zip(cats, groups.tolist(),
                                                                       strict=True)
                                    if group == b], "node": child}
                        for b, child in enumerate(below)]
        out.update(kind="categorical", branches=branches)
    if tree.missing[node] >= 0:
        out["missing"] = tree_dict(tree, names, categories, classes, int(tree.missing[node]))
    if not tree.intervals[node] and tree.label[node] >= 0 and not tree.fractional:
        out["default"] = _plain(classes[tree.label[node]])
    return out


def _plain(value):
    """A numpy scalar as the matching Python scalar, for JSON."""
    return value.item() if isinstance(value, np.generic) else value
