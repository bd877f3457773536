"""The Info-Fuzzy Network (IFN) learner of Last, Maimon & Minkov (2002), Table 1.

An *oblivious* layered network: every hidden layer tests one input attribute, the same at every
node it splits, and no attribute is used twice. Construction (Table 1, section 2.2):

1. the root holds every training record;
2. for each unused candidate attribute (a continuous one first discretised for this layer by
   :func:`~smalltrees.learners.ifn.discretise.best_cuts`), sum the conditional mutual
   information (eq. 1) over the nodes of the final layer where its likelihood-ratio statistic
   (eq. 2) is significant at ``significance``;
3. if the best sum is 0, stop; otherwise add a layer for that attribute, splitting exactly the
   nodes where it is significant (for a continuous attribute: its table of intervals), with one
   child per value (or interval) that holds records (§2.3: "nodes without records are not
   created"); the other nodes become terminal;
4. repeat until no candidate is significant or every attribute is used.

No post-pruning. Prediction (§2.4) follows a record to the node where it stops and predicts that
node's most frequent training class (the MAP rule; ties go to the first class of ``classes_``).

Decisions the paper leaves open (notes A10): missing values are a value of their own (nominal
and continuous alike; never used to choose cuts); a category unseen at fit time, or a value with
no child at a node, stops the record at that node; ties between attributes go to the first
column. A single-class training set gives the root alone (no table has two classes, so nothing
is significant).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from smalltrees.learners.base import TreeClassifier
from smalltrees.learners.encoding import UNSEEN
from smalltrees.learners.ifn.discretise import best_cuts
from smalltrees.learners.ifn.information import DOF_READINGS, PORT, SCALINGS, STANDARD, significant
from smalltrees.learners.ifn.network import (
    Layer,
    branch_codes,
    branch_text,
    output_size,
    route,
    rules,
    terminal_masks,
)
from smalltrees.learners.validation import is_number


class IFN(TreeClassifier):
    """Info-Fuzzy Network (Last, Maimon & Minkov 2002; Maimon & Last 2000).

    Parameters
    ----------
    significance : float, default=0.001
        Level of the likelihood-ratio test (eq. 2) for splitting a node, in ``(0, 1)``; the
        paper's default is 0.1 %.
    scaling : {"standard", "literal"}, default="standard"
        The statistic of eq. 2: ``"standard"`` is the textbook G2 of the node's table;
        ``"literal"`` multiplies the joint-weighted MI of eq. 1 by the node's records ``E*(z)``,
        i.e. ``E(z) / n`` times the textbook G2 (see :mod:`smalltrees.learners.ifn.information`).
    dof : {"port", "node"}, default="port"
        The degrees of freedom of eq. 2's chi-square (section 2.2): ``"port"``, ``(C - 1)(NI(z) -
        1)`` for a nominal attribute's values with ``C`` the classes of the problem, ``(classes
        present in the interval - 1)`` for a cut of an interval (the reading of the independent
        implementation ``moravitan/scikit-multiflow-IFN``); ``"node"``, ``(NI(z) - 1)(NT(z) - 1)``
        with ``NT(z)`` the classes present at the node for every table
        (:func:`~smalltrees.learners.ifn.information.degrees_of_freedom`).

    Notes
    -----
    The defaults are the readings the evidence supports, chosen from the paper's text and an
    independent implementation, never tuned to Table 4: eq. 2 cites Attneave's likelihood-ratio
    statistic, whose textbook form is ``"standard"``, and the paper leaves ``NT(z)`` of a cut
    open, which the port resolves as ``"port"``. With them the whole-data output size is Table 4's
    on Credit, Diabetes, Glass, Liver and Wine (13, 31, 40, 13, 21), and the layers equal the
    port's on all eight datasets; Heart gives 37 (paper 35), Iris 8 (paper 6: petal length cut at
    3.0 and 4.8 as in Figure 2, plus 5.2) and Lung-cancer 6 (paper 4). ``scaling="literal",
    dof="node"`` (the earlier default) gives Figure 2's one-layer Iris network of size 6 but
    Credit 8, Diabetes 12, Glass 16, Wine 12. ``benchmarks/ifn_readings.py`` prints every
    combination beside the paper.

    Attributes
    ----------
    classes_ : ndarray
        Sorted class labels.
    n_features_in_ : int
    feature_names_in_ : ndarray of str
        The training frame's column names (only when they are all strings).
    network_ : list of Layer
        The hidden layers (:class:`~smalltrees.learners.ifn.network.Layer`).
    root_counts_ : ndarray of shape (n_classes,)
        Class counts of the training set (the root).
    layers_ : list of dict
        Per hidden layer: ``attribute`` (name), ``cuts`` (list, or ``None`` for a nominal
        attribute), ``n_nodes`` and ``n_terminal`` (nodes not split further), ``mi`` (the
        conditional mutual information the layer adds, bits) and ``candidates`` (that sum for
        every candidate attribute, by name: how close the choice was).
    output_size_ : int
        One unit per antecedent and consequent of every rule (§3): the sum over terminal nodes
        of depth + 1.

    References
    ----------
    M. Last, O. Maimon, E. Minkov (2002), "Improving stability of decision trees", IJPRAI 16(2),
    section 2 (Table 1, eqs. 1-2). O. Maimon, M. Last (2000), *Knowledge Discovery and Data
    Mining: the Info-Fuzzy Network (IFN) Methodology*, Kluwer.

    Examples
    --------
    >>> X = pd.DataFrame({"a": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0] * 4})
    >>> model = IFN().fit(X, ["n", "n", "n", "y", "y", "y"] * 4)
    >>> model.layers_[0]["cuts"], model.output_size_
    ([4.0], 4)
    >>> model.predict(pd.DataFrame({"a": [0.0, 9.0]})).tolist()
    ['n', 'y']
    """

    def __init__(self, significance: float = 0.001, scaling: str = STANDARD, dof: str = PORT):
        self.significance = significance
        self.scaling = scaling
        self.dof = dof

    def check_params(self) -> None:
        """Raise ``ValueError`` naming the first parameter with an invalid value."""
        if not (is_number(self.significance) and 0 < self.significance < 1):
            raise ValueError(f"significance must be in (0, 1), got {self.significance!r}")
        if self.scaling not in SCALINGS:
            raise ValueError(f"scaling must be one of {SCALINGS}, got {self.scaling!r}")
        if self.dof not in DOF_READINGS:
            raise ValueError(f"dof must be one of {DOF_READINGS}, got {self.dof!r}")

    def fit(self, X, y) -> IFN:
        """Build the network on attributes ``X`` and class labels ``y`` (Table 1)."""
        self.check_params()
        return self._fit_encoded(*self._start_fit(X, y))

    def _fit_encoded(self, Z: np.ndarray, codes: np.ndarray) -> IFN:
        """The body of :meth:`fit` on ``Z``, already encoded in ``schema_``, with the codes
        of ``classes_`` (see :meth:`~smalltrees.learners.base.TreeClassifier._fit_rows`)."""
        n, n_classes = len(codes), len(self.classes_)
        node = np.zeros(n, dtype=np.int64)
        active = np.arange(n)
        n_nodes = 1
        unused = list(range(Z.shape[1]))
        self.network_, self.layers_ = [], []
        self.root_counts_ = np.bincount(codes, minlength=n_classes)
        while unused and len(active):
            at, y_active = node[active], codes[active]
            node_counts = np.bincount(at * n_classes + y_active, minlength=n_nodes * n_classes)
            node_counts = node_counts.reshape(n_nodes, n_classes)
            records, present = node_counts.sum(axis=1), (node_counts > 0).sum(axis=1)
            best, scores = None, {}
            continuous = [a for a in unused if self.schema_.continuous[a]]
            layer_cuts = dict(zip(continuous, best_cuts(
                Z[np.ix_(active, continuous)], at, y_active, n_nodes, n_classes, n, records,
                present, self.significance, self.scaling, self.dof) if continuous else [],
                strict=True))
            for attribute in unused:
                column = Z[active, attribute]
                n_categories = self.schema_.n_values[attribute]
                cuts = layer_cuts.get(attribute)
                branch = branch_codes(column, cuts, n_categories)
                width = (len(cuts) + 2) if cuts is not None else n_categories + 1
                table = np.bincount((at * width + branch) * n_classes + y_active,
                                    minlength=n_nodes * width * n_classes)
                table = table.reshape(n_nodes, width, n_classes)
                mi, split = significant(table, n, self.significance, self.scaling,
                                        records, present, self.dof)
                score = float(mi[split].sum())
                scores[self.schema_.names[attribute]] = score
                if score > 0 and (best is None or score > best[0]):
                    best = (score, attribute, cuts, n_categories, branch, table, split)
            if best is None:
                break
            score, attribute, cuts, n_categories, branch, table, split = best
            grows = (table.sum(axis=2) > 0) & split[:, None]
            children = np.full(grows.shape, -1, dtype=np.int64)
            children[grows] = np.arange(int(grows.sum()))
            parent, branch_of = np.nonzero(grows)
            layer = Layer(attribute, cuts, int(n_categories), children, parent, branch_of,
                          table[grows])
            self.network_.append(layer)
            child = children[at, branch]
            node[active] = child
            active = active[child >= 0]
            n_nodes = len(parent)
            unused.remove(attribute)
            self.layers_.append({"attribute": self.schema_.names[attribute],
                                 "cuts": None if cuts is None else list(cuts),
                                 "n_nodes": n_nodes, "mi": score, "candidates": scores})
        for info, mask in zip(self.layers_, terminal_masks(self.network_)[1:], strict=True):
            info["n_terminal"] = int(mask.sum())
        self.output_size_ = output_size(self.network_)
        return self

    def predict(self, X) -> np.ndarray:
        """The most frequent training class of the node where each row stops (§2.4)."""
        return self._predict_encoded(self._encode_for_prediction(X))

    def _predict_encoded(self, Z: np.ndarray) -> np.ndarray:
        """:meth:`predict` of rows already encoded by :meth:`_encode_for_prediction`."""
        return self.classes_[np.argmax(self._stop_counts(Z), axis=1)]

    def predict_proba(self, X) -> np.ndarray:
        """The training class distribution of the node where each row stops (§2.4: the
        network's estimate of P(class | node)); columns in the order of ``classes_``."""
        counts = self._stop_counts(self._encode_for_prediction(X))
        return counts / counts.sum(axis=1, keepdims=True)

    def _encode_for_prediction(self, X) -> np.ndarray:
        """``X`` in the training schema, a category unknown at fit time as
        :data:`~smalltrees.learners.encoding.UNSEEN` (it stops at the node that tests it)."""
        return self._encode(X, unseen=UNSEEN)

    def _stop_counts(self, Z: np.ndarray) -> np.ndarray:
        """The training class counts of the node where each encoded row stops."""
        depth, node = route(self.network_, Z)
        counts = [self.root_counts_[None, :]] + [layer.counts for layer in self.network_]
        out = np.zeros((len(depth), len(self.classes_)))
        for level, level_counts in enumerate(counts):
            rows = depth == level
            out[rows] = level_counts[node[rows]]
        return out

    def complexity(self, X: pd.DataFrame | None = None) -> dict[str, float]:
        """Size measures of the network, for the per-fold rows of cross-validation.

        ``X`` is accepted for the cross-validation hook (C4.5's measures depend on the test
        set); the network's do not: ``output_size``, ``n_layers`` and ``n_rules``.
        """
        self._check_fitted()
        n_rules = sum(int(m.sum()) for m in terminal_masks(self.network_))
        return {"output_size": self.output_size_, "n_layers": len(self.network_),
                "n_rules": n_rules}

    def _complexity_encoded(self, Z: np.ndarray) -> dict[str, float]:
        """:meth:`complexity` (test rows are not needed)."""
        return self.complexity()

    def export_text(self) -> str:
        """The layers, then one rule per terminal node with its class counts."""
        self._check_fitted()
        names = self.schema_.names
        lines = []
        for index, info in enumerate(self.layers_, start=1):
            cuts = "" if info["cuts"] is None else f" cuts {info['cuts']}"
            lines.append(f"layer {index}: {info['attribute']}{cuts} ({info['n_nodes']} nodes, "
                         f"{info['n_terminal']} terminal)")
        labels = self._node_labels()
        for depth, node, path in rules(self.network_):
            counts = (self.network_[depth - 1].counts[node] if depth
                      else self.root_counts_)
            conditions = [branch_text(names[self.network_[i].attribute], self.network_[i], code,
                                      self.schema_.categories[self.network_[i].attribute])
                          for i, code in path]
            head = " and ".join(conditions) if conditions else "always"
            lines.append(f"if {head} then {self.classes_[labels[depth][node]]} "
                         f"({'/'.join(str(int(c)) for c in counts)})")
        return "\n".join(lines)

    def _node_labels(self) -> list[np.ndarray]:
        """Per level (0 = root): the MAP class code of each node, ties to the first class."""
        counts = [self.root_counts_[None, :]] + [layer.counts for layer in self.network_]
        return [np.argmax(c, axis=1) for c in counts]

    def _is_fitted(self) -> bool:
        return hasattr(self, "network_")
