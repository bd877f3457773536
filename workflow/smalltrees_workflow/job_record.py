"""Each compute job's time, CPU and memory, measured by the process that runs it.

Snakemake's ``benchmark:`` measures a job by polling, from a thread of its own process, the
process that runs the job and all its children with psutil: twice a second for the first
15 s. A job that runs in a worker (:mod:`.workers`) or in Snakemake's own thread has no
process of its own, so that polling measured Snakemake's process and every worker at once
(the CPU and memory of no job in particular) and cost Snakemake's process about 19 CPU-s per
full run (docs/running.md, "How long"). The process that runs a job measures it instead,
without polling: wall time, CPU (``getrusage``), the process's peak resident memory and the
bytes it read and wrote (``/proc/self/io``).

The record is a file of the rule's ``log:`` named ``benchmark`` (``logs/benchmarks/...``),
with ``benchmark:``'s columns; those it cannot measure without polling (virtual, unique and
proportional memory) are ``NA``, as Snakemake writes a value it did not collect.
"""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

COLUMNS = ("s", "h:m:s", "max_rss", "max_vms", "max_uss", "max_pss", "io_in", "io_out",
           "mean_load", "cpu_time")
"""The columns of Snakemake's ``benchmark:`` files, kept for the tools that read them."""

MB = 1024 * 1024


@contextmanager
def recorded(job) -> Iterator[None]:
    """Measure the block, which runs ``job`` (a ``snakemake`` object); when it succeeds,
    write the job's record to its log named ``benchmark`` (if it has one), and append its
    rule, study and CPU to the file named by ``SMALLTREES_JOB_CPU`` (if set:
    ``benchmarks/workflow_wall_time.py``)."""
    io_before = _io_bytes()
    usage_before = resource.getrusage(resource.RUSAGE_SELF)
    start = time.perf_counter()
    yield
    seconds = time.perf_counter() - start
    usage = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (usage.ru_utime - usage_before.ru_utime) + (usage.ru_stime - usage_before.ru_stime)
    target = getattr(job.log, "benchmark", None)
    if target:
        io_after = _io_bytes()
        io = ([(after - before) / MB for before, after in zip(io_before, io_after, strict=True)]
              if io_before and io_after else ["NA", "NA"])
        row = [round(seconds, 4), _clock(seconds), _peak_memory_mb(usage),
               "NA", "NA", "NA", *io, 100 * cpu / seconds if seconds else "NA", cpu]
        Path(target).write_text("\t".join(COLUMNS) + "\n" + "\t".join(map(_tsv, row)) + "\n")
    cpu_record = os.environ.get("SMALLTREES_JOB_CPU")
    if cpu_record:
        study = getattr(job.wildcards, "study", "")
        with open(cpu_record, "a") as out:
            out.write(json.dumps({"rule": job.rule, "study": study, "cpu": cpu}) + "\n")


def _peak_memory_mb(usage: resource.struct_rusage) -> float:
    """The process's peak resident memory so far, in MB (``ru_maxrss``: kB, bytes on macOS):
    a cluster job's own (its process runs that job only); a worker's over its jobs so far."""
    return usage.ru_maxrss / (MB if sys.platform == "darwin" else 1024)


def _io_bytes() -> tuple[int, int] | None:
    """Bytes this process has read from and written to storage, where the system says."""
    try:
        fields = dict(line.split(": ") for line in
                      Path("/proc/self/io").read_text().splitlines())
    except OSError:
        return None
    return int(fields["read_bytes"]), int(fields["write_bytes"])


def _clock(seconds: float) -> str:
    """``h:mm:ss`` without the fraction, as Snakemake writes it."""
    return str(timedelta(seconds=int(seconds)))


def _tsv(value) -> str:
    """A value as Snakemake's benchmark files write it (floats with two decimals)."""
    return f"{value:.2f}" if isinstance(value, float) else str(value)
