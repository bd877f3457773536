"""How the two failed verdicts of Auer, Holte & Maass (1995) section 4 depend on our choices.

The paper gives no protocol for Figure 1 (reading notes, ``auer95-section4.md`` A-1 to A-12);
ours is the config's ``auer95.curves``. Two verdicts fail under it:

- ``se_inverse_square``: SE's curve "suggests a growth that is consistent with the bounds with
  m ~ 1/eps^2" (section 4), judged per depth by :func:`.claims.inverse_square_holds` (free
  exponent beta within the claim's range and the 1/eps^2 fit better than the log fit);
- ``factors``: "for CR these terms [F_up, F_low] have values between 17 and 25" (section 4),
  judged by :mod:`.vc_factors` under every reading of Theorem 4's bounds.

Each verdict is recomputed with one choice changed at a time, from what the workflow has: the
per-draw test errors the curve jobs store, the draws of the ``auer95_curve_more`` jobs (more
draws per size than stored, with the same seeds: the first draws are the stored ones; without
them, such a choice is ``not run``) and the inputs of the predicted factors; the bootstrap of
the stored draws measures what the draw noise does. The
measured CR factor m_T2/m_T1 (which "match[es] quite well" 17 to 25, says the paper) is given
under the same curve choices.

The factors are bounded whatever the base: with K <= b and log log n > 0 (a base below n),
F_up = VC(TREE(2)) / VC(TREE(1)) < b + 2 for both readings of the upper bound and < b + 1 for
the lower bound, and F_low = F_up opt2 / opt1 <= F_up since TREE(1) is in TREE(2) (opt2 <=
opt1). CR's largest categorical attribute has b = 14 values (15 with "missing"): no log base or
reading reaches 17, and the smallest b that does is listed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

import numpy as np
import pandas as pd
from scipy.optimize import curve_fit

from smalltrees.evaluation.claims import threshold
from smalltrees.evaluation.verdicts import (
    CLAIM_FAILS,
    CLAIM_HOLDS,
    DIFFERS,
    NOT_RUN,
    REPRODUCED,
)
from smalltrees.studies.auer95.claims import inverse_square_holds
from smalltrees.studies.auer95.learning_curve_draws import (
    all_draws,
    resample_draws,
    summarise,
)
from smalltrees.studies.auer95.learning_curve_fits import (
    curve_factor,
    fit_curve,
    least_squares_line,
    r_squared,
)
from smalltrees.studies.auer95.learning_curves import SKY
from smalltrees.studies.auer95.section4_sensitivity_summary import make_sensitivity
from smalltrees.studies.auer95.vc_factors import (
    factor_cells,
    predicted_factors,
    quoted_factors,
)

BASELINE = "baseline (config)"
FORMS = ("power, least squares on log m", "power, least squares on m",
         "fixed exponent 2 vs 1 vs log, R2 on m", "fixed slope 2 vs 1, R2 on log m",
         "eps from the curve's own asymptote, not Sky")
"""The fit forms of SE's shape; the first is the claim's (:mod:`.learning_curve_fits`)."""


@dataclass(frozen=True)
class Protocol:
    """One curve protocol: the noise threshold, the first ``draws`` stored draws per size (None:
    all), the ``low``/``high`` smallest/largest fitted sizes dropped, every other grid size from
    position ``every_other`` (None: all), and Sky_d in percent in place of ours (None: ours)."""

    noise_se: float
    draws: int | None = None
    low: int = 0
    high: int = 0
    every_other: int | None = None
    sky: float | None = None


def summarise_protocol(draws: pd.DataFrame, sky: float, protocol: Protocol) -> pd.DataFrame:
    """The curve of :func:`.learning_curve_draws.summarise` under ``protocol``, its fitted
    points marked ``in_fit`` (after dropping the smallest and largest of them)."""
    frame = draws if protocol.draws is None else draws[draws["draw"] < protocol.draws]
    if protocol.every_other is not None:
        sizes = sorted(frame["m"].unique())[protocol.every_other::2]
        frame = frame[frame["m"].isin(sizes)]
    curve = summarise(frame, sky if protocol.sky is None else protocol.sky, protocol.noise_se)
    fitted = np.flatnonzero(curve["in_fit"].to_numpy())
    keep = fitted[protocol.low:len(fitted) - protocol.high]
    curve["in_fit"] = np.isin(np.arange(len(curve)), keep)
    return curve


def shape_check(curve: pd.DataFrame, form: str, limits: Sequence[float],
                noise_se: float) -> tuple[float, str, bool | None]:
    """SE's "m ~ 1/eps^2" on one curve by one of :data:`FORMS`: (number, detail, holds)."""
    if form == FORMS[4]:
        return _asymptote_check(curve, limits, noise_se)
    points = curve[curve["in_fit"]]
    m, eps = points["m"].to_numpy(float), points["eps"].to_numpy()
    if len(m) < 3:
        return np.nan, f"{len(m)} fitted points", None
    fit = fit_curve(m, eps)
    sizes = f"{len(m)} points, m {m.min():g} to {m.max():g}"
    if form == FORMS[0]:
        return (fit["power_beta"], f"{sizes}; R2 1/eps^2 {fit['inverse_square_r2']:.3f}, "
                f"log {fit['log_r2']:.3f}", inverse_square_holds(fit, limits))
    if form == FORMS[1]:
        (_, beta), _ = curve_fit(lambda e, a, b: a * e ** -b, eps, m,
                                 p0=(fit["power_a"], fit["power_beta"]), maxfev=20000)
        return (float(beta), f"{sizes}; the claim's test with this beta",
                inverse_square_holds(fit | {"power_beta": float(beta)}, limits))
    if form == FORMS[2]:
        slope, intercept = least_squares_line(1.0 / eps, m)
        r2 = {"1/eps^2": fit["inverse_square_r2"], "1/eps": r_squared(m, slope / eps + intercept),
              "log(1/eps)": fit["log_r2"]}
        best = max(r2, key=r2.get)
        return (r2["1/eps^2"], f"{sizes}; R2 " + ", ".join(f"{k} {v:.3f}" for k, v in r2.items())
                + f"; best {best}", best == "1/eps^2")
    x, y = np.log(1.0 / eps), np.log(m)
    r2 = {s: r_squared(y, s * x + float(np.mean(y - s * x))) for s in (2, 1)}
    return (r2[2], f"{sizes}; R2 on log m slope 2 {r2[2]:.3f}, slope 1 {r2[1]:.3f}",
            r2[2] > r2[1])


def _asymptote_check(curve: pd.DataFrame, limits, noise_se: float):
    """The claim's test with eps = error - e_inf, e_inf fitted with the curve (error = e_inf +
    a m^-g, weighted by the standard errors) instead of 1 - Sky_d."""
    m, error = curve["m"].to_numpy(float), curve["error"].to_numpy()
    sigma = np.maximum(curve["error_se"].to_numpy(), 1e-6)
    (e_inf, _, g), _ = curve_fit(lambda x, e, a, k: e + a * x ** -k, m, error,
                                 p0=(error.min(), 1.0, 0.5), sigma=sigma,
                                 bounds=([0.0, 0.0, 0.01], [1.0, np.inf, 10.0]), maxfev=20000)
    own = pd.DataFrame({"m": np.repeat(m, 2), "draw": np.tile([0, 1], len(m)),
                        "test_error": np.repeat(error, 2)})
    shifted = summarise(own, 100.0 * (1.0 - e_inf), 0.0)
    shifted["error_se"] = curve["error_se"].to_numpy()
    shifted["in_fit"] = shifted["eps"] > noise_se * shifted["error_se"]
    number, detail, holds = shape_check(shifted, FORMS[0], limits, noise_se)
    return number, f"e_inf {e_inf:.4f} (1/g = {1 / g:.2f}); {detail}", holds


def curve_rows(draws: Mapping[tuple[str, str], pd.DataFrame], sky: Mapping[str, Mapping],
               limits: Sequence[float], paper_range: tuple[float, float],
               baseline: Protocol, choices: Mapping, seed: int,
               paper_sky2: float | None = None,
               more: Mapping[tuple[str, str], pd.DataFrame] | None = None) -> list[dict]:
    """SE's shape per depth and CR's measured factor under every curve choice; with the
    paper's Sky2 of SE, T2's shape also with the curve's eps measured from it. ``more``: draws
    beyond the stored ones, by (code, level), for the choices of more draws per size."""
    more = more or {}
    variants = [(BASELINE, "as configured", baseline)]
    variants += [("draws per size", f"first {k}", replace(baseline, draws=int(k)))
                 for k in choices["draws"]]
    variants += [("noise threshold noise_se", f"{v:g}", replace(baseline, noise_se=float(v)))
                 for v in choices["noise_se"]]
    variants += [(f"fit range: {end} fitted sizes dropped", f"{k}",
                  replace(baseline, **{key: int(k)}))
                 for end, key in (("smallest", "low"), ("largest", "high"))
                 for k in choices["trim"]]
    variants += [("grid: every other size", f"from the {('1st', '2nd')[k]}",
                  replace(baseline, every_other=k)) for k in (0, 1)]
    rows = []
    for level in ("T1", "T2"):
        if ("SE", level) in draws:
            rows += _shape_rows(draws[("SE", level)], sky["SE"][SKY[level]], level, limits,
                                variants, choices, seed, paper_sky2, more.get(("SE", level)))
        else:
            rows.append(_row("se_inverse_square", f"SE {level}", BASELINE, "as configured",
                             np.nan, "no SE curve in this run", NOT_RUN))
    if all(("CR", level) in draws for level in ("T1", "T2")):
        rows += measured_factor_rows(draws, sky["CR"], paper_range, variants, choices, seed,
                                     {lv: more[("CR", lv)] for lv in ("T1", "T2")
                                      if ("CR", lv) in more})
    return rows


def _draws_for(draws: pd.DataFrame, more: pd.DataFrame | None,
               wanted: int | None) -> pd.DataFrame | None:
    """The draws a protocol of ``wanted`` draws per size reads: the stored ones, else those
    of ``more`` when it has enough, else None (not run)."""
    if wanted is None or wanted <= draws["draw"].nunique():
        return draws
    if more is not None and wanted <= more["draw"].nunique():
        return more
    return None


def _shape_rows(draws, sky, level, limits, variants, choices, seed, paper_sky2,
                more=None) -> list[dict]:
    subject, out = f"SE {level}", []
    stored = int(draws["draw"].nunique())
    base = variants[0][2]
    base_curve = summarise_protocol(draws, sky, base)
    for choice, value, protocol in variants:
        frame = _draws_for(draws, more, protocol.draws)
        if frame is None:
            out.append(_row("se_inverse_square", subject, choice, value, np.nan,
                            f"{stored} draws stored: needs new curve draws", NOT_RUN))
            continue
        curve = base_curve if protocol is base else summarise_protocol(frame, sky, protocol)
        out.append(_shape_row(subject, choice, value, curve, FORMS[0], limits,
                              protocol.noise_se))
        if frame is more:  # beyond the stored draws: the other fit forms too
            out += [_shape_row(subject, choice, f"{value}, {form}", curve, form, limits,
                               protocol.noise_se) for form in FORMS[1:3]]
    out += [_shape_row(subject, "fit form", form, base_curve, form, limits, base.noise_se)
            for form in FORMS[1:]]
    if level == "T2" and paper_sky2 is not None:
        curve = summarise_protocol(draws, sky, replace(base, sky=paper_sky2))
        out.append(_shape_row(subject, "eps reference Sky2", f"paper's {paper_sky2}",
                              curve, FORMS[0], limits, base.noise_se))
    rng = np.random.default_rng(seed)
    results = {form: [] for form in FORMS[:3]}
    for _ in range(choices["bootstrap"]):
        curve = summarise_protocol(resample_draws(draws, rng), sky, base)
        for form, found in results.items():
            found.append(shape_check(curve, form, limits, base.noise_se))
    for form, found in results.items():
        betas = [beta for beta, _, _ in found]
        share = float(np.mean([bool(holds) for _, _, holds in found]))
        low, high = np.nanpercentile(betas, [2.5, 97.5])
        out.append(_row("se_inverse_square", subject, "draws per size (bootstrap)",
                        f"{choices['bootstrap']} resamples, {form}", float(np.nanmedian(betas)),
                        f"median; 95% interval {low:.2f} to {high:.2f}; the claim holds "
                        f"in {share:.0%} of resamples",
                        CLAIM_HOLDS if share >= 0.5 else CLAIM_FAILS))
    return out


def _shape_row(subject, choice, value, curve, form, limits, noise_se) -> dict:
    number, detail, holds = shape_check(curve, form, limits, noise_se)
    verdict = NOT_RUN if holds is None else CLAIM_HOLDS if holds else CLAIM_FAILS
    return _row("se_inverse_square", subject, choice, value, number, detail, verdict)


def measured_factor_rows(draws, sky, paper_range, variants, choices, seed,
                         more=None) -> list[dict]:
    """CR's measured m_T2/m_T1 (median over the common eps range) beside the paper's range;
    ``more``: CR's draws beyond the stored ones, by level."""
    subject, out = "CR measured m_T2/m_T1", []
    more = more or {}
    stored = min(int(draws[("CR", level)]["draw"].nunique()) for level in ("T1", "T2"))

    def factor(frames, protocol) -> tuple[float, str]:
        one, two = (summarise_protocol(frames[level], sky[SKY[level]], protocol)
                    for level in ("T1", "T2"))
        one, two = one[one["in_fit"]], two[two["in_fit"]]
        result = curve_factor(one["m"], one["eps"], two["m"], two["eps"])
        if pd.isna(result["factor_median"]):
            return np.nan, "the fitted eps ranges of T1 and T2 do not overlap"
        return result["factor_median"], (f"range {result['factor_min']:.2f} to "
                                         f"{result['factor_max']:.2f} at eps "
                                         f"{result['eps_low']:.3f} to {result['eps_high']:.3f}")

    frames = {level: draws[("CR", level)] for level in ("T1", "T2")}
    for choice, value, protocol in variants:
        chosen = {level: _draws_for(frame, more.get(level), protocol.draws)
                  for level, frame in frames.items()}
        if any(frame is None for frame in chosen.values()):
            out.append(_row("factors", subject, choice, value, np.nan,
                            f"{stored} draws stored: needs new curve draws", NOT_RUN))
            continue
        median, detail = factor(chosen, protocol)
        out.append(_row("factors", subject, choice, value, median, detail,
                        _range_verdict(median, paper_range)))
    rng = np.random.default_rng(seed)
    medians = [factor({lv: resample_draws(f, rng) for lv, f in frames.items()},
                      variants[0][2])[0] for _ in range(choices["bootstrap"])]
    low, high = np.nanpercentile(medians, [2.5, 97.5])
    inside = float(np.mean([_range_verdict(v, paper_range) == REPRODUCED for v in medians]))
    out.append(_row("factors", subject, "draws per size (bootstrap)",
                    f"{choices['bootstrap']} resamples", float(np.nanmedian(medians)),
                    f"95% interval {low:.2f} to {high:.2f}; in the paper's range in "
                    f"{inside:.0%} of resamples", _range_verdict(np.nanmedian(medians),
                                                                 paper_range)))
    return out


def _range_verdict(value: float, paper_range: tuple[float, float]) -> str:
    if pd.isna(value):
        return NOT_RUN
    return REPRODUCED if paper_range[0] <= value <= paper_range[1] else DIFFERS


def factor_rows(vc: pd.DataFrame, transcription: pd.DataFrame, paper_sky2: Mapping[str, float],
                bases: Sequence[float], baseline_base: float, around: float) -> list[dict]:
    """The predicted factors the paper quotes (CR and SE at once: a reading must hold for both)
    under every log base, every opt_d of F_low, and the b that CR would need
    (``transcription``: section4.csv's table ``factors``)."""
    paper = quoted_factors(transcription)
    inputs, sky = {}, {}
    for code, rows in vc.groupby("code", sort=False):
        counted = rows.groupby("b_counts")["b"].first()
        inputs[code] = {"n": int(rows["n"].iloc[0]), "b": int(counted["values"]),
                        "b_missing": int(counted["values + missing"]),
                        "p": int(rows["p"].iloc[0])}
        sky[code] = {"sky1": float(rows["sky1"].iloc[0]), "sky2": float(rows["sky2"].iloc[0])}
    quoted = paper[paper["code"].isin(list(inputs))]
    rows = [_row("factors", f"{r['code']} {r['term']}", BASELINE, "as configured", np.nan,
                 f"{r['code']} has no learning curves in this run", NOT_RUN)
            for r in paper[~paper["code"].isin(list(inputs))].to_dict("records")]
    if not inputs:
        return rows
    variants = [(BASELINE, f"log base {baseline_base:g}, opt_d = 1 - Sky_d (ours)",
                 baseline_base, sky, ("F_up", "F_low"))]
    variants += [("log base of the bounds", f"{base:g}", base, sky, ("F_up", "F_low"))
                 for base in bases if base != baseline_base]
    accuracy = {code: {k: 100.0 - v for k, v in given.items()} for code, given in sky.items()}
    variants.append(("opt_d in F_low", "accuracy Sky_d in place of the error 1 - Sky_d",
                     baseline_base, accuracy, ("F_low",)))
    papers = {code: given | {"sky2": paper_sky2[code]} for code, given in sky.items()
              if code in paper_sky2}
    if papers:
        variants.append(("opt_d in F_low", "the paper's Sky2 (Table 2), our Sky1",
                         baseline_base, papers, ("F_low",)))
    for choice, value, base, skies, terms in variants:
        cells = factor_cells(predicted_factors({c: inputs[c] for c in skies}, skies, base),
                             transcription, around)
        for record in quoted[quoted["term"].isin(terms)].to_dict("records"):
            mine = cells[(cells["code"] == record["code"])
                         & (cells["quantity"] == record["term"])]
            values, verdicts = mine["ours"].astype(float), mine["verdict"]
            middle = (float(record["low"]) + float(record["high"])) / 2
            closest = float(values.iloc[int(np.argmin(np.abs(values - middle)))])
            hits = int((verdicts == REPRODUCED).sum())
            rows.append(_row("factors", f"{record['code']} {record['term']}", choice, value,
                             closest, f"paper {record['words']}; ours {values.min():.2f} to "
                             f"{values.max():.2f}; {hits} of {len(values)} readings reproduce",
                             REPRODUCED if hits else DIFFERS))
    if "CR" in inputs:
        rows += _needed_b(inputs["CR"], sky["CR"], paper, baseline_base, bases)
    return rows


def _needed_b(given: Mapping[str, int], sky: Mapping, paper: pd.DataFrame,
              baseline_base: float, bases: Sequence[float]) -> list[dict]:
    """The smallest b whose F_up (largest over bounds and log bases) reaches the paper's low and
    high ends for CR, with n, p and Sky as CR's: beyond CR's data (b = 14, 15 with missing)."""
    row = paper[(paper["code"] == "CR") & (paper["term"] == "F_up")].iloc[0]
    out, b = [], given["b"]
    for end in (float(row["low"]), float(row["high"])):
        while (f_up := _largest_f_up(given, sky, b, (baseline_base, *bases))) < end:
            b += 1
        out.append(_row("factors", "CR F_up", "b (most values of a categorical attribute)",
                        f"{b} (CR has {given['b']}, {given['b_missing']} with missing)", f_up,
                        f"beyond the data: the smallest b whose largest F_up reaches {end:g}; "
                        "F_up < b + 2 under every base and reading", ""))
    return out


def _largest_f_up(given, sky, b: int, bases) -> float:
    inputs = {"CR": dict(given) | {"b": b, "b_missing": b}}
    return max(float(predicted_factors(inputs, {"CR": sky}, base)["F_up"].max())
               for base in bases)


def shape_limits(paper_claims: pd.DataFrame) -> tuple[float, ...]:
    """The limits of SE's "m ~ 1/eps^2" claim (claims.csv, section 4)."""
    return threshold(paper_claims.set_index("id").loc["se_inverse_square", "threshold"])


def cr_factor_range(transcription: pd.DataFrame) -> tuple[float, float]:
    """The paper's range of CR's factor, "between 17 and 25" (section4.csv)."""
    quoted = quoted_factors(transcription)
    cr = quoted[(quoted["code"] == "CR") & (quoted["term"] == "F_up")]
    return float(cr["low"].iloc[0]), float(cr["high"].iloc[0])


def make_section4_sensitivity(draws: Mapping[tuple[str, str], pd.DataFrame],
                              sky: Mapping[str, Mapping], paper_claims: pd.DataFrame,
                              paper_factors: pd.DataFrame, paper_sky2: Mapping[str, float],
                              vc: pd.DataFrame, noise_se: float, base: float, around: float,
                              choices: Mapping, seed: int,
                              more: Mapping[tuple[str, str], pd.DataFrame] | None = None
                              ) -> pd.DataFrame:
    """The whole table: the curve choices on the stored ``draws`` of CR and SE (keyed by
    (code, level); those missing give ``not run``; ``more``: draws beyond the stored ones),
    then the factor choices on the inputs of ``vc`` (the predicted-factor table) against
    ``paper_factors`` (section4.csv's table ``factors``). ``paper_sky2`` is Table 2's Sky2 per
    dataset; ``choices`` is the config's ``auer95.curves.sensitivity``."""
    more = {key: all_draws(draws[key], beyond) for key, beyond in (more or {}).items()
            if key in draws}
    rows = curve_rows(draws, sky, shape_limits(paper_claims), cr_factor_range(paper_factors),
                      Protocol(noise_se=noise_se), choices, seed, paper_sky2.get("SE"), more)
    rows += factor_rows(vc[vc["code"].isin(["CR", "SE"])], paper_factors, paper_sky2,
                        choices["log_bases"], base, around)
    return make_sensitivity(rows)


def _row(claim, subject, choice, value, number, detail, verdict) -> dict:
    return {"claim": claim, "subject": subject, "choice": choice, "value": value,
            "baseline": choice == BASELINE, "number": number, "detail": detail,
            "verdict": verdict}
