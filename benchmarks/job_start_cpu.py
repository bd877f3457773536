"""The CPU of single workflow jobs, start-up and exit included, at two revisions, alternating.

A job's own record (``benchmarks/workflow_wall_time.py``'s ``sitecustomize``, written at exit by
``atexit``) misses what the interpreter does after it: the final garbage collection and the
teardown of every module (about 0.1 CPU-s in a job that imported pandas). This measures the
whole process, as the run pays it: each job's script as Snakemake runs it (its preamble
unpickling the ``snakemake`` object, then the script; kept by ``snakemake --skip-script-cleanup``
under ``.snakemake/scripts/``) is run with ``python`` in the project directory that Snakemake ran
it in, with ``src`` and ``workflow`` of the revision on ``PYTHONPATH`` first, the revisions
alternating, ``--repeat`` times; the CPU (user + system) of the child process is read from
``getrusage(RUSAGE_CHILDREN)``. Every file under ``results/``, ``data/`` and ``figures/`` is
compared byte for byte after the runs with what was there before them.

    snakemake <targets> -f --cores 1 --skip-script-cleanup        # in a built project
    python benchmarks/job_start_cpu.py --project DIR --before main --after HEAD --repeat 5
"""

from __future__ import annotations

import argparse
import hashlib
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def export(revision: str, into: Path) -> Path:
    """``src`` and ``workflow`` of a revision, exported into a fresh directory."""
    into.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision, "src", "workflow"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "x", "-C", str(into)], input=archive, check=True)
    return into


def digests(project: Path) -> dict[str, str]:
    """sha256 of every file under the project's results/, data/ and figures/."""
    return {str(p.relative_to(project)): hashlib.sha256(p.read_bytes()).hexdigest()
            for top in ("results", "data", "figures") for p in sorted((project / top).rglob("*"))
            if p.is_file()}


def job_cpu(script: Path, project: Path, tree: Path) -> float:
    """CPU seconds of one run of a kept job script with the tree's code first on the path."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = {"PYTHONPATH": f"{tree / 'src'}:{tree / 'workflow'}", "PATH": "/usr/bin:/bin"}
    subprocess.run([sys.executable, str(script)], cwd=project, env=env, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--project", type=Path, required=True,
                        help="a built project with kept scripts in .snakemake/scripts/")
    parser.add_argument("--before", required=True, help="git revision")
    parser.add_argument("--after", required=True, help="git revision")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    project = args.project.resolve()
    scripts = sorted((project / ".snakemake" / "scripts").glob("*.py"))
    if not scripts:
        sys.exit(f"{project}/.snakemake/scripts/ holds no kept job script: run the jobs with "
                 "snakemake -f --skip-script-cleanup first")
    start = digests(project)
    with tempfile.TemporaryDirectory() as tmp:
        trees = {label: export(rev, Path(tmp, label))
                 for label, rev in (("before", args.before), ("after", args.after))}
        cpu = {(s.name, label): [] for s in scripts for label in trees}
        for _ in range(args.repeat):
            for script in scripts:
                for label, tree in trees.items():
                    cpu[script.name, label].append(job_cpu(script, project, tree))
    print(f"{'job script':40s} {'before':>16s} {'after':>16s}   CPU-s, median (min) of "
          f"{args.repeat}")
    totals = {label: 0.0 for label in trees}
    for script in scripts:
        cells = []
        for label in trees:
            runs = cpu[script.name, label]
            totals[label] += statistics.median(runs)
            cells.append(f"{statistics.median(runs):7.3f} ({min(runs):5.3f})")
        print(f"{script.name.split('.', 1)[1]:40s} {cells[0]:>16s} {cells[1]:>16s}")
    print(f"{'sum of medians':40s} {totals['before']:16.3f} {totals['after']:16.3f}")
    changed = sorted(p for p, d in digests(project).items() if start.get(p) != d)
    if changed:
        sys.exit(f"{len(changed)} files changed, e.g. {changed[:5]}")
    print("every file under results/, data/, figures/ unchanged")


if __name__ == "__main__":
    main()
