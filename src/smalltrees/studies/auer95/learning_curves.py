"""The learning-curve table of Auer et al. (1995) section 4: curves, fits, factors, claims.

Inputs: the per-(dataset, learner) draws
(:func:`~smalltrees.studies.auer95.learning_curve_draws.draw_errors`), Sky1/Sky2 per dataset,
and the predicted factors (:mod:`smalltrees.studies.auer95.vc_factors`). ``levels`` maps the
tree depth ("T1", "T2") to the configured learner that plays it.

The paper's two qualitative claims become checks on the fits
(:mod:`~smalltrees.studies.auer95.learning_curve_fits`):

- SE, "m ~ 1/eps^2": the free exponent beta of m = a / eps^beta lies in [1.5, 2.5] and the
  1/eps^2 fit beats the log fit (R^2 on m), for each of T1 and T2;
- CR, "m ~ log 1/eps": the log fit beats the 1/eps^2 fit, for each of T1 and T2;

and the third, that the T2 and T1 curves differ by the predicted factors ("these theoretically
predicted values match quite well the 'factors' by which the curves for T1 and T2 differ"),
becomes: for CR and SE, the median measured m_T2/m_T1 at equal eps lies within the span of our
predicted F_up and F_low (all bounds and b countings), widened by the fraction ``around``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd

from smalltrees.evaluation.verdicts import claim_rule
from smalltrees.reporting.markdown import to_markdown
from smalltrees.studies.auer95.learning_curve_draws import summarise, usable_sizes
from smalltrees.studies.auer95.learning_curve_fits import curve_factor, fit_curve

SKY = {"T1": "sky1", "T2": "sky2"}
BETA_RANGE = (1.5, 2.5)
CLAIMS = {"SE": "m grows like 1/eps^2 (SE)", "CR": "m grows like log(1/eps) (CR)"}
FACTOR_CLAIM = "m_T2 / m_T1 at equal eps matches the factor predicted from the VC bounds"


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


def make_curve_claims(fits: pd.DataFrame, factors: pd.DataFrame, around: float) -> pd.DataFrame:
    """The paper's curve-shape claims (per depth) and its factor claim, with verdicts (see the
    module)."""
    rows = []
    for record in fits.to_dict("records"):
        code = record["code"]
        if code not in CLAIMS:
            continue
        if record["points"] < 3:
            holds = None
        elif code == "SE":
            holds = bool(BETA_RANGE[0] <= record["power_beta"] <= BETA_RANGE[1]
                         and record["inverse_square_r2"] > record["log_r2"])
        else:
            holds = bool(record["log_r2"] > record["inverse_square_r2"])
        rows.append({"code": code, "level": record["level"], "claim": CLAIMS[code],
                     "where": "section 4, Figure 1",
                     "ours": (f"beta = {record['power_beta']:.2f}; R2 1/eps^2 = "
                              f"{record['inverse_square_r2']:.3f}, log = "
                              f"{record['log_r2']:.3f}, power = {record['power_r2']:.3f} "
                              f"(on log m {record['power_r2_log']:.3f})"),
                     "verdict": claim_rule(holds)})
    for record in factors[factors["code"].isin(CLAIMS)].to_dict("records"):
        low = min(record["predicted_F_up_min"], record["predicted_F_low_min"]) * (1 - around)
        high = max(record["predicted_F_up_max"], record["predicted_F_low_max"]) * (1 + around)
        median = record["factor_median"]
        holds = None if pd.isna(median) or pd.isna(low) else bool(low <= median <= high)
        rows.append({"code": record["code"], "level": "T2/T1", "claim": FACTOR_CLAIM,
                     "where": "section 4, Figure 1",
                     "ours": (f"median {median:.2f} (range {record['factor_min']:.2f} to "
                              f"{record['factor_max']:.2f}); predicted {low:.2f} to "
                              f"{high:.2f} (within ±{around:.0%})"),
                     "verdict": claim_rule(holds)})
    return pd.DataFrame(rows, columns=["code", "level", "claim", "where", "ours", "verdict"])


def render_learning_curves(curves: pd.DataFrame, fits: pd.DataFrame, factors: pd.DataFrame,
           checks: pd.DataFrame, protocol: str, dropped: Mapping[str, list[int]]) -> str:
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
                         levels: Sequence[str], noise_se: float, around: float
                         ) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """Section 4's four parts from the draws of every (dataset, level): the curves, their
    fits, the measured factors beside the ``predicted`` ones, and the claims."""
    curves = make_curve_table(draws, sky, levels, noise_se)
    fits = make_fit_table(curves)
    factors = make_factor_table(curves, predicted)
    return curves, fits, factors, make_curve_claims(fits, factors, around)


def dropped_sizes(grids: Mapping[str, Sequence[int]], sky: Mapping[str, Mapping]
                  ) -> dict[str, list[int]]:
    """Per dataset, the grid sizes that leave no test data (listed in the table)."""
    return {code: usable_sizes(grid, sky[code]["n"])[1] for code, grid in grids.items()}
