# The scorecard: every paper number of every configured study, with its verdict.


rule scorecard:
    input:
        cards=expand("results/{study}/scorecard.csv", study=SCORECARD_STUDIES),
        code=REPORT_CODE,
    output:
        csv="results/scorecard.csv",
        md="results/scorecard.md",
        html="results/scorecard.html",
    log:
        "logs/scorecard.log",
    conda:
        "../../environment.yml"
    script:
        "../scripts/scorecard.py"
