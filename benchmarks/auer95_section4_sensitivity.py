"""More draws per size for Auer et al.'s (1995) section-4 verdicts than the workflow stores.

The workflow's sensitivity table (``results/tables/auer95_section4_sensitivity.md``, rule
``auer95_section4_sensitivity``) recomputes the two failed verdicts from the stored curve draws
(config ``auer95.curves.repetitions``: 50 of T1, 20 of T2), so "more draws per size" is the one
choice it cannot run. This script draws ``--draws`` training sets per size for CR and SE with the
workflow's seeds (seed, stream, dataset, m, draw: the first stored draws are the same ones) and
prints, at the stored count and at ``--draws``, SE's free exponent beta per depth (the claim's
fit, least squares on log m, and least squares on m) and CR's measured m_T2/m_T1, each with the
verdict of the sensitivity table. It runs T1 and T2 ``--draws`` times per size on CR and SE
(about 50 CPU-s for 100 draws), which is why it is a benchmark and not a workflow job.

Needs the parsed datasets and the Sky values (``data/processed/{CR,SE}.{csv,json}``,
``results/auer95/sky/{CR,SE}.json``; produce them with ``snakemake --cores 1
results/auer95/sky/CR.json results/auer95/sky/SE.json``).

Usage::

    python benchmarks/auer95_section4_sensitivity.py              # 100 draws per size
    python benchmarks/auer95_section4_sensitivity.py --draws 200
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import pandas as pd
import yaml

from smalltrees.datasets import read
from smalltrees.evaluation.claims import read_claims
from smalltrees.learners.registry import make_learner
from smalltrees.studies.auer95 import section4_sensitivity as s4
from smalltrees.studies.auer95.learning_curve_draws import curve_draws
from smalltrees.studies.auer95.learning_curves import SKY

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draws", type=int, default=100, help="draws per size (default 100)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the project's directory")
    args = parser.parse_args()
    config = yaml.safe_load((args.root / "config.yaml").read_text())
    curves = config["auer95"]["curves"]
    limits = s4.shape_limits(read_claims(args.root / "data/paper/auer95/claims.csv", "section4"))
    paper = s4.cr_factor_range(pd.read_csv(args.root / "data/paper/auer95/section4.csv"))
    stored = curves["repetitions"]
    draws, sky, seconds = {}, {}, {}
    for code in ("CR", "SE"):
        X, y = read(args.root / f"data/processed/{code}.csv",
                    args.root / f"data/processed/{code}.json")
        sky[code] = json.loads((args.root / f"results/auer95/sky/{code}.json").read_text())
        for level, learner in curves["levels"].items():
            start = time.process_time()
            draws[(code, level)] = curve_draws(
                X, y, lambda learner=learner: make_learner(config["learners"][learner]),
                curves["grid"][code], args.draws, config["seed"], curves["stream"], code)
            seconds[(code, level)] = time.process_time() - start
    print(f"draws per size: stored {stored}, here {args.draws}; CPU-s "
          + ", ".join(f"{c} {lv} {s:.1f}" for (c, lv), s in seconds.items()))
    for level in ("T1", "T2"):
        for count in (stored[level], args.draws):
            curve = s4.summarise_protocol(draws[("SE", level)], sky["SE"][SKY[level]],
                                          s4.Protocol(noise_se=curves["noise_se"], draws=count))
            for form in s4.FORMS[:3]:
                number, detail, holds = s4.shape_check(curve, form, limits, curves["noise_se"])
                print(f"SE {level}, {count} draws, {form}: {number:.2f} "
                      f"({'claim holds' if holds else 'claim fails'}; {detail})")
    for count in sorted({min(stored.values()), args.draws}):
        rows = s4.measured_factor_rows({key: frame[frame["draw"] < count] for key, frame in
                                draws.items()}, sky["CR"], paper,
                               [(s4.BASELINE, "", s4.Protocol(noise_se=curves["noise_se"]))],
                               {"bootstrap": 50}, config["seed"])
        print(f"CR m_T2/m_T1, {count} draws: median {rows[0]['number']:.2f} ({rows[0]['detail']}"
              f"; {rows[0]['verdict']} against the paper's {paper[0]:g} to {paper[1]:g});"
              f" bootstrap {rows[1]['detail']}")


if __name__ == "__main__":
    main()
