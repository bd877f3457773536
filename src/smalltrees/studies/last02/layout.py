"""How last02's numbers are named as cells, and the pieces its table views share.

Tables 3 and 4 print one IFN column; we run several readings of IFN's split test (config
``last02.ifn``: the first is the default, the paper's IFN, the others readings of it,
notes A10 item 1). Every IFN learner's numbers are cells of the paper's IFN quantity
(``accuracy[IFN]``, ``output_size[IFN]`` ...): the default's with an empty ``reading``, the
others' with the learner's name as ``reading`` (:func:`reading_of`), so that each reading sits
beside the default cell it explains. Our peers (C4.5, bagged C4.5) are quantities of their own
(``accuracy[C45_R8]``): ours alone, the paper has no such column. The CMM, Bagging and
C4.5RULES columns are the paper's quotes of Domingos (1998): transcribed, shown as quoted, never
compared.

The "Average" row (code :data:`MEAN`) is ours over the paper's datasets only (a dataset the
paper did not use is ours alone and stays out of it); when we ran only some of the paper's
datasets it is no average of the paper's, so our number is left out with the note
:data:`PARTIAL` (verdict ``not run``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from smalltrees.reporting.cell_views import paper_shape

MEAN = "mean"
"""The code of the paper's "Average" row."""
QUOTED = ("CMM", "Bagging", "C45RULES")
"""The methods whose columns the paper quotes from Domingos (1998)."""
PAPER_IFN = "IFN"
PARTIAL = ("our average is over the datasets run, only some of the paper's eight: not the "
           "paper's average")
"""The note of an Average cell that is ``not run`` (:func:`paper_datasets`)."""


def reading_of(learner: str, ifn: Sequence[str]) -> str:
    """The ``reading`` of a learner's cells: ``""`` for the default IFN and for peers, the
    learner's name for the other IFN readings."""
    return learner if learner in ifn[1:] else ""


def quantity(name: str, learner: str, ifn: Sequence[str]) -> str:
    """``name[IFN]`` for every IFN learner (the paper's column), ``name[learner]`` for a
    peer."""
    return f"{name}[{PAPER_IFN if learner in ifn else learner}]"


def paper_datasets(paper: pd.DataFrame, table: str) -> list[str]:
    """The datasets of one of the paper's tables, in its order (the Average row left out)."""
    codes = paper.loc[paper["table"] == table, "code"]
    return [c for c in dict.fromkeys(codes) if c != MEAN]


def averaged(datasets: Sequence[str], paper_codes: Sequence[str]) -> list[str] | None:
    """The datasets our Average row is over: the paper's, if we ran all of them, else None (a
    partial average is not the paper's)."""
    return list(paper_codes) if set(paper_codes) <= set(datasets) else None


def mean_of(values: Mapping[str, float], codes: Sequence[str] | None) -> float:
    """The mean of ``values`` over ``codes`` rounded to 2 decimals (NaN without ``codes``)."""
    if codes is None:
        return np.nan
    return round(float(np.mean([values[c] for c in codes])), 2)


def labels_of(paper: pd.DataFrame, table: str, codes: Sequence[str]) -> dict[str, str]:
    """Row labels: ``Credit (AU)`` for the paper's datasets, ``Average``, the code alone for
    ours."""
    names = (paper[paper["table"] == table].drop_duplicates("code")
             .set_index("code")["dataset"] if "dataset" in paper.columns else pd.Series())
    return {c: "Average" if c == MEAN else f"{names[c]} ({c})" if c in names.index else c
            for c in codes}


def row_order(paper: pd.DataFrame, table: str, cells: pd.DataFrame) -> list[str]:
    """The paper's datasets in its order, then ours alone, the Average row last."""
    codes = [*paper_datasets(paper, table), *cells["code"]]
    codes = [c for c in dict.fromkeys(codes) if c in set(cells["code"]) and c != MEAN]
    return codes + ([MEAN] if MEAN in set(cells["code"]) else [])


def columns(cells: pd.DataFrame, headers: Mapping[str, str], codes: Sequence[str],
            reading: str = "", spreads: bool = True) -> pd.DataFrame:
    """One reading's cells of the quantities ``headers`` as view columns (rows ``codes``,
    ``""`` where a row has no such number)."""
    mine = cells[(cells["reading"] == reading) & cells["quantity"].isin(list(headers))]
    if mine.empty:
        return pd.DataFrame(index=list(codes), columns=list(headers.values())).fillna("")
    shaped = paper_shape(mine.assign(reading=""), headers, codes, spreads).set_index("code")
    return shaped[[h for h in headers.values() if h in shaped.columns]].reindex(
        list(codes)).fillna("")


def quoted(paper: pd.DataFrame, table: str, name: str, codes: Sequence[str],
           spreads: bool = True) -> dict[str, pd.Series]:
    """The paper's quoted columns (``name[CMM]`` ...) as text, headed ``<name> <method>
    (quoted)``."""
    rows = paper[paper["table"] == table].set_index(["code", "quantity"])
    out = {}
    for method in QUOTED:
        texts = []
        for code in codes:
            key = (code, f"{name}[{method}]")
            if key not in rows.index:
                texts.append("")
                continue
            row = rows.loc[key]
            text = f"{row['value']:.{int(row['decimals'])}f}"
            if spreads and not np.isnan(row["spread"]):
                text += f" ± {row['spread']:.{int(row['decimals'])}f}"
            texts.append(text)
        out[f"{name} {method} (quoted)"] = pd.Series(texts, index=list(codes))
    return out


def learner_values(cells: pd.DataFrame, learner: str, ifn: Sequence[str],
                   field: str = "ours") -> pd.DataFrame:
    """One learner's numbers from its cells: rows are the codes it was run on (a paper number
    we lack is no row), columns the quantities' names without the ``[...]`` (``accuracy``,
    ``stability`` ...), values ``field`` (``ours`` or ``ours_spread``)."""
    suffix = f"[{PAPER_IFN if learner in ifn else learner}]"
    mine = cells[(cells["reading"] == reading_of(learner, ifn))
                 & cells["quantity"].str.endswith(suffix)]
    wide = mine[mine["ours"].notna()].pivot(index="code", columns="quantity", values=field)
    return wide.rename(columns=lambda q: q.removesuffix(suffix)).astype(float)


def paper_values(paper: pd.DataFrame, table: str, name: str) -> pd.DataFrame:
    """The paper's numbers of ``name[<method>]`` for every method: rows codes, columns
    methods."""
    rows = paper[(paper["table"] == table) & paper["quantity"].str.startswith(f"{name}[")]
    return rows.assign(method=rows["quantity"].str[len(name) + 1:-1]).pivot(
        index="code", columns="method", values="value")
