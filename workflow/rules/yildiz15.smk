# Yildiz (2015), section V: per dataset, ID3 grown on each of 5 x 2 folds and pruned four ways
# (NoPrune, CvPrune, SrmLocal, SrmGlobal over the (a1, a2) grid); Tables I-IV, Friedman and
# Nemenyi with CD diagrams, the claims (also under the configured readings of the SRM bound);
# the VC table and Figures 10-11 (smalltrees.vc). Each compared table writes its cells
# (results/yildiz15/cells/<key>.csv, listed by the plan's cells()).
from smalltrees_workflow.plans.yildiz15 import (
    READINGS,
    cells_file,
    fold_files,
    fold_settings,
    reading_claims,
    reading_fold_files,
    reading_fold_outputs,
    reading_params,
    settings_text,
    transcriptions,
    variants,
)


# One job per dataset writes its folds and those of every variant the readings read (each fold's
# tree grown once, pruned once per distinct pruning options), so that adding a dataset runs
# that dataset's job only.
rule yildiz15_folds:
    input:
        csv="data/processed/{dataset}.csv",
        meta="data/processed/{dataset}.json",
    output:
        folds="results/yildiz15/folds/{dataset}.csv",
        readings=reading_fold_outputs(config),
    log:
        "logs/yildiz15_folds/{dataset}.log",
        benchmark="logs/benchmarks/yildiz15_folds/{dataset}.tsv",
    priority: FITS_BEFORE_CV
    params:
        code=CODE.of("yildiz15/folds.py"),
        settings=fold_settings(config),
        variants=variants(config),
        seed=config["seed"],
    run:
        run_in_worker(
            "yildiz15/folds.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
            workflow,
        )


rule yildiz15_table1:
    input:
        data=processed(config["yildiz15"]["datasets"]),
        paper="data/paper/yildiz15/sheets/table1.csv",
        notes="data/paper/yildiz15/notes.csv",
    output:
        csv="results/tables/yildiz15_table1.csv",
        md="results/tables/yildiz15_table1.md",
    log:
        "logs/yildiz15_table1.log",
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("yildiz15/table1.py"),
        datasets=config["yildiz15"]["datasets"],
        notes=paper_notes("yildiz15", "table1"),
    run:
        run_script(
            "yildiz15/table1.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
        )


rule yildiz15_tables:
    input:
        folds=fold_files(config),
        paper=transcriptions(),
    output:
        cells2=cells_file("table2"),
        cells3=cells_file("table3"),
        cells4=cells_file("table4"),
        table2="results/tables/yildiz15_table2.csv",
        table2_md="results/tables/yildiz15_table2.md",
        table3="results/tables/yildiz15_table3.csv",
        table3_md="results/tables/yildiz15_table3.md",
        table4="results/tables/yildiz15_table4.csv",
        table4_md="results/tables/yildiz15_table4.md",
        ranks="results/yildiz15/ranks.csv",
        cd_error=report(
            "figures/yildiz15_cd_error.png",
            caption="../report/yildiz15_cd.rst",
            category="yildiz15",
            subcategory="critical differences",
        ),
        cd_nodes=report(
            "figures/yildiz15_cd_nodes.png",
            caption="../report/yildiz15_cd.rst",
            category="yildiz15",
            subcategory="critical differences",
        ),
    log:
        "logs/yildiz15_tables.log",
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("yildiz15/tables.py"),
        datasets=config["yildiz15"]["datasets"],
        alpha=config["yildiz15"]["alpha"],
        tolerance_sd=config["yildiz15"]["tolerance_sd"],
        settings=settings_text(config),
    run:
        run_script(
            "yildiz15/tables.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
        )


rule yildiz15_claims:
    input:
        folds=fold_files(config),
        table1="results/tables/yildiz15_table1.csv",
        paper="data/paper/yildiz15/claims.csv",
    output:
        cells=cells_file("claims"),
        csv="results/tables/yildiz15_claims.csv",
        md="results/tables/yildiz15_claims.md",
    log:
        "logs/yildiz15_claims.log",
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("yildiz15/claims.py"),
        datasets=config["yildiz15"]["datasets"],
        alpha=config["yildiz15"]["alpha"],
    run:
        run_script(
            "yildiz15/claims.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
        )


rule yildiz15_vc:
    input:
        paper=transcriptions(),
    output:
        cells=cells_file("vc"),
        csv="results/tables/yildiz15_vc.csv",
        md="results/tables/yildiz15_vc.md",
    log:
        "logs/yildiz15_vc.log",
        benchmark="logs/benchmarks/yildiz15_vc.tsv",
    # early: it reads no data, so the greedy scheduler (by inputs' size) left it to the end,
    # and its claims and figures wait for it
    priority: FITS_BEFORE_CV
    params:
        code=CODE.of("yildiz15/vc.py"),
        dims=config["yildiz15"]["vc"]["dims"],
        max_nodes=config["yildiz15"]["vc"]["max_nodes"],
    run:
        run_in_worker(
            "yildiz15/vc.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
            workflow,
        )


rule yildiz15_vc_claims:
    input:
        table="results/tables/yildiz15_vc.csv",
        paper="data/paper/yildiz15/claims.csv",
    output:
        cells_file("vc_claims"),
    log:
        "logs/yildiz15_vc_claims.log",
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("yildiz15/vc_claims.py"),
    run:
        run_script(
            "yildiz15/vc_claims.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
        )


rule yildiz15_vc_figures:
    input:
        table="results/tables/yildiz15_vc.csv",
    output:
        fig10=report(
            "figures/yildiz15_fig10.png",
            caption="../report/yildiz15_vc.rst",
            category="yildiz15",
            subcategory="VC-dimension",
        ),
        fig11=report(
            "figures/yildiz15_fig11.png",
            caption="../report/yildiz15_vc.rst",
            category="yildiz15",
            subcategory="VC-dimension",
        ),
    log:
        "logs/yildiz15_vc_figures.log",
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("yildiz15/vc_figures.py"),
    run:
        run_script(
            "yildiz15/vc_figures.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
        )


rule yildiz15_claims_readings:
    input:
        folds=fold_files(config),
        reading_folds=reading_fold_files(config),
        table1="results/tables/yildiz15_table1.csv",
        claims=cells_file("claims"),
        paper="data/paper/yildiz15/claims.csv",
    output:
        cells=cells_file(READINGS),
        csv=f"results/tables/yildiz15_{READINGS}.csv",
        md=f"results/tables/yildiz15_{READINGS}.md",
    log:
        "logs/yildiz15_claims_readings.log",
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("yildiz15/claims_readings.py"),
        datasets=config["yildiz15"]["datasets"],
        alpha=config["yildiz15"]["alpha"],
        claims=reading_claims(config),
        readings=reading_params(config),
        settings=settings_text(config),
    run:
        run_script(
            "yildiz15/claims_readings.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
        )
