"""Snakemake glue: the DKM 1996 readings table (the deviations' explanations tested)."""

import json

import pandas as pd

from smalltrees.files import write_text
from smalltrees.studies.dkm96 import readings
from smalltrees_workflow.logs import job_log


def load(path):
    with open(path) as handle:
        return json.load(handle)


snakemake = snakemake  # noqa: F821  (injected by Snakemake)
with job_log(snakemake) as log:
    params, plan = snakemake.params, snakemake.params.plan
    paper1 = pd.read_csv(snakemake.input.paper1, dtype={"value": float})
    paper2 = pd.read_csv(snakemake.input.paper2, dtype={"value": float})
    problems = plan["problems"]
    statistics = (params.interval, params.seed, params.stream)
    rows, titles, notes = [], {}, {}
    for domain, named in plan["table1"].items():
        titles[domain] = (f"{problems[domain]} ({domain}): Table 1 under other readings of its "
                          "design or learners")
        notes[domain] = params.notes["table1"].get(domain)
        paper = readings.paper_row(paper1, domain)
        for reading, entry in named.items():
            rows += readings.reading_rows(domain, reading, entry["override"], load(entry["file"]),
                                          params.partitions, paper, *statistics)
    for domain, file in plan["stability"].items():
        block = f"{domain} partitions"
        titles[block] = f"{problems[domain]} ({domain}): Table 1's partitions one by one"
        notes[block] = params.notes["table1"].get(domain)
        rows += readings.stability_rows(block, load(file), readings.paper_row(paper1, domain),
                                        *statistics)
    for domain, entry in plan["rounds"].items():
        block = f"{domain} rounds"
        titles[block] = f"{problems[domain]} ({domain}): tests of trees grown to purity"
        notes[block] = params.notes["table2"].get(domain)
        rounds = paper2[(paper2["domain"] == domain) & (paper2["metric"] == "topdown_rounds")]
        table1 = None if entry["table1"] is None else load(entry["table1"])
        paper_size = readings.paper_row(paper1, entry["table1_domain"]).get("size_H")
        rows += readings.rounds_block(block, pd.read_csv(entry["topdown"]),
                                      pd.read_csv(entry["file"]), table1,
                                      float(rounds["value"].iloc[0]), paper_size)
    table = readings.make_readings_table(rows)
    write_text(snakemake.output.csv, table.to_csv(index=False, lineterminator="\n"))
    write_text(snakemake.output.md, readings.render_readings(table, titles, notes))
    log.info("readings: %d rows in %d blocks", len(table), table["block"].nunique())
