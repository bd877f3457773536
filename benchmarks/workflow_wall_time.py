"""Wall and CPU time of the full workflow before and after a change; are the results the same?

Each revision is exported (``git archive``) into a fresh directory, as a fresh clone has it (no
data, no results), and its whole default workflow (``snakemake --cores N``: every study, table,
figure and the scorecard) is built from nothing from the offline mirror; the two runs go one
after the other, never at once, each preceded by the machine's load average (the times are only
comparable on an otherwise idle machine: Snakemake's own CPU grows with the wall time, as its
scheduler wakes once per rate-limit timespan for every job finished so far (profiles/default
sets 10 s), and before that profile the tiny run's took 8 CPU-s idle but 28-47 CPU-s at a load
of 10-14). For each run it prints:

- the wall time and the CPU time of the whole process tree (user + system, from
  ``getrusage(RUSAGE_CHILDREN)``), split into Snakemake's own process (DAG, scheduling, input
  functions, metadata) and its jobs (interpreter start-up, imports and the work);
- the number of jobs, and every job's own CPU (interpreter start-up, imports and work, exact:
  a ``sitecustomize`` module put first on the jobs' PYTHONPATH records each Python job's
  ``getrusage`` at its exit, with its rule and study) summed per study and for the ten most
  expensive rules, with each rule's longest job (wall seconds from its Snakemake ``benchmark:``
  file, where it has one). Snakemake's own ``cpu_time`` in those files is sampled (every 0.5 s,
  after 15 s every 30 s) and misses each job's last interval, so it is not used. What the jobs'
  tree costs beyond the recorded sum is each interpreter's shutdown after the record (its last
  garbage collection was ~0.1 CPU-s in a job that imported pandas, spared since the jobs freeze
  their objects at exit, ``smalltrees_workflow.logs``) and the shell around each job;

- the machine's speed just before and just after the build: the CPU seconds per core of a
  fixed probe (:func:`probe_work`, the same work for every revision) run on every core at
  once, in two parts: *compute* (NumPy sorts that fit in the caches, interpreted additions)
  and *memory* (random reads from 64 MB, most of them cache misses). On this shared machine
  the same build's CPU time has drifted by 5-20% between runs at the same load average (one
  revision measured 489-587 CPU-s): around two of its builds that took 538 and 587 CPU-s,
  the compute part read 0.94-1.01 s, its value on an idle machine, so the drift is not the
  processor's speed; the memory part varies by up to half from one second to the
  next when the machine is slow, so it tells a contended machine, roughly;

then compares every file under ``results/`` and every ``figures/**/*.png`` of the two runs
byte for byte (the learners are exact or deterministic: a speed-up must not change a number),
and exits with status 1 when any differs or exists in one run only.

    python benchmarks/workflow_wall_time.py --before main --after HEAD        # ~20 min x 2
    python benchmarks/workflow_wall_time.py --before main --after HEAD \\
        --configfile tests/config/tiny.yaml                                 # a quick look
    python benchmarks/workflow_wall_time.py --after HEAD --keep /tmp/runs    # one run, kept

Run it with the project's venv Python (Snakemake runs in the same interpreter); needs the
mirror at ../shared/uci-mirror or $SMALLTREES_MIRROR.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import multiprocessing
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STUDIES = ("auer95", "dkm96", "yildiz15", "last02")
TOP_RULES = 10

# Snakemake run in this interpreter's child process, writing its own process's CPU seconds to
# the file named by the first argument when it exits (the jobs' CPU is the rest of the tree's).
SNAKEMAKE = """
import atexit, json, resource, sys
out = sys.argv.pop(1)
def own_cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    with open(out, "w") as f:
        json.dump({"user": usage.ru_utime, "sys": usage.ru_stime}, f)
atexit.register(own_cpu)
from snakemake.cli import main
sys.argv[0] = "snakemake"
main()
"""


# Every Python process of the run imports this first (it is on PYTHONPATH); a workflow job's
# (its __main__ holds the ``snakemake`` object of Snakemake's script preamble) appends its rule,
# study and CPU seconds (its own and its children's) to the file named by SMALLTREES_JOB_CPU.
SITECUSTOMIZE = """
import atexit, json, os, resource, sys


def _record_job_cpu():
    job = getattr(sys.modules.get("__main__"), "snakemake", None)
    rule = getattr(job, "rule", None)
    if rule is None:
        return
    study = getattr(getattr(job, "wildcards", None), "study", "")
    cpu = sum(u.ru_utime + u.ru_stime for u in (resource.getrusage(resource.RUSAGE_SELF),
                                                resource.getrusage(resource.RUSAGE_CHILDREN)))
    with open(os.environ["SMALLTREES_JOB_CPU"], "a") as out:
        out.write(json.dumps({"rule": rule, "study": study, "cpu": cpu}) + "\\n")


atexit.register(_record_job_cpu)
"""


@dataclass
class Run:
    """What one workflow run cost."""

    label: str
    revision: str
    project: Path
    wall: float = 0.0
    user: float = 0.0
    system: float = 0.0
    snakemake_cpu: float = 0.0
    #: the machine probe's (compute, memory) CPU-s per core before and after the build
    probes: tuple[tuple[float, float], tuple[float, float]] = ((0.0, 0.0), (0.0, 0.0))
    jobs: int = 0
    job_cpu: dict[str, list[float]] = field(default_factory=dict)
    longest: dict[str, float] = field(default_factory=dict)

    @property
    def cpu(self) -> float:
        return self.user + self.system


def export(revision: str, into: Path) -> Path:
    """The files of ``revision`` in a new directory ``into`` (no git history, no outputs)."""
    into.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def build(run: Run, cores: int, mirror: Path, configfile: str | None) -> None:
    """Build the default targets of ``run.project`` from nothing and record what it cost;
    ``configfile`` is a path inside the project (each revision's own tiny config has that
    revision's keys). Snakemake's output goes to ``snakemake.out`` in the project."""
    project = run.project
    hook = project / ".job_cpu_hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(SITECUSTOMIZE)
    env = {**os.environ, "PYTHONPATH": f"{hook}:{project / 'src'}:{project / 'workflow'}",
           "SMALLTREES_JOB_CPU": str(project / "job_cpu.jsonl")}
    own = project / "snakemake_cpu.json"
    command = [sys.executable, "-c", SNAKEMAKE, str(own), "--cores", str(cores)]
    if configfile is not None:
        command += ["--configfile", str(project / configfile)]
    command += ["--config", f'mirrors=["{mirror}"]']
    speed_before = probe(cores)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with open(project / "snakemake.out", "w") as out:
        done = subprocess.run(command, cwd=project, env=env, stdout=out,
                              stderr=subprocess.STDOUT)
    run.wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    run.probes = (speed_before, probe(cores))
    if done.returncode != 0:
        sys.exit(f"{run.label} ({run.revision}): snakemake failed (exit {done.returncode}); "
                 f"see {project / 'snakemake.out'}")
    run.user = after.ru_utime - before.ru_utime
    run.system = after.ru_stime - before.ru_stime
    own_cpu = json.loads(own.read_text())
    run.snakemake_cpu = own_cpu["user"] + own_cpu["sys"]
    run.jobs = jobs_done(project / "snakemake.out")
    run.job_cpu = jobs_cpu(project / "job_cpu.jsonl")
    run.longest = {rule: max(walls)
                   for rule, walls in benchmarks(project / "logs" / "benchmarks").items()}


def probe_work(_: object = None) -> tuple[float, float]:
    """CPU seconds of two fixed pieces of work: *compute*, NumPy sorts of 200,000 numbers (in
    the caches) and 2.5 million interpreted additions (about 1 s on this machine, idle); and
    *memory*, 64 million random reads from 64 MB (about 1 s; most miss the caches)."""
    import numpy as np

    start = time.process_time()
    values = np.random.default_rng(0).random(200_000)
    for _ in range(40):
        np.argsort(values, kind="stable")
    total = 0.0
    for i in range(2_500_000):
        total += i * 0.5
    middle = time.process_time()
    rng = np.random.default_rng(1)
    table = rng.random(8_000_000)
    positions = rng.integers(0, table.size, 8_000_000)
    for _ in range(8):
        table[positions].sum()
    return middle - start, time.process_time() - middle


def probe(cores: int) -> tuple[float, float]:
    """The mean CPU seconds of each part of :func:`probe_work` run in ``cores`` processes at
    once, as a build loads every core."""
    with multiprocessing.get_context("fork").Pool(cores) as pool:
        found = pool.map(probe_work, range(cores))
    return statistics.mean(part[0] for part in found), statistics.mean(part[1] for part in found)


def jobs_done(log: Path) -> int:
    """The number of jobs Snakemake reports done (its last ``N of M steps`` line)."""
    steps = re.findall(r"^(\d+) of \d+ steps? \(", log.read_text(), flags=re.MULTILINE)
    return int(steps[-1]) if steps else 0


def jobs_cpu(records: Path) -> dict[str, list[float]]:
    """The CPU seconds of every job, by rule ``name``, or ``name:study`` for a rule shared by the
    studies (``cross_validate``), from the records of :data:`SITECUSTOMIZE`."""
    found: dict[str, list[float]] = defaultdict(list)
    if records.is_file():
        for line in records.read_text().splitlines():
            job = json.loads(line)
            found[rule_key(job["rule"], job["study"])].append(job["cpu"])
    return dict(found)


def benchmarks(root: Path) -> dict[str, list[float]]:
    """The wall seconds of every benchmarked job, by rule ``name``; a job of a study-shared rule
    (``cross_validate``) is keyed ``name:study`` from its path (``<rule>/<study>/...``)."""
    found: dict[str, list[float]] = defaultdict(list)
    for path in sorted(root.rglob("*.tsv")):
        parts = path.relative_to(root).parts
        rule = parts[0] if len(parts) > 1 else path.stem
        study = parts[1] if len(parts) > 2 and parts[1] in STUDIES else ""
        with path.open() as f:
            for row in csv.DictReader(f, delimiter="\t"):
                found[rule_key(rule, study)].append(float(row["s"]))
    return dict(found)


def rule_key(rule: str, study: str) -> str:
    """A job's rule, as ``rule:study`` for a rule the studies share (``cross_validate``)."""
    return f"{rule}:{study}" if study and not rule.startswith(study) else rule


def study_of(rule: str) -> str:
    """The study a (possibly ``name:study``) benchmarked rule belongs to."""
    name, _, study = rule.partition(":")
    return study or next((s for s in STUDIES if name.startswith(f"{s}_")), "shared")


def report(run: Run) -> None:
    """Print what ``run`` cost."""
    minutes, seconds = divmod(run.wall, 60)
    jobs_cpu = sum(sum(cpu) for cpu in run.job_cpu.values())
    print(f"\n{run.label} ({run.revision}): {minutes:.0f} min {seconds:04.1f} s wall, "
          f"{run.cpu:.0f} CPU-s ({run.user:.0f} user + {run.system:.0f} sys), {run.jobs} jobs")
    (compute, memory), (compute_after, memory_after) = run.probes
    print(f"  machine probe, CPU-s per core (compute / memory): {compute:.2f} / {memory:.2f} "
          f"before the build, {compute_after:.2f} / {memory_after:.2f} after")
    print(f"  Snakemake's own process: {run.snakemake_cpu:.0f} CPU-s; its jobs: "
          f"{run.cpu - run.snakemake_cpu:.0f} CPU-s, of which Python jobs {jobs_cpu:.0f} "
          f"({sum(len(cpu) for cpu in run.job_cpu.values())} jobs)")
    per_study: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    for rule, cpu in run.job_cpu.items():
        per_study[study_of(rule)][0] += len(cpu)
        per_study[study_of(rule)][1] += sum(cpu)
    print("  per study:")
    for study, (n, cpu) in sorted(per_study.items(), key=lambda kv: -kv[1][1]):
        print(f"    {study:24s} {n:4d} jobs {cpu:8.1f} CPU-s")
    print(f"  the {TOP_RULES} most expensive rules:")
    ranked = sorted(run.job_cpu.items(), key=lambda kv: -sum(kv[1]))[:TOP_RULES]
    for rule, cpu in ranked:
        longest = (f", longest job {run.longest[rule]:.1f} s wall" if rule in run.longest
                   else "")
        print(f"    {rule:30s} {len(cpu):4d} jobs {sum(cpu):8.1f} CPU-s "
              f"({sum(cpu) / len(cpu):.2f} per job{longest})")


def outputs(project: Path) -> dict[str, str]:
    """sha256 of every file under results/ and of every figures/**/*.png, by relative path."""
    files = [p for p in (project / "results").rglob("*") if p.is_file()]
    files += list((project / "figures").rglob("*.png"))
    return {str(p.relative_to(project)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in files}


def compare(a: Run, b: Run) -> bool:
    """Print how the outputs of two runs differ; whether they are byte-identical."""
    fa, fb = outputs(a.project), outputs(b.project)
    differ = sorted(k for k in fa.keys() & fb.keys() if fa[k] != fb[k])
    only = [(a.label, k) for k in sorted(fa.keys() - fb.keys())]
    only += [(b.label, k) for k in sorted(fb.keys() - fa.keys())]
    same = len(fa.keys() & fb.keys()) - len(differ)
    print(f"\noutputs: {same} identical, {len(differ)} differ, {len(only)} in one run only "
          f"(results/** and figures/**/*.png)")
    for path in differ:
        print(f"  DIFFERS {path}")
    for label, path in only:
        print(f"  ONLY IN {label}: {path}")
    return not differ and not only


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} CPUs"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", help="baseline git revision (omit for one run only)")
    parser.add_argument("--after", default="HEAD", help="new git revision")
    parser.add_argument("--cores", type=int, default=2)
    parser.add_argument("--configfile", help="inside each revision, e.g. tests/config/tiny.yaml")
    parser.add_argument("--keep", type=Path,
                        help="run in this (new) directory and keep the runs (default: a "
                             "temporary directory, removed)")
    parser.add_argument("--no-compare", action="store_true",
                        help="skip the byte-for-byte comparison of the two runs' outputs")
    args = parser.parse_args()
    mirror = Path(os.environ.get("SMALLTREES_MIRROR", ROOT.parent / "shared" / "uci-mirror"))
    if not mirror.is_dir():
        sys.exit(f"no UCI mirror at {mirror}: set SMALLTREES_MIRROR")
    revisions = [("before", args.before)] if args.before else []
    revisions.append(("after", args.after))
    with tempfile.TemporaryDirectory() as tmp:
        base = args.keep or Path(tmp)
        runs = []
        for label, revision in revisions:
            run = Run(label, revision, export(revision, base / label))
            print(f"{label} ({revision}): {load()}; building...", flush=True)
            build(run, args.cores, mirror.resolve(), args.configfile)
            report(run)
            runs.append(run)
        if len(runs) == 2:
            before, after = runs
            print(f"\nafter / before: wall {after.wall / before.wall:.2f}, "
                  f"CPU {after.cpu / before.cpu:.2f}, jobs {before.jobs} -> {after.jobs}")
            if not args.no_compare and not compare(before, after):
                sys.exit(1)


if __name__ == "__main__":
    main()
