"""Let Snakemake exit as soon as the run is over, without waiting for its scheduling timers.

Snakemake cannot schedule without a limit on job starts per timespan
(``max-jobs-per-timespan``), and with one, every scheduling round that leaves jobs waiting
arms a ``threading.Timer`` to schedule again a timespan later. Those timers are not daemon
threads, so when the work is done the process waits for the last of them before it exits: up
to one timespan of idle wall time (10 s with profiles/default's former ``1000/10s``: 10 of
the 293 s of a full run, docs/running.md, "How long"). The workflow's ``onsuccess`` and
``onerror`` hooks (which Snakemake also runs after Ctrl-C) cancel them: no scheduling is left
to do. That also lets the profile take a long timespan, so that the timers wake the scheduler
rarely: each wake re-reads the sizes of all ready jobs' input files.
"""

from __future__ import annotations

import threading


def cancel_scheduling_timers() -> int:
    """Cancel every pending ``threading.Timer`` of this process (at the end of a run, only
    Snakemake's re-scheduling timers); return how many."""
    timers = [thread for thread in threading.enumerate() if isinstance(thread, threading.Timer)]
    for timer in timers:
        timer.cancel()
    return len(timers)
