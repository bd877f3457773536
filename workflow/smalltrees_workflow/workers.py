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
  (``getrusage``), as the jobs' was. The process that runs a job measures it
  (:mod:`.job_record`: its time, CPU and memory, in the rule's ``logs/benchmarks/`` file).
- A Snakemake started for one job (``--mode remote``: each job of a SLURM job, through
  ``--profile profiles/slurm``; or ``--mode subprocess``) runs it in its own process
  (:func:`.in_process.run_here`): it has imported pandas already and runs nothing else. (Its
  executor is the local one, so ``workflow.local_exec`` is true there too: the mode tells.)

Snakemake runs ``run:`` blocks in its threads only with ``force-use-threads`` (the workflow
profile, profiles/default); a thread waits for its worker, so the GIL is not held meanwhile.
"""

from __future__ import annotations

import multiprocessing
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from smalltrees_workflow.in_process import run_here, run_path, script_job
from smalltrees_workflow.job_record import recorded

IMPORTS = ("numpy", "pandas", "smalltrees.datasets", "smalltrees.learners.registry",
           "smalltrees.files", "smalltrees_workflow.logs")
"""What a worker imports once, before its first job (every job that fits uses them)."""

_pool: ProcessPoolExecutor | None = None
_pool_lock = threading.Lock()


def run_in_worker(script: str, rule, input, output, params, wildcards, log, config,
                  workflow) -> None:
    """Run ``workflow/scripts/<script>`` as a ``script:`` job would run it (a ``run:``
    block's names, the workflow's ``config`` and ``workflow``), in a worker process."""
    path, job = script_job(script, rule, input, output, params, wildcards, log, config)
    if workflow.remote_exec or workflow.subprocess_exec:  # a Snakemake running one job
        with recorded(job):
            run_here(path, job)
        return
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
    """In a worker: run the job, measured (:func:`.job_record.recorded`)."""
    with recorded(job):
        run_path(path, job)
