# Auer, Holte & Maass (1995), section 3: Table 1 (datasets), Sky1/Sky2, and Table 2 (repeated
# cross-validation of T2 vs C4.5, through the shared rule cross_validate); section 4: learning
# curves of T1 and T2 (Figure 1) and the factors predicted from Theorem 4's bounds.
# Every compared table writes its cells (results/auer95/cells/<key>.csv, the plan's cells()),
# which the central scorecard reads; its Markdown view is rendered from them.
from smalltrees_workflow.plans.auer95 import (
    c45_reading_folds,
    curve_datasets,
    curve_files,
    curve_grid,
    curve_params,
    curve_protocol,
    sensitivity_datasets,
    sensitivity_draw_files,
)

CURVE_DATASETS = curve_datasets(config) if "curves" in config["auer95"] else []
CURVE_PROTOCOL = curve_protocol(config) if "curves" in config["auer95"] else ""
PAPER = "data/paper/auer95/{}.csv"


rule auer95_table1:
    input:
        data=processed(config["auer95"]["datasets"]),
        paper=PAPER.format("table1"),
    output:
        cells="results/auer95/cells/table1.csv",
        csv="results/tables/auer95_table1.csv",
        md="results/tables/auer95_table1.md",
    log:
        "logs/auer95_table1.log",
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("auer95/table1.py"),
        datasets=config["auer95"]["datasets"],
        names={d: REGISTRY[d].get("name", d) for d in config["auer95"]["datasets"]},
        notes={d: REGISTRY[d].get("note", "") for d in config["auer95"]["datasets"]},
    run:
        run_script(
            "auer95/table1.py", rule, input, output, params, wildcards, log, config
        )


# Sky1/Sky2 (T1, T2) and Sky3 (T3; Theorem 3 for d = 3, beyond the paper) of one dataset on all
# its examples: one job, as T1, T2 and T3 share their code (an edit reruns all three anyway) and
# a job of its own for Sky1/Sky2 cost about 0.4 CPU-s of start-up for 0.03 of work.
rule auer95_sky_dataset:
    input:
        csv="data/processed/{dataset}.csv",
        meta="data/processed/{dataset}.json",
    output:
        sky="results/auer95/sky/{dataset}.json",
        sky3="results/auer95/sky3/{dataset}.json",
    log:
        "logs/auer95_sky_dataset/{dataset}.log",
        benchmark="logs/benchmarks/auer95_sky_dataset/{dataset}.tsv",
    priority: FITS_BEFORE_CV
    params:
        code=CODE.of("auer95/sky_dataset.py"),
        readings={
            r["reading"]: config["learners"][r["learner"]]
            for r in config["auer95"].get("sky2_readings", [])
        },
    run:
        run_in_worker(
            "auer95/sky_dataset.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
            workflow,
        )


rule auer95_sky:
    input:
        sky=expand(
            "results/auer95/sky/{dataset}.json", dataset=config["auer95"]["datasets"]
        ),
        sky3=expand(
            "results/auer95/sky3/{dataset}.json", dataset=config["auer95"]["datasets"]
        ),
        paper=PAPER.format("table2"),
        notes="data/paper/auer95/notes.csv",
    output:
        cells="results/auer95/cells/sky2.csv",
        csv="results/tables/auer95_sky.csv",
        md="results/tables/auer95_sky.md",
    log:
        "logs/auer95_sky.log",
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("auer95/sky.py"),
        datasets=config["auer95"]["datasets"],
        notes=paper_notes("auer95", "sky2"),
    run:
        run_script("auer95/sky.py", rule, input, output, params, wildcards, log, config)


rule auer95_table2:
    input:
        cv=cv_results("auer95", config["auer95"]["datasets"]),
        sky="results/auer95/cells/sky2.csv",
        paper=PAPER.format("table2"),
        notes="data/paper/auer95/notes.csv",
    output:
        cells="results/auer95/cells/table2.csv",
        csv="results/tables/auer95_table2.csv",
        md="results/tables/auer95_table2.md",
    log:
        "logs/auer95_table2.log",
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("auer95/table2.py"),
        datasets=config["auer95"]["datasets"],
        learners=config["auer95"]["cv"]["learners"],
        compare=config["auer95"]["table2"]["compare"],
        tolerance=config["auer95"]["tolerance_sd"],
        notes=paper_notes("auer95", "table2"),
    run:
        run_script(
            "auer95/table2.py", rule, input, output, params, wildcards, log, config
        )


rule auer95_table2_figure:
    input:
        cells="results/auer95/cells/table2.csv",
        sky="results/auer95/cells/sky2.csv",
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
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("auer95/table2_figure.py"),
        compare=config["auer95"]["table2"]["compare"],
        design=(
            f"{config['auer95']['cv']['repetitions']} x "
            f"{config['auer95']['cv']['folds']}-fold CV"
        ),
    run:
        run_script(
            "auer95/table2_figure.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
        )


# Section 4: learning curves of T1 and T2 against the VC-dimension bounds (Figure 1, Theorem 4).


rule auer95_curve:
    input:
        csv="data/processed/{dataset}.csv",
        meta="data/processed/{dataset}.json",
    output:
        "results/auer95/curves/{dataset}/{level}.csv",
    log:
        "logs/auer95_curve/{dataset}/{level}.log",
        benchmark="logs/benchmarks/auer95_curve/{dataset}/{level}.tsv",
    wildcard_constraints:
        level="T1|T2",
    priority: FITS_BEFORE_CV
    params:
        code=CODE.of("auer95/curve.py", learners=curve_params(config, "learner")),
        learner=curve_params(config, "learner"),
        grid=curve_params(config, "grid"),
        repetitions=curve_params(config, "repetitions"),
        first=0,
        seed=config["seed"],
        stream=config["auer95"].get("curves", {}).get("stream"),
    run:
        run_in_worker(
            "auer95/curve.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
            workflow,
        )


# More draws per size than stored, for the sensitivity's "draws per size" choice (CR and SE only):
# the draws beyond the stored ones, with the same seeds as if one job drew them all.
rule auer95_curve_more:
    input:
        csv="data/processed/{dataset}.csv",
        meta="data/processed/{dataset}.json",
    output:
        "results/auer95/curves_more/{dataset}/{level}.csv",
    log:
        "logs/auer95_curve_more/{dataset}/{level}.log",
        benchmark="logs/benchmarks/auer95_curve_more/{dataset}/{level}.tsv",
    wildcard_constraints:
        level="T1|T2",
    # among the longest jobs (CR's T2: about 14 s): started first, so none ends the run
    priority: FITS_BEFORE_CV
    params:
        code=CODE.of("auer95/curve.py", learners=curve_params(config, "learner")),
        learner=curve_params(config, "learner"),
        grid=curve_params(config, "grid"),
        repetitions=curve_params(config, "more"),
        first=curve_params(config, "repetitions"),
        seed=config["seed"],
        stream=config["auer95"].get("curves", {}).get("stream"),
    run:
        run_in_worker(
            "auer95/curve.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
            workflow,
        )


rule auer95_vc_factors:
    input:
        csv=[f"data/processed/{d}.csv" for d in CURVE_DATASETS],
        meta=[f"data/processed/{d}.json" for d in CURVE_DATASETS],
        sky=[f"results/auer95/sky/{d}.json" for d in CURVE_DATASETS],
        paper=PAPER.format("section4"),
    output:
        cells="results/auer95/cells/factors.csv",
        csv="results/tables/auer95_vc_factors.csv",
        md="results/tables/auer95_vc_factors.md",
    log:
        "logs/auer95_vc_factors.log",
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("auer95/vc_factors.py"),
        datasets=CURVE_DATASETS,
        base=config["auer95"].get("curves", {}).get("log_base"),
        around=config["auer95"].get("curves", {}).get("around"),
    run:
        run_script(
            "auer95/vc_factors.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
        )


rule auer95_learning_curves:
    input:
        paper="data/paper/auer95/claims.csv",
        draws=curve_files(config) if CURVE_DATASETS else [],
        sky=[f"results/auer95/sky/{d}.json" for d in CURVE_DATASETS],
        factors="results/tables/auer95_vc_factors.csv",
    output:
        csv="results/tables/auer95_learning_curves.csv",
        md="results/tables/auer95_learning_curves.md",
        claims="results/auer95/cells/claims.csv",
    log:
        "logs/auer95_learning_curves.log",
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("auer95/learning_curves.py"),
        datasets=CURVE_DATASETS,
        levels=config["auer95"].get("curves", {}).get("levels"),
        grids={d: curve_grid(config, d) for d in CURVE_DATASETS},
        protocol=CURVE_PROTOCOL,
        noise_se=config["auer95"].get("curves", {}).get("noise_se"),
        around=config["auer95"].get("curves", {}).get("around"),
    run:
        run_script(
            "auer95/learning_curves.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
        )


rule auer95_figure1:
    input:
        table="results/tables/auer95_learning_curves.csv",
    output:
        png=report(
            "figures/auer95_fig1.png",
            caption="../report/auer95_fig1.rst",
            category="auer95",
            subcategory="section 4",
        ),
        pdf="figures/auer95_fig1.pdf",
    log:
        "logs/auer95_figure1.log",
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("auer95/figure1.py"),
        kind="paper",
        datasets=config["auer95"].get("curves", {}).get("datasets"),
    run:
        run_script(
            "auer95/figure1.py", rule, input, output, params, wildcards, log, config
        )


rule auer95_curves_figure:
    input:
        table="results/tables/auer95_learning_curves.csv",
    output:
        png=report(
            "figures/auer95_curves_all.png",
            caption="../report/auer95_curves_all.rst",
            category="auer95",
            subcategory="section 4",
        ),
        pdf="figures/auer95_curves_all.pdf",
    log:
        "logs/auer95_curves_figure.log",
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("auer95/figure1.py"),
        kind="all",
        datasets=CURVE_DATASETS,
    run:
        run_script(
            "auer95/figure1.py", rule, input, output, params, wildcards, log, config
        )


# Section 4's two failed verdicts (SE's m ~ 1/eps^2, CR's factors 17 to 25) under one protocol
# choice changed at a time, from the curve draws (stored, and more per size where the choice
# needs them) and the predicted factors' inputs: readings of the claims and factors cells.
SENSITIVITY_DATASETS = sensitivity_datasets(config) if CURVE_DATASETS else []


rule auer95_section4_sensitivity:
    input:
        draws=[
            f"results/auer95/curves/{code}/{level}.csv"
            for code in SENSITIVITY_DATASETS
            for level in ("T1", "T2")
        ],
        more=sensitivity_draw_files(config) if CURVE_DATASETS else [],
        sky=[f"results/auer95/sky/{code}.json" for code in SENSITIVITY_DATASETS],
        factors="results/tables/auer95_vc_factors.csv",
        claims="data/paper/auer95/claims.csv",
        paper=[PAPER.format("section4"), PAPER.format("table2")],
    output:
        cells="results/auer95/cells/section4_readings.csv",
        csv="results/tables/auer95_section4_sensitivity.csv",
        md="results/tables/auer95_section4_sensitivity.md",
    log:
        "logs/auer95_section4_sensitivity.log",
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("auer95/section4_sensitivity.py"),
        datasets=SENSITIVITY_DATASETS,
        noise_se=config["auer95"].get("curves", {}).get("noise_se"),
        base=config["auer95"].get("curves", {}).get("log_base"),
        around=config["auer95"].get("curves", {}).get("around"),
        choices=config["auer95"].get("curves", {}).get("sensitivity"),
        seed=config["seed"],
    run:
        run_script(
            "auer95/section4_sensitivity.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
        )


# Issue 24, item 1: how Table 2 read C4.5's complexity measures, and which C4.5 it ran: readings
# of Table 2's C4.5 cells. The readings of the Table 2 CV's own trees need no refit; the learners
# of `refit` run on the first `repetitions` repetitions of the same folds, one job per dataset
# for all of them (the shared CV script; a new dataset refits on that dataset only).
C45_READINGS = config["auer95"].get("c45_readings", {})
C45_READING_FOLDS = c45_reading_folds(config)
C45_REFIT = {name: config["learners"][name] for name in C45_READINGS.get("refit", [])}


if C45_REFIT:

    rule auer95_c45_refit:
        input:
            csv="data/processed/{dataset}.csv",
            meta="data/processed/{dataset}.json",
        output:
            [
                f"results/auer95/c45_readings/{{dataset}}/{name}.csv"
                for name in C45_REFIT
            ],
        log:
            "logs/auer95_c45_refit/{dataset}.log",
            benchmark="logs/benchmarks/auer95_c45_refit/{dataset}.tsv",
        # among the longest jobs (SP: about 22 s): started first, so none ends the run
        priority: FITS_BEFORE_CV
        params:
            code=CODE.of("cross_validate.py", learners=C45_REFIT),
            learners=C45_REFIT,
            design=study_cv_design("auer95")
            | {"repetitions": C45_READINGS.get("repetitions", 1)},
            seed=config["seed"],
        run:
            run_in_worker(
                "cross_validate.py",
                rule,
                input,
                output,
                params,
                wildcards,
                log,
                config,
                workflow,
            )


rule auer95_c45_readings:
    input:
        folds=C45_READING_FOLDS,
        paper=PAPER.format("table2"),
    output:
        cells="results/auer95/cells/table2_readings.csv",
        csv="results/tables/auer95_c45_readings.csv",
        md="results/tables/auer95_c45_readings.md",
    log:
        "logs/auer95_c45_readings.log",
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("auer95/c45_readings.py"),
        datasets=config["auer95"]["datasets"],
        hypotheses=C45_READINGS.get("hypotheses", []),
        learners={
            h["learner"]: config["learners"][h["learner"]]
            for h in C45_READINGS.get("hypotheses", [])
        },
        baseline=C45_READINGS.get("baseline"),
        accuracy_codes=C45_READINGS.get("accuracy_codes", []),
        not_tried=C45_READINGS.get("not_tried", {}),
        tolerance=config["auer95"]["tolerance_sd"],
    run:
        run_script(
            "auer95/c45_readings.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
        )
