"""The tree learners' trees, predictions, probabilities and measures are those recorded before
their structures were merged into one (issue 38): ``benchmarks/tree_identity.py`` recorded
``tests/fixtures/tree_identity.json`` on the code before; this recomputes the datasets below
(about 5 CPU-s: every learner of the fixture on them) and compares, fingerprint by fingerprint.
``python benchmarks/tree_identity.py`` compares the whole sample (about 30 CPU-s)."""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
from tree_identity import FIXTURE, differences, run  # noqa: E402

#: mixed kinds, missing values, many classes, categorical groups (HE, BC, LA), the discrete and
#: continuous data of yildiz15, last02's bagged C4.5 (IR, LC, WI)
DATASETS = ["LA", "HE", "BC", "HD", "CR", "AU", "IR", "SO", "LC", "WI", "VO", "MO", "MU", "TT",
            "GE", "HA"]


def test_every_learner_is_identical_on_a_sample_of_the_recorded_folds(mirror):
    recorded = json.loads(FIXTURE.read_text())["cases"]
    found = run(mirror, DATASETS)
    expected = {key for key in recorded if key.split("/")[1] in DATASETS}
    assert set(found) == expected
    assert differences(recorded, found) == []
    classes = {key.split("/")[2].split("_K2")[0] for key in found}
    assert {"T1", "T2", "T3", "C45_SUBSET", "TOPDOWN_G", "ID3", "BAG_C45"} <= classes
