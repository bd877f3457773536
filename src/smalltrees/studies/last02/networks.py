"""The IFN induced on a whole dataset, as the paper reports it (Table 4 size, Figures 1-2)."""

from __future__ import annotations

import pandas as pd

from smalltrees.learners.ifn import IFN


def network_summary(model: IFN, X: pd.DataFrame, y) -> dict:
    """Fit ``model`` on ``(X, y)``; its layers, output size, training accuracy and rules."""
    model.fit(X, y)
    return {"learner": repr(model), "output_size": model.output_size_, "layers": model.layers_,
            "training_accuracy": model.score(X, y), "text": model.export_text().splitlines()}
