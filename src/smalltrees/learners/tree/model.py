"""What every learner whose fitted model is one :class:`~smalltrees.learners.tree.Tree`
(``tree_``) shows of it, as scikit-learn users expect: ``export_text`` and ``export_graphviz``."""

from __future__ import annotations

from smalltrees.learners.tree import export


class TreeModel:
    """Mixin of C4.5, ID3, TopDown and T1/T2/T3: the printers of their ``tree_``, in the layout
    of the learner's :meth:`_text_style`."""

    def export_text(self) -> str:
        """The fitted tree as indented text, one line per edge."""
        self._check_fitted()
        return export.export_text(self.tree_, self.schema_.names, self.schema_.categories,
                                  self._text_style(self.tree_))

    def export_graphviz(self) -> str:
        """The fitted tree in Graphviz's DOT language (render with ``dot -Tpng``)."""
        self._check_fitted()
        return export.export_graphviz(self.tree_, self.schema_.names, self.schema_.categories,
                                      self._text_style(self.tree_))

    def _text_style(self, tree) -> export.TextStyle:  # pragma: no cover - every learner has one
        """How the learner prints ``tree`` (its ``tree_``, or a pruned tree of it)."""
        raise NotImplementedError


def export_text(model) -> str:
    """A fitted learner as text (``model.export_text()``): the tree of C4.5, ID3, TopDown and
    T1/T2/T3, IFN's network, a summary of an ensemble; as scikit-learn's
    ``sklearn.tree.export_text``."""
    return model.export_text()


def export_graphviz(model) -> str:
    """A fitted tree learner's tree in Graphviz's DOT language, as scikit-learn's
    ``sklearn.tree.export_graphviz`` (render with ``dot -Tpng``)."""
    if not isinstance(model, TreeModel):
        raise ValueError(f"export_graphviz draws one tree; {type(model).__name__} is not a tree "
                         "learner (C45, ID3, T1, T2, T3, TopDown): use export_text")
    return model.export_graphviz()
