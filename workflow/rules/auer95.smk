# Auer, Holte & Maass (1995): Sky1/Sky2 and Table 2 (9 x 25-fold CV of T2 vs C4.5).


rule auer95_sky_dataset:
    input:
        data="data/processed/{dataset}.csv",
    output:
        "results/auer95/sky/{dataset}.json",
    log:
        "logs/auer95_sky_dataset/{dataset}.log",
    benchmark:
        "benchmarks/auer95_sky_dataset/{dataset}.tsv"
    conda:
        "../../environment.yml"
    script:
        "../scripts/auer95_sky_dataset.py"


rule auer95_sky:
    input:
        sky=expand("results/auer95/sky/{dataset}.json", dataset=AUER95_DATASETS),
        paper="data/paper/auer1995/table2.csv",
    output:
        csv="results/tables/auer95_sky.csv",
        md="results/tables/auer95_sky.md",
    log:
        "logs/auer95_sky.log",
    params:
        datasets=AUER95_DATASETS,
        notes=paper_notes("sky2"),
    conda:
        "../../environment.yml"
    script:
        "../scripts/auer95_sky.py"


rule auer95_cv:
    input:
        data="data/processed/{dataset}.csv",
    output:
        "results/auer95/cv/{dataset}/{learner}/rep{repetition}.csv",
    log:
        "logs/auer95_cv/{dataset}/{learner}/rep{repetition}.log",
    benchmark:
        "benchmarks/auer95_cv/{dataset}/{learner}/rep{repetition}.tsv"
    params:
        learner=learner_entry,
        folds=TABLE2["folds"],
        seed=config["seed"],
    conda:
        "../../environment.yml"
    script:
        "../scripts/auer95_cv.py"


rule auer95_table2:
    input:
        cv=table2_cv_results(),
        sky="results/tables/auer95_sky.csv",
        paper="data/paper/auer1995/table2.csv",
    output:
        csv="results/tables/auer95_table2.csv",
        md="results/tables/auer95_table2.md",
    log:
        "logs/auer95_table2.log",
    params:
        datasets=AUER95_DATASETS,
        learners=TABLE2["learners"],
        compare=TABLE2["compare"],
        tolerance=config["auer95"]["tolerance_sd"],
        notes=paper_notes("table2"),
    conda:
        "../../environment.yml"
    script:
        "../scripts/auer95_table2.py"


rule auer95_table2_figure:
    input:
        "results/tables/auer95_table2.csv",
    output:
        png="figures/auer95_table2.png",
        pdf="figures/auer95_table2.pdf",
    log:
        "logs/auer95_table2_figure.log",
    params:
        compare=TABLE2["compare"],
    conda:
        "../../environment.yml"
    script:
        "../scripts/auer95_table2_figure.py"
