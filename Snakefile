# smalltrees: regenerate the tables and figures of the small-decision-tree papers.
#   snakemake --cores 2
#   snakemake --cores 2 --config mirrors='["../shared/uci-mirror"]'     (offline)
from snakemake.utils import min_version

min_version("8.0")

from smalltrees_workflow.config import check_yaml_file
from smalltrees_workflow.scheduler_timers import cancel_scheduling_timers
from smalltrees_workflow.slurm_status import check_slurm_status_queries

check_yaml_file("config.yaml")


configfile: "config.yaml"


report: "workflow/report/workflow.rst"


include: "workflow/rules/common.smk"
include: "workflow/rules/data.smk"
include: "workflow/rules/cv.smk"
include: "workflow/rules/auer95.smk"
include: "workflow/rules/dkm96.smk"
include: "workflow/rules/yildiz15.smk"
include: "workflow/rules/last02.smk"
include: "workflow/rules/report.smk"


# On a cluster (profiles/slurm) these run in Snakemake's own process, not as cluster jobs:
# fetching needs the internet, which compute nodes may lack; parsing turns a raw file of at most
# a few MB into a table (the optional dataset's job fetches too); DKM's Figures 3-6 are drawn
# from formulas (no data); the others build the tables, figures, claims and readings from the
# fits' results, the HTML tables and the scorecard: on the full default configuration at most
# 3.7 CPU-s a job, 72 CPU-s for all 151 of them (docs/cluster.md, "Local rules").
# Each has a higher priority than the jobs that fit (FETCH_FIRST, LOCAL_JOBS: common.smk):
# ranked by their inputs' size, they waited until the last minutes, where they ran one at a
# time beside an idle core (docs/running.md, "Tenth session").
localrules:
    fetch_raw,
    parse_dataset,
    parse_optional_dataset,
    dkm96_figure,
    auer95_c45_readings,
    auer95_curves_figure,
    auer95_figure1,
    auer95_learning_curves,
    auer95_section4_sensitivity,
    auer95_sky,
    auer95_table1,
    auer95_table2,
    auer95_table2_figure,
    auer95_vc_factors,
    dkm96_calibration,
    dkm96_claims,
    dkm96_readings,
    dkm96_scatter_figure,
    dkm96_sequence_figure,
    dkm96_stability,
    dkm96_table1,
    dkm96_table2,
    last02_claims,
    last02_figure,
    last02_stability_readings,
    last02_table3,
    last02_table4,
    yildiz15_claims,
    yildiz15_claims_readings,
    yildiz15_table1,
    yildiz15_tables,
    yildiz15_vc_claims,
    yildiz15_vc_figures,
    table_html,
    scorecard,
    paper_figure,
    all,


rule all:
    default_target: True
    input:
        get_final_output(),


onstart:
    check_slurm_status_queries(workflow)


onsuccess:
    cancel_scheduling_timers()


onerror:
    cancel_scheduling_timers()
