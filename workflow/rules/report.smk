# The scorecard: every table's cells put together, and per paper a figure of ours against the
# paper's numbers. Each study's plan lists its cells files (key -> title, link).


rule scorecard:
    input:
        cells=cells_files(scorecard_parts()),
        notes=expand("data/paper/{study}/notes.csv", study=STUDIES),
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
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("scorecard.py"),
        parts=scorecard_parts(),
        studies=STUDIES,
        figures={
            s: os.path.relpath(f"figures/{s}_vs_paper.png", "results") for s in STUDIES
        },
    run:
        run_script("scorecard.py", rule, input, output, params, wildcards, log, config)


# A paper's figure from its own cells, as the scorecard explains them: drawn when that study's
# tables are done, not after every study's.
rule paper_figure:
    input:
        cells=study_cells,
        notes="data/paper/{study}/notes.csv",
    output:
        report(
            "figures/{study}_vs_paper.png",
            caption="../report/paper_figure.rst",
            category="Scorecard",
        ),
    log:
        "logs/paper_figure/{study}.log",
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("paper_figure.py"),
        parts=study_parts,
    run:
        run_script(
            "paper_figure.py", rule, input, output, params, wildcards, log, config
        )


rule table_html:
    input:
        md="results/tables/{study}_{name}.md",
    output:
        report(
            "results/tables/{study}_{name}.html",
            caption="../report/table.rst",
            category="{study}",
            subcategory="{name}",
        ),
    log:
        "logs/table_html/{study}_{name}.log",
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("table_html.py"),
        caption=table_caption,
    run:
        run_script("table_html.py", rule, input, output, params, wildcards, log, config)
