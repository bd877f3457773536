# Dietterich, Kearns & Mansour (1996). Section 3: Figures 3-6 (criterion curves) and Table 1
# (C4.5(G) vs C4.5(H): one trials job per domain, then the table and its stability over
# partitions). Section 4's rules follow section 3's.
from smalltrees.studies.dkm96.plan import (
    table1_domain,
    table1_learners,
    table1_problems,
    table1_trials,
)


rule dkm96_figure:
    input:
        code=REPORT_CODE + package("studies/dkm96/curves.py", "learners/criteria.py"),
    output:
        png=report(
            "figures/dkm96_fig{number}.png",
            caption="../report/dkm96_figures.rst",
            category="dkm96",
            subcategory="Figures 3-6",
        ),
        pdf="figures/dkm96_fig{number}.pdf",
    log:
        "logs/dkm96_figure/fig{number}.log",
    wildcard_constraints:
        number="[3-6]",
    conda:
        "../../environment.yml"
    params:
        settings=config["dkm96"]["figures"],
    script:
        "../scripts/dkm96/figures.py"


rule dkm96_table1_trials:
    input:
        csv="data/processed/{dataset}.csv",
        meta="data/processed/{dataset}.json",
        code=LEARNER_CODE
        + package(
            "studies/dkm96/trials.py",
            "studies/dkm96/design.py",
            "data/transform.py",
            "evaluation/intervals.py",
            "evaluation/resampling.py",
        ),
    output:
        "results/dkm96/trials/{dataset}/{domain}.json",
    log:
        "logs/dkm96_table1_trials/{dataset}/{domain}.log",
    benchmark:
        "logs/benchmarks/dkm96_table1_trials/{dataset}/{domain}.tsv"
    wildcard_constraints:
        domain=choice(config["dkm96"]["table1"]["domains"]),
    conda:
        "../../environment.yml"
    params:
        spec=table1_domain(config),
        learners=table1_learners(config),
        partitions=config["dkm96"]["table1"]["partitions"],
        stream=config["dkm96"]["table1"]["stream"],
        seed=config["seed"],
    script:
        "../scripts/dkm96/table1_trials.py"


rule dkm96_table1:
    input:
        trials=table1_trials(config),
        paper="data/paper/dkm96/table1.csv",
        notes="data/paper/dkm96/notes.csv",
        code=REPORT_CODE
        + package("studies/dkm96/table1.py", "studies/dkm96/statistics.py"),
    output:
        csv="results/tables/dkm96_table1.csv",
        md="results/tables/dkm96_table1.md",
    log:
        "logs/dkm96_table1.log",
    conda:
        "../../environment.yml"
    params:
        problems=table1_problems(config),
        interval=config["dkm96"]["table1"]["interval"],
        tolerance=config["dkm96"]["table1"]["tolerance_sd"],
        stream=config["dkm96"]["table1"]["stream"],
        seed=config["seed"],
        notes=paper_notes("dkm96", "table1"),
    script:
        "../scripts/dkm96/table1.py"


rule dkm96_stability:
    input:
        trials=table1_trials(config),
        code=REPORT_CODE
        + package("studies/dkm96/stability.py", "studies/dkm96/statistics.py"),
    output:
        csv="results/tables/dkm96_stability.csv",
        md="results/tables/dkm96_stability.md",
    log:
        "logs/dkm96_stability.log",
    conda:
        "../../environment.yml"
    params:
        problems=table1_problems(config),
        interval=config["dkm96"]["table1"]["interval"],
        stream=config["dkm96"]["table1"]["stream"],
        seed=config["seed"],
    script:
        "../scripts/dkm96/stability.py"


rule dkm96_scorecard:
    input:
        table1="results/tables/dkm96_table1.csv",
        notes="data/paper/dkm96/notes.csv",
        code=REPORT_CODE
        + package(
            "studies/dkm96/scorecard.py",
            "studies/dkm96/table1.py",
            "studies/dkm96/statistics.py",
        ),
    output:
        "results/dkm96/scorecard.csv",
    log:
        "logs/dkm96_scorecard.log",
    conda:
        "../../environment.yml"
    params:
        tolerance=config["dkm96"]["table1"]["tolerance_sd"],
    script:
        "../scripts/dkm96/scorecard.py"
