"""The shared cross-validation's plan (``workflow/rules/cv.smk``): which learner's rows each
``(study, dataset, learner)`` job gives, its own or an earlier learner's that fits the same
models on that dataset (:mod:`smalltrees.evaluation.same_fit`, issue 36)."""

from __future__ import annotations

from collections.abc import Mapping

from smalltrees.data.parse import fields_from_spec
from smalltrees.evaluation.same_fit import same_fit_leads
from smalltrees.learners.registry import make_learner


def declares_continuous(spec: Mapping) -> bool:
    """Whether a dataset's registry entry may give continuous attributes: it declares one, or
    declares no columns (a generated dataset), whose kinds only its data tell."""
    if "columns" not in spec:
        return True
    return any(field.kind == "continuous" for field in fields_from_spec(spec["columns"]))


def cv_leads(config: Mapping, registry: Mapping, study: str, dataset: str) -> dict[str, str]:
    """Each learner of ``study``'s CV and the learner whose rows it takes on ``dataset``."""
    learners = {name: make_learner(config["learners"][name])
                for name in config[study]["cv"]["learners"]}
    return same_fit_leads(learners, declares_continuous(registry[dataset]))
