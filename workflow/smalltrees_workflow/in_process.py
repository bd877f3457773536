"""Local jobs run in Snakemake's own process: a workflow script without a new interpreter.

A ``script:`` job starts a Python interpreter that imports pandas (and matplotlib for a figure)
before any work: about 0.4 CPU-s, while most local jobs (fetching from the mirror, parsing,
tables, cells, HTML, figures, the scorecard) then work for a few hundredths of a second. A
local rule's ``run:`` block calls :func:`run_script` instead, which runs the same script file,
with the same ``snakemake`` object a ``script:`` job gets, in Snakemake's process, whose pandas
and the library's modules are imported once for all such jobs (docs/running.md, "How long").

This needs Snakemake to run ``run:`` blocks in its threads (``force-use-threads`` in the
workflow profile, profiles/default); otherwise each would start a whole Snakemake process.
Such jobs run one at a time (a lock): a script's log handlers and warning filters
(:mod:`.logs`) are the process's, and must not mix two jobs' records.

A script that fails raises in the job's thread: Snakemake reports the job failed and removes
its outputs, as for a ``script:`` job; the traceback is in the job's log (:func:`.logs.job_log`).
"""

from __future__ import annotations

import runpy
import threading
from pathlib import Path

from snakemake.script import Snakemake

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"
"""The workflow's scripts (``workflow/scripts``), which :func:`run_script` names relative to."""

_ONE_AT_A_TIME = threading.Lock()


def run_script(script: str, rule, input, output, params, wildcards, log, config) -> None:
    """Run ``workflow/scripts/<script>`` in this process with the ``snakemake`` object a
    ``script:`` job gets, made of a ``run:`` block's names (``rule``, ``input``, ``output``,
    ``params``, ``wildcards``, ``log``) and the workflow's ``config``: one thread and the one
    unit of ``in_process``, as the local rules declare (one such job at a time)."""
    run_here(*script_job(script, rule, input, output, params, wildcards, log, config))


def run_here(path: str, job: Snakemake) -> None:
    """Run the script at ``path`` as ``job`` in this process, one such job at a time."""
    with _ONE_AT_A_TIME:
        run_path(path, job)


def script_job(script: str, rule, input, output, params, wildcards, log, config
               ) -> tuple[str, Snakemake]:
    """The path of ``workflow/scripts/<script>`` and the ``snakemake`` object of the job."""
    path = SCRIPTS / script
    return str(path), Snakemake(input, output, params, wildcards, 1, {}, log, config, rule,
                                None, path.parent)


def run_path(path: str, job: Snakemake) -> None:
    """Run the script file at ``path``, its ``snakemake`` being ``job``.

    Not as ``__main__``: runpy would put the script in ``sys.modules["__main__"]`` while it
    runs, where a worker process started meanwhile by another thread (:mod:`.workers`,
    ``spawn``) would find it and run it again as its own main module."""
    runpy.run_path(path, init_globals={"snakemake": job}, run_name="__smalltrees_job__")
