# The scorecard: every paper number of every configured study, with its verdict.


rule scorecard:
    input:
        cards=expand("results/{study}/scorecard.csv", study=STUDIES),
        code=CODE.of("scorecard.py"),
    output:
        csv="results/scorecard.csv",
        md="results/scorecard.md",
        html=report(
            "results/scorecard.html",
            caption="../report/scorecard.rst",
            category="Scorecard",
        ),
    log:
        "logs/scorecard.log",
    conda:
        "../../environment.yml"
    script:
        "../scripts/scorecard.py"


rule table_html:
    input:
        md="results/tables/{study}_{name}.md",
        code=CODE.of("table_html.py"),
    output:
        report(
            "results/tables/{study}_{name}.html",
            caption="../report/table.rst",
            category="{study}",
            subcategory="{name}",
        ),
    log:
        "logs/table_html/{study}_{name}.log",
    conda:
        "../../environment.yml"
    params:
        caption=table_caption,
    script:
        "../scripts/table_html.py"
