# Dietterich, Kearns & Mansour (1996). Section 3: Figures 3-6 (criterion curves) and Table 1
# (C4.5(G) vs C4.5(H): one trials job per domain, then the table and its stability over
# partitions). Section 4 (TopDown vs AdaBoost): one trials job per problem, then Table 2, the
# claims, Figures 8-12 and the decision-list calibration. Each compared table writes its cells
# (results/dkm96/cells/, for the scorecard) and renders its views from them. Beyond the paper,
# the deviations' readings (dkm96.readings): one trials job per computed reading, one tests job
# per rounds problem, then the readings' cells of Tables 1 and 2.
from smalltrees_workflow.plans.dkm96 import (
    SCATTER_FIGURES,
    boosting_data,
    boosting_result,
    calibration_part_count,
    calibration_parts,
    cells_file,
    figure_settings,
    sequence_figures,
    sequence_rounds,
    table1_domain,
    table1_learners,
    table1_problems,
    table1_trials,
    table2_learners,
    table2_problems,
    table2_rows,
    table2_trials,
)
from smalltrees_workflow.plans.dkm96_readings import (
    reading_design,
    reading_design_learners,
    reading_rounds,
    reading_trials,
    readings_partitions,
    readings_plan,
    rounds_learners,
)

TABLE2 = config["dkm96"]["table2"]
READINGS_PLAN = readings_plan(config)


rule dkm96_figure:
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
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("dkm96/figures.py"),
        settings=figure_settings(config),
    run:
        run_script(
            "dkm96/figures.py", rule, input, output, params, wildcards, log, config
        )


rule dkm96_table1_trials:
    input:
        csv="data/processed/{dataset}.csv",
        meta="data/processed/{dataset}.json",
    output:
        "results/dkm96/trials/{dataset}/{domain}.json",
    log:
        "logs/dkm96_table1_trials/{dataset}/{domain}.log",
        benchmark="logs/benchmarks/dkm96_table1_trials/{dataset}/{domain}.tsv",
    wildcard_constraints:
        domain=choice(config["dkm96"]["table1"]["domains"]),
    priority: FITS_BEFORE_CV
    params:
        code=CODE.of("dkm96/table1_trials.py", learners=table1_learners(config)),
        spec=table1_domain(config),
        learners=table1_learners(config),
        partitions=config["dkm96"]["table1"]["partitions"],
        stream=config["dkm96"]["table1"]["stream"],
        seed=config["seed"],
    run:
        run_in_worker(
            "dkm96/table1_trials.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
            workflow,
        )


rule dkm96_table1:
    input:
        trials=table1_trials(config),
        paper="data/paper/dkm96/table1.csv",
        claims="data/paper/dkm96/claims.csv",
        notes="data/paper/dkm96/notes.csv",
    output:
        cells=cells_file("table1"),
        claims=cells_file("table1_claims"),
        csv="results/tables/dkm96_table1.csv",
        md="results/tables/dkm96_table1.md",
    log:
        "logs/dkm96_table1.log",
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("dkm96/table1.py"),
        problems=table1_problems(config),
        interval=config["dkm96"]["table1"]["interval"],
        tolerance=config["dkm96"]["table1"]["tolerance_sd"],
        stream=config["dkm96"]["table1"]["stream"],
        seed=config["seed"],
        notes=paper_notes("dkm96", "table1"),
    run:
        run_script(
            "dkm96/table1.py", rule, input, output, params, wildcards, log, config
        )


rule dkm96_stability:
    input:
        trials=table1_trials(config),
    output:
        csv="results/tables/dkm96_stability.csv",
        md="results/tables/dkm96_stability.md",
    log:
        "logs/dkm96_stability.log",
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("dkm96/stability.py"),
        problems=table1_problems(config),
        interval=config["dkm96"]["table1"]["interval"],
        stream=config["dkm96"]["table1"]["stream"],
        seed=config["seed"],
    run:
        run_script(
            "dkm96/stability.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
        )


# -- Section 4: TopDown vs AdaBoost (Table 2, Figures 8-12) --


rule dkm96_boosting_trials:
    input:
        data=boosting_data(config),
    output:
        rounds=boosting_result("{domain}", "rounds"),
        trials=boosting_result("{domain}"),
    log:
        "logs/dkm96_boosting_trials/{domain}.log",
        benchmark="logs/benchmarks/dkm96_boosting_trials/{domain}.tsv",
    wildcard_constraints:
        domain=choice(TABLE2["domains"]),
    priority: FITS_BEFORE_CV
    params:
        code=CODE.of("dkm96/boosting_trials.py", learners=table2_learners(config)),
        spec=lambda wildcards: TABLE2["domains"][wildcards.domain],
        learners=table2_learners(config),
        stream=TABLE2["stream"],
        seed=config["seed"],
    run:
        run_in_worker(
            "dkm96/boosting_trials.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
            workflow,
        )


rule dkm96_table2:
    input:
        trials=table2_trials(config),
        paper="data/paper/dkm96/table2.csv",
        notes="data/paper/dkm96/notes.csv",
    output:
        cells=cells_file("table2"),
        csv="results/tables/dkm96_table2.csv",
        md="results/tables/dkm96_table2.md",
    log:
        "logs/dkm96_table2.log",
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("dkm96/table2.py"),
        problems=table2_problems(config),
        tolerance=TABLE2["tolerance_sd"],
        notes=paper_notes("dkm96", "table2"),
        decision_lists={
            name: spec["decision_list"]
            for name, spec in table2_rows(config).items()
            if "decision_list" in spec
        },
    run:
        run_script(
            "dkm96/table2.py", rule, input, output, params, wildcards, log, config
        )


rule dkm96_claims:
    input:
        paper="data/paper/dkm96/claims.csv",
        table2="data/paper/dkm96/table2.csv",
        rounds=table2_trials(config, "rounds"),
        trials=table2_trials(config),
    output:
        cells=cells_file("claims"),
        csv="results/tables/dkm96_claims.csv",
        md="results/tables/dkm96_claims.md",
    log:
        "logs/dkm96_claims.log",
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("dkm96/claims.py"),
        problems=table2_problems(config),
        scatter=TABLE2["scatter"],
        settings=TABLE2["claims"],
    run:
        run_script(
            "dkm96/claims.py", rule, input, output, params, wildcards, log, config
        )


# The calibration grid is measured in up to CALIBRATION_PARTS jobs, no more than its points
# (every point independent), so that no single job holds the workflow's end back; one job puts
# the table together.
rule dkm96_calibration_part:
    output:
        "results/dkm96/calibration/{part}.json",
    log:
        "logs/dkm96_calibration_part/{part}.log",
        benchmark="logs/benchmarks/dkm96_calibration_part/{part}.tsv",
    wildcard_constraints:
        part=choice([str(part) for part in range(calibration_part_count(config))]),
    # among the longest jobs: started first, so none ends the run
    priority: FITS_BEFORE_CV
    params:
        code=CODE.of("dkm96/calibration_part.py", learners=table2_learners(config)),
        calibration=TABLE2["calibration"],
        parts=calibration_part_count(config),
        domain=TABLE2["scatter"],
        configured=TABLE2["domains"][TABLE2["scatter"]].get("decision_list", {}),
        learners=table2_learners(config),
        seed=config["seed"],
    run:
        run_in_worker(
            "dkm96/calibration_part.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
            workflow,
        )


rule dkm96_calibration:
    input:
        parts=calibration_parts(config),
        paper="data/paper/dkm96/table2.csv",
    output:
        csv="results/tables/dkm96_calibration.csv",
        md="results/tables/dkm96_calibration.md",
    log:
        "logs/dkm96_calibration.log",
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("dkm96/calibration.py"),
        trials=TABLE2["calibration"]["trials"],
        domain=TABLE2["scatter"],
        configured=TABLE2["domains"][TABLE2["scatter"]].get("decision_list", {}),
    run:
        run_script(
            "dkm96/calibration.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
        )


rule dkm96_sequence_figure:
    input:
        rounds=sequence_rounds(config),
    output:
        png=report(
            "figures/dkm96_fig{number}.png",
            caption="../report/dkm96_sequences.rst",
            category="dkm96",
            subcategory="Figures 8-10",
        ),
        pdf="figures/dkm96_fig{number}.pdf",
    log:
        "logs/dkm96_sequence_figure/fig{number}.log",
    wildcard_constraints:
        number=choice([str(n) for n in sequence_figures(config)]),
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("dkm96/advantage_figure.py"),
        domain=lambda wildcards: sequence_figures(config)[int(wildcards.number)],
        problem=lambda wildcards: table2_problems(config)[
            sequence_figures(config)[int(wildcards.number)]
        ],
        settings={
            "min_running": TABLE2["min_running"],
            "floor": TABLE2["claims"]["floor"],
        },
    run:
        run_script(
            "dkm96/advantage_figure.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
        )


rule dkm96_scatter_figure:
    input:
        rounds=boosting_result(TABLE2["scatter"], "rounds"),
    output:
        png=report(
            "figures/dkm96_fig{number}.png",
            caption="../report/dkm96_scatter.rst",
            category="dkm96",
            subcategory="Figures 11-12",
        ),
        pdf="figures/dkm96_fig{number}.pdf",
    log:
        "logs/dkm96_scatter_figure/fig{number}.log",
    wildcard_constraints:
        number=choice([str(n) for n in SCATTER_FIGURES]),
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("dkm96/advantage_figure.py"),
        domain=TABLE2["scatter"],
        problem=table2_problems(config).get(TABLE2["scatter"], TABLE2["scatter"]),
        settings={
            "heavy_node": TABLE2["claims"]["heavy_node"],
            "train_size": TABLE2["domains"][TABLE2["scatter"]]
            .get("decision_list", {})
            .get("train_size"),
        },
    run:
        run_script(
            "dkm96/advantage_figure.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
        )


# -- beyond the paper: the deviations' explanations tested (dkm96.readings) --


rule dkm96_reading_trials:
    input:
        csv="data/processed/{dataset}.csv",
        meta="data/processed/{dataset}.json",
    output:
        "results/dkm96/readings/{dataset}/{domain}/{reading}.json",
    log:
        "logs/dkm96_reading_trials/{dataset}/{domain}/{reading}.log",
        benchmark="logs/benchmarks/dkm96_reading_trials/{dataset}/{domain}/{reading}.tsv",
    priority: FITS_BEFORE_CV
    params:
        code=CODE.of(
            "dkm96/reading_trials.py", learners=reading_design_learners(config)
        ),
        design=reading_design(config),
        stream=config["dkm96"]["table1"]["stream"],
        seed=config["seed"],
    run:
        run_in_worker(
            "dkm96/reading_trials.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
            workflow,
        )


rule dkm96_reading_rounds:
    input:
        data=boosting_data(config),
    output:
        "results/dkm96/readings/rounds/{domain}.csv",
    log:
        "logs/dkm96_reading_rounds/{domain}.log",
        benchmark="logs/benchmarks/dkm96_reading_rounds/{domain}.tsv",
    priority: FITS_BEFORE_CV
    params:
        code=CODE.of("dkm96/reading_rounds.py", learners=rounds_learners(config)),
        spec=lambda wildcards: TABLE2["domains"][wildcards.domain],
        learners=rounds_learners(config),
        zeros_missing=lambda wildcards: config["dkm96"]["readings"]["rounds"][
            wildcards.domain
        ].get("zeros_missing", []),
        stream=TABLE2["stream"],
        seed=config["seed"],
    run:
        run_in_worker(
            "dkm96/reading_rounds.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
            workflow,
        )


rule dkm96_readings:
    input:
        trials=list(reading_trials(config).values()),
        rounds=list(reading_rounds(config).values()),
        stability=list(READINGS_PLAN["stability"].values()),
        rounds_table1=[
            block["table1"]
            for block in READINGS_PLAN["rounds"].values()
            if block["table1"] is not None
        ],
        paper=["data/paper/dkm96/table1.csv", "data/paper/dkm96/table2.csv"],
        tables=[cells_file("table1"), cells_file("table2")],
        notes="data/paper/dkm96/notes.csv",
    output:
        table1=cells_file("table1_readings"),
        table2=cells_file("table2_readings"),
        csv="results/tables/dkm96_readings.csv",
        md="results/tables/dkm96_readings.md",
    log:
        "logs/dkm96_readings.log",
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("dkm96/readings.py"),
        plan=READINGS_PLAN,
        notes={
            "table1": paper_notes("dkm96", "table1"),
            "table2": paper_notes("dkm96", "table2"),
        },
        partitions=readings_partitions(config) if "readings" in config["dkm96"] else 1,
        tolerance1=config["dkm96"]["table1"]["tolerance_sd"],
        tolerance2=TABLE2["tolerance_sd"],
        interval=config["dkm96"]["table1"]["interval"],
        stream=config["dkm96"]["table1"]["stream"],
        seed=config["seed"],
    run:
        run_script(
            "dkm96/readings.py", rule, input, output, params, wildcards, log, config
        )
