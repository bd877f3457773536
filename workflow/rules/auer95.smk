# Auer, Holte & Maass (1995), section 3: Table 1 (datasets), Sky1/Sky2, and Table 2 (repeated
# cross-validation of T2 vs C4.5, through the shared rule cross_validate).


rule auer95_table1:
    input:
        data=processed(config["auer95"]["datasets"]),
        paper="data/paper/auer95/table1.csv",
        code=REPORT_CODE + package("studies/auer95", "data/store.py"),
    output:
        csv="results/tables/auer95_table1.csv",
        md="results/tables/auer95_table1.md",
    log:
        "logs/auer95_table1.log",
    params:
        datasets=config["auer95"]["datasets"],
        names={d: REGISTRY[d].get("name", d) for d in config["auer95"]["datasets"]},
        notes={d: REGISTRY[d].get("note", "") for d in config["auer95"]["datasets"]},
    conda:
        "../../environment.yml"
    script:
        "../scripts/auer95/table1.py"


rule auer95_sky_dataset:
    input:
        csv="data/processed/{dataset}.csv",
        meta="data/processed/{dataset}.json",
        code=LEARNER_CODE + package("studies/auer95/sky.py"),
    output:
        "results/auer95/sky/{dataset}.json",
    log:
        "logs/auer95_sky_dataset/{dataset}.log",
    benchmark:
        "logs/benchmarks/auer95_sky_dataset/{dataset}.tsv"
    conda:
        "../../environment.yml"
    script:
        "../scripts/auer95/sky_dataset.py"


rule auer95_sky:
    input:
        sky=expand(
            "results/auer95/sky/{dataset}.json", dataset=config["auer95"]["datasets"]
        ),
        paper="data/paper/auer95/table2.csv",
        notes="data/paper/auer95/notes.csv",
        code=REPORT_CODE + package("studies/auer95/sky.py"),
    output:
        csv="results/tables/auer95_sky.csv",
        md="results/tables/auer95_sky.md",
    log:
        "logs/auer95_sky.log",
    params:
        datasets=config["auer95"]["datasets"],
        notes=paper_notes("auer95", "sky2"),
    conda:
        "../../environment.yml"
    script:
        "../scripts/auer95/sky.py"


rule auer95_table2:
    input:
        cv=cv_results("auer95", config["auer95"]["datasets"]),
        sky="results/tables/auer95_sky.csv",
        paper="data/paper/auer95/table2.csv",
        notes="data/paper/auer95/notes.csv",
        code=REPORT_CODE + package("studies/auer95/table2.py"),
    output:
        csv="results/tables/auer95_table2.csv",
        md="results/tables/auer95_table2.md",
    log:
        "logs/auer95_table2.log",
    params:
        datasets=config["auer95"]["datasets"],
        learners=config["auer95"]["cv"]["learners"],
        compare=config["auer95"]["table2"]["compare"],
        tolerance=config["auer95"]["tolerance_sd"],
        notes=paper_notes("auer95", "table2"),
    conda:
        "../../environment.yml"
    script:
        "../scripts/auer95/table2.py"


rule auer95_table2_figure:
    input:
        table="results/tables/auer95_table2.csv",
        code=REPORT_CODE + package("studies/auer95/figure.py", "studies/auer95/table2.py"),
    output:
        png=report(
            "figures/auer95_table2.png",
            caption="../report/auer95_table2_figure.rst",
            category="auer95",
            subcategory="table2",
        ),
        pdf="figures/auer95_table2.pdf",
    log:
        "logs/auer95_table2_figure.log",
    params:
        compare=config["auer95"]["table2"]["compare"],
        design=(
            f"{config['auer95']['cv']['repetitions']} x "
            f"{config['auer95']['cv']['folds']}-fold CV"
        ),
    conda:
        "../../environment.yml"
    script:
        "../scripts/auer95/table2_figure.py"


rule auer95_scorecard:
    input:
        table1="results/tables/auer95_table1.csv",
        sky="results/tables/auer95_sky.csv",
        table2="results/tables/auer95_table2.csv",
        notes="data/paper/auer95/notes.csv",
        code=REPORT_CODE + package("studies/auer95/scorecard.py"),
    output:
        "results/auer95/scorecard.csv",
    log:
        "logs/auer95_scorecard.log",
    params:
        compare=config["auer95"]["table2"]["compare"],
        tolerance=config["auer95"]["tolerance_sd"],
    conda:
        "../../environment.yml"
    script:
        "../scripts/auer95/scorecard.py"
