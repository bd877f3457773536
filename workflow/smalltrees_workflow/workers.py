"""The jobs that fit run in worker processes that outlive them: no interpreter start per job.

A ``script:`` job starts a Python interpreter, imports Snakemake to read its job (the script
preamble) and then pandas, numpy and the library before any work: about 0.4 CPU-s, paid by each
of the ~240 jobs that fit (docs/running.md, "How long"). Here a rule's ``run:`` block calls
:func:`run_in_worker`, which runs the same script, with the same ``snakemake`` object, in one of
``cores`` worker processes started once per run (``spawn``: fresh interpreters, each importing
pandas, numpy and the library once, then waiting for jobs), so that Snakemake still runs
``cores`` jobs side by side, each in a process of its own.

- A worker runs one job at a time; the job's log, warnings and errors are its own
  (:func:`.logs.job_log`); a job that fails raises in its ``run:`` block, which fails the job.
  A worker that dies (killed, out of memory) fails its job, and the next job gets new workers.
- The workers are Snakemake's children, waited for when it exits: their CPU is in the run's
  (``getrusage``), as the jobs' was. Where ``SMALLTREES_JOB_CPU`` names a file (set by
  ``benchmarks/workflow_wall_time.py``), each job's CPU is appended to it, as the benchmark's
  hook does for a job with a process of its own.
- A Snakemake started for one job (``--mode remote``: each job of a SLURM job, through
  ``--profile profiles/slurm``; or ``--mode subprocess``) runs it in its own process
  (:func:`.in_process.run_script`): it has imported pandas already and runs nothing else. (Its
  executor is the local one, so ``workflow.local_exec`` is true there too: the mode tells.)

Snakemake runs ``run:`` blocks in its threads only with ``force-use-threads`` (the workflow
profile, profiles/default); a thread waits for its worker, so the GIL is not held meanwhile.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import resource
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from smalltrees_workflow.in_process import run_path, run_script, script_job

IMPORTS = ("numpy", "pandas", "smalltrees.datasets", "smalltrees.learners.registry",
           "smalltrees.files", "smalltrees_workflow.logs")
"""What a worker imports once, before its first job (every job that fits uses them)."""

_pool: ProcessPoolExecutor | None = None
_pool_lock = threading.Lock()


def run_in_worker(script: str, rule, input, output, params, wildcards, log, config,
                  workflow) -> None:
    """Run ``workflow/scripts/<script>`` as a ``script:`` job would run it (a ``run:``
    block's names, the workflow's ``config`` and ``workflow``), in a worker process."""
    if workflow.remote_exec or workflow.subprocess_exec:  # a Snakemake running one job
        run_script(script, rule, input, output, params, wildcards, log, config)
        return
    path, job = script_job(script, rule, input, output, params, wildcards, log, config)
    pool = _workers(workflow.cores)
    try:
        pool.submit(_run_job, path, job).result()
    except BrokenProcessPool:
        _forget(pool)
        raise


def _workers(cores: int) -> ProcessPoolExecutor:
    """The run's worker processes, started on the first job."""
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ProcessPoolExecutor(max(1, int(cores)),
                                        mp_context=multiprocessing.get_context("spawn"),
                                        initializer=_import, initargs=(IMPORTS,))
        return _pool


def _forget(pool: ProcessPoolExecutor) -> None:
    """Start new workers for the next job when ``pool`` broke (a worker died)."""
    global _pool
    with _pool_lock:
        if _pool is pool:
            _pool = None
    pool.shutdown(wait=False)


def _import(modules: tuple[str, ...]) -> None:
    for module in modules:
        __import__(module)


def _run_job(path: str, job) -> None:
    """In a worker: run the job; record its CPU where the benchmark asks for it."""
    before = resource.getrusage(resource.RUSAGE_SELF)
    run_path(path, job)
    record = os.environ.get("SMALLTREES_JOB_CPU")
    if record:
        after = resource.getrusage(resource.RUSAGE_SELF)
        cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        study = getattr(job.wildcards, "study", "")
        with open(record, "a") as out:
            out.write(json.dumps({"rule": job.rule, "study": study, "cpu": cpu}) + "\n")
