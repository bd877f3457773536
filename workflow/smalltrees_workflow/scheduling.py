"""Snakemake's rescheduling timers, cancelled when the workflow has ended.

With a job rate limit (``--max-jobs-per-timespan``; profiles/default sets 6000 per 60 s),
Snakemake's scheduler starts a :class:`threading.Timer` after every scheduling round, to look
again once the timespan has passed. Those timers are ordinary threads: a finished run's process
waits for the last of them before it exits, up to a whole timespan (60 s) after the work is
done. The Snakefile's ``onsuccess`` and ``onerror`` handlers, which run once the scheduler has
stopped, cancel them.
"""

from __future__ import annotations

import threading


def cancel_rescheduling_timers() -> int:
    """Cancel every pending :class:`threading.Timer` of this process; return how many."""
    timers = [thread for thread in threading.enumerate() if isinstance(thread, threading.Timer)]
    for timer in timers:
        timer.cancel()
    return len(timers)
