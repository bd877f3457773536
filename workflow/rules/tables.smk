# Aggregate tables, each beside the paper's numbers.


rule auer95_table1:
    input:
        data=processed(AUER95_DATASETS),
        paper="data/paper/auer1995/table1.csv",
    output:
        csv="results/tables/auer95_table1.csv",
        md="results/tables/auer95_table1.md",
    log:
        "logs/auer95_table1.log",
    params:
        datasets=AUER95_DATASETS,
        names={d: config["datasets"][d].get("name", d) for d in AUER95_DATASETS},
        notes={d: config["datasets"][d].get("note", "") for d in AUER95_DATASETS},
    conda:
        "../../environment.yml"
    script:
        "../scripts/auer95_table1.py"
