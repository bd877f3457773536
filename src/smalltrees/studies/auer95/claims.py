"""The claims of Auer, Holte & Maass (1995) section 4, checked on the learning-curve fits.

The claims, how we read each (``test``) and their thresholds are rows of
``data/paper/auer95/claims.csv``, judged by :func:`smalltrees.evaluation.claims.judge`; this
module gives each id its check, on the fits of :mod:`.learning_curve_fits` (per dataset and
tree depth):

- ``se_inverse_square`` (SE, "m ~ 1/eps^2"): the free exponent beta of m = a / eps^beta lies
  in the threshold's range and the 1/eps^2 fit beats the log fit (R^2 on m), for T1 and T2;
- ``cr_log`` (CR, "m ~ log 1/eps"): the log fit beats the 1/eps^2 fit, for T1 and T2;
- ``factor`` ("these theoretically predicted values match quite well the 'factors' by which
  the curves for T1 and T2 differ"): for CR and SE, the median measured m_T2/m_T1 at equal eps
  lies within the span of our predicted F_up and F_low (all bounds and b countings), widened by
  the fraction ``around`` (the config's ``auer95.curves.around``, also the tolerance of "around
  x" in :mod:`.vc_factors`).

A curve with fewer than 3 fitted points cannot be judged (``not run``).
"""

from __future__ import annotations

import pandas as pd

from smalltrees.evaluation.claims import judge

SHAPES = {"se_inverse_square": "SE", "cr_log": "CR"}
"""The dataset each curve-shape claim is made for."""


def inverse_square_holds(fit, limits) -> bool:
    """SE's "m ~ 1/eps^2" on one fit (a row of the fit table): the free exponent
    ``power_beta`` within ``limits`` and the 1/eps^2 fit better than the log fit (R^2 on m)."""
    return bool(limits[0] <= fit["power_beta"] <= limits[1]
                and fit["inverse_square_r2"] > fit["log_r2"])


def make_claims(paper: pd.DataFrame, fits: pd.DataFrame, factors: pd.DataFrame,
                around: float) -> pd.DataFrame:
    """Every claim of ``paper`` on our fits and factors (columns
    :data:`~smalltrees.evaluation.claims.RESULT`; the subject is the dataset and depth)."""

    def shape(claim_id: str):
        def check(limits) -> list[tuple[str, str, object]]:
            out = []
            for record in fits[fits["code"] == SHAPES[claim_id]].to_dict("records"):
                if record["points"] < 3:
                    holds = None
                elif claim_id == "se_inverse_square":
                    holds = inverse_square_holds(record, limits)
                else:
                    holds = bool(record["log_r2"] > record["inverse_square_r2"])
                out.append((f"{record['code']} {record['level']}",
                            f"beta = {record['power_beta']:.2f}; R2 1/eps^2 = "
                            f"{record['inverse_square_r2']:.3f}, log = {record['log_r2']:.3f}, "
                            f"power = {record['power_r2']:.3f} (on log m "
                            f"{record['power_r2_log']:.3f})", holds))
            return out
        return check

    def factor(_) -> list[tuple[str, str, object]]:
        out = []
        for record in factors[factors["code"].isin(SHAPES.values())].to_dict("records"):
            low = min(record["predicted_F_up_min"], record["predicted_F_low_min"]) * (1 - around)
            high = max(record["predicted_F_up_max"], record["predicted_F_low_max"]) * (1 + around)
            median = record["factor_median"]
            holds = None if pd.isna(median) or pd.isna(low) else bool(low <= median <= high)
            out.append((f"{record['code']} T2/T1",
                        f"median {median:.2f} (range {record['factor_min']:.2f} to "
                        f"{record['factor_max']:.2f}); predicted {low:.2f} to {high:.2f} "
                        f"(within ±{around:.0%})", holds))
        return out

    return judge(paper, {"se_inverse_square": shape("se_inverse_square"),
                         "cr_log": shape("cr_log"), "factor": factor})
