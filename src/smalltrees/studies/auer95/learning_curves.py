"""The learning-curve table of Auer et al. (1995) section 4: curves, fits, factors, claims.

Inputs: the per-(dataset, learner) draws
(:func:`~smalltrees.studies.auer95.learning_curve_draws.draw_errors`), Sky1/Sky2 per dataset,
and the predicted factors (:mod:`smalltrees.studies.auer95.vc_factors`). ``levels`` maps the
tree depth ("T1", "T2") to the configured learner that plays it.

The paper's claims are checked on the fits and factors by :mod:`.claims`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd

from smalltrees.reporting.markdown import to_markdown
from smalltrees.studies.auer95.claims import make_claims
from smalltrees.studies.auer95.learning_curve_draws import summarise, usable_sizes
from smalltrees.studies.auer95.learning_curve_fits import curve_factor, fit_curve

SKY = {"T1": "sky1", "T2": "sky2"}


def make_curve_table(draws: Mapping[tuple[str, str], pd.DataFrame], sky: Mapping[str, Mapping],
                     levels: Mapping[str, str], noise_se: float) -> pd.DataFrame:
    """Per dataset, tree depth and m: draws, mean test error and its standard error, eps, and
    whether the point is plotted (eps > 0) and fitted (eps above the noise)."""
    frames = []
    for (code, level), frame in draws.items():
        curve = summarise(frame, sky[code][SKY[level]], noise_se)
        curve.insert(0, "learner", levels[level])
        curve.insert(0, "level", level)
        curve.insert(0, "code", code)
        frames.append(curve)
    return pd.concat(frames, ignore_index=True)


def make_fit_table(curves: pd.DataFrame) -> pd.DataFrame:
    """The three fits of every (dataset, depth) curve, on its ``in_fit`` points; the points
    left out are counted (eps <= 0, and eps > 0 within the noise)."""
    rows = []
    for (code, level), curve in curves.groupby(["code", "level"], sort=False):
        fitted = curve[curve["in_fit"]]
        rows.append({"code": code, "level": level,
                     "dropped_eps_le_0": int((~curve["in_plot"]).sum()),
                     "dropped_noise": int((curve["in_plot"] & ~curve["in_fit"]).sum())}
                    | fit_curve(fitted["m"].to_numpy(), fitted["eps"].to_numpy()))
    return pd.DataFrame(rows)


def make_factor_table(curves: pd.DataFrame, predicted: pd.DataFrame) -> pd.DataFrame:
    """Per dataset: the measured m_T2/m_T1 at equal eps (``in_fit`` points) beside the range
    of predicted F_up and F_low (over bounds and b countings)."""
    rows = []
    for code, curve in curves.groupby("code", sort=False):
        one, two = (curve[(curve["level"] == level) & curve["in_fit"]] for level in ("T1", "T2"))
        row = {"code": code} | curve_factor(one["m"], one["eps"], two["m"], two["eps"])
        mine = predicted[predicted["code"] == code]
        for term in ("F_up", "F_low"):
            row[f"predicted_{term}_min"] = mine[term].min() if len(mine) else float("nan")
            row[f"predicted_{term}_max"] = mine[term].max() if len(mine) else float("nan")
        rows.append(row)
    return pd.DataFrame(rows)


def render_learning_curves(curves: pd.DataFrame, fits: pd.DataFrame, factors: pd.DataFrame,
                           checks: pd.DataFrame, protocol: str,
                           dropped: Mapping[str, list[int]]) -> str:
    """Markdown of the four parts."""
    skipped = "; ".join(f"{code}: m = {sizes}" for code, sizes in dropped.items() if sizes)
    shown = curves.copy()
    for column in ("error", "error_se", "eps"):
        shown[column] = shown[column].round(4)
    return (
        "# Auer, Holte & Maass (1995) section 4: learning curves of T1 and T2\n\n"
        f"Protocol (the paper gives none; the reading notes'): {protocol}. eps = mean test "
        "error - (1 - Sky_d); points with eps <= 0 are kept here and dropped from the 1/eps "
        "plots; the fits and the measured factor use the points with eps above the noise "
        "(column in_fit)." + (f" Grid sizes >= the dataset size, dropped: {skipped}."
                             if skipped else "") + "\n\n"
        "## Claims\n\n" + to_markdown(checks) +
        "\n## Measured factor m_T2 / m_T1 at equal eps, beside the predicted\n\n"
        + to_markdown(factors.round(3)) +
        "\n## Fits (R2 on m)\n\n" + to_markdown(fits.round(3)) +
        "\n## Curves\n\n" + to_markdown(shown)
    )


def make_learning_curves(draws: Mapping[tuple[str, str], pd.DataFrame],
                         sky: Mapping[str, Mapping], predicted: pd.DataFrame,
                         levels: Sequence[str], noise_se: float, paper_claims: pd.DataFrame,
                         around: float
                         ) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """Section 4's four parts from the draws of every (dataset, level): the curves, their
    fits, the measured factors beside the ``predicted`` ones, and the ``paper_claims`` (rows of
    ``claims.csv``) judged on them by :func:`.claims.make_claims`."""
    curves = make_curve_table(draws, sky, levels, noise_se)
    fits = make_fit_table(curves)
    factors = make_factor_table(curves, predicted)
    return curves, fits, factors, make_claims(paper_claims, fits, factors, around)


def dropped_sizes(grids: Mapping[str, Sequence[int]], sky: Mapping[str, Mapping]
                  ) -> dict[str, list[int]]:
    """Per dataset, the grid sizes that leave no test data (listed in the table)."""
    return {code: usable_sizes(grid, sky[code]["n"])[1] for code, grid in grids.items()}
