"""A job's log: everything a workflow script reports goes to its rule's log file.

Every script runs its body inside :func:`job_log`, which sends to the rule's ``log:`` file (the
first one, overwritten):

- the records of the ``smalltrees`` loggers (INFO and above), the library's progress and
  warnings;
- Python warnings (``warnings.warn``, e.g. from pandas or numpy), through
  :func:`logging.captureWarnings`;
- the full traceback of any exception that ends the job, which is then raised again so that the
  job fails (Snakemake shows only the last lines of a script's error on the console; the log
  keeps the whole of it beside the job's other messages).

It also spares the job's interpreter its last garbage collection: at exit, the objects then
alive are frozen (:func:`gc.freeze`), so the collection that the interpreter's shutdown runs over
every object (pandas' and numpy's modules: about 0.1 CPU-s in each job that imported pandas,
docs/running.md) has none to go through. The job's files are closed by then (the outputs are
written whole by :func:`smalltrees.files.write_text` and the figure savers, the log handler is
closed below); objects in reference cycles are not finalised at exit, as Python never promised.
"""

from __future__ import annotations

import atexit
import gc
import logging
import warnings
from collections.abc import Iterator
from contextlib import contextmanager

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
LOGGERS = ("smalltrees", "py.warnings")
"""The loggers a job's log receives: the library's and the one of captured warnings."""


@contextmanager
def job_log(snakemake) -> Iterator[logging.Logger]:
    """Run the block with its log records, warnings and any error going to the rule's log;
    yield the ``smalltrees`` logger for the script's own messages.

    >>> from types import SimpleNamespace
    >>> import tempfile, pathlib, warnings
    >>> log = pathlib.Path(tempfile.mkdtemp(), "job.log")
    >>> try:
    ...     with job_log(SimpleNamespace(log=[str(log)])) as logger:
    ...         logger.info("started")
    ...         warnings.warn("odd data")
    ...         raise ValueError("bad value")
    ... except ValueError:
    ...     pass
    >>> text = log.read_text()
    >>> all(part in text for part in ("started", "UserWarning: odd data", "Traceback",
    ...                               "ValueError: bad value"))
    True
    """
    atexit.unregister(gc.freeze)  # once, however many jobs run in this process
    atexit.register(gc.freeze)
    handler = logging.FileHandler(snakemake.log[0], mode="w")
    handler.setFormatter(logging.Formatter(FORMAT))
    saved = []
    for name in LOGGERS:
        logger = logging.getLogger(name)
        saved.append((logger, logger.handlers[:], logger.level, logger.propagate))
        logger.handlers[:] = [handler]
        logger.setLevel(logging.INFO)
        logger.propagate = False
    with warnings.catch_warnings():  # a job's warnings are its own, seen or not by others
        logging.captureWarnings(True)
        try:
            yield logging.getLogger("smalltrees")
        except BaseException:
            logging.getLogger("smalltrees").exception("the job failed")
            raise
        finally:
            logging.captureWarnings(False)
        for logger, handlers, level, propagate in saved:
            logger.handlers[:] = handlers
            logger.setLevel(level)
            logger.propagate = propagate
        handler.close()
