# Last, Maimon & Minkov (2002), section 3: Table 3 (accuracy by cross-validation), the
# whole-data IFN networks, Turney stability of the CV's fold models on generated examples,
# Table 4, the claims and the size-stability figure. Every table writes its cells
# (results/last02/cells/<key>.csv: the default IFN, and its readings: the other IFN learners,
# the other readings of eq. 4) and renders its views from them. The CV of a stability learner
# is run by last02_stability, which keeps its fold models' predictions on the examples (no
# refit); the shared cross_validate rule runs the other CV learners.
from smalltrees_workflow.plans.last02 import (
    cv_stream,
    network_files,
    stability_files,
    stability_options,
)


ruleorder: last02_stability > cross_validate


# the whole-data networks of every IFN learner of a dataset in one job: a fit takes a fraction
# of the job's start-up (8 jobs, not 24); editing one IFN learner reruns its dataset's networks
LAST02_IFN = {name: config["learners"][name] for name in config["last02"]["ifn"]}


rule last02_network:
    input:
        csv="data/processed/{dataset}.csv",
        meta="data/processed/{dataset}.json",
    output:
        [f"results/last02/network/{{dataset}}/{name}.json" for name in LAST02_IFN],
    log:
        "logs/last02_network/{dataset}.log",
    priority: FITS_BEFORE_CV
    params:
        code=CODE.of("last02/network.py", learners=LAST02_IFN),
        learners=LAST02_IFN,
    run:
        run_in_worker(
            "last02/network.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
            workflow,
        )


rule last02_stability:
    input:
        csv="data/processed/{dataset}.csv",
        meta="data/processed/{dataset}.json",
    output:
        cv="results/last02/cv/{dataset}/{learner}.csv",
        agreement="results/last02/stability/{dataset}/{learner}.csv",
        sizes="results/last02/stability/{dataset}/{learner}.sizes.csv",
        readings="results/last02/stability/{dataset}/{learner}.readings.csv",
        reading_runs="results/last02/stability/{dataset}/{learner}.reading_runs.csv",
    log:
        "logs/last02_stability/{dataset}/{learner}.log",
        benchmark="logs/benchmarks/last02_stability/{dataset}/{learner}.tsv",
    wildcard_constraints:
        learner=choice(config["last02"]["stability"]["learners"]),
    # among the longest jobs (bagging: about 30 CPU-s): started first, so none ends the run
    priority: FITS_BEFORE_CV
    params:
        code=CODE.of("last02/stability.py", learners=learner_entry),
        learner=learner_entry,
        design={
            "repetitions": config["last02"]["cv"]["repetitions"],
            "folds": config["last02"]["cv"]["folds"],
            "stream": cv_stream(config),
        },
        stability=stability_options(config),
        seed=config["seed"],
    run:
        run_in_worker(
            "last02/stability.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
            workflow,
        )


rule last02_table3:
    input:
        cv=cv_results("last02", config["last02"]["datasets"]),
        data=processed(config["last02"]["datasets"]),
        paper="data/paper/last02/table3.csv",
        notes="data/paper/last02/notes.csv",
    output:
        cells="results/last02/cells/table3.csv",
        readings="results/last02/cells/table3_readings.csv",
        csv="results/tables/last02_table3.csv",
        md="results/tables/last02_table3.md",
    log:
        "logs/last02_table3.log",
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("last02/table3.py"),
        datasets=config["last02"]["datasets"],
        learners=config["last02"]["cv"]["learners"],
        ifn=config["last02"]["ifn"],
        labels=config["last02"].get("labels", {}),
        notes=paper_notes("last02", "table3"),
    run:
        run_script(
            "last02/table3.py", rule, input, output, params, wildcards, log, config
        )


rule last02_table4:
    input:
        networks=network_files(config),
        agreement=stability_files(config),
        sizes=stability_files(config, "sizes.csv"),
        paper="data/paper/last02/table4.csv",
        notes="data/paper/last02/notes.csv",
    output:
        cells="results/last02/cells/table4.csv",
        readings="results/last02/cells/table4_readings.csv",
        csv="results/tables/last02_table4.csv",
        md="results/tables/last02_table4.md",
    log:
        "logs/last02_table4.log",
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("last02/table4.py"),
        datasets=config["last02"]["datasets"],
        learners=config["last02"]["stability"]["learners"],
        ifn=config["last02"]["ifn"],
        labels=config["last02"].get("labels", {}),
        notes=paper_notes("last02", "table4"),
        tolerance=config["last02"]["tolerance_sd"],
        alpha=config["last02"]["stability"]["alpha"],
        design=(
            f"{config['last02']['stability']['instances']} examples drawn by the "
            f"`{config['last02']['stability']['generator']}` generator, models paired per "
            f"{config['last02']['stability']['pairing']} of the "
            f"{config['last02']['cv']['repetitions']} x {config['last02']['cv']['folds']}"
            "-fold cross-validation"
        ),
    run:
        run_script(
            "last02/table4.py", rule, input, output, params, wildcards, log, config
        )


rule last02_stability_readings:
    input:
        readings=stability_files(config, "readings.csv"),
        reading_runs=stability_files(config, "reading_runs.csv"),
        paper="data/paper/last02/table4.csv",
    output:
        cells="results/last02/cells/table4_stability_readings.csv",
        csv="results/tables/last02_stability_readings.csv",
        md="results/tables/last02_stability_readings.md",
        png=report(
            "figures/last02_stability_readings.png",
            caption="../report/last02_stability_readings.rst",
            category="last02",
            subcategory="stability by reading",
        ),
    log:
        "logs/last02_stability_readings.log",
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("last02/stability_readings.py"),
        datasets=config["last02"]["datasets"],
        learners=config["last02"]["stability"]["learners"],
        labels=config["last02"].get("labels", {}),
        default=[
            config["last02"]["stability"]["generator"],
            config["last02"]["stability"]["pairing"],
        ],
        readings=config["last02"]["stability"]["readings"],
        ifn=config["last02"]["ifn"],
        tolerance=config["last02"]["tolerance_sd"],
        alpha=config["last02"]["stability"]["alpha"],
        design=(
            f"{config['last02']['stability']['instances']} examples per generator, the "
            f"{config['last02']['cv']['repetitions']} x {config['last02']['cv']['folds']}"
            "-fold cross-validation's models"
        ),
    run:
        run_script(
            "last02/stability_readings.py",
            rule,
            input,
            output,
            params,
            wildcards,
            log,
            config,
        )


rule last02_claims:
    input:
        claims="data/paper/last02/claims.csv",
        paper=["data/paper/last02/table3.csv", "data/paper/last02/table4.csv"],
        table3=[
            "results/last02/cells/table3.csv",
            "results/last02/cells/table3_readings.csv",
        ],
        table4=[
            "results/last02/cells/table4.csv",
            "results/last02/cells/table4_readings.csv",
        ],
    output:
        cells="results/last02/cells/claims.csv",
        csv="results/tables/last02_claims.csv",
        md="results/tables/last02_claims.md",
    log:
        "logs/last02_claims.log",
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("last02/claims.py"),
        ifn=config["last02"]["ifn"],
        peers=[
            name
            for name in config["last02"]["stability"]["learners"]
            if name not in config["last02"]["ifn"]
        ],
    run:
        run_script(
            "last02/claims.py", rule, input, output, params, wildcards, log, config
        )


rule last02_figure:
    input:
        cells=[
            "results/last02/cells/table4.csv",
            "results/last02/cells/table4_readings.csv",
        ],
        paper="data/paper/last02/table4.csv",
    output:
        png=report(
            "figures/last02_size_stability.png",
            caption="../report/last02_size_stability.rst",
            category="last02",
            subcategory="size vs stability",
        ),
        pdf="figures/last02_size_stability.pdf",
    log:
        "logs/last02_figure.log",
    priority: LOCAL_JOBS
    resources:
        in_process=1,
    params:
        code=CODE.of("last02/figure.py"),
        learners=config["last02"]["stability"]["learners"],
        ifn=config["last02"]["ifn"],
        labels=config["last02"].get("labels", {}),
    run:
        run_script(
            "last02/figure.py", rule, input, output, params, wildcards, log, config
        )
