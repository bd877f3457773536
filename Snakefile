# smalltrees: regenerate the tables and figures of the small-decision-tree papers.
#   snakemake --cores 2
#   snakemake --cores 2 --config mirrors='["../shared/uci-mirror"]'     (offline)
from snakemake.utils import min_version

min_version("8.0")

from smalltrees_workflow.config import check_yaml_file
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
# a few MB into a table (the optional dataset's job fetches too); the others read a few small
# files and write one (a table as HTML, a scorecard): each less work than a cluster job's start.
localrules:
    fetch_raw,
    parse_dataset,
    parse_optional_dataset,
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
